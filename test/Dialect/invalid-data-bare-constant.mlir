// RUN: not ng-opt %s 2>&1 | FileCheck %s --implicit-check-not=error:

// A constant bound to `!ng.tensor` (no metadata) in a module with data: the
// method verifier rejects it (V7). The data verifier, which runs first
// (module attributes are verified before the ops they hold), once read the
// missing element type and crashed. Found by ng-fuzz-ir.
// CHECK: error: 'ng.method' op constant 'c' has no tensor metadata (V7)
module attributes {ng.data = {s = dense_resource<s> : tensor<2xi8>}} {
  ng.method @forward(%c: !ng.tensor = constant "s") {
    ng.output()
  }
}
{-#
  dialect_resources: { builtin: { s: "0x010000000102" } }
#-}
