// The programs of fuse-rope.mlir, one module (fuse-rope-execution.test).
module {
  ng.method @plain(%q: !ng.tensor<f32[1, 2, 4, 8]>, %k: !ng.tensor<f32[1, 2, 4, 8]>, %position_ids: !ng.tensor<i64[1, 4]>, %inv_freq: !ng.tensor<f32[4]>) -> (!ng.tensor<f32[1, 2, 4, 8]>, !ng.tensor<f32[1, 2, 4, 8]>) {
    %f0 = ng.call "torch.ops.aten.unsqueeze.default"(self: %inv_freq, dim: 0) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[1, 4]> aliases %inv_freq
    %f1 = ng.call "torch.ops.aten.unsqueeze.default"(self: %f0, dim: 2) : (!ng.tensor<f32[1, 4]>) -> !ng.tensor<f32[1, 4, 1]> aliases %f0
    %f2 = ng.call "torch.ops.aten.expand.default"(self: %f1, size: [1, -1, 1]) : (!ng.tensor<f32[1, 4, 1]>) -> !ng.tensor<f32[1, 4, 1]> aliases %f1
    %p0 = ng.call "torch.ops.aten.unsqueeze.default"(self: %position_ids, dim: 1) : (!ng.tensor<i64[1, 4]>) -> !ng.tensor<i64[1, 1, 4]> aliases %position_ids
    %p1 = ng.call "torch.ops.aten._to_copy.default"(self: %p0, dtype: f32) : (!ng.tensor<i64[1, 1, 4]>) -> !ng.tensor<f32[1, 1, 4]>
    %m = ng.call "torch.ops.aten.matmul.default"(self: %f2, other: %p1) : (!ng.tensor<f32[1, 4, 1]>, !ng.tensor<f32[1, 1, 4]>) -> !ng.tensor<f32[1, 4, 4]>
    %freqs = ng.call "torch.ops.aten.transpose.int"(self: %m, dim0: 1, dim1: 2) : (!ng.tensor<f32[1, 4, 4]>) -> !ng.tensor<f32[1, 4, 4]> aliases %m
    %emb = ng.call "torch.ops.aten.cat.default"(tensors: [%freqs, %freqs], dim: -1) : (!ng.tensor<f32[1, 4, 4]>, !ng.tensor<f32[1, 4, 4]>) -> !ng.tensor<f32[1, 4, 8]>
    %c0 = ng.call "torch.ops.aten.cos.default"(self: %emb) : (!ng.tensor<f32[1, 4, 8]>) -> !ng.tensor<f32[1, 4, 8]>
    %s0 = ng.call "torch.ops.aten.sin.default"(self: %emb) : (!ng.tensor<f32[1, 4, 8]>) -> !ng.tensor<f32[1, 4, 8]>
    %cos = ng.call "torch.ops.aten.unsqueeze.default"(self: %c0, dim: 1) : (!ng.tensor<f32[1, 4, 8]>) -> !ng.tensor<f32[1, 1, 4, 8]> aliases %c0
    %sin = ng.call "torch.ops.aten.unsqueeze.default"(self: %s0, dim: 1) : (!ng.tensor<f32[1, 4, 8]>) -> !ng.tensor<f32[1, 1, 4, 8]> aliases %s0
    %qc = ng.call "torch.ops.aten.mul.Tensor"(self: %q, other: %cos) : (!ng.tensor<f32[1, 2, 4, 8]>, !ng.tensor<f32[1, 1, 4, 8]>) -> !ng.tensor<f32[1, 2, 4, 8]>
    %q1 = ng.call "torch.ops.aten.slice.Tensor"(self: %q, dim: 3, start: 0, end: 4) : (!ng.tensor<f32[1, 2, 4, 8]>) -> !ng.tensor<f32[1, 2, 4, 4]> aliases %q
    %q2 = ng.call "torch.ops.aten.slice.Tensor"(self: %q, dim: 3, start: 4, end: 9223372036854775807) : (!ng.tensor<f32[1, 2, 4, 8]>) -> !ng.tensor<f32[1, 2, 4, 4]> aliases %q
    %qn = ng.call "torch.ops.aten.neg.default"(self: %q2) : (!ng.tensor<f32[1, 2, 4, 4]>) -> !ng.tensor<f32[1, 2, 4, 4]>
    %qrh = ng.call "torch.ops.aten.cat.default"(tensors: [%qn, %q1], dim: -1) : (!ng.tensor<f32[1, 2, 4, 4]>, !ng.tensor<f32[1, 2, 4, 4]>) -> !ng.tensor<f32[1, 2, 4, 8]>
    %qs = ng.call "torch.ops.aten.mul.Tensor"(self: %qrh, other: %sin) : (!ng.tensor<f32[1, 2, 4, 8]>, !ng.tensor<f32[1, 1, 4, 8]>) -> !ng.tensor<f32[1, 2, 4, 8]>
    %q_embed = ng.call "torch.ops.aten.add.Tensor"(self: %qc, other: %qs) {node = "q_embed"} : (!ng.tensor<f32[1, 2, 4, 8]>, !ng.tensor<f32[1, 2, 4, 8]>) -> !ng.tensor<f32[1, 2, 4, 8]>
    %kc = ng.call "torch.ops.aten.mul.Tensor"(self: %k, other: %cos) : (!ng.tensor<f32[1, 2, 4, 8]>, !ng.tensor<f32[1, 1, 4, 8]>) -> !ng.tensor<f32[1, 2, 4, 8]>
    %k1 = ng.call "torch.ops.aten.slice.Tensor"(self: %k, dim: 3, start: 0, end: 4) : (!ng.tensor<f32[1, 2, 4, 8]>) -> !ng.tensor<f32[1, 2, 4, 4]> aliases %k
    %k2 = ng.call "torch.ops.aten.slice.Tensor"(self: %k, dim: 3, start: 4, end: 9223372036854775807) : (!ng.tensor<f32[1, 2, 4, 8]>) -> !ng.tensor<f32[1, 2, 4, 4]> aliases %k
    %kn = ng.call "torch.ops.aten.neg.default"(self: %k2) : (!ng.tensor<f32[1, 2, 4, 4]>) -> !ng.tensor<f32[1, 2, 4, 4]>
    %krh = ng.call "torch.ops.aten.cat.default"(tensors: [%kn, %k1], dim: -1) : (!ng.tensor<f32[1, 2, 4, 4]>, !ng.tensor<f32[1, 2, 4, 4]>) -> !ng.tensor<f32[1, 2, 4, 8]>
    %ks = ng.call "torch.ops.aten.mul.Tensor"(self: %krh, other: %sin) : (!ng.tensor<f32[1, 2, 4, 8]>, !ng.tensor<f32[1, 1, 4, 8]>) -> !ng.tensor<f32[1, 2, 4, 8]>
    %k_embed = ng.call "torch.ops.aten.add.Tensor"(self: %kc, other: %ks) {node = "k_embed"} : (!ng.tensor<f32[1, 2, 4, 8]>, !ng.tensor<f32[1, 2, 4, 8]>) -> !ng.tensor<f32[1, 2, 4, 8]>
    ng.output(%q_embed, %k_embed) : !ng.tensor<f32[1, 2, 4, 8]>, !ng.tensor<f32[1, 2, 4, 8]>
  }
  ng.method @scaled(%q: !ng.tensor<f32[1, 2, 4, 8]>, %k: !ng.tensor<f32[1, 2, 4, 8]>, %position_ids: !ng.tensor<i64[1, 4]>, %inv_freq: !ng.tensor<f32[4]>) -> (!ng.tensor<f32[1, 2, 4, 8]>, !ng.tensor<f32[1, 2, 4, 8]>) {
    %f0 = ng.call "torch.ops.aten.unsqueeze.default"(self: %inv_freq, dim: 0) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[1, 4]> aliases %inv_freq
    %f1 = ng.call "torch.ops.aten.unsqueeze.default"(self: %f0, dim: 2) : (!ng.tensor<f32[1, 4]>) -> !ng.tensor<f32[1, 4, 1]> aliases %f0
    %f2 = ng.call "torch.ops.aten.expand.default"(self: %f1, size: [1, -1, 1]) : (!ng.tensor<f32[1, 4, 1]>) -> !ng.tensor<f32[1, 4, 1]> aliases %f1
    %p0 = ng.call "torch.ops.aten.unsqueeze.default"(self: %position_ids, dim: 1) : (!ng.tensor<i64[1, 4]>) -> !ng.tensor<i64[1, 1, 4]> aliases %position_ids
    %p1 = ng.call "torch.ops.aten._to_copy.default"(self: %p0, dtype: f32) : (!ng.tensor<i64[1, 1, 4]>) -> !ng.tensor<f32[1, 1, 4]>
    %m = ng.call "torch.ops.aten.matmul.default"(self: %f2, other: %p1) : (!ng.tensor<f32[1, 4, 1]>, !ng.tensor<f32[1, 1, 4]>) -> !ng.tensor<f32[1, 4, 4]>
    %freqs = ng.call "torch.ops.aten.transpose.int"(self: %m, dim0: 1, dim1: 2) : (!ng.tensor<f32[1, 4, 4]>) -> !ng.tensor<f32[1, 4, 4]> aliases %m
    %emb = ng.call "torch.ops.aten.cat.default"(tensors: [%freqs, %freqs], dim: -1) : (!ng.tensor<f32[1, 4, 4]>, !ng.tensor<f32[1, 4, 4]>) -> !ng.tensor<f32[1, 4, 8]>
    %c0 = ng.call "torch.ops.aten.cos.default"(self: %emb) : (!ng.tensor<f32[1, 4, 8]>) -> !ng.tensor<f32[1, 4, 8]>
    %s0 = ng.call "torch.ops.aten.sin.default"(self: %emb) : (!ng.tensor<f32[1, 4, 8]>) -> !ng.tensor<f32[1, 4, 8]>
    %c1 = ng.call "torch.ops.aten.mul.Tensor"(self: %c0, other: 0.7) : (!ng.tensor<f32[1, 4, 8]>) -> !ng.tensor<f32[1, 4, 8]>
    %s1 = ng.call "torch.ops.aten.mul.Tensor"(self: %s0, other: 0.7) : (!ng.tensor<f32[1, 4, 8]>) -> !ng.tensor<f32[1, 4, 8]>
    %cos = ng.call "torch.ops.aten.unsqueeze.default"(self: %c1, dim: 1) : (!ng.tensor<f32[1, 4, 8]>) -> !ng.tensor<f32[1, 1, 4, 8]> aliases %c1
    %sin = ng.call "torch.ops.aten.unsqueeze.default"(self: %s1, dim: 1) : (!ng.tensor<f32[1, 4, 8]>) -> !ng.tensor<f32[1, 1, 4, 8]> aliases %s1
    %qc = ng.call "torch.ops.aten.mul.Tensor"(self: %q, other: %cos) : (!ng.tensor<f32[1, 2, 4, 8]>, !ng.tensor<f32[1, 1, 4, 8]>) -> !ng.tensor<f32[1, 2, 4, 8]>
    %q1 = ng.call "torch.ops.aten.slice.Tensor"(self: %q, dim: 3, start: 0, end: 4) : (!ng.tensor<f32[1, 2, 4, 8]>) -> !ng.tensor<f32[1, 2, 4, 4]> aliases %q
    %q2 = ng.call "torch.ops.aten.slice.Tensor"(self: %q, dim: 3, start: 4, end: 9223372036854775807) : (!ng.tensor<f32[1, 2, 4, 8]>) -> !ng.tensor<f32[1, 2, 4, 4]> aliases %q
    %qn = ng.call "torch.ops.aten.neg.default"(self: %q2) : (!ng.tensor<f32[1, 2, 4, 4]>) -> !ng.tensor<f32[1, 2, 4, 4]>
    %qrh = ng.call "torch.ops.aten.cat.default"(tensors: [%qn, %q1], dim: -1) : (!ng.tensor<f32[1, 2, 4, 4]>, !ng.tensor<f32[1, 2, 4, 4]>) -> !ng.tensor<f32[1, 2, 4, 8]>
    %qs = ng.call "torch.ops.aten.mul.Tensor"(self: %qrh, other: %sin) : (!ng.tensor<f32[1, 2, 4, 8]>, !ng.tensor<f32[1, 1, 4, 8]>) -> !ng.tensor<f32[1, 2, 4, 8]>
    %q_embed = ng.call "torch.ops.aten.add.Tensor"(self: %qc, other: %qs) {node = "q_embed"} : (!ng.tensor<f32[1, 2, 4, 8]>, !ng.tensor<f32[1, 2, 4, 8]>) -> !ng.tensor<f32[1, 2, 4, 8]>
    %kc = ng.call "torch.ops.aten.mul.Tensor"(self: %k, other: %cos) : (!ng.tensor<f32[1, 2, 4, 8]>, !ng.tensor<f32[1, 1, 4, 8]>) -> !ng.tensor<f32[1, 2, 4, 8]>
    %k1 = ng.call "torch.ops.aten.slice.Tensor"(self: %k, dim: 3, start: 0, end: 4) : (!ng.tensor<f32[1, 2, 4, 8]>) -> !ng.tensor<f32[1, 2, 4, 4]> aliases %k
    %k2 = ng.call "torch.ops.aten.slice.Tensor"(self: %k, dim: 3, start: 4, end: 9223372036854775807) : (!ng.tensor<f32[1, 2, 4, 8]>) -> !ng.tensor<f32[1, 2, 4, 4]> aliases %k
    %kn = ng.call "torch.ops.aten.neg.default"(self: %k2) : (!ng.tensor<f32[1, 2, 4, 4]>) -> !ng.tensor<f32[1, 2, 4, 4]>
    %krh = ng.call "torch.ops.aten.cat.default"(tensors: [%kn, %k1], dim: -1) : (!ng.tensor<f32[1, 2, 4, 4]>, !ng.tensor<f32[1, 2, 4, 4]>) -> !ng.tensor<f32[1, 2, 4, 8]>
    %ks = ng.call "torch.ops.aten.mul.Tensor"(self: %krh, other: %sin) : (!ng.tensor<f32[1, 2, 4, 8]>, !ng.tensor<f32[1, 1, 4, 8]>) -> !ng.tensor<f32[1, 2, 4, 8]>
    %k_embed = ng.call "torch.ops.aten.add.Tensor"(self: %kc, other: %ks) {node = "k_embed"} : (!ng.tensor<f32[1, 2, 4, 8]>, !ng.tensor<f32[1, 2, 4, 8]>) -> !ng.tensor<f32[1, 2, 4, 8]>
    ng.output(%q_embed, %k_embed) : !ng.tensor<f32[1, 2, 4, 8]>, !ng.tensor<f32[1, 2, 4, 8]>
  }
  ng.method @functional(%q: !ng.tensor<f32[2, 2, 4, 8]>, %k: !ng.tensor<f32[2, 2, 4, 8]>, %position_ids: !ng.tensor<i64[2, 4]>, %inv_freq: !ng.tensor<f32[4]>) -> (!ng.tensor<f32[2, 2, 4, 8]>, !ng.tensor<f32[2, 2, 4, 8]>) {
    %f0 = ng.call "torch.ops.aten.unsqueeze_copy.default"(self: %inv_freq, dim: 0) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[1, 4]>
    %f1 = ng.call "torch.ops.aten.unsqueeze_copy.default"(self: %f0, dim: 2) : (!ng.tensor<f32[1, 4]>) -> !ng.tensor<f32[1, 4, 1]>
    %f2 = ng.call "torch.ops.aten.expand_copy.default"(self: %f1, size: [2, -1, 1]) : (!ng.tensor<f32[1, 4, 1]>) -> !ng.tensor<f32[2, 4, 1]>
    %p0 = ng.call "torch.ops.aten.unsqueeze_copy.default"(self: %position_ids, dim: 1) : (!ng.tensor<i64[2, 4]>) -> !ng.tensor<i64[2, 1, 4]>
    %p1 = ng.call "torch.ops.aten._to_copy.default"(self: %p0, dtype: f32) : (!ng.tensor<i64[2, 1, 4]>) -> !ng.tensor<f32[2, 1, 4]>
    %m = ng.call "torch.ops.aten.bmm.default"(self: %f2, mat2: %p1) : (!ng.tensor<f32[2, 4, 1]>, !ng.tensor<f32[2, 1, 4]>) -> !ng.tensor<f32[2, 4, 4]>
    %freqs = ng.call "torch.ops.aten.permute_copy.default"(self: %m, dims: [0, 2, 1]) : (!ng.tensor<f32[2, 4, 4]>) -> !ng.tensor<f32[2, 4, 4]>
    %emb = ng.call "torch.ops.aten.cat.default"(tensors: [%freqs, %freqs], dim: -1) : (!ng.tensor<f32[2, 4, 4]>, !ng.tensor<f32[2, 4, 4]>) -> !ng.tensor<f32[2, 4, 8]>
    %c0 = ng.call "torch.ops.aten.cos.default"(self: %emb) : (!ng.tensor<f32[2, 4, 8]>) -> !ng.tensor<f32[2, 4, 8]>
    %s0 = ng.call "torch.ops.aten.sin.default"(self: %emb) : (!ng.tensor<f32[2, 4, 8]>) -> !ng.tensor<f32[2, 4, 8]>
    %c1 = ng.call "torch.ops.aten.mul.Tensor"(self: %c0, other: 0.5) : (!ng.tensor<f32[2, 4, 8]>) -> !ng.tensor<f32[2, 4, 8]>
    %s1 = ng.call "torch.ops.aten.mul.Tensor"(self: %s0, other: 0.5) : (!ng.tensor<f32[2, 4, 8]>) -> !ng.tensor<f32[2, 4, 8]>
    %cos = ng.call "torch.ops.aten.unsqueeze_copy.default"(self: %c1, dim: 1) : (!ng.tensor<f32[2, 4, 8]>) -> !ng.tensor<f32[2, 1, 4, 8]>
    %sin = ng.call "torch.ops.aten.unsqueeze_copy.default"(self: %s1, dim: 1) : (!ng.tensor<f32[2, 4, 8]>) -> !ng.tensor<f32[2, 1, 4, 8]>
    %qc = ng.call "torch.ops.aten.mul.Tensor"(self: %q, other: %cos) : (!ng.tensor<f32[2, 2, 4, 8]>, !ng.tensor<f32[2, 1, 4, 8]>) -> !ng.tensor<f32[2, 2, 4, 8]>
    %q1 = ng.call "torch.ops.aten.slice_copy.Tensor"(self: %q, dim: 3, start: 0, end: 4) : (!ng.tensor<f32[2, 2, 4, 8]>) -> !ng.tensor<f32[2, 2, 4, 4]>
    %q2 = ng.call "torch.ops.aten.slice_copy.Tensor"(self: %q, dim: 3, start: 4, end: 9223372036854775807) : (!ng.tensor<f32[2, 2, 4, 8]>) -> !ng.tensor<f32[2, 2, 4, 4]>
    %qn = ng.call "torch.ops.aten.neg.default"(self: %q2) : (!ng.tensor<f32[2, 2, 4, 4]>) -> !ng.tensor<f32[2, 2, 4, 4]>
    %qrh = ng.call "torch.ops.aten.cat.default"(tensors: [%qn, %q1], dim: -1) : (!ng.tensor<f32[2, 2, 4, 4]>, !ng.tensor<f32[2, 2, 4, 4]>) -> !ng.tensor<f32[2, 2, 4, 8]>
    %qs = ng.call "torch.ops.aten.mul.Tensor"(self: %qrh, other: %sin) : (!ng.tensor<f32[2, 2, 4, 8]>, !ng.tensor<f32[2, 1, 4, 8]>) -> !ng.tensor<f32[2, 2, 4, 8]>
    %q_embed = ng.call "torch.ops.aten.add.Tensor"(self: %qc, other: %qs) {node = "q_embed"} : (!ng.tensor<f32[2, 2, 4, 8]>, !ng.tensor<f32[2, 2, 4, 8]>) -> !ng.tensor<f32[2, 2, 4, 8]>
    %kc = ng.call "torch.ops.aten.mul.Tensor"(self: %k, other: %cos) : (!ng.tensor<f32[2, 2, 4, 8]>, !ng.tensor<f32[2, 1, 4, 8]>) -> !ng.tensor<f32[2, 2, 4, 8]>
    %k1 = ng.call "torch.ops.aten.slice_copy.Tensor"(self: %k, dim: 3, start: 0, end: 4) : (!ng.tensor<f32[2, 2, 4, 8]>) -> !ng.tensor<f32[2, 2, 4, 4]>
    %k2 = ng.call "torch.ops.aten.slice_copy.Tensor"(self: %k, dim: 3, start: 4, end: 9223372036854775807) : (!ng.tensor<f32[2, 2, 4, 8]>) -> !ng.tensor<f32[2, 2, 4, 4]>
    %kn = ng.call "torch.ops.aten.neg.default"(self: %k2) : (!ng.tensor<f32[2, 2, 4, 4]>) -> !ng.tensor<f32[2, 2, 4, 4]>
    %krh = ng.call "torch.ops.aten.cat.default"(tensors: [%kn, %k1], dim: -1) : (!ng.tensor<f32[2, 2, 4, 4]>, !ng.tensor<f32[2, 2, 4, 4]>) -> !ng.tensor<f32[2, 2, 4, 8]>
    %ks = ng.call "torch.ops.aten.mul.Tensor"(self: %krh, other: %sin) : (!ng.tensor<f32[2, 2, 4, 8]>, !ng.tensor<f32[2, 1, 4, 8]>) -> !ng.tensor<f32[2, 2, 4, 8]>
    %k_embed = ng.call "torch.ops.aten.add.Tensor"(self: %kc, other: %ks) {node = "k_embed"} : (!ng.tensor<f32[2, 2, 4, 8]>, !ng.tensor<f32[2, 2, 4, 8]>) -> !ng.tensor<f32[2, 2, 4, 8]>
    ng.output(%q_embed, %k_embed) : !ng.tensor<f32[2, 2, 4, 8]>, !ng.tensor<f32[2, 2, 4, 8]>
  }
  ng.method @cast(%q: !ng.tensor<f32[1, 2, 4, 8]>, %k: !ng.tensor<f32[1, 2, 4, 8]>, %position_ids: !ng.tensor<i64[1, 4]>, %inv_freq: !ng.tensor<f32[4]>) -> (!ng.tensor<f32[1, 2, 4, 8]>, !ng.tensor<f32[1, 2, 4, 8]>) {
    %f0 = ng.call "torch.ops.aten.unsqueeze.default"(self: %inv_freq, dim: 0) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[1, 4]> aliases %inv_freq
    %f1 = ng.call "torch.ops.aten.unsqueeze.default"(self: %f0, dim: 2) : (!ng.tensor<f32[1, 4]>) -> !ng.tensor<f32[1, 4, 1]> aliases %f0
    %f2 = ng.call "torch.ops.aten.expand.default"(self: %f1, size: [1, -1, 1]) : (!ng.tensor<f32[1, 4, 1]>) -> !ng.tensor<f32[1, 4, 1]> aliases %f1
    %p0 = ng.call "torch.ops.aten.unsqueeze.default"(self: %position_ids, dim: 1) : (!ng.tensor<i64[1, 4]>) -> !ng.tensor<i64[1, 1, 4]> aliases %position_ids
    %p1 = ng.call "torch.ops.aten._to_copy.default"(self: %p0, dtype: f32) : (!ng.tensor<i64[1, 1, 4]>) -> !ng.tensor<f32[1, 1, 4]>
    %m = ng.call "torch.ops.aten.matmul.default"(self: %f2, other: %p1) : (!ng.tensor<f32[1, 4, 1]>, !ng.tensor<f32[1, 1, 4]>) -> !ng.tensor<f32[1, 4, 4]>
    %freqs = ng.call "torch.ops.aten.transpose.int"(self: %m, dim0: 1, dim1: 2) : (!ng.tensor<f32[1, 4, 4]>) -> !ng.tensor<f32[1, 4, 4]> aliases %m
    %emb = ng.call "torch.ops.aten.cat.default"(tensors: [%freqs, %freqs], dim: -1) : (!ng.tensor<f32[1, 4, 4]>, !ng.tensor<f32[1, 4, 4]>) -> !ng.tensor<f32[1, 4, 8]>
    %c0 = ng.call "torch.ops.aten.cos.default"(self: %emb) : (!ng.tensor<f32[1, 4, 8]>) -> !ng.tensor<f32[1, 4, 8]>
    %s0 = ng.call "torch.ops.aten.sin.default"(self: %emb) : (!ng.tensor<f32[1, 4, 8]>) -> !ng.tensor<f32[1, 4, 8]>
    %c1 = ng.call "torch.ops.aten.mul.Tensor"(self: %c0, other: 0.7) : (!ng.tensor<f32[1, 4, 8]>) -> !ng.tensor<f32[1, 4, 8]>
    %s1 = ng.call "torch.ops.aten.mul.Tensor"(self: %s0, other: 0.7) : (!ng.tensor<f32[1, 4, 8]>) -> !ng.tensor<f32[1, 4, 8]>
    %c2 = ng.call "torch.ops.aten._to_copy.default"(self: %c1, dtype: f32) : (!ng.tensor<f32[1, 4, 8]>) -> !ng.tensor<f32[1, 4, 8]>
    %s2 = ng.call "torch.ops.aten._to_copy.default"(self: %s1, dtype: f32) : (!ng.tensor<f32[1, 4, 8]>) -> !ng.tensor<f32[1, 4, 8]>
    %cos = ng.call "torch.ops.aten.unsqueeze.default"(self: %c2, dim: 1) : (!ng.tensor<f32[1, 4, 8]>) -> !ng.tensor<f32[1, 1, 4, 8]> aliases %c2
    %sin = ng.call "torch.ops.aten.unsqueeze.default"(self: %s2, dim: 1) : (!ng.tensor<f32[1, 4, 8]>) -> !ng.tensor<f32[1, 1, 4, 8]> aliases %s2
    %qc = ng.call "torch.ops.aten.mul.Tensor"(self: %q, other: %cos) : (!ng.tensor<f32[1, 2, 4, 8]>, !ng.tensor<f32[1, 1, 4, 8]>) -> !ng.tensor<f32[1, 2, 4, 8]>
    %q1 = ng.call "torch.ops.aten.slice.Tensor"(self: %q, dim: 3, start: 0, end: 4) : (!ng.tensor<f32[1, 2, 4, 8]>) -> !ng.tensor<f32[1, 2, 4, 4]> aliases %q
    %q2 = ng.call "torch.ops.aten.slice.Tensor"(self: %q, dim: 3, start: 4, end: 9223372036854775807) : (!ng.tensor<f32[1, 2, 4, 8]>) -> !ng.tensor<f32[1, 2, 4, 4]> aliases %q
    %qn = ng.call "torch.ops.aten.neg.default"(self: %q2) : (!ng.tensor<f32[1, 2, 4, 4]>) -> !ng.tensor<f32[1, 2, 4, 4]>
    %qrh = ng.call "torch.ops.aten.cat.default"(tensors: [%qn, %q1], dim: -1) : (!ng.tensor<f32[1, 2, 4, 4]>, !ng.tensor<f32[1, 2, 4, 4]>) -> !ng.tensor<f32[1, 2, 4, 8]>
    %qs = ng.call "torch.ops.aten.mul.Tensor"(self: %qrh, other: %sin) : (!ng.tensor<f32[1, 2, 4, 8]>, !ng.tensor<f32[1, 1, 4, 8]>) -> !ng.tensor<f32[1, 2, 4, 8]>
    %q_embed = ng.call "torch.ops.aten.add.Tensor"(self: %qc, other: %qs) {node = "q_embed"} : (!ng.tensor<f32[1, 2, 4, 8]>, !ng.tensor<f32[1, 2, 4, 8]>) -> !ng.tensor<f32[1, 2, 4, 8]>
    %kc = ng.call "torch.ops.aten.mul.Tensor"(self: %k, other: %cos) : (!ng.tensor<f32[1, 2, 4, 8]>, !ng.tensor<f32[1, 1, 4, 8]>) -> !ng.tensor<f32[1, 2, 4, 8]>
    %k1 = ng.call "torch.ops.aten.slice.Tensor"(self: %k, dim: 3, start: 0, end: 4) : (!ng.tensor<f32[1, 2, 4, 8]>) -> !ng.tensor<f32[1, 2, 4, 4]> aliases %k
    %k2 = ng.call "torch.ops.aten.slice.Tensor"(self: %k, dim: 3, start: 4, end: 9223372036854775807) : (!ng.tensor<f32[1, 2, 4, 8]>) -> !ng.tensor<f32[1, 2, 4, 4]> aliases %k
    %kn = ng.call "torch.ops.aten.neg.default"(self: %k2) : (!ng.tensor<f32[1, 2, 4, 4]>) -> !ng.tensor<f32[1, 2, 4, 4]>
    %krh = ng.call "torch.ops.aten.cat.default"(tensors: [%kn, %k1], dim: -1) : (!ng.tensor<f32[1, 2, 4, 4]>, !ng.tensor<f32[1, 2, 4, 4]>) -> !ng.tensor<f32[1, 2, 4, 8]>
    %ks = ng.call "torch.ops.aten.mul.Tensor"(self: %krh, other: %sin) : (!ng.tensor<f32[1, 2, 4, 8]>, !ng.tensor<f32[1, 1, 4, 8]>) -> !ng.tensor<f32[1, 2, 4, 8]>
    %k_embed = ng.call "torch.ops.aten.add.Tensor"(self: %kc, other: %ks) {node = "k_embed"} : (!ng.tensor<f32[1, 2, 4, 8]>, !ng.tensor<f32[1, 2, 4, 8]>) -> !ng.tensor<f32[1, 2, 4, 8]>
    ng.output(%q_embed, %k_embed) : !ng.tensor<f32[1, 2, 4, 8]>, !ng.tensor<f32[1, 2, 4, 8]>
  }
  ng.method @partial(%q: !ng.tensor<f32[1, 2, 4, 12]>, %position_ids: !ng.tensor<i64[1, 4]>, %inv_freq: !ng.tensor<f32[4]>) -> !ng.tensor<f32[1, 2, 4, 12]> {
    %f0 = ng.call "torch.ops.aten.unsqueeze.default"(self: %inv_freq, dim: 0) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[1, 4]> aliases %inv_freq
    %f1 = ng.call "torch.ops.aten.unsqueeze.default"(self: %f0, dim: 2) : (!ng.tensor<f32[1, 4]>) -> !ng.tensor<f32[1, 4, 1]> aliases %f0
    %f2 = ng.call "torch.ops.aten.expand.default"(self: %f1, size: [1, -1, 1]) : (!ng.tensor<f32[1, 4, 1]>) -> !ng.tensor<f32[1, 4, 1]> aliases %f1
    %p0 = ng.call "torch.ops.aten.unsqueeze.default"(self: %position_ids, dim: 1) : (!ng.tensor<i64[1, 4]>) -> !ng.tensor<i64[1, 1, 4]> aliases %position_ids
    %p1 = ng.call "torch.ops.aten._to_copy.default"(self: %p0, dtype: f32) : (!ng.tensor<i64[1, 1, 4]>) -> !ng.tensor<f32[1, 1, 4]>
    %m = ng.call "torch.ops.aten.matmul.default"(self: %f2, other: %p1) : (!ng.tensor<f32[1, 4, 1]>, !ng.tensor<f32[1, 1, 4]>) -> !ng.tensor<f32[1, 4, 4]>
    %freqs = ng.call "torch.ops.aten.transpose.int"(self: %m, dim0: 1, dim1: 2) : (!ng.tensor<f32[1, 4, 4]>) -> !ng.tensor<f32[1, 4, 4]> aliases %m
    %emb = ng.call "torch.ops.aten.cat.default"(tensors: [%freqs, %freqs], dim: -1) : (!ng.tensor<f32[1, 4, 4]>, !ng.tensor<f32[1, 4, 4]>) -> !ng.tensor<f32[1, 4, 8]>
    %c0 = ng.call "torch.ops.aten.cos.default"(self: %emb) : (!ng.tensor<f32[1, 4, 8]>) -> !ng.tensor<f32[1, 4, 8]>
    %s0 = ng.call "torch.ops.aten.sin.default"(self: %emb) : (!ng.tensor<f32[1, 4, 8]>) -> !ng.tensor<f32[1, 4, 8]>
    %cos = ng.call "torch.ops.aten.unsqueeze.default"(self: %c0, dim: 1) : (!ng.tensor<f32[1, 4, 8]>) -> !ng.tensor<f32[1, 1, 4, 8]> aliases %c0
    %sin = ng.call "torch.ops.aten.unsqueeze.default"(self: %s0, dim: 1) : (!ng.tensor<f32[1, 4, 8]>) -> !ng.tensor<f32[1, 1, 4, 8]> aliases %s0
    %q_rot = ng.call "torch.ops.aten.slice.Tensor"(self: %q, dim: -1, start: 0, end: 8) : (!ng.tensor<f32[1, 2, 4, 12]>) -> !ng.tensor<f32[1, 2, 4, 8]> aliases %q
    %q_pass = ng.call "torch.ops.aten.slice.Tensor"(self: %q, dim: -1, start: 8, end: 9223372036854775807) : (!ng.tensor<f32[1, 2, 4, 12]>) -> !ng.tensor<f32[1, 2, 4, 4]> aliases %q
    %qc = ng.call "torch.ops.aten.mul.Tensor"(self: %q_rot, other: %cos) : (!ng.tensor<f32[1, 2, 4, 8]>, !ng.tensor<f32[1, 1, 4, 8]>) -> !ng.tensor<f32[1, 2, 4, 8]>
    %q1 = ng.call "torch.ops.aten.slice.Tensor"(self: %q_rot, dim: 3, start: 0, end: 4) : (!ng.tensor<f32[1, 2, 4, 8]>) -> !ng.tensor<f32[1, 2, 4, 4]> aliases %q_rot
    %q2 = ng.call "torch.ops.aten.slice.Tensor"(self: %q_rot, dim: 3, start: 4, end: 9223372036854775807) : (!ng.tensor<f32[1, 2, 4, 8]>) -> !ng.tensor<f32[1, 2, 4, 4]> aliases %q_rot
    %qn = ng.call "torch.ops.aten.neg.default"(self: %q2) : (!ng.tensor<f32[1, 2, 4, 4]>) -> !ng.tensor<f32[1, 2, 4, 4]>
    %qrh = ng.call "torch.ops.aten.cat.default"(tensors: [%qn, %q1], dim: -1) : (!ng.tensor<f32[1, 2, 4, 4]>, !ng.tensor<f32[1, 2, 4, 4]>) -> !ng.tensor<f32[1, 2, 4, 8]>
    %qs = ng.call "torch.ops.aten.mul.Tensor"(self: %qrh, other: %sin) : (!ng.tensor<f32[1, 2, 4, 8]>, !ng.tensor<f32[1, 1, 4, 8]>) -> !ng.tensor<f32[1, 2, 4, 8]>
    %q_embed = ng.call "torch.ops.aten.add.Tensor"(self: %qc, other: %qs) {node = "q_embed"} : (!ng.tensor<f32[1, 2, 4, 8]>, !ng.tensor<f32[1, 2, 4, 8]>) -> !ng.tensor<f32[1, 2, 4, 8]>
    %q_out = ng.call "torch.ops.aten.cat.default"(tensors: [%q_embed, %q_pass], dim: -1) : (!ng.tensor<f32[1, 2, 4, 8]>, !ng.tensor<f32[1, 2, 4, 4]>) -> !ng.tensor<f32[1, 2, 4, 12]>
    ng.output(%q_out) : !ng.tensor<f32[1, 2, 4, 12]>
  }
  ng.method @split3(%q: !ng.tensor<f32[1, 2, 4, 8]>, %position_ids: !ng.tensor<i64[1, 4]>, %inv_freq: !ng.tensor<f32[4]>) -> !ng.tensor<f32[1, 2, 4, 8]> {
    %f0 = ng.call "torch.ops.aten.unsqueeze.default"(self: %inv_freq, dim: 0) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[1, 4]> aliases %inv_freq
    %f1 = ng.call "torch.ops.aten.unsqueeze.default"(self: %f0, dim: 2) : (!ng.tensor<f32[1, 4]>) -> !ng.tensor<f32[1, 4, 1]> aliases %f0
    %f2 = ng.call "torch.ops.aten.expand.default"(self: %f1, size: [1, -1, 1]) : (!ng.tensor<f32[1, 4, 1]>) -> !ng.tensor<f32[1, 4, 1]> aliases %f1
    %p0 = ng.call "torch.ops.aten.unsqueeze.default"(self: %position_ids, dim: 1) : (!ng.tensor<i64[1, 4]>) -> !ng.tensor<i64[1, 1, 4]> aliases %position_ids
    %p1 = ng.call "torch.ops.aten._to_copy.default"(self: %p0, dtype: f32) : (!ng.tensor<i64[1, 1, 4]>) -> !ng.tensor<f32[1, 1, 4]>
    %m = ng.call "torch.ops.aten.matmul.default"(self: %f2, other: %p1) : (!ng.tensor<f32[1, 4, 1]>, !ng.tensor<f32[1, 1, 4]>) -> !ng.tensor<f32[1, 4, 4]>
    %freqs = ng.call "torch.ops.aten.transpose.int"(self: %m, dim0: 1, dim1: 2) : (!ng.tensor<f32[1, 4, 4]>) -> !ng.tensor<f32[1, 4, 4]> aliases %m
    %emb = ng.call "torch.ops.aten.cat.default"(tensors: [%freqs, %freqs], dim: -1) : (!ng.tensor<f32[1, 4, 4]>, !ng.tensor<f32[1, 4, 4]>) -> !ng.tensor<f32[1, 4, 8]>
    %c0 = ng.call "torch.ops.aten.cos.default"(self: %emb) : (!ng.tensor<f32[1, 4, 8]>) -> !ng.tensor<f32[1, 4, 8]>
    %s0 = ng.call "torch.ops.aten.sin.default"(self: %emb) : (!ng.tensor<f32[1, 4, 8]>) -> !ng.tensor<f32[1, 4, 8]>
    %cos = ng.call "torch.ops.aten.unsqueeze.default"(self: %c0, dim: 1) : (!ng.tensor<f32[1, 4, 8]>) -> !ng.tensor<f32[1, 1, 4, 8]> aliases %c0
    %sin = ng.call "torch.ops.aten.unsqueeze.default"(self: %s0, dim: 1) : (!ng.tensor<f32[1, 4, 8]>) -> !ng.tensor<f32[1, 1, 4, 8]> aliases %s0
    %qc = ng.call "torch.ops.aten.mul.Tensor"(self: %q, other: %cos) : (!ng.tensor<f32[1, 2, 4, 8]>, !ng.tensor<f32[1, 1, 4, 8]>) -> !ng.tensor<f32[1, 2, 4, 8]>
    %q1 = ng.call "torch.ops.aten.slice.Tensor"(self: %q, dim: 3, start: 0, end: 3) : (!ng.tensor<f32[1, 2, 4, 8]>) -> !ng.tensor<f32[1, 2, 4, 3]> aliases %q
    %q2 = ng.call "torch.ops.aten.slice.Tensor"(self: %q, dim: 3, start: 3, end: 9223372036854775807) : (!ng.tensor<f32[1, 2, 4, 8]>) -> !ng.tensor<f32[1, 2, 4, 5]> aliases %q
    %qn = ng.call "torch.ops.aten.neg.default"(self: %q2) : (!ng.tensor<f32[1, 2, 4, 5]>) -> !ng.tensor<f32[1, 2, 4, 5]>
    %qrh = ng.call "torch.ops.aten.cat.default"(tensors: [%qn, %q1], dim: -1) : (!ng.tensor<f32[1, 2, 4, 5]>, !ng.tensor<f32[1, 2, 4, 3]>) -> !ng.tensor<f32[1, 2, 4, 8]>
    %qs = ng.call "torch.ops.aten.mul.Tensor"(self: %qrh, other: %sin) : (!ng.tensor<f32[1, 2, 4, 8]>, !ng.tensor<f32[1, 1, 4, 8]>) -> !ng.tensor<f32[1, 2, 4, 8]>
    %q_embed = ng.call "torch.ops.aten.add.Tensor"(self: %qc, other: %qs) {node = "q_embed"} : (!ng.tensor<f32[1, 2, 4, 8]>, !ng.tensor<f32[1, 2, 4, 8]>) -> !ng.tensor<f32[1, 2, 4, 8]>
    ng.output(%q_embed) : !ng.tensor<f32[1, 2, 4, 8]>
  }
  ng.method @scales(%q: !ng.tensor<f32[1, 2, 4, 8]>, %position_ids: !ng.tensor<i64[1, 4]>, %inv_freq: !ng.tensor<f32[4]>) -> !ng.tensor<f32[1, 2, 4, 8]> {
    %f0 = ng.call "torch.ops.aten.unsqueeze.default"(self: %inv_freq, dim: 0) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[1, 4]> aliases %inv_freq
    %f1 = ng.call "torch.ops.aten.unsqueeze.default"(self: %f0, dim: 2) : (!ng.tensor<f32[1, 4]>) -> !ng.tensor<f32[1, 4, 1]> aliases %f0
    %f2 = ng.call "torch.ops.aten.expand.default"(self: %f1, size: [1, -1, 1]) : (!ng.tensor<f32[1, 4, 1]>) -> !ng.tensor<f32[1, 4, 1]> aliases %f1
    %p0 = ng.call "torch.ops.aten.unsqueeze.default"(self: %position_ids, dim: 1) : (!ng.tensor<i64[1, 4]>) -> !ng.tensor<i64[1, 1, 4]> aliases %position_ids
    %p1 = ng.call "torch.ops.aten._to_copy.default"(self: %p0, dtype: f32) : (!ng.tensor<i64[1, 1, 4]>) -> !ng.tensor<f32[1, 1, 4]>
    %m = ng.call "torch.ops.aten.matmul.default"(self: %f2, other: %p1) : (!ng.tensor<f32[1, 4, 1]>, !ng.tensor<f32[1, 1, 4]>) -> !ng.tensor<f32[1, 4, 4]>
    %freqs = ng.call "torch.ops.aten.transpose.int"(self: %m, dim0: 1, dim1: 2) : (!ng.tensor<f32[1, 4, 4]>) -> !ng.tensor<f32[1, 4, 4]> aliases %m
    %emb = ng.call "torch.ops.aten.cat.default"(tensors: [%freqs, %freqs], dim: -1) : (!ng.tensor<f32[1, 4, 4]>, !ng.tensor<f32[1, 4, 4]>) -> !ng.tensor<f32[1, 4, 8]>
    %c0 = ng.call "torch.ops.aten.cos.default"(self: %emb) : (!ng.tensor<f32[1, 4, 8]>) -> !ng.tensor<f32[1, 4, 8]>
    %s0 = ng.call "torch.ops.aten.sin.default"(self: %emb) : (!ng.tensor<f32[1, 4, 8]>) -> !ng.tensor<f32[1, 4, 8]>
    %c1 = ng.call "torch.ops.aten.mul.Tensor"(self: %c0, other: 0.7) : (!ng.tensor<f32[1, 4, 8]>) -> !ng.tensor<f32[1, 4, 8]>
    %s1 = ng.call "torch.ops.aten.mul.Tensor"(self: %s0, other: 0.5) : (!ng.tensor<f32[1, 4, 8]>) -> !ng.tensor<f32[1, 4, 8]>
    %cos = ng.call "torch.ops.aten.unsqueeze.default"(self: %c1, dim: 1) : (!ng.tensor<f32[1, 4, 8]>) -> !ng.tensor<f32[1, 1, 4, 8]> aliases %c1
    %sin = ng.call "torch.ops.aten.unsqueeze.default"(self: %s1, dim: 1) : (!ng.tensor<f32[1, 4, 8]>) -> !ng.tensor<f32[1, 1, 4, 8]> aliases %s1
    %qc = ng.call "torch.ops.aten.mul.Tensor"(self: %q, other: %cos) : (!ng.tensor<f32[1, 2, 4, 8]>, !ng.tensor<f32[1, 1, 4, 8]>) -> !ng.tensor<f32[1, 2, 4, 8]>
    %q1 = ng.call "torch.ops.aten.slice.Tensor"(self: %q, dim: 3, start: 0, end: 4) : (!ng.tensor<f32[1, 2, 4, 8]>) -> !ng.tensor<f32[1, 2, 4, 4]> aliases %q
    %q2 = ng.call "torch.ops.aten.slice.Tensor"(self: %q, dim: 3, start: 4, end: 9223372036854775807) : (!ng.tensor<f32[1, 2, 4, 8]>) -> !ng.tensor<f32[1, 2, 4, 4]> aliases %q
    %qn = ng.call "torch.ops.aten.neg.default"(self: %q2) : (!ng.tensor<f32[1, 2, 4, 4]>) -> !ng.tensor<f32[1, 2, 4, 4]>
    %qrh = ng.call "torch.ops.aten.cat.default"(tensors: [%qn, %q1], dim: -1) : (!ng.tensor<f32[1, 2, 4, 4]>, !ng.tensor<f32[1, 2, 4, 4]>) -> !ng.tensor<f32[1, 2, 4, 8]>
    %qs = ng.call "torch.ops.aten.mul.Tensor"(self: %qrh, other: %sin) : (!ng.tensor<f32[1, 2, 4, 8]>, !ng.tensor<f32[1, 1, 4, 8]>) -> !ng.tensor<f32[1, 2, 4, 8]>
    %q_embed = ng.call "torch.ops.aten.add.Tensor"(self: %qc, other: %qs) {node = "q_embed"} : (!ng.tensor<f32[1, 2, 4, 8]>, !ng.tensor<f32[1, 2, 4, 8]>) -> !ng.tensor<f32[1, 2, 4, 8]>
    ng.output(%q_embed) : !ng.tensor<f32[1, 2, 4, 8]>
  }
  ng.method @extra_use(%q: !ng.tensor<f32[1, 2, 4, 8]>, %position_ids: !ng.tensor<i64[1, 4]>, %inv_freq: !ng.tensor<f32[4]>) -> (!ng.tensor<f32[1, 2, 4, 8]>, !ng.tensor<f32[1, 2, 4, 8]>) {
    %f0 = ng.call "torch.ops.aten.unsqueeze.default"(self: %inv_freq, dim: 0) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[1, 4]> aliases %inv_freq
    %f1 = ng.call "torch.ops.aten.unsqueeze.default"(self: %f0, dim: 2) : (!ng.tensor<f32[1, 4]>) -> !ng.tensor<f32[1, 4, 1]> aliases %f0
    %f2 = ng.call "torch.ops.aten.expand.default"(self: %f1, size: [1, -1, 1]) : (!ng.tensor<f32[1, 4, 1]>) -> !ng.tensor<f32[1, 4, 1]> aliases %f1
    %p0 = ng.call "torch.ops.aten.unsqueeze.default"(self: %position_ids, dim: 1) : (!ng.tensor<i64[1, 4]>) -> !ng.tensor<i64[1, 1, 4]> aliases %position_ids
    %p1 = ng.call "torch.ops.aten._to_copy.default"(self: %p0, dtype: f32) : (!ng.tensor<i64[1, 1, 4]>) -> !ng.tensor<f32[1, 1, 4]>
    %m = ng.call "torch.ops.aten.matmul.default"(self: %f2, other: %p1) : (!ng.tensor<f32[1, 4, 1]>, !ng.tensor<f32[1, 1, 4]>) -> !ng.tensor<f32[1, 4, 4]>
    %freqs = ng.call "torch.ops.aten.transpose.int"(self: %m, dim0: 1, dim1: 2) : (!ng.tensor<f32[1, 4, 4]>) -> !ng.tensor<f32[1, 4, 4]> aliases %m
    %emb = ng.call "torch.ops.aten.cat.default"(tensors: [%freqs, %freqs], dim: -1) : (!ng.tensor<f32[1, 4, 4]>, !ng.tensor<f32[1, 4, 4]>) -> !ng.tensor<f32[1, 4, 8]>
    %c0 = ng.call "torch.ops.aten.cos.default"(self: %emb) : (!ng.tensor<f32[1, 4, 8]>) -> !ng.tensor<f32[1, 4, 8]>
    %s0 = ng.call "torch.ops.aten.sin.default"(self: %emb) : (!ng.tensor<f32[1, 4, 8]>) -> !ng.tensor<f32[1, 4, 8]>
    %cos = ng.call "torch.ops.aten.unsqueeze.default"(self: %c0, dim: 1) : (!ng.tensor<f32[1, 4, 8]>) -> !ng.tensor<f32[1, 1, 4, 8]> aliases %c0
    %sin = ng.call "torch.ops.aten.unsqueeze.default"(self: %s0, dim: 1) : (!ng.tensor<f32[1, 4, 8]>) -> !ng.tensor<f32[1, 1, 4, 8]> aliases %s0
    %qc = ng.call "torch.ops.aten.mul.Tensor"(self: %q, other: %cos) : (!ng.tensor<f32[1, 2, 4, 8]>, !ng.tensor<f32[1, 1, 4, 8]>) -> !ng.tensor<f32[1, 2, 4, 8]>
    %q1 = ng.call "torch.ops.aten.slice.Tensor"(self: %q, dim: 3, start: 0, end: 4) : (!ng.tensor<f32[1, 2, 4, 8]>) -> !ng.tensor<f32[1, 2, 4, 4]> aliases %q
    %q2 = ng.call "torch.ops.aten.slice.Tensor"(self: %q, dim: 3, start: 4, end: 9223372036854775807) : (!ng.tensor<f32[1, 2, 4, 8]>) -> !ng.tensor<f32[1, 2, 4, 4]> aliases %q
    %qn = ng.call "torch.ops.aten.neg.default"(self: %q2) : (!ng.tensor<f32[1, 2, 4, 4]>) -> !ng.tensor<f32[1, 2, 4, 4]>
    %qrh = ng.call "torch.ops.aten.cat.default"(tensors: [%qn, %q1], dim: -1) : (!ng.tensor<f32[1, 2, 4, 4]>, !ng.tensor<f32[1, 2, 4, 4]>) -> !ng.tensor<f32[1, 2, 4, 8]>
    %qs = ng.call "torch.ops.aten.mul.Tensor"(self: %qrh, other: %sin) : (!ng.tensor<f32[1, 2, 4, 8]>, !ng.tensor<f32[1, 1, 4, 8]>) -> !ng.tensor<f32[1, 2, 4, 8]>
    %q_embed = ng.call "torch.ops.aten.add.Tensor"(self: %qc, other: %qs) {node = "q_embed"} : (!ng.tensor<f32[1, 2, 4, 8]>, !ng.tensor<f32[1, 2, 4, 8]>) -> !ng.tensor<f32[1, 2, 4, 8]>
    ng.output(%q_embed, %qrh) : !ng.tensor<f32[1, 2, 4, 8]>, !ng.tensor<f32[1, 2, 4, 8]>
  }
}
