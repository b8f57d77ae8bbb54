//===- WireArguments.cpp - a node's arguments and their operands ----------===//
//
// See include/ng/Dialect/WireArguments.h.
//
//===----------------------------------------------------------------------===//

#include "ng/Dialect/WireArguments.h"

#include "ng/Dialect/NgInterfaces.cpp.inc"
