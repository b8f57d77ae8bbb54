// ng-opt --ng-print-changes: one line per pass, in pipeline order, after
// the passes ran; a pass anchored on methods is summed over them. The IR
// still goes to -o, unchanged by the summary.
//
// RUN: ng-opt %s --ng-print-changes --pass-pipeline='builtin.module(ng-prune-constants,ng.method(cse,ng-infer-aliases))' -o %t.mlir 2>&1 | FileCheck %s
// RUN: ng-opt %s --pass-pipeline='builtin.module(ng-prune-constants,ng.method(cse,ng-infer-aliases))' | diff %t.mlir -
// CHECK:      ng-prune-constants: placeholders 4 -> 2; data 2 -> 0
// CHECK-NEXT: cse: calls 4 -> 2 (-2 aten.neg.default)
// CHECK-NEXT: ng-infer-aliases: no change
// CHECK-NOT:  {{.}}

// Without the option, nothing is printed.
// RUN: ng-opt %s --ng-prune-constants -o /dev/null 2>&1 | count 0

module attributes {ng.data = {
    u = dense_resource<u> : tensor<1xf32>, v = dense_resource<v> : tensor<1xf32>}} {
  ng.method @forward(%u: !ng.tensor<f32[1]> = parameter "u",
                     %x: !ng.tensor<f32[1]>) -> (!ng.tensor<f32[1]>, !ng.tensor<f32[1]>) {
    %a = ng.call "torch.ops.aten.neg.default"(self: %x) : (!ng.tensor<f32[1]>) -> !ng.tensor<f32[1]>
    %b = ng.call "torch.ops.aten.neg.default"(self: %x) : (!ng.tensor<f32[1]>) -> !ng.tensor<f32[1]>
    ng.output(%a, %b) : !ng.tensor<f32[1]>, !ng.tensor<f32[1]>
  }
  ng.method @other(%v: !ng.tensor<f32[1]> = parameter "v",
                   %x: !ng.tensor<f32[1]>) -> (!ng.tensor<f32[1]>, !ng.tensor<f32[1]>) {
    %a = ng.call "torch.ops.aten.neg.default"(self: %x) : (!ng.tensor<f32[1]>) -> !ng.tensor<f32[1]>
    %b = ng.call "torch.ops.aten.neg.default"(self: %x) : (!ng.tensor<f32[1]>) -> !ng.tensor<f32[1]>
    ng.output(%a, %b) : !ng.tensor<f32[1]>, !ng.tensor<f32[1]>
  }
}

{-#
  dialect_resources: { builtin: { u: "0x040000000000803F", v: "0x040000000000803F" } }
#-}
