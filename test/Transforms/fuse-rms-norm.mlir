// --ng-fuse-rms-norm: an exported RMSNorm becomes aten.rms_norm; look-alikes
// stay, with a remark where the chain is an RMSNorm's but a condition fails
// (a mean that is no RMSNorm's is no candidate: no remark).
// fuse-rms-norm-execution.test runs each against its fused form.
// RUN: ng-opt %s -split-input-file --ng-fuse-rms-norm | FileCheck %s
// RUN: ng-opt %s -split-input-file --ng-fuse-rms-norm=report=true -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: ng-opt %s -split-input-file --ng-fuse-rms-norm > %t.once.mlir
// RUN: ng-opt %t.once.mlir -split-input-file --ng-fuse-rms-norm | diff %t.once.mlir -

// Meta's RMSNorm (gen_decoder.py's): x * rsqrt(mean(x^2) + eps) * w.
// CHECK-LABEL: ng.method @meta
// CHECK-NEXT: %y = ng.call "torch.ops.aten.rms_norm.default"(input: %x, normalized_shape: [8], weight: %w, eps: 1.0e-05) {node = "norm"}
// CHECK-NEXT: ng.output(%y)
// REMARK: remark: fused the RMSNorm of 'x' into aten.rms_norm
ng.method @meta(%x: !ng.tensor<f32[2, 3, 8]>, %w: !ng.tensor<f32[8]>) -> !ng.tensor<f32[2, 3, 8]> {
  %p = ng.call "torch.ops.aten.pow.Tensor_Scalar"(self: %x, exponent: 2) : (!ng.tensor<f32[2, 3, 8]>) -> !ng.tensor<f32[2, 3, 8]>
  %m = ng.call "torch.ops.aten.mean.dim"(self: %p, dim: [-1], keepdim: true, dtype: none) : (!ng.tensor<f32[2, 3, 8]>) -> !ng.tensor<f32[2, 3, 1]>
  %e = ng.call "torch.ops.aten.add.Tensor"(self: %m, other: 1.0e-05, alpha: 1) : (!ng.tensor<f32[2, 3, 1]>) -> !ng.tensor<f32[2, 3, 1]>
  %r = ng.call "torch.ops.aten.rsqrt.default"(self: %e) : (!ng.tensor<f32[2, 3, 1]>) -> !ng.tensor<f32[2, 3, 1]>
  %n = ng.call "torch.ops.aten.mul.Tensor"(self: %x, other: %r) : (!ng.tensor<f32[2, 3, 8]>, !ng.tensor<f32[2, 3, 1]>) -> !ng.tensor<f32[2, 3, 8]>
  %y = ng.call "torch.ops.aten.mul.Tensor"(self: %n, other: %w) {node = "norm"} : (!ng.tensor<f32[2, 3, 8]>, !ng.tensor<f32[8]>) -> !ng.tensor<f32[2, 3, 8]>
  ng.output(%y) : !ng.tensor<f32[2, 3, 8]>
}

// -----

// HuggingFace's LlamaRMSNorm on bf16: the f32 upcast, the cast back, w * h.
// CHECK-LABEL: ng.method @hf_upcast
// CHECK-NEXT: %y = ng.call "torch.ops.aten.rms_norm.default"(input: %x, normalized_shape: [8], weight: %w, eps: 1.0e-05) {node = "norm"}
// CHECK-NEXT: ng.output(%y)
// REMARK: remark: fused the RMSNorm of 'x' into aten.rms_norm
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

// -----

// The mean over another dim.
// CHECK-LABEL: ng.method @other_dim
// CHECK-NOT: rms_norm
// CHECK: aten.rsqrt
ng.method @other_dim(%x: !ng.tensor<f32[2, 3, 8]>, %w: !ng.tensor<f32[8]>) -> !ng.tensor<f32[2, 3, 8]> {
  %p = ng.call "torch.ops.aten.pow.Tensor_Scalar"(self: %x, exponent: 2) : (!ng.tensor<f32[2, 3, 8]>) -> !ng.tensor<f32[2, 3, 8]>
  %m = ng.call "torch.ops.aten.mean.dim"(self: %p, dim: [1], keepdim: true, dtype: none) : (!ng.tensor<f32[2, 3, 8]>) -> !ng.tensor<f32[2, 1, 8]>
  %e = ng.call "torch.ops.aten.add.Tensor"(self: %m, other: 1.0e-05, alpha: 1) : (!ng.tensor<f32[2, 1, 8]>) -> !ng.tensor<f32[2, 1, 8]>
  %r = ng.call "torch.ops.aten.rsqrt.default"(self: %e) : (!ng.tensor<f32[2, 1, 8]>) -> !ng.tensor<f32[2, 1, 8]>
  %n = ng.call "torch.ops.aten.mul.Tensor"(self: %x, other: %r) : (!ng.tensor<f32[2, 3, 8]>, !ng.tensor<f32[2, 1, 8]>) -> !ng.tensor<f32[2, 3, 8]>
  %y = ng.call "torch.ops.aten.mul.Tensor"(self: %n, other: %w) {node = "norm"} : (!ng.tensor<f32[2, 3, 8]>, !ng.tensor<f32[8]>) -> !ng.tensor<f32[2, 3, 8]>
  ng.output(%y) : !ng.tensor<f32[2, 3, 8]>
}

