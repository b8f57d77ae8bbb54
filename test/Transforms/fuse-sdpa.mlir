// --ng-fuse-sdpa: exported eager attention, softmax(q @ k^T * scale
// [+ mask]) @ v, becomes aten.scaled_dot_product_attention; a mask the IR
// proves causal becomes is_causal. Look-alikes stay, with a remark where the
// chain is a softmax's feeding the last matmul but a condition fails (a
// matmul of no softmax is no candidate: no remark). q [1, 2, L=4, E=8],
// k [1, 2, S=6, 8], v [1, 2, 6, Ev=5] unless said. fuse-sdpa-execution.test
// runs each against its fused form with ng-run --compare.
// RUN: ng-opt %s -split-input-file --ng-fuse-sdpa | FileCheck %s
// RUN: ng-opt %s -split-input-file --ng-fuse-sdpa=report=true -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// Idempotent: a second run changes nothing.
// RUN: ng-opt %s -split-input-file --ng-fuse-sdpa > %t.once.mlir
// RUN: ng-opt %t.once.mlir -split-input-file --ng-fuse-sdpa | diff %t.once.mlir -

// HuggingFace's eager attention on f32: q @ k^T * scale + mask, _softmax, @ v.
// CHECK-LABEL: ng.method @hf_eager
// CHECK: %o = ng.call "torch.ops.aten.scaled_dot_product_attention.default"(query: %q, key: %k, value: %v, attn_mask: %mask, dropout_p: 0.0, is_causal: false, scale: 0.35355339059327373) {node = "attn"}
// CHECK-NEXT: ng.output(%o)
// REMARK: remark: fused the attention of 'q' into aten.scaled_dot_product_attention (scale 0.353553, mask 'mask')
ng.method @hf_eager(%q: !ng.tensor<f32[1, 2, 4, 8]>, %k: !ng.tensor<f32[1, 2, 6, 8]>, %v: !ng.tensor<f32[1, 2, 6, 5]>, %mask: !ng.tensor<f32[1, 1, 4, 6]>) -> !ng.tensor<f32[1, 2, 4, 5]> {
  %kt = ng.call "torch.ops.aten.transpose.int"(self: %k, dim0: 2, dim1: 3) : (!ng.tensor<f32[1, 2, 6, 8]>) -> !ng.tensor<f32[1, 2, 8, 6], dim_order = [0, 1, 3, 2]> aliases %k
  %s = ng.call "torch.ops.aten.matmul.default"(self: %q, other: %kt) : (!ng.tensor<f32[1, 2, 4, 8]>, !ng.tensor<f32[1, 2, 8, 6], dim_order = [0, 1, 3, 2]>) -> !ng.tensor<f32[1, 2, 4, 6]>
  %ss = ng.call "torch.ops.aten.mul.Tensor"(self: %s, other: 0.35355339059327373) : (!ng.tensor<f32[1, 2, 4, 6]>) -> !ng.tensor<f32[1, 2, 4, 6]>
  %sm = ng.call "torch.ops.aten.add.Tensor"(self: %ss, other: %mask, alpha: 1) : (!ng.tensor<f32[1, 2, 4, 6]>, !ng.tensor<f32[1, 1, 4, 6]>) -> !ng.tensor<f32[1, 2, 4, 6]>
  %p = ng.call "torch.ops.aten._softmax.default"(self: %sm, dim: -1, half_to_float: false) : (!ng.tensor<f32[1, 2, 4, 6]>) -> !ng.tensor<f32[1, 2, 4, 6]>
  %o = ng.call "torch.ops.aten.matmul.default"(self: %p, other: %v) {node = "attn"} : (!ng.tensor<f32[1, 2, 4, 6]>, !ng.tensor<f32[1, 2, 6, 5]>) -> !ng.tensor<f32[1, 2, 4, 5]>
  ng.output(%o) : !ng.tensor<f32[1, 2, 4, 5]>
}

// -----

// HuggingFace's eager attention on bf16: softmax(..., dtype=f32).to(bf16), the mask on the add's left.
// CHECK-LABEL: ng.method @hf_upcast
// CHECK: %o = ng.call "torch.ops.aten.scaled_dot_product_attention.default"(query: %q, key: %k, value: %v, attn_mask: %mask, dropout_p: 0.0, is_causal: false, scale: 0.35355339059327373) {node = "attn"}
// CHECK-NEXT: ng.output(%o)
// REMARK: remark: fused the attention of 'q' into aten.scaled_dot_product_attention (scale 0.353553, mask 'mask')
ng.method @hf_upcast(%q: !ng.tensor<bf16[1, 2, 4, 8]>, %k: !ng.tensor<bf16[1, 2, 6, 8]>, %v: !ng.tensor<bf16[1, 2, 6, 5]>, %mask: !ng.tensor<bf16[4, 6]>) -> !ng.tensor<bf16[1, 2, 4, 5]> {
  %kt = ng.call "torch.ops.aten.transpose.int"(self: %k, dim0: -2, dim1: -1) : (!ng.tensor<bf16[1, 2, 6, 8]>) -> !ng.tensor<bf16[1, 2, 8, 6], dim_order = [0, 1, 3, 2]> aliases %k
  %s = ng.call "torch.ops.aten.matmul.default"(self: %q, other: %kt) : (!ng.tensor<bf16[1, 2, 4, 8]>, !ng.tensor<bf16[1, 2, 8, 6], dim_order = [0, 1, 3, 2]>) -> !ng.tensor<bf16[1, 2, 4, 6]>
  %ss = ng.call "torch.ops.aten.mul.Tensor"(self: %s, other: 0.35355339059327373) : (!ng.tensor<bf16[1, 2, 4, 6]>) -> !ng.tensor<bf16[1, 2, 4, 6]>
  %sm = ng.call "torch.ops.aten.add.Tensor"(self: %mask, other: %ss, alpha: 1) : (!ng.tensor<bf16[4, 6]>, !ng.tensor<bf16[1, 2, 4, 6]>) -> !ng.tensor<bf16[1, 2, 4, 6]>
  %s32 = ng.call "torch.ops.aten._to_copy.default"(self: %sm, dtype: f32) : (!ng.tensor<bf16[1, 2, 4, 6]>) -> !ng.tensor<f32[1, 2, 4, 6]>
  %p32 = ng.call "torch.ops.aten._softmax.default"(self: %s32, dim: -1, half_to_float: false) : (!ng.tensor<f32[1, 2, 4, 6]>) -> !ng.tensor<f32[1, 2, 4, 6]>
  %p = ng.call "torch.ops.aten._to_copy.default"(self: %p32, dtype: bf16) : (!ng.tensor<f32[1, 2, 4, 6]>) -> !ng.tensor<bf16[1, 2, 4, 6]>
  %o = ng.call "torch.ops.aten.matmul.default"(self: %p, other: %v) {node = "attn"} : (!ng.tensor<bf16[1, 2, 4, 6]>, !ng.tensor<bf16[1, 2, 6, 5]>) -> !ng.tensor<bf16[1, 2, 4, 5]>
  ng.output(%o) : !ng.tensor<bf16[1, 2, 4, 5]>
}

