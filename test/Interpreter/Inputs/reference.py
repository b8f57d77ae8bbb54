#!/usr/bin/env python3
"""ng-run against numpy on programs written independently of ng's passes.

    reference.py NG_RUN WORKDIR

Each program is ng IR text written here (as torch.export writes these
models: an MLP with linear/silu, RMSNorm with pow/mean/rsqrt, attention with
transpose/matmul/softmax, HuggingFace's decomposed rotary embedding, the
backend's fused native.rope, aten.scaled_dot_product_attention) with a numpy reference computed in float64 from the same float32 inputs. ng-run's
outputs must match within 1e-5 relative (plus 1e-6 absolute, for values
near zero). Prints one line per program; exits 1 on a mismatch.
"""

import os
import subprocess
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import st  # noqa: E402

RTOL, ATOL = 1e-5, 1e-6


def T(shape, dtype="f32"):
    return "!ng.tensor<%s[%s]>" % (dtype, ", ".join(str(s) for s in shape))


def write_inputs(path, arrays):
    specs = []
    for name, a in arrays.items():
        dtype = {"float32": "f32", "int64": "i64", "bool": "i1"}[str(a.dtype)]
        specs.append("%s=%s[%s]:%s" % (name, dtype, ",".join(map(str, a.shape)),
                                       ",".join(repr(float(v)) if dtype == "f32"
                                                else str(int(v))
                                                for v in a.reshape(-1))))
    st.write(path, specs)


def read_outputs(path):
    out = {}
    for key, (dtype, shape, data, fmt, width, _) in st.read(path).items():
        assert dtype == "f32", dtype
        out[key] = np.frombuffer(data, dtype=np.float32).reshape(shape)
    return out


def mlp(rng):
    x = rng.standard_normal((4, 16)).astype(np.float32)
    w1 = (rng.standard_normal((32, 16)) * 0.3).astype(np.float32)
    b1 = rng.standard_normal(32).astype(np.float32)
    w2 = (rng.standard_normal((8, 32)) * 0.3).astype(np.float32)
    b2 = rng.standard_normal(8).astype(np.float32)
    ir = f"""
module {{
  ng.method @forward(%x: {T([4, 16])}, %w1: {T([32, 16])}, %b1: {T([32])}, %w2: {T([8, 32])}, %b2: {T([8])}) -> {T([4, 8])} {{
    %h = ng.call "torch.ops.aten.linear.default"(input: %x, weight: %w1, bias: %b1) : ({T([4, 16])}, {T([32, 16])}, {T([32])}) -> {T([4, 32])}
    %a = ng.call "torch.ops.aten.silu.default"(self: %h) : ({T([4, 32])}) -> {T([4, 32])}
    %y = ng.call "torch.ops.aten.linear.default"(input: %a, weight: %w2, bias: %b2) : ({T([4, 32])}, {T([8, 32])}, {T([8])}) -> {T([4, 8])}
    ng.output(%y) : {T([4, 8])}
  }}
}}"""
    d = {k: v.astype(np.float64) for k, v in dict(x=x, w1=w1, b1=b1, w2=w2, b2=b2).items()}
    h = d["x"] @ d["w1"].T + d["b1"]
    a = h / (1 + np.exp(-h))
    return ir, dict(x=x, w1=w1, b1=b1, w2=w2, b2=b2), {"y": a @ d["w2"].T + d["b2"]}


def rmsnorm(rng):
    x = rng.standard_normal((2, 5, 16)).astype(np.float32)
    w = rng.standard_normal(16).astype(np.float32)
    s, k = [2, 5, 16], [2, 5, 1]
    ir = f"""
module {{
  ng.method @forward(%x: {T(s)}, %w: {T([16])}) -> ({T(s)}, {T(s)}) {{
    %p = ng.call "torch.ops.aten.pow.Tensor_Scalar"(self: %x, exponent: 2) : ({T(s)}) -> {T(s)}
    %m = ng.call "torch.ops.aten.mean.dim"(self: %p, dim: [-1], keepdim: true, dtype: none) : ({T(s)}) -> {T(k)}
    %e = ng.call "torch.ops.aten.add.Tensor"(self: %m, other: 1.0e-06) : ({T(k)}) -> {T(k)}
    %r = ng.call "torch.ops.aten.rsqrt.default"(self: %e) : ({T(k)}) -> {T(k)}
    %n = ng.call "torch.ops.aten.mul.Tensor"(self: %x, other: %r) : ({T(s)}, {T(k)}) -> {T(s)}
    %y = ng.call "torch.ops.aten.mul.Tensor"(self: %n, other: %w) : ({T(s)}, {T([16])}) -> {T(s)}
    %z = ng.call "torch.ops.aten.rms_norm.default"(input: %x, normalized_shape: [16], weight: %w, eps: 1.0e-06) : ({T(s)}, {T([16])}) -> {T(s)}
    ng.output(%y, %z) : {T(s)}, {T(s)}
  }}
}}"""
    xd, wd = x.astype(np.float64), w.astype(np.float64)
    y = xd / np.sqrt((xd ** 2).mean(-1, keepdims=True) + 1e-6) * wd
    return ir, dict(x=x, w=w), {"y": y, "z": y}


