// RUN: ng-opt %s --ng-test-alias-analysis -o /dev/null 2>&1 | FileCheck %s
// The answers, without the warnings (a message, the source line, a caret):
// RUN: ng-opt %s --ng-test-alias-analysis -o /dev/null 2>&1 | sed -e '/warning:/,+2d' > %t.stripped
// RUN: ng-opt %S/alias-views_inplace.mlir --ng-test-alias-analysis -o /dev/null > %t.flags 2>&1
// RUN: diff %t.flags %t.stripped
//
// The conformance program views_inplace (alias-views_inplace.mlir) stripped
// of its aliasing flags (FORMAT.md A1: no alias_of on the views, no
// `mutated` on mul_'s self): the storage rules take from the op facts (A2,
// OpFacts.td) what the flags would have said, so the analysis gives every
// answer it gives with the flags (the diff), and the verifier warns
// (warn-flags-facts.mlir).

// CHECK: storage classes of 'forward':
// CHECK-NEXT:   x (user_input): x
// CHECK-NEXT:   aten_clone_default (fresh, written): aten_clone_default, aten_transpose_int, aten_slice_tensor, aten_mul__tensor; written by aten_mul__tensor
// CHECK:      aten_slice_tensor <-> aten_mul__tensor: MustAlias
// CHECK:      aten_mul__tensor -> aten_clone_default: ModRef
// CHECK:      aten_sum_default -> aten_transpose_int: Ref
ng.method @forward(%x: !ng.tensor<f32[4, 6]>) -> (!ng.tensor<f32[4, 6]>, !ng.tensor<f32[]>) {
  %aten_clone_default = ng.call "torch.ops.aten.clone.default"(self: %x, memory_format: none) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[4, 6]>
  %aten_transpose_int = ng.call "torch.ops.aten.transpose.int"(self: %aten_clone_default, dim0: 0, dim1: 1) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[6, 4], dim_order = [1, 0]>
  %aten_slice_tensor = ng.call "torch.ops.aten.slice.Tensor"(self: %aten_clone_default, dim: 0, start: 0, end: 2, step: 1) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[2, 6]>
  %aten_mul__tensor = ng.call "torch.ops.aten.mul_.Tensor"(self: %aten_slice_tensor, other: 2.0) : (!ng.tensor<f32[2, 6]>) -> !ng.tensor<f32[2, 6]>
  %aten_sum_default = ng.call "torch.ops.aten.sum.default"(self: %aten_transpose_int, dtype: none) : (!ng.tensor<f32[6, 4], dim_order = [1, 0]>) -> !ng.tensor<f32[]>
  ng.output(%aten_clone_default, %aten_sum_default) : !ng.tensor<f32[4, 6]>, !ng.tensor<f32[]>
}
