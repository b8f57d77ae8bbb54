// RUN: ng-opt %s --ng-legalize-dim-order --ng-test-alias-analysis="mod-ref=false" -o /dev/null 2>&1 | FileCheck %s
//
// --ng-legalize-dim-order gives a view of a permuted tensor a contiguous copy
// to read (docs/DimOrder.md); the view then aliases the copy, which is new
// storage: it no longer shares storage with x.

// CHECK-LABEL: Testing : "view_of_permute"
// CHECK-NEXT:  storage classes of 'view_of_permute':
// CHECK-NEXT:    x (user_input): x, t
// CHECK-NEXT:    n (fresh): n
// CHECK-NEXT:    t_contiguous (fresh): t_contiguous, v
// CHECK:       x <-> t: PartialAlias
// CHECK:       x <-> v: NoAlias
// CHECK-NEXT:  t <-> v: NoAlias
// CHECK:       t_contiguous <-> v: PartialAlias
ng.method @view_of_permute(%x: !ng.tensor<f32[2, 3, 4]>) -> (!ng.tensor<f32[8, 3]>, !ng.tensor<f32[2, 4, 3], dim_order = [0, 2, 1]>, !ng.tensor<f32[2, 4, 3], dim_order = [0, 2, 1]>) {
  %t = ng.call "torch.ops.aten.permute.default"(self: %x, dims: [0, 2, 1]) : (!ng.tensor<f32[2, 3, 4]>) -> !ng.tensor<f32[2, 4, 3], dim_order = [0, 2, 1]> aliases %x
  %n = ng.call "torch.ops.aten.neg.default"(self: %t) : (!ng.tensor<f32[2, 4, 3], dim_order = [0, 2, 1]>) -> !ng.tensor<f32[2, 4, 3], dim_order = [0, 2, 1]>
  %v = ng.call "torch.ops.aten.view.default"(self: %t, size: [8, 3]) : (!ng.tensor<f32[2, 4, 3], dim_order = [0, 2, 1]>) -> !ng.tensor<f32[8, 3]> aliases %t
  ng.output(%v, %n, %t) : !ng.tensor<f32[8, 3]>, !ng.tensor<f32[2, 4, 3], dim_order = [0, 2, 1]>, !ng.tensor<f32[2, 4, 3], dim_order = [0, 2, 1]>
}
