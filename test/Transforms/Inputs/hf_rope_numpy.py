#!/usr/bin/env python3
"""--ng-fuse-rope on HuggingFace's decomposition, checked against numpy.

    hf_rope_numpy.py NG_OPT NG_RUN NG_TRANSLATE WORKDIR

Writes, independently of test/Transforms/Inputs/hf-rope.mlir (other sizes,
positions per batch row, other names), the rotary embedding as torch.export
writes LlamaRotaryEmbedding + apply_rotary_pos_emb for q and k: plain, scaled
by an attention factor (cos and sin times the same scalar), and a look-alike
whose rotate_half splits the head dim at 3 of 8. For each:

- `ng-opt --ng-fuse-rope` must give exactly one native.rope per rotary apply
  (two: q and k) and leave none of the decomposition (cos, sin, neg, cat)
  where it fused, and change nothing in the look-alike;
- `ng-run` of the fused program, and of its export to .nptg, must match the
  formula computed in numpy in float64 from the same float32 inputs (1e-5
  relative, 1e-6 absolute).

Prints one line per check; exits 1 on any failure.
"""

import os
import re
import shlex
import subprocess
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "Interpreter", "Inputs"))
import st  # noqa: E402

RTOL, ATOL = 1e-5, 1e-6
B, H, S = 2, 3, 5


def T(shape, dtype="f32"):
    return "!ng.tensor<%s[%s]>" % (dtype, ", ".join(str(s) for s in shape))


def program(d, split, scale):
    """HF's decomposition on q and k of [B, H, S, d]; rotate_half cuts at
    `split` (d // 2 in HF); cos and sin times `scale` unless it is None."""
    r = d // 2
    x4, half1, half2 = [B, H, S, d], [B, H, S, split], [B, H, S, d - split]
    lines = []

    def call(res, target, args, types, result, aliases=None, node=None):
        attrs = ' {node = "%s"}' % node if node else ""
        alias = " aliases %s" % aliases if aliases else ""
        lines.append('    %%%s = ng.call "torch.ops.aten.%s"(%s)%s : (%s) -> %s%s'
                     % (res, target, args, attrs, ", ".join(types), result, alias))

    call("inv_a", "unsqueeze.default", "self: %inv_freq, dim: 0", [T([r])], T([1, r]), "%inv_freq")
    call("inv_b", "unsqueeze.default", "self: %inv_a, dim: -1", [T([1, r])], T([1, r, 1]), "%inv_a")
    call("inv_e", "expand.default", "self: %%inv_b, size: [%d, -1, 1]" % B, [T([1, r, 1])], T([B, r, 1]), "%inv_b")
    call("pos_a", "unsqueeze.default", "self: %pos, dim: 1", [T([B, S], "i64")], T([B, 1, S], "i64"), "%pos")
    call("pos_f", "_to_copy.default", "self: %pos_a, dtype: f32", [T([B, 1, S], "i64")], T([B, 1, S]))
    call("fr", "matmul.default", "self: %inv_e, other: %pos_f", [T([B, r, 1]), T([B, 1, S])], T([B, r, S]))
    call("fr_t", "transpose.int", "self: %fr, dim0: 1, dim1: 2", [T([B, r, S])], T([B, S, r]), "%fr")
    call("emb", "cat.default", "tensors: [%fr_t, %fr_t], dim: -1", [T([B, S, r])] * 2, T([B, S, d]))
    for fn in ("cos", "sin"):
        call(fn + "_raw", fn + ".default", "self: %emb", [T([B, S, d])], T([B, S, d]))
        src = fn + "_raw"
        if scale is not None:
            call(fn + "_s", "mul.Tensor", "self: %%%s, other: %r" % (src, scale), [T([B, S, d])], T([B, S, d]))
            src = fn + "_s"
        call(fn + "_u", "unsqueeze.default", "self: %%%s, dim: 1" % src, [T([B, S, d])], T([B, 1, S, d]), "%" + src)
    for x in ("q", "k"):
        call(x + "_c", "mul.Tensor", "self: %%%s, other: %%cos_u" % x, [T(x4), T([B, 1, S, d])], T(x4))
        call(x + "_lo", "slice.Tensor", "self: %%%s, dim: -1, start: 0, end: %d" % (x, split), [T(x4)], T(half1), "%" + x)
        call(x + "_hi", "slice.Tensor", "self: %%%s, dim: -1, start: %d, end: 9223372036854775807" % (x, split), [T(x4)], T(half2), "%" + x)
        call(x + "_neg", "neg.default", "self: %%%s_hi" % x, [T(half2)], T(half2))
        call(x + "_rot", "cat.default", "tensors: [%%%s_neg, %%%s_lo], dim: -1" % (x, x), [T(half2), T(half1)], T(x4))
        call(x + "_s", "mul.Tensor", "self: %%%s_rot, other: %%sin_u" % x, [T(x4), T([B, 1, S, d])], T(x4))
        call(x + "_out", "add.Tensor", "self: %%%s_c, other: %%%s_s" % (x, x), [T(x4), T(x4)], T(x4), node=x + "_embed")
    body = "\n".join(lines)
    return f"""module {{
  ng.method @forward(%q: {T(x4)}, %k: {T(x4)}, %pos: {T([B, S], "i64")}, %inv_freq: {T([r])}) -> ({T(x4)}, {T(x4)}) {{
{body}
    ng.output(%q_out, %k_out) : {T(x4)}, {T(x4)}
  }}
}}
"""


