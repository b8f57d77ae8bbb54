// RUN: ng-opt %s | ng-opt -mlir-print-local-scope | FileCheck %s
// RUN: ng-opt %s > %t.1 && ng-opt %t.1 > %t.2 && diff %t.1 %t.2
// RUN: ng-opt %s -mlir-print-op-generic -mlir-print-debuginfo | ng-opt > %t.3 && diff %t.1 %t.3
// (-mlir-print-local-scope: FileCheck sees types inline rather than through
// the dialect's type aliases; the diffs compare the default output.)

// The IR form of conformance/add.json: two user inputs (Graph.inputs, S2) and
// one call whose defaulted `alpha` is present as an IntArg literal (S4).
//
// - Program.version "1.0" is the module's `ng.version` (W7).
// - The PLACEHOLDER nodes x, y are the method's block arguments in node order
//   (S1); without `ng.binding` they are user inputs, i.e. Graph.inputs.
// - Their tensor_values metadata (f32, static dims, dim_order [0, 1]) is the
//   argument type; the identity dim_order is not printed (W4 TensorMeta, D1).
// - The OUTPUT node is `ng.output`; Graph.outputs = its tensor operands and
//   the one OutputSpec is a plain USER_OUTPUT (S7, V10).

// CHECK:      module attributes {ng.version = "1.0"} {
// CHECK-NEXT:   ng.method @forward(%x: !ng.tensor<f32[2, 3]>, %y: !ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3]> {
// CHECK-NEXT:     %aten_add_tensor = ng.call "torch.ops.aten.add.Tensor"(self: %x, other: %y, alpha: 1) : (!ng.tensor<f32[2, 3]>, !ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3]>
// CHECK-NEXT:     ng.output(%aten_add_tensor) : !ng.tensor<f32[2, 3]>
// CHECK-NEXT:   }
// CHECK-NEXT: }

module attributes {ng.version = "1.0"} {
  ng.method @forward(%x: !ng.tensor<f32[2, 3]>, %y: !ng.tensor<f32[2, 3]>)
      -> !ng.tensor<f32[2, 3]> {
    %aten_add_tensor = ng.call "torch.ops.aten.add.Tensor"(self: %x, other: %y, alpha: 1)
        : (!ng.tensor<f32[2, 3]>, !ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3]>
    ng.output(%aten_add_tensor) : !ng.tensor<f32[2, 3]>
  }
}
