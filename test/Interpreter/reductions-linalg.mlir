// Reductions (dim lists, keepdim, dtype), softmax, and the matrix products
// with torch.matmul's broadcasting.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/st.py write %t/in.safetensors 'x=f32[2,3]:1,5,3,-4,2,-6' 'w=f32[2,3]:1,0,1,0,1,0' 'b=f32[2]:10,20' 'v=f32[3]:1,2,3' 'batch=f32[2,2,3]:1,2,3,4,5,6,7,8,9,10,11,12' 'i=i32[3]:1,2,3'
// RUN: ng-run %s --inputs=%t/in.safetensors -o %t/out.safetensors
// RUN: %python %S/Inputs/st.py dump %t/out.safetensors | FileCheck %s

// CHECK: amax f32 [2, 1] = [5, 2]
// CHECK: argmax i64 [2] = [1, 1]
// CHECK: argmax_all i64 [] = [1]
// A batch of two [2, 3] matrices times one [3] vector.
// CHECK: batched f32 [2, 2] = [14, 32, 50, 68]
// x @ w^T + b
// CHECK: linear f32 [2, 2] = [14, 25, 0, 22]
// CHECK: mean f32 [3] = [-1.5, 3.5, -1.5]
// CHECK: mm f32 [2, 2] = [4, 5, -10, 2]
// CHECK: softmax f32 [3] = [0.0900305733, 0.244728476, 0.665240943]
// An i32 sum is i64, the whole tensor when no dim is given.
// CHECK: sum_int i64 [] = [6]

module {
  ng.method @forward(%x: !ng.tensor<f32[2, 3]>, %w: !ng.tensor<f32[2, 3]>, %b: !ng.tensor<f32[2]>, %v: !ng.tensor<f32[3]>, %batch: !ng.tensor<f32[2, 2, 3]>, %i: !ng.tensor<i32[3]>) -> (!ng.tensor<f32[2, 1]>, !ng.tensor<i64[2]>, !ng.tensor<i64[]>, !ng.tensor<f32[2, 2]>, !ng.tensor<f32[2, 2]>, !ng.tensor<f32[3]>, !ng.tensor<f32[2, 2]>, !ng.tensor<f32[3]>, !ng.tensor<i64[]>) {
    %amax = ng.call "torch.ops.aten.amax.default"(self: %x, dim: [1], keepdim: true) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 1]>
    %argmax = ng.call "torch.ops.aten.argmax.default"(self: %x, dim: 1, keepdim: false) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<i64[2]>
    %argmax_all = ng.call "torch.ops.aten.argmax.default"(self: %x) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<i64[]>
    %batched = ng.call "torch.ops.aten.matmul.default"(self: %batch, other: %v) : (!ng.tensor<f32[2, 2, 3]>, !ng.tensor<f32[3]>) -> !ng.tensor<f32[2, 2]>
    %linear = ng.call "torch.ops.aten.linear.default"(input: %x, weight: %w, bias: %b) : (!ng.tensor<f32[2, 3]>, !ng.tensor<f32[2, 3]>, !ng.tensor<f32[2]>) -> !ng.tensor<f32[2, 2]>
    %mean = ng.call "torch.ops.aten.mean.dim"(self: %x, dim: [0], keepdim: false, dtype: none) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[3]>
    %wt = ng.call "torch.ops.aten.t.default"(self: %w) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[3, 2], dim_order = [1, 0]> aliases %w
    %mm = ng.call "torch.ops.aten.mm.default"(self: %x, mat2: %wt) : (!ng.tensor<f32[2, 3]>, !ng.tensor<f32[3, 2], dim_order = [1, 0]>) -> !ng.tensor<f32[2, 2]>
    %softmax = ng.call "torch.ops.aten._softmax.default"(self: %v, dim: 0, half_to_float: false) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
    %sum_int = ng.call "torch.ops.aten.sum.default"(self: %i, dtype: none) : (!ng.tensor<i32[3]>) -> !ng.tensor<i64[]>
    ng.output(%amax, %argmax, %argmax_all, %batched, %linear, %mean, %mm, %softmax, %sum_int) : !ng.tensor<f32[2, 1]>, !ng.tensor<i64[2]>, !ng.tensor<i64[]>, !ng.tensor<f32[2, 2]>, !ng.tensor<f32[2, 2]>, !ng.tensor<f32[3]>, !ng.tensor<f32[2, 2]>, !ng.tensor<f32[3]>, !ng.tensor<i64[]>
  }
}