def attention(rng):
    b, h, s, d = 1, 2, 6, 8
    q, k, v = (rng.standard_normal((b, h, s, d)).astype(np.float32) for _ in range(3))
    q4, kt, sc = [b, h, s, d], [b, h, d, s], [b, h, s, s]
    ir = f"""
module {{
  ng.method @forward(%q: {T(q4)}, %k: {T(q4)}, %v: {T(q4)}) -> {T([b, s, h * d])} {{
    %kt = ng.call "torch.ops.aten.transpose.int"(self: %k, dim0: -2, dim1: -1) : ({T(q4)}) -> !ng.tensor<f32[1, 2, 8, 6], dim_order = [0, 1, 3, 2]> aliases %k
    %scores = ng.call "torch.ops.aten.matmul.default"(self: %q, other: %kt) : ({T(q4)}, !ng.tensor<f32[1, 2, 8, 6], dim_order = [0, 1, 3, 2]>) -> {T(sc)}
    %scaled = ng.call "torch.ops.aten.div.Tensor"(self: %scores, other: 2.8284271247461903) : ({T(sc)}) -> {T(sc)}
    %p = ng.call "torch.ops.aten._softmax.default"(self: %scaled, dim: -1, half_to_float: false) : ({T(sc)}) -> {T(sc)}
    %o = ng.call "torch.ops.aten.matmul.default"(self: %p, other: %v) : ({T(sc)}, {T(q4)}) -> {T(q4)}
    %ot = ng.call "torch.ops.aten.transpose.int"(self: %o, dim0: 1, dim1: 2) : ({T(q4)}) -> !ng.tensor<f32[1, 6, 2, 8], dim_order = [0, 2, 1, 3]> aliases %o
    %c = ng.call "torch.ops.aten.clone.default"(self: %ot, memory_format: "torch.contiguous_format") : (!ng.tensor<f32[1, 6, 2, 8], dim_order = [0, 2, 1, 3]>) -> {T([b, s, h, d])}
    %y = ng.call "torch.ops.aten.view.default"(self: %c, size: [1, 6, -1]) : ({T([b, s, h, d])}) -> {T([b, s, h * d])} aliases %c
    ng.output(%y) : {T([b, s, h * d])}
  }}
}}"""
    qd, kd, vd = (a.astype(np.float64) for a in (q, k, v))
    scores = qd @ kd.transpose(0, 1, 3, 2) / np.sqrt(d)
    p = np.exp(scores - scores.max(-1, keepdims=True))
    p /= p.sum(-1, keepdims=True)
    y = (p @ vd).transpose(0, 2, 1, 3).reshape(b, s, h * d)
    return ir, dict(q=q, k=k, v=v), {"y": y}


