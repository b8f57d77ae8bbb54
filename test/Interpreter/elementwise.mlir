// ng-run's elementwise kernels: broadcasting, torch's type promotion, alpha,
// integer division, f16 rounding once per op, comparisons, where, in-place
// forms run as their functional kernel plus a store.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/st.py write %t/in.safetensors 'x=f32[2,3]:1,-2,3,-4,5,-6' 'y=f32[3]:10,20,30' 'i=i64[2,3]:7,-7,8,-8,9,3' 'h=f16[3]:1,0.0001,3'
// RUN: ng-run %s --inputs=%t/in.safetensors -o %t/out.safetensors
// RUN: %python %S/Inputs/st.py dump %t/out.safetensors | FileCheck %s

// x + 2 * y, y broadcast over the rows.
// CHECK: add f32 [2, 3] = [21, 38, 63, 16, 45, 54]
// An i64 tensor and a float number: f32 (the default dtype), not f64.
// CHECK: add_scalar f32 [2, 3] = [7.5, -6.5, 8.5, -7.5, 9.5, 3.5]
// true division of integers gives f32; floor division rounds down.
// CHECK: div f32 [2, 3] = [3.5, -3.5, 4, -4, 4.5, 1.5]
// CHECK: floordiv i64 [2, 3] = [3, -4, 4, -4, 4, 1]
// CHECK: ge i1 [2, 3] = [0, 1, 0, 1, 1, 0]
// CHECK: mul_ f32 [2, 3] = [3, -6, 9, -12, 15, -18]
// CHECK: neg i64 [2, 3] = [-7, 7, -8, 8, -9, -3]
// CHECK: pow f32 [2, 3] = [1, 4, 9, 16, 25, 36]
// f16 computes through f32 and rounds once: 1 + 0.0001 is 1 in f16.
// CHECK: rounded f16 [3] = [2, 1, 4]
// CHECK: rsqrt f32 [3] = [0.316227764, 0.223606795, 0.182574183]
// CHECK: silu f32 [2, 3] = [0.731058598, -0.238405839, 2.85772252, -0.0719448403, 4.96653557, -0.0148357386]
// CHECK: where f32 [2, 3] = [1, 20, 3, 10, 5, 30]

module {
  ng.method @forward(%x: !ng.tensor<f32[2, 3]>, %y: !ng.tensor<f32[3]>, %i: !ng.tensor<i64[2, 3]>, %h: !ng.tensor<f16[3]>) -> (!ng.tensor<f32[2, 3]>, !ng.tensor<f32[2, 3]>, !ng.tensor<f32[2, 3]>, !ng.tensor<i64[2, 3]>, !ng.tensor<i1[2, 3]>, !ng.tensor<f32[2, 3]>, !ng.tensor<i64[2, 3]>, !ng.tensor<f32[2, 3]>, !ng.tensor<f16[3]>, !ng.tensor<f32[3]>, !ng.tensor<f32[2, 3]>, !ng.tensor<f32[2, 3]>) {
    %add = ng.call "torch.ops.aten.add.Tensor"(self: %x, other: %y, alpha: 2) : (!ng.tensor<f32[2, 3]>, !ng.tensor<f32[3]>) -> !ng.tensor<f32[2, 3]>
    %add_scalar = ng.call "torch.ops.aten.add.Scalar"(self: %i, other: 0.5) : (!ng.tensor<i64[2, 3]>) -> !ng.tensor<f32[2, 3]>
    %div = ng.call "torch.ops.aten.div.Tensor"(self: %i, other: 2) : (!ng.tensor<i64[2, 3]>) -> !ng.tensor<f32[2, 3]>
    %floordiv = ng.call "torch.ops.aten.div.Tensor_mode"(self: %i, other: 2, rounding_mode: "floor") : (!ng.tensor<i64[2, 3]>) -> !ng.tensor<i64[2, 3]>
    %ge = ng.call "torch.ops.aten.ge.Tensor"(self: %x, other: %div) : (!ng.tensor<f32[2, 3]>, !ng.tensor<f32[2, 3]>) -> !ng.tensor<i1[2, 3]>
    %c = ng.call "torch.ops.aten.clone.default"(self: %x) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3]>
    %mul_ = ng.call "torch.ops.aten.mul_.Scalar"(self: mut %c, other: 3) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3]> aliases %c
    %neg = ng.call "torch.ops.aten.neg.default"(self: %i) : (!ng.tensor<i64[2, 3]>) -> !ng.tensor<i64[2, 3]>
    %pow = ng.call "torch.ops.aten.pow.Tensor_Scalar"(self: %x, exponent: 2) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3]>
    %rounded = ng.call "torch.ops.aten.add.Scalar"(self: %h, other: 1) : (!ng.tensor<f16[3]>) -> !ng.tensor<f16[3]>
    %rsqrt = ng.call "torch.ops.aten.rsqrt.default"(self: %y) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
    %silu = ng.call "torch.ops.aten.silu.default"(self: %x) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3]>
    %pos = ng.call "torch.ops.aten.gt.Scalar"(self: %x, other: 0) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<i1[2, 3]>
    %where = ng.call "torch.ops.aten.where.self"(condition: %pos, self: %x, other: %y) : (!ng.tensor<i1[2, 3]>, !ng.tensor<f32[2, 3]>, !ng.tensor<f32[3]>) -> !ng.tensor<f32[2, 3]>
    ng.output(%add, %add_scalar, %div, %floordiv, %ge, %mul_, %neg, %pow, %rounded, %rsqrt, %silu, %where) : !ng.tensor<f32[2, 3]>, !ng.tensor<f32[2, 3]>, !ng.tensor<f32[2, 3]>, !ng.tensor<i64[2, 3]>, !ng.tensor<i1[2, 3]>, !ng.tensor<f32[2, 3]>, !ng.tensor<i64[2, 3]>, !ng.tensor<f32[2, 3]>, !ng.tensor<f16[3]>, !ng.tensor<f32[3]>, !ng.tensor<f32[2, 3]>, !ng.tensor<f32[2, 3]>
  }
}
