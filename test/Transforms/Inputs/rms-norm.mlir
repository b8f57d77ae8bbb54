// The programs of fuse-rms-norm.mlir, one module (fuse-rms-norm-execution.test).
module {
  ng.method @meta(%x: !ng.tensor<f32[2, 3, 8]>, %w: !ng.tensor<f32[8]>) -> !ng.tensor<f32[2, 3, 8]> {
    %p = ng.call "torch.ops.aten.pow.Tensor_Scalar"(self: %x, exponent: 2) : (!ng.tensor<f32[2, 3, 8]>) -> !ng.tensor<f32[2, 3, 8]>
    %m = ng.call "torch.ops.aten.mean.dim"(self: %p, dim: [-1], keepdim: true, dtype: none) : (!ng.tensor<f32[2, 3, 8]>) -> !ng.tensor<f32[2, 3, 1]>
    %e = ng.call "torch.ops.aten.add.Tensor"(self: %m, other: 1.0e-05, alpha: 1) : (!ng.tensor<f32[2, 3, 1]>) -> !ng.tensor<f32[2, 3, 1]>
    %r = ng.call "torch.ops.aten.rsqrt.default"(self: %e) : (!ng.tensor<f32[2, 3, 1]>) -> !ng.tensor<f32[2, 3, 1]>
    %n = ng.call "torch.ops.aten.mul.Tensor"(self: %x, other: %r) : (!ng.tensor<f32[2, 3, 8]>, !ng.tensor<f32[2, 3, 1]>) -> !ng.tensor<f32[2, 3, 8]>
    %y = ng.call "torch.ops.aten.mul.Tensor"(self: %n, other: %w) {node = "norm"} : (!ng.tensor<f32[2, 3, 8]>, !ng.tensor<f32[8]>) -> !ng.tensor<f32[2, 3, 8]>
    ng.output(%y) : !ng.tensor<f32[2, 3, 8]>
  }
  ng.method @hf_upcast(%x: !ng.tensor<bf16[2, 3, 8]>, %w: !ng.tensor<bf16[8]>) -> !ng.tensor<bf16[2, 3, 8]> {
    %x32 = ng.call "torch.ops.aten._to_copy.default"(self: %x, dtype: f32) : (!ng.tensor<bf16[2, 3, 8]>) -> !ng.tensor<f32[2, 3, 8]>
    %p = ng.call "torch.ops.aten.pow.Tensor_Scalar"(self: %x32, exponent: 2) : (!ng.tensor<f32[2, 3, 8]>) -> !ng.tensor<f32[2, 3, 8]>
    %m = ng.call "torch.ops.aten.mean.dim"(self: %p, dim: [-1], keepdim: true, dtype: none) : (!ng.tensor<f32[2, 3, 8]>) -> !ng.tensor<f32[2, 3, 1]>
    %e = ng.call "torch.ops.aten.add.Tensor"(self: %m, other: 1.0e-05, alpha: 1) : (!ng.tensor<f32[2, 3, 1]>) -> !ng.tensor<f32[2, 3, 1]>
    %r = ng.call "torch.ops.aten.rsqrt.default"(self: %e) : (!ng.tensor<f32[2, 3, 1]>) -> !ng.tensor<f32[2, 3, 1]>
    %n = ng.call "torch.ops.aten.mul.Tensor"(self: %x32, other: %r) : (!ng.tensor<f32[2, 3, 8]>, !ng.tensor<f32[2, 3, 1]>) -> !ng.tensor<f32[2, 3, 8]>
    %nb = ng.call "torch.ops.aten._to_copy.default"(self: %n, dtype: bf16) : (!ng.tensor<f32[2, 3, 8]>) -> !ng.tensor<bf16[2, 3, 8]>
    %y = ng.call "torch.ops.aten.mul.Tensor"(self: %w, other: %nb) {node = "norm"} : (!ng.tensor<bf16[8]>, !ng.tensor<bf16[2, 3, 8]>) -> !ng.tensor<bf16[2, 3, 8]>
    ng.output(%y) : !ng.tensor<bf16[2, 3, 8]>
  }
  ng.method @other_dim(%x: !ng.tensor<f32[2, 3, 8]>, %w: !ng.tensor<f32[8]>) -> !ng.tensor<f32[2, 3, 8]> {
    %p = ng.call "torch.ops.aten.pow.Tensor_Scalar"(self: %x, exponent: 2) : (!ng.tensor<f32[2, 3, 8]>) -> !ng.tensor<f32[2, 3, 8]>
    %m = ng.call "torch.ops.aten.mean.dim"(self: %p, dim: [1], keepdim: true, dtype: none) : (!ng.tensor<f32[2, 3, 8]>) -> !ng.tensor<f32[2, 1, 8]>
    %e = ng.call "torch.ops.aten.add.Tensor"(self: %m, other: 1.0e-05, alpha: 1) : (!ng.tensor<f32[2, 1, 8]>) -> !ng.tensor<f32[2, 1, 8]>
    %r = ng.call "torch.ops.aten.rsqrt.default"(self: %e) : (!ng.tensor<f32[2, 1, 8]>) -> !ng.tensor<f32[2, 1, 8]>
    %n = ng.call "torch.ops.aten.mul.Tensor"(self: %x, other: %r) : (!ng.tensor<f32[2, 3, 8]>, !ng.tensor<f32[2, 1, 8]>) -> !ng.tensor<f32[2, 3, 8]>
    %y = ng.call "torch.ops.aten.mul.Tensor"(self: %n, other: %w) {node = "norm"} : (!ng.tensor<f32[2, 3, 8]>, !ng.tensor<f32[8]>) -> !ng.tensor<f32[2, 3, 8]>
    ng.output(%y) : !ng.tensor<f32[2, 3, 8]>
  }
  ng.method @weight_shape(%x: !ng.tensor<f32[2, 3, 8]>, %w: !ng.tensor<f32[1]>) -> !ng.tensor<f32[2, 3, 8]> {
    %p = ng.call "torch.ops.aten.pow.Tensor_Scalar"(self: %x, exponent: 2) : (!ng.tensor<f32[2, 3, 8]>) -> !ng.tensor<f32[2, 3, 8]>
    %m = ng.call "torch.ops.aten.mean.dim"(self: %p, dim: [-1], keepdim: true, dtype: none) : (!ng.tensor<f32[2, 3, 8]>) -> !ng.tensor<f32[2, 3, 1]>
    %e = ng.call "torch.ops.aten.add.Tensor"(self: %m, other: 1.0e-05, alpha: 1) : (!ng.tensor<f32[2, 3, 1]>) -> !ng.tensor<f32[2, 3, 1]>
    %r = ng.call "torch.ops.aten.rsqrt.default"(self: %e) : (!ng.tensor<f32[2, 3, 1]>) -> !ng.tensor<f32[2, 3, 1]>
    %n = ng.call "torch.ops.aten.mul.Tensor"(self: %x, other: %r) : (!ng.tensor<f32[2, 3, 8]>, !ng.tensor<f32[2, 3, 1]>) -> !ng.tensor<f32[2, 3, 8]>
    %y = ng.call "torch.ops.aten.mul.Tensor"(self: %n, other: %w) {node = "norm"} : (!ng.tensor<f32[2, 3, 8]>, !ng.tensor<f32[1]>) -> !ng.tensor<f32[2, 3, 8]>
    ng.output(%y) : !ng.tensor<f32[2, 3, 8]>
  }
  ng.method @extra_use(%x: !ng.tensor<f32[2, 3, 8]>, %w: !ng.tensor<f32[8]>) -> (!ng.tensor<f32[2, 3, 8]>, !ng.tensor<f32[2, 3, 1]>) {
    %p = ng.call "torch.ops.aten.pow.Tensor_Scalar"(self: %x, exponent: 2) : (!ng.tensor<f32[2, 3, 8]>) -> !ng.tensor<f32[2, 3, 8]>
    %m = ng.call "torch.ops.aten.mean.dim"(self: %p, dim: [-1], keepdim: true, dtype: none) : (!ng.tensor<f32[2, 3, 8]>) -> !ng.tensor<f32[2, 3, 1]>
    %e = ng.call "torch.ops.aten.add.Tensor"(self: %m, other: 1.0e-05, alpha: 1) : (!ng.tensor<f32[2, 3, 1]>) -> !ng.tensor<f32[2, 3, 1]>
    %r = ng.call "torch.ops.aten.rsqrt.default"(self: %e) : (!ng.tensor<f32[2, 3, 1]>) -> !ng.tensor<f32[2, 3, 1]>
    %n = ng.call "torch.ops.aten.mul.Tensor"(self: %x, other: %r) : (!ng.tensor<f32[2, 3, 8]>, !ng.tensor<f32[2, 3, 1]>) -> !ng.tensor<f32[2, 3, 8]>
    %y = ng.call "torch.ops.aten.mul.Tensor"(self: %n, other: %w) {node = "norm"} : (!ng.tensor<f32[2, 3, 8]>, !ng.tensor<f32[8]>) -> !ng.tensor<f32[2, 3, 8]>
    ng.output(%y, %r) : !ng.tensor<f32[2, 3, 8]>, !ng.tensor<f32[2, 3, 1]>
  }
}