def sdpa(rng):
    """aten.scaled_dot_product_attention as PyTorch's math path defines it
    (softmax(q @ k^T * scale + mask) @ v, scale 1/sqrt(E) by default): an
    additive mask with an explicit scale, is_causal (top-left, L < S) with
    the default scale, a bool mask (False: masked)."""
    b, h, L, S, E, Ev = 2, 3, 4, 6, 8, 5
    q = rng.standard_normal((b, h, L, E)).astype(np.float32)
    k = rng.standard_normal((b, h, S, E)).astype(np.float32)
    v = rng.standard_normal((b, h, S, Ev)).astype(np.float32)
    mask = rng.standard_normal((1, L, S)).astype(np.float32)
    keep = rng.random((L, S)) < 0.7
    keep[:, 0] = True
    qs, ks, vs, os_ = [b, h, L, E], [b, h, S, E], [b, h, S, Ev], [b, h, L, Ev]
    ir = f"""
module {{
  ng.method @forward(%q: {T(qs)}, %k: {T(ks)}, %v: {T(vs)}, %mask: {T([1, L, S])}, %keep: {T([L, S], "i1")}) -> ({T(os_)}, {T(os_)}, {T(os_)}) {{
    %y = ng.call "torch.ops.aten.scaled_dot_product_attention.default"(query: %q, key: %k, value: %v, attn_mask: %mask, dropout_p: 0.0, is_causal: false, scale: 0.3) : ({T(qs)}, {T(ks)}, {T(vs)}, {T([1, L, S])}) -> {T(os_)}
    %yc = ng.call "torch.ops.aten.scaled_dot_product_attention.default"(query: %q, key: %k, value: %v, attn_mask: none, dropout_p: 0.0, is_causal: true, scale: none) : ({T(qs)}, {T(ks)}, {T(vs)}) -> {T(os_)}
    %yb = ng.call "torch.ops.aten.scaled_dot_product_attention.default"(query: %q, key: %k, value: %v, attn_mask: %keep) : ({T(qs)}, {T(ks)}, {T(vs)}, {T([L, S], "i1")}) -> {T(os_)}
    ng.output(%y, %yc, %yb) : {T(os_)}, {T(os_)}, {T(os_)}
  }}
}}"""
    qd, kd, vd, md = (a.astype(np.float64) for a in (q, k, v, mask))

    def attend(scale, bias):
        scores = qd @ kd.transpose(0, 1, 3, 2) * scale + bias
        p = np.exp(scores - scores.max(-1, keepdims=True))
        return (p / p.sum(-1, keepdims=True)) @ vd

    causal = np.where(np.tril(np.ones((L, S), dtype=bool)), 0.0, -np.inf)
    return ir, dict(q=q, k=k, v=v, mask=mask, keep=keep), {
        "y": attend(0.3, md),
        "yc": attend(1 / np.sqrt(E), causal),
        "yb": attend(1 / np.sqrt(E), np.where(keep, 0.0, -np.inf))}