def reference(x, pos, inv_freq, split, scale):
    """apply_rotary_pos_emb in float64: x * cos + rotate_half(x) * sin."""
    xd = x.astype(np.float64)
    freqs = pos.astype(np.float64)[:, :, None] * inv_freq.astype(np.float64)[None, None, :]
    emb = np.concatenate([freqs, freqs], -1)[:, None]  # [B, 1, S, d]
    cos, sin = np.cos(emb), np.sin(emb)
    if scale is not None:
        cos, sin = cos * scale, sin * scale
    rot = np.concatenate([-xd[..., split:], xd[..., :split]], -1)
    return xd * cos + rot * sin


def run(cmd):
    return subprocess.run(cmd, check=True, capture_output=True, text=True)


def main():
    ng_opt, ng_run, ng_translate, work = sys.argv[1:5]
    # A command, with the arguments lit may add (--param ng_threads=always).
    ng_translate = shlex.split(ng_translate)
    failed = False

    def check(ok, what):
        nonlocal failed
        print("%s: %s" % ("ok" if ok else "FAILED", what))
        failed = failed or not ok

    cases = [("plain", 16, 8, None, True), ("scaled", 16, 8, 0.7071067811865476, True),
             ("split3", 8, 3, None, False)]
    for n, (name, d, split, scale, fuses) in enumerate(cases):
        rng = np.random.default_rng(260 + n)
        base = os.path.join(work, name)
        with open(base + ".mlir", "w") as f:
            f.write(program(d, split, scale))
        run([ng_opt, base + ".mlir", "--ng-fuse-rope", "-o", base + ".fused.mlir"])
        fused = open(base + ".fused.mlir").read()
        ropes = len(re.findall(r'"torch\.ops\.native\.rope\.default"', fused))
        left = len(re.findall(r'"torch\.ops\.aten\.(cos|sin|neg|cat)\.default"', fused))
        if fuses:
            check(ropes == 2 and left == 0,
                  "%s: %d native.rope for 2 applies, %d decomposition calls left" % (name, ropes, left))
        else:
            unchanged = open(base + ".mlir").read().count("ng.call") == fused.count("ng.call")
            check(ropes == 0 and unchanged, "%s: %d native.rope, the look-alike left whole" % (name, ropes))
        run([*ng_translate, "--to-native-graph", base + ".fused.mlir", "-o", base + ".fused.nptg"])

        q = rng.standard_normal((B, H, S, d)).astype(np.float32)
        k = rng.standard_normal((B, H, S, d)).astype(np.float32)
        pos = np.stack([np.arange(S), np.arange(7, 7 + S)]).astype(np.int64)
        inv_freq = (10000.0 ** (-np.arange(0, d, 2) / d)).astype(np.float32)
        specs = []
        for key, a in dict(q=q, k=k, pos=pos, inv_freq=inv_freq).items():
            dtype = "i64" if a.dtype == np.int64 else "f32"
            values = ",".join(str(int(v)) if dtype == "i64" else repr(float(v)) for v in a.reshape(-1))
            specs.append("%s=%s[%s]:%s" % (key, dtype, ",".join(map(str, a.shape)), values))
        st.write(base + ".in.safetensors", specs)
        want = {"q_out": reference(q, pos, inv_freq, split, scale),
                "k_out": reference(k, pos, inv_freq, split, scale)}
        for suffix in (".fused.mlir", ".fused.nptg"):
            out = base + suffix + ".out.safetensors"
            run([ng_run, base + suffix, "--inputs=" + base + ".in.safetensors", "-o", out])
            got = st.read(out)
            for key, expected in want.items():
                dtype, shape, data = got[key][:3]
                have = np.frombuffer(data, dtype=np.float32).reshape(shape).astype(np.float64)
                ok = have.shape == expected.shape and np.allclose(have, expected, rtol=RTOL, atol=ATOL)
                worst = float(np.max(np.abs(have - expected) / np.maximum(np.abs(expected), 1e-3))) \
                    if ok or have.shape == expected.shape else float("inf")
                check(ok, "%s%s: %s matches numpy (largest relative difference %.1e)"
                      % (name, suffix[6:], key, worst))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
