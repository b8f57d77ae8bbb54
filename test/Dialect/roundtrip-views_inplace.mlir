// RUN: ng-opt %s | ng-opt -mlir-print-local-scope | FileCheck %s
// RUN: ng-opt %s > %t.1 && ng-opt %t.1 > %t.2 && diff %t.1 %t.2
// RUN: ng-opt %s -mlir-print-op-generic -mlir-print-debuginfo | ng-opt > %t.3 && diff %t.1 %t.3
// (-mlir-print-local-scope: FileCheck sees types inline rather than through
// the dialect's type aliases; the diffs compare the default output.)

// The IR form of conformance/views_inplace.json: views that alias their
// input and an in-place op (A1, A2).
//
// - Output.alias_of is written after the result type: `-> T aliases %v`,
//   where %v must be an operand of the same node (V6; it is stored as an
//   operand index, so it cannot name the output itself or form a cycle).
// - transpose/slice alias without writing; mul_ writes `self`:
//   NamedArgument.mutated = true prints as `self: mut %v`, and its output
//   aliases `self`. The write reaches aten_clone_default through the alias
//   chain; that is a user tensor, so V13 does not object.
// - The transpose result has the non-identity dim_order [1, 0] (D1).
// - aten_sum_default is rank 0 (`f32[]`).

// CHECK-LABEL: ng.method @forward(%x: !ng.tensor<f32[4, 6]>) -> (!ng.tensor<f32[4, 6]>, !ng.tensor<f32[]>) {
// CHECK-NEXT:    %aten_clone_default = ng.call "torch.ops.aten.clone.default"(self: %x, memory_format: none) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[4, 6]>
// CHECK-NEXT:    %aten_transpose_int = ng.call "torch.ops.aten.transpose.int"(self: %aten_clone_default, dim0: 0, dim1: 1) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[6, 4], dim_order = [1, 0]> aliases %aten_clone_default
// CHECK-NEXT:    %aten_slice_tensor = ng.call "torch.ops.aten.slice.Tensor"(self: %aten_clone_default, dim: 0, start: 0, end: 2, step: 1) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[2, 6]> aliases %aten_clone_default
// CHECK-NEXT:    %aten_mul__tensor = ng.call "torch.ops.aten.mul_.Tensor"(self: mut %aten_slice_tensor, other: 2.0) : (!ng.tensor<f32[2, 6]>) -> !ng.tensor<f32[2, 6]> aliases %aten_slice_tensor
// CHECK-NEXT:    %aten_sum_default = ng.call "torch.ops.aten.sum.default"(self: %aten_transpose_int, dtype: none) : (!ng.tensor<f32[6, 4], dim_order = [1, 0]>) -> !ng.tensor<f32[]>
// CHECK-NEXT:    ng.output(%aten_clone_default, %aten_sum_default) : !ng.tensor<f32[4, 6]>, !ng.tensor<f32[]>

module attributes {ng.version = "1.0"} {
  ng.method @forward(%x: !ng.tensor<f32[4, 6]>) -> (!ng.tensor<f32[4, 6]>, !ng.tensor<f32[]>) {
    %aten_clone_default = ng.call "torch.ops.aten.clone.default"(self: %x, memory_format: none)
        : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[4, 6]>
    %aten_transpose_int = ng.call "torch.ops.aten.transpose.int"(
        self: %aten_clone_default, dim0: 0, dim1: 1)
        : (!ng.tensor<f32[4, 6]>)
        -> !ng.tensor<f32[6, 4], dim_order = [1, 0]> aliases %aten_clone_default
    %aten_slice_tensor = ng.call "torch.ops.aten.slice.Tensor"(
        self: %aten_clone_default, dim: 0, start: 0, end: 2, step: 1)
        : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[2, 6]> aliases %aten_clone_default
    %aten_mul__tensor = ng.call "torch.ops.aten.mul_.Tensor"(self: mut %aten_slice_tensor, other: 2.0)
        : (!ng.tensor<f32[2, 6]>) -> !ng.tensor<f32[2, 6]> aliases %aten_slice_tensor
    %aten_sum_default = ng.call "torch.ops.aten.sum.default"(self: %aten_transpose_int, dtype: none)
        : (!ng.tensor<f32[6, 4], dim_order = [1, 0]>) -> !ng.tensor<f32[]>
    ng.output(%aten_clone_default, %aten_sum_default) : !ng.tensor<f32[4, 6]>, !ng.tensor<f32[]>
  }
}