def rotary(rng):
    b, h, s, d = 1, 2, 6, 8
    q = rng.standard_normal((b, h, s, d)).astype(np.float32)
    pos = np.arange(s)[:, None] * (10000.0 ** (-np.arange(0, d, 2) / d))[None, :]
    emb = np.concatenate([pos, pos], -1)
    cos, sin = np.cos(emb).astype(np.float32), np.sin(emb).astype(np.float32)
    q4, half, cs = [b, h, s, d], [b, h, s, d // 2], [1, 1, s, d]
    ir = f"""
module {{
  ng.method @forward(%q: {T(q4)}, %cos: {T([s, d])}, %sin: {T([s, d])}) -> {T(q4)} {{
    %c0 = ng.call "torch.ops.aten.unsqueeze.default"(self: %cos, dim: 0) : ({T([s, d])}) -> {T([1, s, d])} aliases %cos
    %c = ng.call "torch.ops.aten.unsqueeze.default"(self: %c0, dim: 1) : ({T([1, s, d])}) -> {T(cs)} aliases %c0
    %s0 = ng.call "torch.ops.aten.unsqueeze.default"(self: %sin, dim: 0) : ({T([s, d])}) -> {T([1, s, d])} aliases %sin
    %sn = ng.call "torch.ops.aten.unsqueeze.default"(self: %s0, dim: 1) : ({T([1, s, d])}) -> {T(cs)} aliases %s0
    %qc = ng.call "torch.ops.aten.mul.Tensor"(self: %q, other: %c) : ({T(q4)}, {T(cs)}) -> {T(q4)}
    %x1 = ng.call "torch.ops.aten.slice.Tensor"(self: %q, dim: 3, start: 0, end: 4) : ({T(q4)}) -> {T(half)} aliases %q
    %x2 = ng.call "torch.ops.aten.slice.Tensor"(self: %q, dim: 3, start: 4, end: 9223372036854775807) : ({T(q4)}) -> {T(half)} aliases %q
    %n2 = ng.call "torch.ops.aten.neg.default"(self: %x2) : ({T(half)}) -> {T(half)}
    %rot = ng.call "torch.ops.aten.cat.default"(tensors: [%n2, %x1], dim: -1) : ({T(half)}, {T(half)}) -> {T(q4)}
    %rs = ng.call "torch.ops.aten.mul.Tensor"(self: %rot, other: %sn) : ({T(q4)}, {T(cs)}) -> {T(q4)}
    %y = ng.call "torch.ops.aten.add.Tensor"(self: %qc, other: %rs) : ({T(q4)}, {T(q4)}) -> {T(q4)}
    ng.output(%y) : {T(q4)}
  }}
}}"""
    qd, cd, sd = q.astype(np.float64), cos.astype(np.float64), sin.astype(np.float64)
    rot = np.concatenate([-qd[..., d // 2:], qd[..., :d // 2]], -1)
    return ir, dict(q=q, cos=cos, sin=sin), {"y": qd * cd + rot * sd}


def rope(rng):
    """native.rope (the backend's fused rotary embedding, docs/Interpreter.md)
    on a [B, H, T, D] input, rotate_half pairs and interleaved pairs, with an
    attention scale: HuggingFace's formula computed in numpy."""
    b, h, s, d = 2, 3, 5, 8
    x = rng.standard_normal((b, h, s, d)).astype(np.float32)
    pos = np.stack([np.arange(s), np.arange(3, 3 + s)]).astype(np.int64)
    inv_freq = (10000.0 ** (-np.arange(0, d, 2) / d)).astype(np.float32)
    scale = 0.5
    x4 = [b, h, s, d]
    ir = f"""
module {{
  ng.method @forward(%x: {T(x4)}, %pos: {T([b, s], "i64")}, %inv_freq: {T([d // 2])}) -> ({T(x4)}, {T(x4)}) {{
    %y = ng.call "torch.ops.native.rope.default"(input: %x, position_ids: %pos, inv_freq: %inv_freq, interleaved: false, attention_scale: 5.0e-01) : ({T(x4)}, {T([b, s], "i64")}, {T([d // 2])}) -> {T(x4)}
    %yi = ng.call "torch.ops.native.rope.default"(input: %x, position_ids: %pos, inv_freq: %inv_freq, interleaved: true, attention_scale: 5.0e-01) : ({T(x4)}, {T([b, s], "i64")}, {T([d // 2])}) -> {T(x4)}
    ng.output(%y, %yi) : {T(x4)}, {T(x4)}
  }}
}}"""
    xd = x.astype(np.float64)
    # freqs[b, t, i] = pos[b, t] * inv_freq[i]; HF's emb = cat(freqs, freqs).
    freqs = pos[:, None, :, None].astype(np.float64) * inv_freq.astype(np.float64)
    cos, sin = np.cos(freqs) * scale, np.sin(freqs) * scale
    x1, x2 = xd[..., :d // 2], xd[..., d // 2:]
    y = np.concatenate([x1 * cos - x2 * sin, x2 * cos + x1 * sin], -1)
    e, o = xd[..., 0::2], xd[..., 1::2]
    yi = np.empty_like(xd)
    yi[..., 0::2], yi[..., 1::2] = e * cos - o * sin, o * cos + e * sin
    return ir, dict(x=x, pos=pos, inv_freq=inv_freq), {"y": y, "yi": yi}


def main():
    ng_run, work = sys.argv[1], sys.argv[2]
    failed = False
    for n, program in enumerate([mlp, rmsnorm, attention, rotary, rope, sdpa]):
        name = program.__name__
        ir, inputs, expected = program(np.random.default_rng(25 + n))
        base = os.path.join(work, name)
        with open(base + ".mlir", "w") as f:
            f.write(ir)
        write_inputs(base + ".in.safetensors", inputs)
        subprocess.run([ng_run, base + ".mlir", "--inputs=" + base + ".in.safetensors",
                        "-o", base + ".out.safetensors"], check=True)
        got = read_outputs(base + ".out.safetensors")
        for key, want in expected.items():
            have = got[key].astype(np.float64)
            ok = have.shape == want.shape and np.allclose(have, want, rtol=RTOL, atol=ATOL)
            worst = float(np.max(np.abs(have - want) / np.maximum(np.abs(want), 1e-3))) \
                if have.shape == want.shape else float("inf")
            print("%s: %s %s (largest relative difference %.1e)"
                  % (name, key, "matches numpy" if ok else "DIFFERS from numpy", worst))
            failed = failed or not ok
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
