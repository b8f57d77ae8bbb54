// RUN: ng-opt %s | ng-opt -mlir-print-local-scope | FileCheck %s
// RUN: ng-opt %s > %t.1 && ng-opt %t.1 > %t.2 && diff %t.1 %t.2
// RUN: ng-opt %s -mlir-print-op-generic -mlir-print-debuginfo | ng-opt > %t.3 && diff %t.1 %t.3
// (-mlir-print-local-scope: FileCheck sees types inline rather than through
// the dialect's type aliases; the diffs compare the default output.)

// The IR form of conformance/buffer_mutation.json: a persistent buffer that
// the graph writes on every call.
//
// - b_count is a NamedTensorRef of kind BUFFER with mutated = true (S2, A3):
//   #ng.constant<buffer, "count", mutated> (V12 allows `mutated` only here).
// - The write-back is OutputSpec{kind BUFFER_MUTATION, target "count"}: the
//   output operand is prefixed `buffer_mutation "count"` (N5, V11). The other
//   output is a USER_OUTPUT and prints bare.
// - `other: 1` is an IntArg literal standing for a Scalar argument.

// CHECK-LABEL: ng.method @forward(
// CHECK:         %b_count: !ng.tensor<f32[1]> = buffer "count" mutated
// CHECK:         %x: !ng.tensor<f32[3]>
// CHECK:         -> (!ng.tensor<f32[1]>, !ng.tensor<f32[3]>) {
// CHECK-NEXT:    %aten_add_tensor = ng.call "torch.ops.aten.add.Tensor"(self: %b_count, other: 1, alpha: 1) : (!ng.tensor<f32[1]>) -> !ng.tensor<f32[1]>
// CHECK-NEXT:    %aten_add_tensor_1 = ng.call "torch.ops.aten.add.Tensor"(self: %x, other: %aten_add_tensor, alpha: 1) : (!ng.tensor<f32[3]>, !ng.tensor<f32[1]>) -> !ng.tensor<f32[3]>
// CHECK-NEXT:    ng.output(buffer_mutation "count" %aten_add_tensor, %aten_add_tensor_1) : !ng.tensor<f32[1]>, !ng.tensor<f32[3]>

module attributes {ng.version = "1.0"} {
  ng.method @forward(
      %b_count: !ng.tensor<f32[1]> = buffer "count" mutated,
      %x: !ng.tensor<f32[3]>) -> (!ng.tensor<f32[1]>, !ng.tensor<f32[3]>) {
    %aten_add_tensor = ng.call "torch.ops.aten.add.Tensor"(self: %b_count, other: 1, alpha: 1)
        : (!ng.tensor<f32[1]>) -> !ng.tensor<f32[1]>
    %aten_add_tensor_1 = ng.call "torch.ops.aten.add.Tensor"(
        self: %x, other: %aten_add_tensor, alpha: 1)
        : (!ng.tensor<f32[3]>, !ng.tensor<f32[1]>) -> !ng.tensor<f32[3]>
    ng.output(buffer_mutation "count" %aten_add_tensor, %aten_add_tensor_1)
        : !ng.tensor<f32[1]>, !ng.tensor<f32[3]>
  }
}