// -----

// The edge forms: transpose_copy, div by sqrt(E) (scale 1 / divisor), softmax.int, a same-sizes view_copy.
// CHECK-LABEL: ng.method @copy_forms
// CHECK: %o = ng.call "torch.ops.aten.scaled_dot_product_attention.default"(query: %q, key: %k, value: %v, attn_mask: none, dropout_p: 0.0, is_causal: false, scale: 0.35355339059327373) {node = "attn"}
// CHECK-NEXT: ng.output(%o)
// REMARK: remark: fused the attention of 'q' into aten.scaled_dot_product_attention (scale 0.353553)
ng.method @copy_forms(%q: !ng.tensor<f32[1, 2, 4, 8]>, %k: !ng.tensor<f32[1, 2, 6, 8]>, %v: !ng.tensor<f32[1, 2, 6, 5]>) -> !ng.tensor<f32[1, 2, 4, 5]> {
  %kt = ng.call "torch.ops.aten.transpose_copy.int"(self: %k, dim0: 3, dim1: 2) : (!ng.tensor<f32[1, 2, 6, 8]>) -> !ng.tensor<f32[1, 2, 8, 6]>
  %s = ng.call "torch.ops.aten.matmul.default"(self: %q, other: %kt) : (!ng.tensor<f32[1, 2, 4, 8]>, !ng.tensor<f32[1, 2, 8, 6]>) -> !ng.tensor<f32[1, 2, 4, 6]>
  %ss = ng.call "torch.ops.aten.div.Tensor"(self: %s, other: 2.8284271247461903) : (!ng.tensor<f32[1, 2, 4, 6]>) -> !ng.tensor<f32[1, 2, 4, 6]>
  %sv = ng.call "torch.ops.aten.view_copy.default"(self: %ss, size: [1, 2, 4, 6]) : (!ng.tensor<f32[1, 2, 4, 6]>) -> !ng.tensor<f32[1, 2, 4, 6]>
  %p = ng.call "torch.ops.aten.softmax.int"(self: %sv, dim: 3, dtype: none) : (!ng.tensor<f32[1, 2, 4, 6]>) -> !ng.tensor<f32[1, 2, 4, 6]>
  %o = ng.call "torch.ops.aten.matmul.default"(self: %p, other: %v) {node = "attn"} : (!ng.tensor<f32[1, 2, 4, 6]>, !ng.tensor<f32[1, 2, 6, 5]>) -> !ng.tensor<f32[1, 2, 4, 5]>
  ng.output(%o) : !ng.tensor<f32[1, 2, 4, 5]>
}

// -----

// 3-D: bmm, k permuted [0, 2, 1], no scale (scale 1).
// CHECK-LABEL: ng.method @bmm_permute
// CHECK: %o = ng.call "torch.ops.aten.scaled_dot_product_attention.default"(query: %q, key: %k, value: %v, attn_mask: none, dropout_p: 0.0, is_causal: false, scale: 1.0) {node = "attn"}
// CHECK-NEXT: ng.output(%o)
// REMARK: remark: fused the attention of 'q' into aten.scaled_dot_product_attention (scale 1)
ng.method @bmm_permute(%q: !ng.tensor<f32[2, 4, 8]>, %k: !ng.tensor<f32[2, 6, 8]>, %v: !ng.tensor<f32[2, 6, 5]>) -> !ng.tensor<f32[2, 4, 5]> {
  %kt = ng.call "torch.ops.aten.permute_copy.default"(self: %k, dims: [0, -1, 1]) : (!ng.tensor<f32[2, 6, 8]>) -> !ng.tensor<f32[2, 8, 6]>
  %s = ng.call "torch.ops.aten.bmm.default"(self: %q, mat2: %kt) : (!ng.tensor<f32[2, 4, 8]>, !ng.tensor<f32[2, 8, 6]>) -> !ng.tensor<f32[2, 4, 6]>
  %p = ng.call "torch.ops.aten._softmax.default"(self: %s, dim: 2, half_to_float: false) : (!ng.tensor<f32[2, 4, 6]>) -> !ng.tensor<f32[2, 4, 6]>
  %o = ng.call "torch.ops.aten.bmm.default"(self: %p, mat2: %v) {node = "attn"} : (!ng.tensor<f32[2, 4, 6]>, !ng.tensor<f32[2, 6, 5]>) -> !ng.tensor<f32[2, 4, 5]>
  ng.output(%o) : !ng.tensor<f32[2, 4, 5]>
}

// -----

