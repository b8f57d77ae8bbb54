// RUN: ng-opt %s | ng-opt -mlir-print-local-scope | FileCheck %s
// RUN: ng-opt %s > %t.1 && ng-opt %t.1 > %t.2 && diff %t.1 %t.2
// RUN: ng-opt %s -mlir-print-op-generic -mlir-print-debuginfo | ng-opt > %t.3 && diff %t.1 %t.3
// (-mlir-print-local-scope: FileCheck sees types inline rather than through
// the dialect's type aliases; the diffs compare the default output.)

// The IR form of conformance/linear.json: parameters bound by NamedTensorRef.
//
// - p_weight and p_bias are PLACEHOLDER nodes that come before the user input
//   x (S1); they stay block arguments in node order.
// - Each NamedTensorRef (S2) is the argument's `ng.binding`:
//   #ng.constant<kind, "data_key">; kind PARAMETER = `parameter` (W3
//   InputKind), data_key is the program-wide constant key (N3).
// - The NamedTensorRef.meta is the argument type; constants have no
//   tensor_values entry (S2).

// CHECK-LABEL: ng.method @forward(
// CHECK:         %p_weight: !ng.tensor<f32[4, 4]> = parameter "weight"
// CHECK:         %p_bias: !ng.tensor<f32[4]> = parameter "bias"
// CHECK:         %x: !ng.tensor<f32[1, 4]>
// CHECK:         -> !ng.tensor<f32[1, 4]> {
// CHECK-NEXT:    %aten_linear_default = ng.call "torch.ops.aten.linear.default"(input: %x, weight: %p_weight, bias: %p_bias) : (!ng.tensor<f32[1, 4]>, !ng.tensor<f32[4, 4]>, !ng.tensor<f32[4]>) -> !ng.tensor<f32[1, 4]>
// CHECK-NEXT:    ng.output(%aten_linear_default) : !ng.tensor<f32[1, 4]>

module attributes {ng.version = "1.0"} {
  ng.method @forward(
      %p_weight: !ng.tensor<f32[4, 4]> = parameter "weight",
      %p_bias: !ng.tensor<f32[4]> = parameter "bias",
      %x: !ng.tensor<f32[1, 4]>) -> !ng.tensor<f32[1, 4]> {
    %aten_linear_default = ng.call "torch.ops.aten.linear.default"(
        input: %x, weight: %p_weight, bias: %p_bias)
        : (!ng.tensor<f32[1, 4]>, !ng.tensor<f32[4, 4]>, !ng.tensor<f32[4]>)
        -> !ng.tensor<f32[1, 4]>
    ng.output(%aten_linear_default) : !ng.tensor<f32[1, 4]>
  }
}
