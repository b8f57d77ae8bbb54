// RUN: ng-opt %s --ng-test-alias-analysis -o /dev/null 2>&1 | FileCheck %s
//
// The conformance program views_inplace: a clone of x, two views of it (a
// covering transpose and a partial slice), an in-place mul_ through the
// slice, and a sum read through the transpose.
//
// - x and the clone are distinct storage: NoAlias.
// - transpose and slice are views of the clone: PartialAlias with it and
//   with each other (the transpose reaches every element of the clone).
// - mul_ writes the slice in place and returns it: MustAlias with the slice.
// - mul_ reads and writes the clone's storage: ModRef on every view of it.
// - sum reads the transpose, whose storage mul_ writes: Ref.
// - reading x (never written) is NoModRef: it is like reading an SSA value.

// CHECK: Testing : "forward"
// CHECK-NEXT: storage classes of 'forward':
// CHECK-NEXT:   x (user_input): x
// CHECK-NEXT:   aten_clone_default (fresh, written): aten_clone_default, aten_transpose_int, aten_slice_tensor, aten_mul__tensor; written by aten_mul__tensor
// CHECK-NEXT:   aten_sum_default (fresh): aten_sum_default
// CHECK-NEXT: x <-> aten_clone_default: NoAlias
// CHECK-NEXT: x <-> aten_transpose_int: NoAlias
// CHECK-NEXT: aten_clone_default <-> aten_transpose_int: PartialAlias
// CHECK-NEXT: x <-> aten_slice_tensor: NoAlias
// CHECK-NEXT: aten_clone_default <-> aten_slice_tensor: PartialAlias
// CHECK-NEXT: aten_transpose_int <-> aten_slice_tensor: PartialAlias
// CHECK-NEXT: x <-> aten_mul__tensor: NoAlias
// CHECK-NEXT: aten_clone_default <-> aten_mul__tensor: PartialAlias
// CHECK-NEXT: aten_transpose_int <-> aten_mul__tensor: PartialAlias
// CHECK-NEXT: aten_slice_tensor <-> aten_mul__tensor: MustAlias
// CHECK-NEXT: x <-> aten_sum_default: NoAlias
// CHECK-NEXT: aten_clone_default <-> aten_sum_default: NoAlias
// CHECK-NEXT: aten_transpose_int <-> aten_sum_default: NoAlias
// CHECK-NEXT: aten_slice_tensor <-> aten_sum_default: NoAlias
// CHECK-NEXT: aten_mul__tensor <-> aten_sum_default: NoAlias
// CHECK-NEXT: aten_clone_default -> x: NoModRef
// CHECK-NEXT: aten_clone_default -> aten_clone_default: NoModRef
// CHECK-NEXT: aten_clone_default -> aten_transpose_int: NoModRef
// CHECK-NEXT: aten_clone_default -> aten_slice_tensor: NoModRef
// CHECK-NEXT: aten_clone_default -> aten_mul__tensor: NoModRef
// CHECK-NEXT: aten_clone_default -> aten_sum_default: NoModRef
// CHECK-NEXT: aten_transpose_int -> x: NoModRef
// CHECK-NEXT: aten_transpose_int -> aten_clone_default: NoModRef
// CHECK-NEXT: aten_transpose_int -> aten_transpose_int: NoModRef
// CHECK-NEXT: aten_transpose_int -> aten_slice_tensor: NoModRef
// CHECK-NEXT: aten_transpose_int -> aten_mul__tensor: NoModRef
// CHECK-NEXT: aten_transpose_int -> aten_sum_default: NoModRef
// CHECK-NEXT: aten_slice_tensor -> x: NoModRef
// CHECK-NEXT: aten_slice_tensor -> aten_clone_default: NoModRef
// CHECK-NEXT: aten_slice_tensor -> aten_transpose_int: NoModRef
// CHECK-NEXT: aten_slice_tensor -> aten_slice_tensor: NoModRef
// CHECK-NEXT: aten_slice_tensor -> aten_mul__tensor: NoModRef
// CHECK-NEXT: aten_slice_tensor -> aten_sum_default: NoModRef
// CHECK-NEXT: aten_mul__tensor -> x: NoModRef
// CHECK-NEXT: aten_mul__tensor -> aten_clone_default: ModRef
// CHECK-NEXT: aten_mul__tensor -> aten_transpose_int: ModRef
// CHECK-NEXT: aten_mul__tensor -> aten_slice_tensor: ModRef
// CHECK-NEXT: aten_mul__tensor -> aten_mul__tensor: ModRef
// CHECK-NEXT: aten_mul__tensor -> aten_sum_default: NoModRef
// CHECK-NEXT: aten_sum_default -> x: NoModRef
// CHECK-NEXT: aten_sum_default -> aten_clone_default: Ref
// CHECK-NEXT: aten_sum_default -> aten_transpose_int: Ref
// CHECK-NEXT: aten_sum_default -> aten_slice_tensor: Ref
// CHECK-NEXT: aten_sum_default -> aten_mul__tensor: Ref
// CHECK-NEXT: aten_sum_default -> aten_sum_default: NoModRef
// CHECK-NEXT: output -> x: NoModRef
// CHECK-NEXT: output -> aten_clone_default: Ref
// CHECK-NEXT: output -> aten_transpose_int: Ref
// CHECK-NEXT: output -> aten_slice_tensor: Ref
// CHECK-NEXT: output -> aten_mul__tensor: Ref
// CHECK-NEXT: output -> aten_sum_default: NoModRef
// CHECK-NOT: {{.}}

module attributes {ng.version = "1.0"} {
  ng.method @forward(%x: !ng.tensor<f32[4, 6]>) -> (!ng.tensor<f32[4, 6]>, !ng.tensor<f32[]>) {
    %aten_clone_default = ng.call "torch.ops.aten.clone.default"(self: %x, memory_format: none) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[4, 6]>
    %aten_transpose_int = ng.call "torch.ops.aten.transpose.int"(self: %aten_clone_default, dim0: 0, dim1: 1) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[6, 4], dim_order = [1, 0]> aliases %aten_clone_default
    %aten_slice_tensor = ng.call "torch.ops.aten.slice.Tensor"(self: %aten_clone_default, dim: 0, start: 0, end: 2, step: 1) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[2, 6]> aliases %aten_clone_default
    %aten_mul__tensor = ng.call "torch.ops.aten.mul_.Tensor"(self: mut %aten_slice_tensor, other: 2.0) : (!ng.tensor<f32[2, 6]>) -> !ng.tensor<f32[2, 6]> aliases %aten_slice_tensor
    %aten_sum_default = ng.call "torch.ops.aten.sum.default"(self: %aten_transpose_int, dtype: none) : (!ng.tensor<f32[6, 4], dim_order = [1, 0]>) -> !ng.tensor<f32[]>
    ng.output(%aten_clone_default, %aten_sum_default) : !ng.tensor<f32[4, 6]>, !ng.tensor<f32[]>
  }
}