// A causal mask the IR proves, triu(full([L, S], -inf), 1) unsqueezed to [1, 1, L, S], read by two attentions: is_causal, and the mask's ops die with the second.
// CHECK-LABEL: ng.method @causal_triu
// CHECK-NOT: aten.triu
// CHECK: %o = ng.call "torch.ops.aten.scaled_dot_product_attention.default"(query: %q, key: %k, value: %v, attn_mask: none, dropout_p: 0.0, is_causal: true, scale: 0.35355339059327373) {node = "attn"}
// CHECK-NEXT: %o2 = ng.call "torch.ops.aten.scaled_dot_product_attention.default"(query: %q2, key: %k, value: %v, attn_mask: none, dropout_p: 0.0, is_causal: true, scale: 0.35355339059327373) {node = "attn2"}
// CHECK-NEXT: ng.output(%o, %o2)
// REMARK: remark: fused the attention of 'q' into aten.scaled_dot_product_attention (scale 0.353553, causal)
// REMARK: remark: fused the attention of 'q2' into aten.scaled_dot_product_attention (scale 0.353553, causal)
ng.method @causal_triu(%q: !ng.tensor<f32[1, 2, 4, 8]>, %k: !ng.tensor<f32[1, 2, 6, 8]>, %v: !ng.tensor<f32[1, 2, 6, 5]>, %q2: !ng.tensor<f32[1, 2, 4, 8]>) -> (!ng.tensor<f32[1, 2, 4, 5]>, !ng.tensor<f32[1, 2, 4, 5]>) {
  %full = ng.call "torch.ops.aten.full.default"(size: [4, 6], fill_value: -inf, dtype: f32) : () -> !ng.tensor<f32[4, 6]>
  %upper = ng.call "torch.ops.aten.triu.default"(self: %full, diagonal: 1) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[4, 6]>
  %m1 = ng.call "torch.ops.aten.unsqueeze.default"(self: %upper, dim: 0) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[1, 4, 6]> aliases %upper
  %mask = ng.call "torch.ops.aten.unsqueeze.default"(self: %m1, dim: 0) : (!ng.tensor<f32[1, 4, 6]>) -> !ng.tensor<f32[1, 1, 4, 6]> aliases %m1
  %kt = ng.call "torch.ops.aten.transpose.int"(self: %k, dim0: 2, dim1: 3) : (!ng.tensor<f32[1, 2, 6, 8]>) -> !ng.tensor<f32[1, 2, 8, 6], dim_order = [0, 1, 3, 2]> aliases %k
  %s = ng.call "torch.ops.aten.matmul.default"(self: %q, other: %kt) : (!ng.tensor<f32[1, 2, 4, 8]>, !ng.tensor<f32[1, 2, 8, 6], dim_order = [0, 1, 3, 2]>) -> !ng.tensor<f32[1, 2, 4, 6]>
  %ss = ng.call "torch.ops.aten.mul.Tensor"(self: %s, other: 0.35355339059327373) : (!ng.tensor<f32[1, 2, 4, 6]>) -> !ng.tensor<f32[1, 2, 4, 6]>
  %sm = ng.call "torch.ops.aten.add.Tensor"(self: %ss, other: %mask, alpha: 1) : (!ng.tensor<f32[1, 2, 4, 6]>, !ng.tensor<f32[1, 1, 4, 6]>) -> !ng.tensor<f32[1, 2, 4, 6]>
  %p = ng.call "torch.ops.aten._softmax.default"(self: %sm, dim: -1, half_to_float: false) : (!ng.tensor<f32[1, 2, 4, 6]>) -> !ng.tensor<f32[1, 2, 4, 6]>
  %o = ng.call "torch.ops.aten.matmul.default"(self: %p, other: %v) {node = "attn"} : (!ng.tensor<f32[1, 2, 4, 6]>, !ng.tensor<f32[1, 2, 6, 5]>) -> !ng.tensor<f32[1, 2, 4, 5]>
  %kt2 = ng.call "torch.ops.aten.transpose.int"(self: %k, dim0: 2, dim1: 3) : (!ng.tensor<f32[1, 2, 6, 8]>) -> !ng.tensor<f32[1, 2, 8, 6], dim_order = [0, 1, 3, 2]> aliases %k
  %s2 = ng.call "torch.ops.aten.matmul.default"(self: %q2, other: %kt2) : (!ng.tensor<f32[1, 2, 4, 8]>, !ng.tensor<f32[1, 2, 8, 6], dim_order = [0, 1, 3, 2]>) -> !ng.tensor<f32[1, 2, 4, 6]>
  %ss2 = ng.call "torch.ops.aten.mul.Tensor"(self: %s2, other: 0.35355339059327373) : (!ng.tensor<f32[1, 2, 4, 6]>) -> !ng.tensor<f32[1, 2, 4, 6]>
  %sm2 = ng.call "torch.ops.aten.add.Tensor"(self: %ss2, other: %mask, alpha: 1) : (!ng.tensor<f32[1, 2, 4, 6]>, !ng.tensor<f32[1, 1, 4, 6]>) -> !ng.tensor<f32[1, 2, 4, 6]>
  %p2 = ng.call "torch.ops.aten._softmax.default"(self: %sm2, dim: -1, half_to_float: false) : (!ng.tensor<f32[1, 2, 4, 6]>) -> !ng.tensor<f32[1, 2, 4, 6]>
  %o2 = ng.call "torch.ops.aten.matmul.default"(self: %p2, other: %v) {node = "attn2"} : (!ng.tensor<f32[1, 2, 4, 6]>, !ng.tensor<f32[1, 2, 6, 5]>) -> !ng.tensor<f32[1, 2, 4, 5]>
  ng.output(%o, %o2) : !ng.tensor<f32[1, 2, 4, 5]>, !ng.tensor<f32[1, 2, 4, 5]>
}

// -----

// A causal mask as where(tril(ones([L, S], bool)), scalar_tensor(0), scalar_tensor(-inf)): is_causal.
// CHECK-LABEL: ng.method @causal_where
// CHECK-NOT: aten.where
// CHECK: %o = ng.call "torch.ops.aten.scaled_dot_product_attention.default"(query: %q, key: %k, value: %v, attn_mask: none, dropout_p: 0.0, is_causal: true, scale: 0.35355339059327373) {node = "attn"}
// CHECK-NEXT: ng.output(%o)
// REMARK: remark: fused the attention of 'q' into aten.scaled_dot_product_attention (scale 0.353553, causal)
ng.method @causal_where(%q: !ng.tensor<f32[1, 2, 4, 8]>, %k: !ng.tensor<f32[1, 2, 6, 8]>, %v: !ng.tensor<f32[1, 2, 6, 5]>) -> !ng.tensor<f32[1, 2, 4, 5]> {
  %ones = ng.call "torch.ops.aten.ones.default"(size: [4, 6], dtype: i1) : () -> !ng.tensor<i1[4, 6]>
  %lower = ng.call "torch.ops.aten.tril.default"(self: %ones) : (!ng.tensor<i1[4, 6]>) -> !ng.tensor<i1[4, 6]>
  %zero = ng.call "torch.ops.aten.scalar_tensor.default"(s: 0.0, dtype: f32) : () -> !ng.tensor<f32[]>
  %ninf = ng.call "torch.ops.aten.scalar_tensor.default"(s: -inf, dtype: f32) : () -> !ng.tensor<f32[]>
  %m2 = ng.call "torch.ops.aten.where.self"(condition: %lower, self: %zero, other: %ninf) : (!ng.tensor<i1[4, 6]>, !ng.tensor<f32[]>, !ng.tensor<f32[]>) -> !ng.tensor<f32[4, 6]>
  %m1 = ng.call "torch.ops.aten.unsqueeze.default"(self: %m2, dim: 0) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[1, 4, 6]> aliases %m2
  %mask = ng.call "torch.ops.aten.unsqueeze.default"(self: %m1, dim: 0) : (!ng.tensor<f32[1, 4, 6]>) -> !ng.tensor<f32[1, 1, 4, 6]> aliases %m1
  %kt = ng.call "torch.ops.aten.transpose.int"(self: %k, dim0: 2, dim1: 3) : (!ng.tensor<f32[1, 2, 6, 8]>) -> !ng.tensor<f32[1, 2, 8, 6], dim_order = [0, 1, 3, 2]> aliases %k
  %s = ng.call "torch.ops.aten.matmul.default"(self: %q, other: %kt) : (!ng.tensor<f32[1, 2, 4, 8]>, !ng.tensor<f32[1, 2, 8, 6], dim_order = [0, 1, 3, 2]>) -> !ng.tensor<f32[1, 2, 4, 6]>
  %ss = ng.call "torch.ops.aten.mul.Tensor"(self: %s, other: 0.35355339059327373) : (!ng.tensor<f32[1, 2, 4, 6]>) -> !ng.tensor<f32[1, 2, 4, 6]>
  %sm = ng.call "torch.ops.aten.add.Tensor"(self: %ss, other: %mask, alpha: 1) : (!ng.tensor<f32[1, 2, 4, 6]>, !ng.tensor<f32[1, 1, 4, 6]>) -> !ng.tensor<f32[1, 2, 4, 6]>
  %p = ng.call "torch.ops.aten._softmax.default"(self: %sm, dim: -1, half_to_float: false) : (!ng.tensor<f32[1, 2, 4, 6]>) -> !ng.tensor<f32[1, 2, 4, 6]>
  %o = ng.call "torch.ops.aten.matmul.default"(self: %p, other: %v) {node = "attn"} : (!ng.tensor<f32[1, 2, 4, 6]>, !ng.tensor<f32[1, 2, 6, 5]>) -> !ng.tensor<f32[1, 2, 4, 5]>
  ng.output(%o) : !ng.tensor<f32[1, 2, 4, 5]>
}

