// HuggingFace's rotary embedding as torch.export decomposes it
// (LlamaRotaryEmbedding.forward and apply_rotary_pos_emb), with an attention
// scale: what native.rope computes in rope-fused.mlir.
ng.method @forward(%x: !ng.tensor<f32[2, 3, 5, 8]>, %position_ids: !ng.tensor<i64[2, 5]>, %inv_freq: !ng.tensor<f32[4]>) -> !ng.tensor<f32[2, 3, 5, 8]> {
  %f0 = ng.call "torch.ops.aten.unsqueeze.default"(self: %inv_freq, dim: 0) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[1, 4]> aliases %inv_freq
  %f1 = ng.call "torch.ops.aten.unsqueeze.default"(self: %f0, dim: 2) : (!ng.tensor<f32[1, 4]>) -> !ng.tensor<f32[1, 4, 1]> aliases %f0
  %f2 = ng.call "torch.ops.aten.expand.default"(self: %f1, size: [2, -1, 1]) : (!ng.tensor<f32[1, 4, 1]>) -> !ng.tensor<f32[2, 4, 1]> aliases %f1
  %p0 = ng.call "torch.ops.aten.unsqueeze.default"(self: %position_ids, dim: 1) : (!ng.tensor<i64[2, 5]>) -> !ng.tensor<i64[2, 1, 5]> aliases %position_ids
  %p1 = ng.call "torch.ops.aten._to_copy.default"(self: %p0, dtype: f32) : (!ng.tensor<i64[2, 1, 5]>) -> !ng.tensor<f32[2, 1, 5]>
  %m = ng.call "torch.ops.aten.matmul.default"(self: %f2, other: %p1) : (!ng.tensor<f32[2, 4, 1]>, !ng.tensor<f32[2, 1, 5]>) -> !ng.tensor<f32[2, 4, 5]>
  %freqs = ng.call "torch.ops.aten.transpose.int"(self: %m, dim0: 1, dim1: 2) : (!ng.tensor<f32[2, 4, 5]>) -> !ng.tensor<f32[2, 5, 4]> aliases %m
  %emb = ng.call "torch.ops.aten.cat.default"(tensors: [%freqs, %freqs], dim: -1) : (!ng.tensor<f32[2, 5, 4]>, !ng.tensor<f32[2, 5, 4]>) -> !ng.tensor<f32[2, 5, 8]>
  %c0 = ng.call "torch.ops.aten.cos.default"(self: %emb) : (!ng.tensor<f32[2, 5, 8]>) -> !ng.tensor<f32[2, 5, 8]>
  %s0 = ng.call "torch.ops.aten.sin.default"(self: %emb) : (!ng.tensor<f32[2, 5, 8]>) -> !ng.tensor<f32[2, 5, 8]>
  %c1 = ng.call "torch.ops.aten.mul.Tensor"(self: %c0, other: 7.0e-01) : (!ng.tensor<f32[2, 5, 8]>) -> !ng.tensor<f32[2, 5, 8]>
  %s1 = ng.call "torch.ops.aten.mul.Tensor"(self: %s0, other: 7.0e-01) : (!ng.tensor<f32[2, 5, 8]>) -> !ng.tensor<f32[2, 5, 8]>
  %cos = ng.call "torch.ops.aten.unsqueeze.default"(self: %c1, dim: 1) : (!ng.tensor<f32[2, 5, 8]>) -> !ng.tensor<f32[2, 1, 5, 8]> aliases %c1
  %sin = ng.call "torch.ops.aten.unsqueeze.default"(self: %s1, dim: 1) : (!ng.tensor<f32[2, 5, 8]>) -> !ng.tensor<f32[2, 1, 5, 8]> aliases %s1
  %xc = ng.call "torch.ops.aten.mul.Tensor"(self: %x, other: %cos) : (!ng.tensor<f32[2, 3, 5, 8]>, !ng.tensor<f32[2, 1, 5, 8]>) -> !ng.tensor<f32[2, 3, 5, 8]>
  %x1 = ng.call "torch.ops.aten.slice.Tensor"(self: %x, dim: 3, start: 0, end: 4) : (!ng.tensor<f32[2, 3, 5, 8]>) -> !ng.tensor<f32[2, 3, 5, 4]> aliases %x
  %x2 = ng.call "torch.ops.aten.slice.Tensor"(self: %x, dim: 3, start: 4, end: 9223372036854775807) : (!ng.tensor<f32[2, 3, 5, 8]>) -> !ng.tensor<f32[2, 3, 5, 4]> aliases %x
  %n2 = ng.call "torch.ops.aten.neg.default"(self: %x2) : (!ng.tensor<f32[2, 3, 5, 4]>) -> !ng.tensor<f32[2, 3, 5, 4]>
  %rot = ng.call "torch.ops.aten.cat.default"(tensors: [%n2, %x1], dim: -1) : (!ng.tensor<f32[2, 3, 5, 4]>, !ng.tensor<f32[2, 3, 5, 4]>) -> !ng.tensor<f32[2, 3, 5, 8]>
  %rs = ng.call "torch.ops.aten.mul.Tensor"(self: %rot, other: %sin) : (!ng.tensor<f32[2, 3, 5, 8]>, !ng.tensor<f32[2, 1, 5, 8]>) -> !ng.tensor<f32[2, 3, 5, 8]>
  %y = ng.call "torch.ops.aten.add.Tensor"(self: %xc, other: %rs) : (!ng.tensor<f32[2, 3, 5, 8]>, !ng.tensor<f32[2, 3, 5, 8]>) -> !ng.tensor<f32[2, 3, 5, 8]>
  ng.output(%y) : !ng.tensor<f32[2, 3, 5, 8]>
}