// -----

// A weight that is not [D].
// CHECK-LABEL: ng.method @weight_shape
// CHECK-NOT: rms_norm
// CHECK: aten.rsqrt
// REMARK: remark: kept the RMSNorm at node 'norm': the weight is not [8]
ng.method @weight_shape(%x: !ng.tensor<f32[2, 3, 8]>, %w: !ng.tensor<f32[1]>) -> !ng.tensor<f32[2, 3, 8]> {
  %p = ng.call "torch.ops.aten.pow.Tensor_Scalar"(self: %x, exponent: 2) : (!ng.tensor<f32[2, 3, 8]>) -> !ng.tensor<f32[2, 3, 8]>
  %m = ng.call "torch.ops.aten.mean.dim"(self: %p, dim: [-1], keepdim: true, dtype: none) : (!ng.tensor<f32[2, 3, 8]>) -> !ng.tensor<f32[2, 3, 1]>
  %e = ng.call "torch.ops.aten.add.Tensor"(self: %m, other: 1.0e-05, alpha: 1) : (!ng.tensor<f32[2, 3, 1]>) -> !ng.tensor<f32[2, 3, 1]>
  %r = ng.call "torch.ops.aten.rsqrt.default"(self: %e) : (!ng.tensor<f32[2, 3, 1]>) -> !ng.tensor<f32[2, 3, 1]>
  %n = ng.call "torch.ops.aten.mul.Tensor"(self: %x, other: %r) : (!ng.tensor<f32[2, 3, 8]>, !ng.tensor<f32[2, 3, 1]>) -> !ng.tensor<f32[2, 3, 8]>
  %y = ng.call "torch.ops.aten.mul.Tensor"(self: %n, other: %w) {node = "norm"} : (!ng.tensor<f32[2, 3, 8]>, !ng.tensor<f32[1]>) -> !ng.tensor<f32[2, 3, 8]>
  ng.output(%y) : !ng.tensor<f32[2, 3, 8]>
}

// -----

// The inverse RMS is also returned.
// CHECK-LABEL: ng.method @extra_use
// CHECK-NOT: rms_norm
// CHECK: aten.rsqrt
// REMARK: remark: kept the RMSNorm at node 'norm': 'r' has other uses
ng.method @extra_use(%x: !ng.tensor<f32[2, 3, 8]>, %w: !ng.tensor<f32[8]>) -> (!ng.tensor<f32[2, 3, 8]>, !ng.tensor<f32[2, 3, 1]>) {
  %p = ng.call "torch.ops.aten.pow.Tensor_Scalar"(self: %x, exponent: 2) : (!ng.tensor<f32[2, 3, 8]>) -> !ng.tensor<f32[2, 3, 8]>
  %m = ng.call "torch.ops.aten.mean.dim"(self: %p, dim: [-1], keepdim: true, dtype: none) : (!ng.tensor<f32[2, 3, 8]>) -> !ng.tensor<f32[2, 3, 1]>
  %e = ng.call "torch.ops.aten.add.Tensor"(self: %m, other: 1.0e-05, alpha: 1) : (!ng.tensor<f32[2, 3, 1]>) -> !ng.tensor<f32[2, 3, 1]>
  %r = ng.call "torch.ops.aten.rsqrt.default"(self: %e) : (!ng.tensor<f32[2, 3, 1]>) -> !ng.tensor<f32[2, 3, 1]>
  %n = ng.call "torch.ops.aten.mul.Tensor"(self: %x, other: %r) : (!ng.tensor<f32[2, 3, 8]>, !ng.tensor<f32[2, 3, 1]>) -> !ng.tensor<f32[2, 3, 8]>
  %y = ng.call "torch.ops.aten.mul.Tensor"(self: %n, other: %w) {node = "norm"} : (!ng.tensor<f32[2, 3, 8]>, !ng.tensor<f32[8]>) -> !ng.tensor<f32[2, 3, 8]>
  ng.output(%y, %r) : !ng.tensor<f32[2, 3, 8]>, !ng.tensor<f32[2, 3, 1]>
}