// -----

// triu(full(-inf), 2) is not the causal mask: fused, the mask kept as attn_mask.
// CHECK-LABEL: ng.method @not_causal
// CHECK: aten.triu
// CHECK: %o = ng.call "torch.ops.aten.scaled_dot_product_attention.default"(query: %q, key: %k, value: %v, attn_mask: %mask, dropout_p: 0.0, is_causal: false, scale: 0.35355339059327373) {node = "attn"}
// REMARK: remark: fused the attention of 'q' into aten.scaled_dot_product_attention (scale 0.353553, mask 'mask')
ng.method @not_causal(%q: !ng.tensor<f32[1, 2, 4, 8]>, %k: !ng.tensor<f32[1, 2, 6, 8]>, %v: !ng.tensor<f32[1, 2, 6, 5]>) -> !ng.tensor<f32[1, 2, 4, 5]> {
  %full = ng.call "torch.ops.aten.full.default"(size: [4, 6], fill_value: -inf, dtype: f32) : () -> !ng.tensor<f32[4, 6]>
  %upper = ng.call "torch.ops.aten.triu.default"(self: %full, diagonal: 2) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[4, 6]>
  %m1 = ng.call "torch.ops.aten.unsqueeze.default"(self: %upper, dim: 0) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[1, 4, 6]> aliases %upper
  %mask = ng.call "torch.ops.aten.unsqueeze.default"(self: %m1, dim: 0) : (!ng.tensor<f32[1, 4, 6]>) -> !ng.tensor<f32[1, 1, 4, 6]> aliases %m1
  %kt = ng.call "torch.ops.aten.transpose.int"(self: %k, dim0: 2, dim1: 3) : (!ng.tensor<f32[1, 2, 6, 8]>) -> !ng.tensor<f32[1, 2, 8, 6], dim_order = [0, 1, 3, 2]> aliases %k
  %s = ng.call "torch.ops.aten.matmul.default"(self: %q, other: %kt) : (!ng.tensor<f32[1, 2, 4, 8]>, !ng.tensor<f32[1, 2, 8, 6], dim_order = [0, 1, 3, 2]>) -> !ng.tensor<f32[1, 2, 4, 6]>
  %ss = ng.call "torch.ops.aten.mul.Tensor"(self: %s, other: 0.35355339059327373) : (!ng.tensor<f32[1, 2, 4, 6]>) -> !ng.tensor<f32[1, 2, 4, 6]>
  %sm = ng.call "torch.ops.aten.add.Tensor"(self: %ss, other: %mask, alpha: 1) : (!ng.tensor<f32[1, 2, 4, 6]>, !ng.tensor<f32[1, 1, 4, 6]>) -> !ng.tensor<f32[1, 2, 4, 6]>
  %p = ng.call "torch.ops.aten._softmax.default"(self: %sm, dim: -1, half_to_float: false) : (!ng.tensor<f32[1, 2, 4, 6]>) -> !ng.tensor<f32[1, 2, 4, 6]>
  %o = ng.call "torch.ops.aten.matmul.default"(self: %p, other: %v) {node = "attn"} : (!ng.tensor<f32[1, 2, 4, 6]>, !ng.tensor<f32[1, 2, 6, 5]>) -> !ng.tensor<f32[1, 2, 4, 5]>
  ng.output(%o) : !ng.tensor<f32[1, 2, 4, 5]>
}

// -----

// The triu's full written in place (clamped to 0) before the triu reads it: the ops do not say what it holds, the mask stays attn_mask.
// CHECK-LABEL: ng.method @causal_written
// CHECK: aten.triu
// CHECK: %o = ng.call "torch.ops.aten.scaled_dot_product_attention.default"(query: %q, key: %k, value: %v, attn_mask: %mask, dropout_p: 0.0, is_causal: false, scale: 0.35355339059327373) {node = "attn"}
// REMARK: remark: fused the attention of 'q' into aten.scaled_dot_product_attention (scale 0.353553, mask 'mask')
ng.method @causal_written(%q: !ng.tensor<f32[1, 2, 4, 8]>, %k: !ng.tensor<f32[1, 2, 6, 8]>, %v: !ng.tensor<f32[1, 2, 6, 5]>) -> !ng.tensor<f32[1, 2, 4, 5]> {
  %full = ng.call "torch.ops.aten.full.default"(size: [4, 6], fill_value: -inf, dtype: f32) : () -> !ng.tensor<f32[4, 6]>
  %cleared = ng.call "torch.ops.aten.clamp_.default"(self: mut %full, min: 0.0) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[4, 6]> aliases %full
  %upper = ng.call "torch.ops.aten.triu.default"(self: %full, diagonal: 1) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[4, 6]>
  %m1 = ng.call "torch.ops.aten.unsqueeze.default"(self: %upper, dim: 0) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[1, 4, 6]> aliases %upper
  %mask = ng.call "torch.ops.aten.unsqueeze.default"(self: %m1, dim: 0) : (!ng.tensor<f32[1, 4, 6]>) -> !ng.tensor<f32[1, 1, 4, 6]> aliases %m1
  %kt = ng.call "torch.ops.aten.transpose.int"(self: %k, dim0: 2, dim1: 3) : (!ng.tensor<f32[1, 2, 6, 8]>) -> !ng.tensor<f32[1, 2, 8, 6], dim_order = [0, 1, 3, 2]> aliases %k
  %s = ng.call "torch.ops.aten.matmul.default"(self: %q, other: %kt) : (!ng.tensor<f32[1, 2, 4, 8]>, !ng.tensor<f32[1, 2, 8, 6], dim_order = [0, 1, 3, 2]>) -> !ng.tensor<f32[1, 2, 4, 6]>
  %ss = ng.call "torch.ops.aten.mul.Tensor"(self: %s, other: 0.35355339059327373) : (!ng.tensor<f32[1, 2, 4, 6]>) -> !ng.tensor<f32[1, 2, 4, 6]>
  %sm = ng.call "torch.ops.aten.add.Tensor"(self: %ss, other: %mask, alpha: 1) : (!ng.tensor<f32[1, 2, 4, 6]>, !ng.tensor<f32[1, 1, 4, 6]>) -> !ng.tensor<f32[1, 2, 4, 6]>
  %p = ng.call "torch.ops.aten._softmax.default"(self: %sm, dim: -1, half_to_float: false) : (!ng.tensor<f32[1, 2, 4, 6]>) -> !ng.tensor<f32[1, 2, 4, 6]>
  %o = ng.call "torch.ops.aten.matmul.default"(self: %p, other: %v) {node = "attn"} : (!ng.tensor<f32[1, 2, 4, 6]>, !ng.tensor<f32[1, 2, 6, 5]>) -> !ng.tensor<f32[1, 2, 4, 5]>
  ng.output(%o) : !ng.tensor<f32[1, 2, 4, 5]>
}

