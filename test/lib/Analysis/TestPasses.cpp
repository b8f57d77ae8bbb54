//===- TestPasses.cpp - register ng-opt's test passes ---------------------===//
//
// ng-opt declares and calls ng::test::registerTestPasses itself (built with
// the tests: NG_INCLUDE_TESTS), as mlir-opt does its test passes; no header
// is installed for it.
//
//===----------------------------------------------------------------------===//

#include "mlir/Pass/Pass.h"

namespace ng::test {
#define GEN_PASS_DECL
#define GEN_PASS_REGISTRATION
#include "TestPasses.h.inc"

void registerTestPasses();
} // namespace ng::test

void ng::test::registerTestPasses() { registerNgTestPasses(); }
