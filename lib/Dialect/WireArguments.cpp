//===- WireArguments.cpp - a node's arguments and their operands ----------===//
//
// See include/ng/Dialect/WireArguments.h.
//
//===----------------------------------------------------------------------===//

#include "ng/Dialect/WireArguments.h"

#include "ng/Dialect/NgInterfaces.cpp.inc"

std::string ng::getArgumentLabel(ng::ArgAttr attr, unsigned index) {
  if (attr && attr.getName())
    return ("'" + attr.getName().getValue() + "'").str();
  return "#" + std::to_string(index);
}