// -----

// The softmax over the queries (dim 2).
// CHECK-LABEL: ng.method @other_dim
// CHECK-NOT: scaled_dot_product_attention
// CHECK: aten._softmax
// REMARK: remark: kept the attention at node 'attn': the softmax is not over the last dim
ng.method @other_dim(%q: !ng.tensor<f32[1, 2, 4, 8]>, %k: !ng.tensor<f32[1, 2, 6, 8]>, %v: !ng.tensor<f32[1, 2, 6, 5]>) -> !ng.tensor<f32[1, 2, 4, 5]> {
  %kt = ng.call "torch.ops.aten.transpose.int"(self: %k, dim0: 2, dim1: 3) : (!ng.tensor<f32[1, 2, 6, 8]>) -> !ng.tensor<f32[1, 2, 8, 6], dim_order = [0, 1, 3, 2]> aliases %k
  %s = ng.call "torch.ops.aten.matmul.default"(self: %q, other: %kt) : (!ng.tensor<f32[1, 2, 4, 8]>, !ng.tensor<f32[1, 2, 8, 6], dim_order = [0, 1, 3, 2]>) -> !ng.tensor<f32[1, 2, 4, 6]>
  %ss = ng.call "torch.ops.aten.mul.Tensor"(self: %s, other: 0.35355339059327373) : (!ng.tensor<f32[1, 2, 4, 6]>) -> !ng.tensor<f32[1, 2, 4, 6]>
  %p = ng.call "torch.ops.aten._softmax.default"(self: %ss, dim: 2, half_to_float: false) : (!ng.tensor<f32[1, 2, 4, 6]>) -> !ng.tensor<f32[1, 2, 4, 6]>
  %o = ng.call "torch.ops.aten.matmul.default"(self: %p, other: %v) {node = "attn"} : (!ng.tensor<f32[1, 2, 4, 6]>, !ng.tensor<f32[1, 2, 6, 5]>) -> !ng.tensor<f32[1, 2, 4, 5]>
  ng.output(%o) : !ng.tensor<f32[1, 2, 4, 5]>
}

// -----

// The scores are returned too.
// CHECK-LABEL: ng.method @extra_use
// CHECK-NOT: scaled_dot_product_attention
// CHECK: aten._softmax
// REMARK: remark: kept the attention at node 'attn': 'ss' has other uses
ng.method @extra_use(%q: !ng.tensor<f32[1, 2, 4, 8]>, %k: !ng.tensor<f32[1, 2, 6, 8]>, %v: !ng.tensor<f32[1, 2, 6, 5]>) -> (!ng.tensor<f32[1, 2, 4, 5]>, !ng.tensor<f32[1, 2, 4, 6]>) {
  %kt = ng.call "torch.ops.aten.transpose.int"(self: %k, dim0: 2, dim1: 3) : (!ng.tensor<f32[1, 2, 6, 8]>) -> !ng.tensor<f32[1, 2, 8, 6], dim_order = [0, 1, 3, 2]> aliases %k
  %s = ng.call "torch.ops.aten.matmul.default"(self: %q, other: %kt) : (!ng.tensor<f32[1, 2, 4, 8]>, !ng.tensor<f32[1, 2, 8, 6], dim_order = [0, 1, 3, 2]>) -> !ng.tensor<f32[1, 2, 4, 6]>
  %ss = ng.call "torch.ops.aten.mul.Tensor"(self: %s, other: 0.35355339059327373) : (!ng.tensor<f32[1, 2, 4, 6]>) -> !ng.tensor<f32[1, 2, 4, 6]>
  %p = ng.call "torch.ops.aten._softmax.default"(self: %ss, dim: -1, half_to_float: false) : (!ng.tensor<f32[1, 2, 4, 6]>) -> !ng.tensor<f32[1, 2, 4, 6]>
  %o = ng.call "torch.ops.aten.matmul.default"(self: %p, other: %v) {node = "attn"} : (!ng.tensor<f32[1, 2, 4, 6]>, !ng.tensor<f32[1, 2, 6, 5]>) -> !ng.tensor<f32[1, 2, 4, 5]>
  ng.output(%o, %ss) : !ng.tensor<f32[1, 2, 4, 5]>, !ng.tensor<f32[1, 2, 4, 6]>
}

// -----

// A scale that is a tensor, not a literal.
// CHECK-LABEL: ng.method @tensor_scale
// CHECK-NOT: scaled_dot_product_attention
// CHECK: aten._softmax
// REMARK: remark: kept the attention at node 'attn': the scale at node 'ss' is not a literal scalar
ng.method @tensor_scale(%q: !ng.tensor<f32[1, 2, 4, 8]>, %k: !ng.tensor<f32[1, 2, 6, 8]>, %v: !ng.tensor<f32[1, 2, 6, 5]>, %scale: !ng.tensor<f32[]>) -> !ng.tensor<f32[1, 2, 4, 5]> {
  %kt = ng.call "torch.ops.aten.transpose.int"(self: %k, dim0: 2, dim1: 3) : (!ng.tensor<f32[1, 2, 6, 8]>) -> !ng.tensor<f32[1, 2, 8, 6], dim_order = [0, 1, 3, 2]> aliases %k
  %s = ng.call "torch.ops.aten.matmul.default"(self: %q, other: %kt) : (!ng.tensor<f32[1, 2, 4, 8]>, !ng.tensor<f32[1, 2, 8, 6], dim_order = [0, 1, 3, 2]>) -> !ng.tensor<f32[1, 2, 4, 6]>
  %ss = ng.call "torch.ops.aten.mul.Tensor"(self: %s, other: %scale) : (!ng.tensor<f32[1, 2, 4, 6]>, !ng.tensor<f32[]>) -> !ng.tensor<f32[1, 2, 4, 6]>
  %p = ng.call "torch.ops.aten._softmax.default"(self: %ss, dim: -1, half_to_float: false) : (!ng.tensor<f32[1, 2, 4, 6]>) -> !ng.tensor<f32[1, 2, 4, 6]>
  %o = ng.call "torch.ops.aten.matmul.default"(self: %p, other: %v) {node = "attn"} : (!ng.tensor<f32[1, 2, 4, 6]>, !ng.tensor<f32[1, 2, 6, 5]>) -> !ng.tensor<f32[1, 2, 4, 5]>
  ng.output(%o) : !ng.tensor<f32[1, 2, 4, 5]>
}

// -----

// k given already transposed: nothing proves it is k^T.
// CHECK-LABEL: ng.method @no_transpose
// CHECK-NOT: scaled_dot_product_attention
// CHECK: aten._softmax
// REMARK: remark: kept the attention at node 'attn': the scores' right side is not k transposed on its last two dims
ng.method @no_transpose(%q: !ng.tensor<f32[1, 2, 4, 8]>, %kt: !ng.tensor<f32[1, 2, 8, 6]>, %v: !ng.tensor<f32[1, 2, 6, 5]>) -> !ng.tensor<f32[1, 2, 4, 5]> {
  %s = ng.call "torch.ops.aten.matmul.default"(self: %q, other: %kt) : (!ng.tensor<f32[1, 2, 4, 8]>, !ng.tensor<f32[1, 2, 8, 6]>) -> !ng.tensor<f32[1, 2, 4, 6]>
  %ss = ng.call "torch.ops.aten.mul.Tensor"(self: %s, other: 0.35355339059327373) : (!ng.tensor<f32[1, 2, 4, 6]>) -> !ng.tensor<f32[1, 2, 4, 6]>
  %p = ng.call "torch.ops.aten._softmax.default"(self: %ss, dim: -1, half_to_float: false) : (!ng.tensor<f32[1, 2, 4, 6]>) -> !ng.tensor<f32[1, 2, 4, 6]>
  %o = ng.call "torch.ops.aten.matmul.default"(self: %p, other: %v) {node = "attn"} : (!ng.tensor<f32[1, 2, 4, 6]>, !ng.tensor<f32[1, 2, 6, 5]>) -> !ng.tensor<f32[1, 2, 4, 5]>
  ng.output(%o) : !ng.tensor<f32[1, 2, 4, 5]>
}

// -----

// k's batch broadcasts q's: not q [.., L, E], k [.., S, E] of one batch.
// CHECK-LABEL: ng.method @batch_mismatch
// CHECK-NOT: scaled_dot_product_attention
// CHECK: aten._softmax
// REMARK: remark: kept the attention at node 'attn': q, k and v are not [.., L, E], [.., S, E], [.., S, Ev] of one batch
ng.method @batch_mismatch(%q: !ng.tensor<f32[1, 2, 4, 8]>, %k: !ng.tensor<f32[2, 2, 6, 8]>, %v: !ng.tensor<f32[1, 2, 6, 5]>) -> !ng.tensor<f32[2, 2, 4, 5]> {
  %kt = ng.call "torch.ops.aten.transpose.int"(self: %k, dim0: 2, dim1: 3) : (!ng.tensor<f32[2, 2, 6, 8]>) -> !ng.tensor<f32[2, 2, 8, 6], dim_order = [0, 1, 3, 2]> aliases %k
  %s = ng.call "torch.ops.aten.matmul.default"(self: %q, other: %kt) : (!ng.tensor<f32[1, 2, 4, 8]>, !ng.tensor<f32[2, 2, 8, 6], dim_order = [0, 1, 3, 2]>) -> !ng.tensor<f32[2, 2, 4, 6]>
  %ss = ng.call "torch.ops.aten.mul.Tensor"(self: %s, other: 0.35355339059327373) : (!ng.tensor<f32[2, 2, 4, 6]>) -> !ng.tensor<f32[2, 2, 4, 6]>
  %p = ng.call "torch.ops.aten._softmax.default"(self: %ss, dim: -1, half_to_float: false) : (!ng.tensor<f32[2, 2, 4, 6]>) -> !ng.tensor<f32[2, 2, 4, 6]>
  %o = ng.call "torch.ops.aten.matmul.default"(self: %p, other: %v) {node = "attn"} : (!ng.tensor<f32[2, 2, 4, 6]>, !ng.tensor<f32[1, 2, 6, 5]>) -> !ng.tensor<f32[2, 2, 4, 5]>
  ng.output(%o) : !ng.tensor<f32[2, 2, 4, 5]>
}

// -----

// Integer q, k, v (the scores cast to f32 for the softmax, and back).
// CHECK-LABEL: ng.method @integer
// CHECK-NOT: scaled_dot_product_attention
// CHECK: aten._softmax
// REMARK: remark: kept the attention at node 'attn': q is not a floating tensor
ng.method @integer(%q: !ng.tensor<i64[1, 2, 4, 8]>, %k: !ng.tensor<i64[1, 2, 6, 8]>, %v: !ng.tensor<i64[1, 2, 6, 5]>) -> !ng.tensor<i64[1, 2, 4, 5]> {
  %kt = ng.call "torch.ops.aten.transpose.int"(self: %k, dim0: 2, dim1: 3) : (!ng.tensor<i64[1, 2, 6, 8]>) -> !ng.tensor<i64[1, 2, 8, 6], dim_order = [0, 1, 3, 2]> aliases %k
  %s = ng.call "torch.ops.aten.matmul.default"(self: %q, other: %kt) : (!ng.tensor<i64[1, 2, 4, 8]>, !ng.tensor<i64[1, 2, 8, 6], dim_order = [0, 1, 3, 2]>) -> !ng.tensor<i64[1, 2, 4, 6]>
  %s32 = ng.call "torch.ops.aten._to_copy.default"(self: %s, dtype: f32) : (!ng.tensor<i64[1, 2, 4, 6]>) -> !ng.tensor<f32[1, 2, 4, 6]>
  %p32 = ng.call "torch.ops.aten._softmax.default"(self: %s32, dim: -1, half_to_float: false) : (!ng.tensor<f32[1, 2, 4, 6]>) -> !ng.tensor<f32[1, 2, 4, 6]>
  %p = ng.call "torch.ops.aten._to_copy.default"(self: %p32, dtype: i64) : (!ng.tensor<f32[1, 2, 4, 6]>) -> !ng.tensor<i64[1, 2, 4, 6]>
  %o = ng.call "torch.ops.aten.matmul.default"(self: %p, other: %v) {node = "attn"} : (!ng.tensor<i64[1, 2, 4, 6]>, !ng.tensor<i64[1, 2, 6, 5]>) -> !ng.tensor<i64[1, 2, 4, 5]>
  ng.output(%o) : !ng.tensor<i64[1, 2, 4, 5]>
}

// -----

// An f16 mask added to f32 scores.
// CHECK-LABEL: ng.method @mask_dtype
// CHECK-NOT: scaled_dot_product_attention
// CHECK: aten._softmax
// REMARK: remark: kept the attention at node 'attn': the mask 'mask' is not a tensor of the scores' dtype and at most their rank
ng.method @mask_dtype(%q: !ng.tensor<f32[1, 2, 4, 8]>, %k: !ng.tensor<f32[1, 2, 6, 8]>, %v: !ng.tensor<f32[1, 2, 6, 5]>, %mask: !ng.tensor<f16[4, 6]>) -> !ng.tensor<f32[1, 2, 4, 5]> {
  %kt = ng.call "torch.ops.aten.transpose.int"(self: %k, dim0: 2, dim1: 3) : (!ng.tensor<f32[1, 2, 6, 8]>) -> !ng.tensor<f32[1, 2, 8, 6], dim_order = [0, 1, 3, 2]> aliases %k
  %s = ng.call "torch.ops.aten.matmul.default"(self: %q, other: %kt) : (!ng.tensor<f32[1, 2, 4, 8]>, !ng.tensor<f32[1, 2, 8, 6], dim_order = [0, 1, 3, 2]>) -> !ng.tensor<f32[1, 2, 4, 6]>
  %ss = ng.call "torch.ops.aten.mul.Tensor"(self: %s, other: 0.35355339059327373) : (!ng.tensor<f32[1, 2, 4, 6]>) -> !ng.tensor<f32[1, 2, 4, 6]>
  %sm = ng.call "torch.ops.aten.add.Tensor"(self: %ss, other: %mask, alpha: 1) : (!ng.tensor<f32[1, 2, 4, 6]>, !ng.tensor<f16[4, 6]>) -> !ng.tensor<f32[1, 2, 4, 6]>
  %p = ng.call "torch.ops.aten._softmax.default"(self: %sm, dim: -1, half_to_float: false) : (!ng.tensor<f32[1, 2, 4, 6]>) -> !ng.tensor<f32[1, 2, 4, 6]>
  %o = ng.call "torch.ops.aten.matmul.default"(self: %p, other: %v) {node = "attn"} : (!ng.tensor<f32[1, 2, 4, 6]>, !ng.tensor<f32[1, 2, 6, 5]>) -> !ng.tensor<f32[1, 2, 4, 5]>
  ng.output(%o) : !ng.tensor<f32[1, 2, 4, 5]>
}

// -----

// A [2, 2, L, S] mask broadcasts the [1, 2, L, S] scores.
// CHECK-LABEL: ng.method @mask_broadcast
// CHECK-NOT: scaled_dot_product_attention
// CHECK: aten._softmax
// REMARK: remark: kept the attention at node 'attn': the mask 'mask' broadcasts the scores to other sizes
ng.method @mask_broadcast(%q: !ng.tensor<f32[1, 2, 4, 8]>, %k: !ng.tensor<f32[1, 2, 6, 8]>, %v: !ng.tensor<f32[1, 2, 6, 5]>, %mask: !ng.tensor<f32[2, 2, 4, 6]>) -> !ng.tensor<f32[2, 2, 4, 5]> {
  %kt = ng.call "torch.ops.aten.transpose.int"(self: %k, dim0: 2, dim1: 3) : (!ng.tensor<f32[1, 2, 6, 8]>) -> !ng.tensor<f32[1, 2, 8, 6], dim_order = [0, 1, 3, 2]> aliases %k
  %s = ng.call "torch.ops.aten.matmul.default"(self: %q, other: %kt) : (!ng.tensor<f32[1, 2, 4, 8]>, !ng.tensor<f32[1, 2, 8, 6], dim_order = [0, 1, 3, 2]>) -> !ng.tensor<f32[1, 2, 4, 6]>
  %ss = ng.call "torch.ops.aten.mul.Tensor"(self: %s, other: 0.35355339059327373) : (!ng.tensor<f32[1, 2, 4, 6]>) -> !ng.tensor<f32[1, 2, 4, 6]>
  %sm = ng.call "torch.ops.aten.add.Tensor"(self: %ss, other: %mask, alpha: 1) : (!ng.tensor<f32[1, 2, 4, 6]>, !ng.tensor<f32[2, 2, 4, 6]>) -> !ng.tensor<f32[2, 2, 4, 6]>
  %p = ng.call "torch.ops.aten._softmax.default"(self: %sm, dim: -1, half_to_float: false) : (!ng.tensor<f32[2, 2, 4, 6]>) -> !ng.tensor<f32[2, 2, 4, 6]>
  %o = ng.call "torch.ops.aten.matmul.default"(self: %p, other: %v) {node = "attn"} : (!ng.tensor<f32[2, 2, 4, 6]>, !ng.tensor<f32[1, 2, 6, 5]>) -> !ng.tensor<f32[2, 2, 4, 5]>
  ng.output(%o) : !ng.tensor<f32[2, 2, 4, 5]>
}

// -----

// _softmax with half_to_float: true.
// CHECK-LABEL: ng.method @half_to_float
// CHECK-NOT: scaled_dot_product_attention
// CHECK: aten._softmax
// REMARK: remark: kept the attention at node 'attn': the softmax's half_to_float is not false
ng.method @half_to_float(%q: !ng.tensor<f32[1, 2, 4, 8]>, %k: !ng.tensor<f32[1, 2, 6, 8]>, %v: !ng.tensor<f32[1, 2, 6, 5]>) -> !ng.tensor<f32[1, 2, 4, 5]> {
  %kt = ng.call "torch.ops.aten.transpose.int"(self: %k, dim0: 2, dim1: 3) : (!ng.tensor<f32[1, 2, 6, 8]>) -> !ng.tensor<f32[1, 2, 8, 6], dim_order = [0, 1, 3, 2]> aliases %k
  %s = ng.call "torch.ops.aten.matmul.default"(self: %q, other: %kt) : (!ng.tensor<f32[1, 2, 4, 8]>, !ng.tensor<f32[1, 2, 8, 6], dim_order = [0, 1, 3, 2]>) -> !ng.tensor<f32[1, 2, 4, 6]>
  %ss = ng.call "torch.ops.aten.mul.Tensor"(self: %s, other: 0.35355339059327373) : (!ng.tensor<f32[1, 2, 4, 6]>) -> !ng.tensor<f32[1, 2, 4, 6]>
  %p = ng.call "torch.ops.aten._softmax.default"(self: %ss, dim: -1, half_to_float: true) : (!ng.tensor<f32[1, 2, 4, 6]>) -> !ng.tensor<f32[1, 2, 4, 6]>
  %o = ng.call "torch.ops.aten.matmul.default"(self: %p, other: %v) {node = "attn"} : (!ng.tensor<f32[1, 2, 4, 6]>, !ng.tensor<f32[1, 2, 6, 5]>) -> !ng.tensor<f32[1, 2, 4, 5]>
  ng.output(%o) : !ng.tensor<f32[1, 2, 4, 5]>
}

// -----

// q written in place between the scores and the last matmul: the fused op would read the new q.
// CHECK-LABEL: ng.method @written
// CHECK-NOT: scaled_dot_product_attention
// CHECK: aten._softmax
// REMARK: remark: kept the attention at node 'attn': 'q' may be written in place between its read and the last matmul, where aten.scaled_dot_product_attention would read it
ng.method @written(%q: !ng.tensor<f32[1, 2, 4, 8]>, %k: !ng.tensor<f32[1, 2, 6, 8]>, %v: !ng.tensor<f32[1, 2, 6, 5]>) -> !ng.tensor<f32[1, 2, 4, 5]> {
  %kt = ng.call "torch.ops.aten.transpose.int"(self: %k, dim0: 2, dim1: 3) : (!ng.tensor<f32[1, 2, 6, 8]>) -> !ng.tensor<f32[1, 2, 8, 6], dim_order = [0, 1, 3, 2]> aliases %k
  %s = ng.call "torch.ops.aten.matmul.default"(self: %q, other: %kt) : (!ng.tensor<f32[1, 2, 4, 8]>, !ng.tensor<f32[1, 2, 8, 6], dim_order = [0, 1, 3, 2]>) -> !ng.tensor<f32[1, 2, 4, 6]>
  %ss = ng.call "torch.ops.aten.mul.Tensor"(self: %s, other: 0.35355339059327373) : (!ng.tensor<f32[1, 2, 4, 6]>) -> !ng.tensor<f32[1, 2, 4, 6]>
  %p = ng.call "torch.ops.aten._softmax.default"(self: %ss, dim: -1, half_to_float: false) : (!ng.tensor<f32[1, 2, 4, 6]>) -> !ng.tensor<f32[1, 2, 4, 6]>
  %w = ng.call "torch.ops.aten.add_.Tensor"(self: mut %q, other: 1.0, alpha: 1) : (!ng.tensor<f32[1, 2, 4, 8]>) -> !ng.tensor<f32[1, 2, 4, 8]> aliases %q
  %o = ng.call "torch.ops.aten.matmul.default"(self: %p, other: %v) {node = "attn"} : (!ng.tensor<f32[1, 2, 4, 6]>, !ng.tensor<f32[1, 2, 6, 5]>) -> !ng.tensor<f32[1, 2, 4, 5]>
  ng.output(%o) : !ng.tensor<f32[1, 2, 4, 5]>
}

// -----

// k written in place (a KV cache update) before the scores read it: nothing writes it between the two matmuls, fused.
// CHECK-LABEL: ng.method @written_before
// CHECK: aten.add_.Tensor
// CHECK-NEXT: %o = ng.call "torch.ops.aten.scaled_dot_product_attention.default"(query: %q, key: %kw, value: %v, attn_mask: none, dropout_p: 0.0, is_causal: false, scale: 0.35355339059327373) {node = "attn"}
// REMARK: remark: fused the attention of 'q' into aten.scaled_dot_product_attention (scale 0.353553)
ng.method @written_before(%q: !ng.tensor<f32[1, 2, 4, 8]>, %k: !ng.tensor<f32[1, 2, 6, 8]>, %v: !ng.tensor<f32[1, 2, 6, 5]>) -> !ng.tensor<f32[1, 2, 4, 5]> {
  %kw = ng.call "torch.ops.aten.add_.Tensor"(self: mut %k, other: 1.0, alpha: 1) : (!ng.tensor<f32[1, 2, 6, 8]>) -> !ng.tensor<f32[1, 2, 6, 8]> aliases %k
  %kt = ng.call "torch.ops.aten.transpose.int"(self: %kw, dim0: 2, dim1: 3) : (!ng.tensor<f32[1, 2, 6, 8]>) -> !ng.tensor<f32[1, 2, 8, 6], dim_order = [0, 1, 3, 2]> aliases %kw
  %s = ng.call "torch.ops.aten.matmul.default"(self: %q, other: %kt) : (!ng.tensor<f32[1, 2, 4, 8]>, !ng.tensor<f32[1, 2, 8, 6], dim_order = [0, 1, 3, 2]>) -> !ng.tensor<f32[1, 2, 4, 6]>
  %ss = ng.call "torch.ops.aten.mul.Tensor"(self: %s, other: 0.35355339059327373) : (!ng.tensor<f32[1, 2, 4, 6]>) -> !ng.tensor<f32[1, 2, 4, 6]>
  %p = ng.call "torch.ops.aten._softmax.default"(self: %ss, dim: -1, half_to_float: false) : (!ng.tensor<f32[1, 2, 4, 6]>) -> !ng.tensor<f32[1, 2, 4, 6]>
  %o = ng.call "torch.ops.aten.matmul.default"(self: %p, other: %v) {node = "attn"} : (!ng.tensor<f32[1, 2, 4, 6]>, !ng.tensor<f32[1, 2, 6, 5]>) -> !ng.tensor<f32[1, 2, 4, 5]>
  ng.output(%o) : !ng.tensor<f32[1, 2, 4, 5]>
}

// -----

// A matmul of no softmax is no candidate: no remark.
// CHECK-LABEL: ng.method @plain_matmul
// CHECK-NOT: scaled_dot_product_attention
// CHECK: aten.matmul
// REMARK-NOT: remark: {{.*}}'attn'
ng.method @plain_matmul(%a: !ng.tensor<f32[1, 2, 4, 6]>, %v: !ng.tensor<f32[1, 2, 6, 5]>) -> !ng.tensor<f32[1, 2, 4, 5]> {
  %o = ng.call "torch.ops.aten.matmul.default"(self: %a, other: %v) {node = "attn"} : (!ng.tensor<f32[1, 2, 4, 6]>, !ng.tensor<f32[1, 2, 6, 5]>) -> !ng.tensor<f32[1, 2, 4, 5]>
  ng.output(%o) : !ng.tensor<f32[1, 2, 4, 5]>
}
