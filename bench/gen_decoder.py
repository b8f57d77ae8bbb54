#!/usr/bin/env python3
"""Generate a large synthetic NPTG program shaped like a decoder-only LLM.

The program is what ExecuTorch's native-backend reference serializer
(graph_serialize.py) writes for a Llama-style model exported with
torch.export, torchao int4 weights left *unfolded* (every linear/embedding
weight goes through `torchao.dequantize_affine`), a KV cache held in
non-persistent mutable buffers, and a dynamic sequence length. See
docs FORMAT.md sections S1-S9 and the conformance vectors
q4_torchao_unfolded.json, kv_cache.json and dynamic_view.json.

Output: flatc JSON (written streaming, never held in memory), optionally
compiled to .nptg with `flatc -b`, and optionally the constants as a
safetensors file (FORMAT.md C2, data streamed in chunks).

Stdlib only. Examples:

    gen_decoder.py --nodes 11000 --out-nptg out/decoder_11k.nptg
    gen_decoder.py --layers 4 --hidden 256 --vocab 512 --max-seq 64 \\
        --out-json out/tiny.json --out-nptg out/tiny.nptg \\
        --safetensors out/tiny.safetensors --validate --self-check

Graph shape (per layer, 91 nodes: 25 placeholders + 66 calls):
    sym_size.int(h, 1)                                    -> INT
    RMSNorm: pow, mean.dim, add(eps), rsqrt, mul, mul(weight)
    q/k/v: dequantize_affine -> linear(weight=...) -> view [1, s, nh, hd]
    RoPE on q and k: view, unbind_copy (TENSOR_LIST), 4 mul, sub, add,
        stack, view (+2 views of the rope tables per layer)
    transpose(1, 2) for q, k, v                            (alias_of)
    slice(b_mask, 0, 0, end=<sym_size ref>, 1)            (IntArg ref)
    index_put_(k/v cache, [None, None, input_pos], ...)   (mutated, alias_of)
    scaled_dot_product_attention, transpose, clone, view [1, s, -1]
    wo: dequantize_affine -> linear; residual add
    RMSNorm; w1/w3/w2 dequantize_affine -> linear, silu, mul; residual add
Top level: embedding through dequantize_affine, rope tables indexed by
input_pos, final RMSNorm, lm_head through dequantize_affine.

--hf-rope: HuggingFace's rotary embedding as torch.export decomposes it
instead (what --ng-fuse-rope fuses): one buffer inv_freq [hd/2]; at the top
level LlamaRotaryEmbedding.forward (position_ids = input_pos[None], 13
nodes: inv_freq[None, :, None].expand, float(position_ids[:, None, :]),
matmul, transpose(1, 2), cat([f, f], -1), cos and sin times the attention
scale), the tables shared by every layer; per layer q and k transposed to
[1, heads, s, hd] first, then apply_rotary_pos_emb on each (cos and sin
unsqueezed at 1; x * cos + cat([-x2, x1], -1) * sin): 85 nodes a layer.

--hf-norm: HuggingFace's LlamaRMSNorm as torch.export decomposes it instead
(what --ng-fuse-rms-norm fuses): the f32 upcast (_to_copy), pow, mean.dim,
add(eps), rsqrt, mul, the cast back to the input's dtype (_to_copy) and the
weight's mul on the left (`weight * h`): 8 nodes a norm instead of 6, the
casts f32 to f32 here (the model is f32). +4 nodes a layer, +2 at the top.

--hf-attention: HuggingFace's eager attention (eager_attention_forward) as
torch.export decomposes it instead of one scaled_dot_product_attention
(what --ng-fuse-sdpa fuses): transpose(k, 2, 3), matmul(q, k^T),
mul(scaling = head_dim ** -0.5), add(the sliced causal mask), the softmax
in f32 (_to_copy, _softmax(-1, false), _to_copy back), matmul(p, v): 8 nodes
instead of 1, +7 a layer. Needs --kv-heads equal to --heads (no repeat_kv).
"""

import argparse
import json
import math
import os
import random
import shutil
import struct
import subprocess
import sys
import tempfile
import time

# ScalarType (W3)
BYTE, CHAR, SHORT, INT, LONG, HALF, FLOAT, DOUBLE, BOOL = 0, 1, 2, 3, 4, 5, 6, 7, 11
# OpKind
CALL_FUNCTION, PLACEHOLDER, OUTPUT = 0, 1, 2
# InputKind
USER_INPUT, PARAMETER, BUFFER, CONSTANT_TENSOR = 0, 1, 2, 3
# OutputKind
USER_OUTPUT, BUFFER_MUTATION = 0, 1
# OutputValueKind
OV_TENSOR, OV_TENSOR_LIST, OV_INT = 0, 1, 2

ST_DTYPE = {CHAR: ("I8", 1), FLOAT: ("F32", 4), LONG: ("I64", 8), BYTE: ("U8", 1)}

DYN = "s"  # marker for the dynamic sequence dim in shapes

SCRIPT_DIR = os.path.dirname(os.path.abspath(__file__))
DEFAULT_SCHEMA = os.path.join(SCRIPT_DIR, "..", "schema", "native_graph.fbs")

NODES_PER_LAYER = 91
TOP_LEVEL_NODES = 25
# With --hf-rope: 16 rope nodes a layer instead of 22; at the top level
# LlamaRotaryEmbedding's 13 instead of two index.Tensor, and one buffer
# (inv_freq) instead of the two tables.
HF_NODES_PER_LAYER = NODES_PER_LAYER - 22 + 16
HF_TOP_LEVEL_NODES = TOP_LEVEL_NODES - 2 + 13 - 1
# With --hf-norm: 8 nodes a norm instead of 6 (two a layer, one at the top).
HF_NORM_EXTRA_NODES = 2
# With --hf-attention: 8 nodes a layer's attention instead of 1.
HF_ATTENTION_EXTRA_NODES = 7


def nodes_per_part(hf_rope, hf_norm, hf_attention):
    """(top-level nodes, nodes a layer) of the decoder with these options."""
    top, per_layer = ((HF_TOP_LEVEL_NODES, HF_NODES_PER_LAYER) if hf_rope
                      else (TOP_LEVEL_NODES, NODES_PER_LAYER))
    if hf_norm:
        top += HF_NORM_EXTRA_NODES
        per_layer += 2 * HF_NORM_EXTRA_NODES
    if hf_attention:
        per_layer += HF_ATTENTION_EXTRA_NODES
    return top, per_layer

_dumps = json.JSONEncoder(ensure_ascii=True, check_circular=False).encode


# ---------------------------------------------------------------------------
# Argument constructors (ArgumentValue union members, flatc JSON spelling).
# ---------------------------------------------------------------------------

def T(name):
    return {"value_type": "TensorArg", "value": {"name": name}}


NONE = {"value_type": "NoneArg", "value": {}}


def I(v):
    return {"value_type": "IntArg", "value": {"value": v}}


def IREF(ref):
    # S5: a value produced by an int node; `value` is ignored (reference
    # writes 0).
    return {"value_type": "IntArg", "value": {"value": 0, "ref": ref}}


def F(v):
    return {"value_type": "FloatArg", "value": {"value": v}}


def B(v):
    return {"value_type": "BoolArg", "value": {"value": v}}


def STR(v):
    return {"value_type": "StringArg", "value": {"value": v}}


def ST(v):
    return {"value_type": "ScalarTypeArg", "value": {"value": v}}


def IL(items):
    """IntListArg from ints and ('ref', name) items (S5: parallel refs)."""
    if all(isinstance(x, int) for x in items):
        return {"value_type": "IntListArg", "value": {"values": list(items)}}
    values, refs = [], []
    for x in items:
        if isinstance(x, int):
            values.append(x)
            refs.append("")
        else:
            values.append(0)
            refs.append(x)
    return {"value_type": "IntListArg", "value": {"values": values, "refs": refs}}


def TL(names):
    return {"value_type": "TensorListArg", "value": {"names": list(names)}}


def OTL(names):
    """OptionalTensorListArg; None = hole."""
    return {
        "value_type": "OptionalTensorListArg",
        "value": {
            "names": [n if n is not None else "" for n in names],
            "has_value": [n is not None for n in names],
        },
    }


class Ref(str):
    """A dynamic int element of an IntListArg (a sym_size value name)."""


def node_base_name(target):
    """fx/edge-style node name for a target: torch.ops.aten.mul_.Tensor ->
    aten_mul__tensor, aten.sum.dim_IntList -> aten_sum_dim_int_list."""
    t = target[len("torch.ops."):] if target.startswith("torch.ops.") else target
    if t == "aten.sym_size.int":
        return "sym_size_int"
    out = []
    prev = ""
    for ch in t.replace(".", "_"):
        if ch.isupper() and prev.islower():
            out.append("_")
        out.append(ch.lower())
        prev = ch
    return "".join(out)


# ---------------------------------------------------------------------------
# The model description.
# ---------------------------------------------------------------------------

class Model:
    def __init__(self, a):
        self.layers = a.layers
        self.H = a.hidden
        self.heads = a.heads or max(1, a.hidden // 128)
        self.kv_heads = a.kv_heads or self.heads
        if self.H % self.heads or self.heads % self.kv_heads:
            sys.exit("error: hidden must divide by heads, heads by kv-heads")
        self.hd = self.H // self.heads
        if self.hd % 2:
            sys.exit("error: head dim must be even (RoPE)")
        if a.intermediate:
            self.I = a.intermediate
        else:
            m = 256
            self.I = m * ((int(2 * 4 * self.H / 3) + m - 1) // m)
        self.V = a.vocab
        self.G = a.group_size
        self.S = a.max_seq
        self.eps = 1e-5
        self.functional_kv = a.functional_kv or a.edge_ops
        self.edge_ops = a.edge_ops
        self.hf_rope = a.hf_rope
        self.hf_norm = a.hf_norm
        self.hf_attention = a.hf_attention
        if self.hf_attention and self.kv_heads != self.heads:
            sys.exit("error: --hf-attention needs --kv-heads equal to --heads "
                     "(it writes no repeat_kv)")
        for what, k in (("hidden", self.H), ("intermediate", self.I)):
            if k % self.G:
                sys.exit(f"error: {what} {k} not divisible by group size {self.G}")

    # Quantized weights: (module fqn, N, K). Module order of the Llama
    # Transformer (tok_embeddings, layers.*, norm, output).
    def layer_linears(self, i):
        p = f"layers.{i}."
        H, hd, I = self.H, self.hd, self.I
        return [
            (p + "attention.wq", self.heads * hd, H),
            (p + "attention.wk", self.kv_heads * hd, H),
            (p + "attention.wv", self.kv_heads * hd, H),
            (p + "attention.wo", H, self.heads * hd),
            (p + "feed_forward.w1", I, H),
            (p + "feed_forward.w2", H, I),
            (p + "feed_forward.w3", I, H),
        ]

    def quantized_weights(self):
        yield ("tok_embeddings", self.V, self.H)
        for i in range(self.layers):
            yield from self.layer_linears(i)
        yield ("output", self.V, self.H)

    def placeholders(self):
        """All fx placeholders in torch.export order (params, buffers,
        constants, user inputs): (name, data_key_or_fqn, role, dtype, shape).
        role: PARAMETER/BUFFER/CONSTANT_TENSOR (NamedTensorRef), 'mutable'
        (MutableBufferSpec), 'user' (user input)."""
        H, S, hd = self.H, self.S, self.hd
        # parameters
        yield ("p_tok_embeddings_weight", "tok_embeddings.weight", PARAMETER,
               CHAR, (self.V, H))
        for i in range(self.layers):
            for fqn, n, k in self.layer_linears(i):
                yield ("p_" + fqn.replace(".", "_") + "_weight", fqn + ".weight",
                       PARAMETER, CHAR, (n, k))
            for norm in ("attention_norm", "ffn_norm"):
                fqn = f"layers.{i}.{norm}.weight"
                yield ("p_" + fqn.replace(".", "_"), fqn, PARAMETER, FLOAT, (H,))
        yield ("p_norm_weight", "norm.weight", PARAMETER, FLOAT, (H,))
        yield ("p_output_weight", "output.weight", PARAMETER, CHAR, (self.V, H))
        # buffers: rope tables and the causal mask (non-persistent, never
        # written: constants with data), then the KV caches (non-persistent,
        # written: mutable buffers, S3).
        if self.hf_rope:
            yield ("b_rotary_emb_inv_freq", "rotary_emb.inv_freq", BUFFER,
                   FLOAT, (hd // 2,))
        else:
            yield ("b_rope_freqs_cos", "rope.freqs_cos", BUFFER, FLOAT,
                   (S, hd // 2))
            yield ("b_rope_freqs_sin", "rope.freqs_sin", BUFFER, FLOAT,
                   (S, hd // 2))
        yield ("b_mask", "mask", BUFFER, FLOAT, (S, S))
        for i in range(self.layers):
            for c in ("k_cache", "v_cache"):
                fqn = f"layers.{i}.attention.kv_cache.{c}"
                yield ("b_" + fqn.replace(".", "_"), fqn, "mutable", FLOAT,
                       (1, self.kv_heads, S, hd))
        # lifted torchao constants: scale (f32) and zero point (int8)
        for fqn, n, k in self.quantized_weights():
            g = k // self.G
            for suffix, dt in (("weight_scale", FLOAT), ("weight_zero_point", CHAR)):
                key = f"{fqn}.{suffix}"
                yield ("c_" + key.replace(".", "_"), key, CONSTANT_TENSOR, dt, (n, g))
        if self.edge_ops:
            # A lifted constant only a metadata assertion reads: dead once
            # the assertion goes (--ng-remove-runtime-asserts, then
            # --ng-prune-constants).
            yield ("c_lifted_tensor_0", "lifted_tensor_0", CONSTANT_TENSOR,
                   FLOAT, (H,))
        # user inputs
        yield ("tokens", None, "user", LONG, (1, DYN))
        yield ("input_pos", None, "user", LONG, (DYN,))

    def node_count(self):
        top, per_layer = nodes_per_part(self.hf_rope, self.hf_norm,
                                        self.hf_attention)
        return top + per_layer * self.layers + (3 if self.edge_ops else 0)


# ---------------------------------------------------------------------------
# Streaming program writer.
# ---------------------------------------------------------------------------

class Writer:
    def __init__(self, model, out, tv_tmp):
        self.m = model
        self.out = out          # main JSON file (nodes go here)
        self.tv = tv_tmp        # tensor_values, appended after the nodes
        self.first_node = True
        self.first_tv = True
        self.counts = {}
        self.getitems = 0
        self.meta_cache = {}
        self.nodes = 0
        self.outputs = []       # (value name, OutputSpec kind, target)

    # -- names ------------------------------------------------------------
    def fresh(self, base):
        n = self.counts.get(base, 0)
        self.counts[base] = n + 1
        return base if n == 0 else f"{base}_{n}"

    def fresh_getitem(self):
        n = self.getitems
        self.getitems += 1
        return "getitem" if n == 0 else f"getitem_{n}"

    # -- metadata ---------------------------------------------------------
    def meta(self, dtype, shape, order=None):
        key = (dtype, shape, order)
        s = self.meta_cache.get(key)
        if s is None:
            sizes = []
            for d in shape:
                if d == DYN:
                    sizes.append({"min": 1, "max": self.m.S})
                else:
                    sizes.append({"min": d, "max": d})
            dim_order = list(order) if order is not None else list(range(len(shape)))
            s = _dumps({"dtype": dtype, "sizes": sizes, "dim_order": dim_order})
            self.meta_cache[key] = s
        return s

    def tensor_value(self, name, dtype, shape, order=None):
        if not self.first_tv:
            self.tv.write(",\n")
        self.first_tv = False
        self.tv.write('{"name": %s, "meta": %s}' % (_dumps(name), self.meta(dtype, shape, order)))

    # -- nodes ------------------------------------------------------------
    def emit(self, node):
        if not self.first_node:
            self.out.write(",\n")
        self.first_node = False
        self.out.write(_dumps(node))
        self.nodes += 1

    def placeholder(self, name):
        self.emit({"name": name, "op_kind": PLACEHOLDER, "outputs": [{"name": name}]})

    def call(self, target, inputs, dtype=None, shape=None, order=None,
             alias_of=None, scalar=False, list_shapes=None, void=False):
        """Emit a call_function node. inputs: list of (schema name, arg) or
        (schema name, arg, mutated). Returns the output value name (or the
        element names for a Tensor[] return)."""
        name = self.fresh(node_base_name(target))
        args = []
        for inp in inputs:
            na = {"name": inp[0], "arg": inp[1]}
            if len(inp) > 2 and inp[2]:
                na["mutated"] = True
            args.append(na)
        if list_shapes is not None:
            names = [self.fresh_getitem() for _ in list_shapes]
            outs = [{"name": "", "kind": OV_TENSOR_LIST, "names": names}]
            result = names
        elif void:
            outs = []
            result = None
        elif scalar:
            outs = [{"name": name, "kind": OV_INT}]
            result = name
        else:
            o = {"name": name}
            if alias_of is not None:
                o["alias_of"] = alias_of
            outs = [o]
            result = name
        self.emit({"name": name, "op_kind": CALL_FUNCTION, "target": target,
                   "inputs": args, "outputs": outs})
        if list_shapes is not None:
            for n, shp in zip(names, list_shapes):
                self.tensor_value(n, dtype, shp)
        elif not scalar and not void:
            self.tensor_value(name, dtype, shape, order)
        return result

    # -- op helpers -------------------------------------------------------
    def dequant(self, fqn, n, k):
        m = self.m
        w = "p_" + fqn.replace(".", "_") + "_weight"
        c = "c_" + fqn.replace(".", "_") + "_weight_"
        return self.call("torch.ops.torchao.dequantize_affine.default", [
            ("input", T(w)),
            ("block_size", IL([1, m.G])),
            ("scale", T(c + "scale")),
            ("zero_point", T(c + "zero_point")),
            ("input_dtype", ST(CHAR)),
            ("quant_min", I(-8)),
            ("quant_max", I(7)),
            ("output_dtype", ST(FLOAT)),
        ], FLOAT, (n, k))

    def linear(self, x, fqn, n, k, lead):
        w = self.dequant(fqn, n, k)
        return self.call("torch.ops.aten.linear.default", [
            ("input", T(x)), ("weight", T(w)), ("bias", NONE),
        ], FLOAT, lead + (n,))

    def view(self, x, size_items, shape, dtype=FLOAT):
        if self.m.edge_ops:
            return self.call("torch.ops.aten.view_copy.default", [
                ("self", T(x)), ("size", IL(size_items)),
            ], dtype, shape)
        return self.call("torch.ops.aten.view.default", [
            ("self", T(x)), ("size", IL(size_items)),
        ], dtype, shape, alias_of=x)

    def view_op(self, op, overload, x, args, shape, order=None, dtype=FLOAT):
        """aten.<op>.<overload> on `x` (a view, alias_of x), or its _copy
        form with --edge-ops (a new tensor, contiguous)."""
        ins = [("self", T(x))] + args
        if self.m.edge_ops:
            return self.call(f"torch.ops.aten.{op}_copy.{overload}", ins,
                             dtype, shape)
        return self.call(f"torch.ops.aten.{op}.{overload}", ins, dtype, shape,
                         order=order, alias_of=x)

    def hf_rotary_tables(self):
        """LlamaRotaryEmbedding.forward(x, position_ids), attention scale 1:
        the cos and sin tables [1, s, hd] every layer shares."""
        half, hd = self.m.hd // 2, self.m.hd
        pos = self.view_op("unsqueeze", "default", "input_pos",
                           [("dim", I(0))], (1, DYN), dtype=LONG)
        f0 = self.view_op("unsqueeze", "default", "b_rotary_emb_inv_freq",
                          [("dim", I(0))], (1, half))
        f1 = self.view_op("unsqueeze", "default", f0, [("dim", I(2))],
                          (1, half, 1))
        f2 = self.view_op("expand", "default", f1,
                          [("size", IL([1, -1, 1]))], (1, half, 1))
        p0 = self.view_op("unsqueeze", "default", pos, [("dim", I(1))],
                          (1, 1, DYN), dtype=LONG)
        p1 = self.call("torch.ops.aten._to_copy.default", [
            ("self", T(p0)), ("dtype", ST(FLOAT))], FLOAT, (1, 1, DYN))
        m = self.call("torch.ops.aten.matmul.default", [
            ("self", T(f2)), ("other", T(p1))], FLOAT, (1, half, DYN))
        freqs = self.view_op("transpose", "int", m,
                             [("dim0", I(1)), ("dim1", I(2))], (1, DYN, half),
                             order=(0, 2, 1))
        emb = self.call("torch.ops.aten.cat.default", [
            ("tensors", TL([freqs, freqs])), ("dim", I(-1))], FLOAT,
            (1, DYN, hd))
        tables = []
        for fn in ("cos", "sin"):
            t = self.call(f"torch.ops.aten.{fn}.default", [("self", T(emb))],
                          FLOAT, (1, DYN, hd))
            tables.append(self.binop("mul", t, None, (1, DYN, hd),
                                     alpha=False, b_arg=F(1.0)))
        return tables

    def hf_rope(self, x, nh, cos_u, sin_u):
        """apply_rotary_pos_emb on x [1, nh, s, hd] (contiguous with
        --edge-ops, else a transposed view): x * cos + rotate_half(x) * sin."""
        hd, half = self.m.hd, self.m.hd // 2
        order = None if self.m.edge_ops else (0, 2, 1, 3)
        shp, shp2 = (1, nh, DYN, hd), (1, nh, DYN, half)
        xc = self.binop("mul", x, cos_u, shp, alpha=False)
        x1 = self.view_op("slice", "Tensor", x, [
            ("dim", I(3)), ("start", I(0)), ("end", I(half)), ("step", I(1))],
            shp2, order=order)
        x2 = self.view_op("slice", "Tensor", x, [
            ("dim", I(3)), ("start", I(half)), ("end", I(2**63 - 1)),
            ("step", I(1))], shp2, order=order)
        n2 = self.call("torch.ops.aten.neg.default", [("self", T(x2))], FLOAT,
                       shp2)
        rh = self.call("torch.ops.aten.cat.default", [
            ("tensors", TL([n2, x1])), ("dim", I(-1))], FLOAT, shp)
        rs = self.binop("mul", rh, sin_u, shp, alpha=False)
        return self.binop("add", xc, rs, shp)

    def binop(self, op, a, b, shape, alpha=True, b_arg=None):
        ins = [("self", T(a)), ("other", b_arg if b_arg is not None else T(b))]
        if alpha:
            ins.append(("alpha", I(1)))
        return self.call(f"torch.ops.aten.{op}.Tensor", ins, FLOAT, shape)

    def rms_norm(self, x, weight, lead):
        H = self.m.H
        shp = lead + (H,)
        if self.m.hf_norm:
            return self.hf_rms_norm(x, weight, lead)
        p = self.call("torch.ops.aten.pow.Tensor_Scalar", [
            ("self", T(x)), ("exponent", I(2))], FLOAT, shp)
        mn = self.call("torch.ops.aten.mean.dim", [
            ("self", T(p)), ("dim", IL([-1])), ("keepdim", B(True)),
            ("dtype", NONE)], FLOAT, lead + (1,))
        ad = self.binop("add", mn, None, lead + (1,), b_arg=F(self.m.eps))
        rs = self.call("torch.ops.aten.rsqrt.default", [("self", T(ad))],
                       FLOAT, lead + (1,))
        mu = self.binop("mul", x, rs, shp, alpha=False)
        return self.binop("mul", mu, weight, shp, alpha=False)

    def hf_rms_norm(self, x, weight, lead):
        """LlamaRMSNorm.forward: h = x.to(f32); h = h * rsqrt(h.pow(2).mean(-1,
        keepdim=True) + eps); weight * h.to(x's dtype), the dtype f32 here."""
        shp = lead + (self.m.H,)
        x32 = self.call("torch.ops.aten._to_copy.default", [
            ("self", T(x)), ("dtype", ST(FLOAT))], FLOAT, shp)
        p = self.call("torch.ops.aten.pow.Tensor_Scalar", [
            ("self", T(x32)), ("exponent", I(2))], FLOAT, shp)
        mn = self.call("torch.ops.aten.mean.dim", [
            ("self", T(p)), ("dim", IL([-1])), ("keepdim", B(True)),
            ("dtype", NONE)], FLOAT, lead + (1,))
        ad = self.binop("add", mn, None, lead + (1,), b_arg=F(self.m.eps))
        rs = self.call("torch.ops.aten.rsqrt.default", [("self", T(ad))],
                       FLOAT, lead + (1,))
        mu = self.binop("mul", x32, rs, shp, alpha=False)
        back = self.call("torch.ops.aten._to_copy.default", [
            ("self", T(mu)), ("dtype", ST(FLOAT))], FLOAT, shp)
        return self.binop("mul", weight, back, shp, alpha=False)

    def hf_attention(self, q, k, v, mask):
        """eager_attention_forward without dropout: softmax(q @ k^T * scaling
        + mask, -1, dtype=f32).to(q's dtype) @ v, on q [1, nh, s, hd] and the
        caches [1, nh, S, hd]; the mask [s, S] broadcasts."""
        m = self.m
        nh, hd, S = m.heads, m.hd, m.S
        kt = self.view_op("transpose", "int", k, [("dim0", I(2)), ("dim1", I(3))],
                          (1, nh, hd, S), order=(0, 1, 3, 2))
        sc = (1, nh, DYN, S)
        s = self.call("torch.ops.aten.matmul.default", [
            ("self", T(q)), ("other", T(kt))], FLOAT, sc)
        ss = self.binop("mul", s, None, sc, alpha=False, b_arg=F(hd ** -0.5))
        sm = self.binop("add", ss, mask, sc)
        s32 = self.call("torch.ops.aten._to_copy.default", [
            ("self", T(sm)), ("dtype", ST(FLOAT))], FLOAT, sc)
        p32 = self.call("torch.ops.aten._softmax.default", [
            ("self", T(s32)), ("dim", I(-1)), ("half_to_float", B(False))],
            FLOAT, sc)
        p = self.call("torch.ops.aten._to_copy.default", [
            ("self", T(p32)), ("dtype", ST(FLOAT))], FLOAT, sc)
        return self.call("torch.ops.aten.matmul.default", [
            ("self", T(p)), ("other", T(v))], FLOAT, (1, nh, DYN, hd))

    def rope(self, x, nh, sym, cos_b, sin_b):
        hd2 = self.m.hd // 2
        shp4 = (1, DYN, nh, hd2)
        x5 = self.view(x, [1, Ref(sym), nh, hd2, 2], (1, DYN, nh, hd2, 2))
        xr, xi = self.call("torch.ops.aten.unbind_copy.int", [
            ("self", T(x5)), ("dim", I(-1))], FLOAT,
            list_shapes=[shp4, shp4])
        a = self.binop("mul", xr, cos_b, shp4, alpha=False)
        b = self.binop("mul", xi, sin_b, shp4, alpha=False)
        r = self.binop("sub", a, b, shp4)
        c = self.binop("mul", xr, sin_b, shp4, alpha=False)
        d = self.binop("mul", xi, cos_b, shp4, alpha=False)
        i = self.binop("add", c, d, shp4)
        st = self.call("torch.ops.aten.stack.default", [
            ("tensors", TL([r, i])), ("dim", I(-1))], FLOAT, (1, DYN, nh, hd2, 2))
        return self.view(st, [1, Ref(sym), nh, self.m.hd], (1, DYN, nh, self.m.hd))

    def transpose12(self, x, shape_in):
        b, s, h, d = shape_in
        if self.m.edge_ops:
            return self.call("torch.ops.aten.transpose_copy.int", [
                ("self", T(x)), ("dim0", I(1)), ("dim1", I(2))],
                FLOAT, (b, h, s, d))
        return self.call("torch.ops.aten.transpose.int", [
            ("self", T(x)), ("dim0", I(1)), ("dim1", I(2))],
            FLOAT, (b, h, s, d), order=(0, 2, 1, 3), alias_of=x)

    def layer(self, i, h, cos, sin):
        m = self.m
        H, hd, nh, nkv, S = m.H, m.hd, m.heads, m.kv_heads, m.S
        lead = (1, DYN)
        pfx = f"p_layers_{i}_"
        sym = self.call("torch.ops.aten.sym_size.int", [
            ("self", T(h)), ("dim", I(1))], scalar=True)
        xn = self.rms_norm(h, pfx + "attention_norm_weight", lead)
        lin = {fqn.rsplit(".", 1)[1]: (fqn, n, k) for fqn, n, k in m.layer_linears(i)}
        q = self.linear(xn, *lin["wq"], lead)
        k = self.linear(xn, *lin["wk"], lead)
        v = self.linear(xn, *lin["wv"], lead)
        q4 = self.view(q, [1, Ref(sym), nh, hd], (1, DYN, nh, hd))
        k4 = self.view(k, [1, Ref(sym), nkv, hd], (1, DYN, nkv, hd))
        v4 = self.view(v, [1, Ref(sym), nkv, hd], (1, DYN, nkv, hd))
        if m.hf_rope:
            # HF: q, k, v to [1, heads, s, hd] first, the rotary embedding
            # on q and k there.
            cos_u = self.view_op("unsqueeze", "default", cos, [("dim", I(1))],
                                 (1, 1, DYN, hd))
            sin_u = self.view_op("unsqueeze", "default", sin, [("dim", I(1))],
                                 (1, 1, DYN, hd))
            qt = self.hf_rope(self.transpose12(q4, (1, DYN, nh, hd)), nh,
                              cos_u, sin_u)
            kt = self.hf_rope(self.transpose12(k4, (1, DYN, nkv, hd)), nkv,
                              cos_u, sin_u)
        else:
            cos_b = self.view(cos, [1, Ref(sym), 1, hd // 2], (1, DYN, 1, hd // 2))
            sin_b = self.view(sin, [1, Ref(sym), 1, hd // 2], (1, DYN, 1, hd // 2))
            qr = self.rope(q4, nh, sym, cos_b, sin_b)
            kr = self.rope(k4, nkv, sym, cos_b, sin_b)
            qt = self.transpose12(qr, (1, DYN, nh, hd))
            kt = self.transpose12(kr, (1, DYN, nkv, hd))
        vt = self.transpose12(v4, (1, DYN, nkv, hd))
        mask = self.call(
            "torch.ops.aten.slice_copy.Tensor" if m.edge_ops
            else "torch.ops.aten.slice.Tensor", [
                ("self", T("b_mask")), ("dim", I(0)), ("start", I(0)),
                ("end", IREF(sym)), ("step", I(1))], FLOAT, (DYN, S),
            alias_of=None if m.edge_ops else "b_mask")
        caches = []
        for c, val in (("k_cache", kt), ("v_cache", vt)):
            buf = f"b_layers_{i}_attention_kv_cache_{c}"
            fqn = f"layers.{i}.attention.kv_cache.{c}"
            idx = OTL([None, None, "input_pos"])
            if m.functional_kv:
                out = self.call("torch.ops.aten.index_put.default", [
                    ("self", T(buf)), ("indices", idx), ("values", T(val)),
                    ("accumulate", B(False))], FLOAT, (1, nkv, S, hd))
            else:
                out = self.call("torch.ops.aten.index_put_.default", [
                    ("self", T(buf), True), ("indices", idx), ("values", T(val)),
                    ("accumulate", B(False))], FLOAT, (1, nkv, S, hd), alias_of=buf)
            self.outputs.append((out, BUFFER_MUTATION, fqn))
            caches.append(out)
        if m.hf_attention:
            attn = self.hf_attention(qt, caches[0], caches[1], mask)
        else:
            attn = self.call("torch.ops.aten.scaled_dot_product_attention.default", [
                ("query", T(qt)), ("key", T(caches[0])), ("value", T(caches[1])),
                ("attn_mask", T(mask)), ("dropout_p", F(0.0)), ("is_causal", B(False)),
                ("scale", NONE), ("enable_gqa", B(nkv != nh))], FLOAT, (1, nh, DYN, hd))
        at = self.transpose12(attn, (1, nh, DYN, hd))
        ac = self.call("torch.ops.aten.clone.default", [
            ("self", T(at)), ("memory_format", STR("torch.contiguous_format"))],
            FLOAT, (1, DYN, nh, hd))
        av = self.view(ac, [1, Ref(sym), -1], (1, DYN, nh * hd))
        o = self.linear(av, *lin["wo"], lead)
        h2 = self.binop("add", h, o, lead + (H,))
        xn2 = self.rms_norm(h2, pfx + "ffn_norm_weight", lead)
        g = self.linear(xn2, *lin["w1"], lead)
        sg = self.call("torch.ops.aten.silu.default", [("self", T(g))], FLOAT, lead + (m.I,))
        u = self.linear(xn2, *lin["w3"], lead)
        gu = self.binop("mul", sg, u, lead + (m.I,), alpha=False)
        dn = self.linear(gu, *lin["w2"], lead)
        return self.binop("add", h2, dn, lead + (H,))

    def program(self, progress):
        m = self.m
        out = self.out
        out.write('{"version": "1.0", "methods": [{"name": "forward", "graph": {"nodes": [\n')
        # S1: placeholders first; mutable buffers and user inputs carry
        # tensor_values metadata (S2, S3); constants do not.
        for name, _, role, dt, shape in m.placeholders():
            self.placeholder(name)
            if role in ("mutable", "user"):
                self.tensor_value(name, dt, shape)
        lead = (1, DYN)
        if m.edge_ops:
            # What torch.export leaves for the input's metadata.
            for a, dtype in (("tokens", LONG), ("c_lifted_tensor_0", FLOAT)):
                self.call("torch.ops.aten._assert_tensor_metadata.default", [
                    ("a", T(a)), ("size", NONE), ("stride", NONE),
                    ("dtype", ST(dtype))], void=True)
        emb_w = self.dequant("tok_embeddings", m.V, m.H)
        h = self.call("torch.ops.aten.embedding.default", [
            ("weight", T(emb_w)), ("indices", T("tokens")), ("padding_idx", I(-1)),
            ("scale_grad_by_freq", B(False)), ("sparse", B(False))],
            FLOAT, lead + (m.H,))
        if m.hf_rope:
            cos, sin = self.hf_rotary_tables()
        else:
            cos = self.call("torch.ops.aten.index.Tensor", [
                ("self", T("b_rope_freqs_cos")), ("indices", OTL(["input_pos"]))],
                FLOAT, (DYN, m.hd // 2))
            sin = self.call("torch.ops.aten.index.Tensor", [
                ("self", T("b_rope_freqs_sin")), ("indices", OTL(["input_pos"]))],
                FLOAT, (DYN, m.hd // 2))
        t0 = time.time()
        for i in range(m.layers):
            h = self.layer(i, h, cos, sin)
            if progress and (i + 1) % max(1, m.layers // 10) == 0:
                print(f"  layer {i + 1}/{m.layers}  nodes {self.nodes}  "
                      f"{time.time() - t0:.1f}s", file=sys.stderr)
        xn = self.rms_norm(h, "p_norm_weight", lead)
        logits = self.linear(xn, "output", m.V, m.H, lead)
        self.outputs.append((logits, USER_OUTPUT, None))
        # S7: buffer mutations first (torch.export order), then user outputs.
        self.emit({"name": "output", "op_kind": OUTPUT,
                   "inputs": [{"arg": T(n)} for n, _, _ in self.outputs]})
        out.write("\n]")

    def finish(self, tv_path):
        """Write everything after Graph.nodes."""
        m = self.m
        out = self.out
        out.write(', "inputs": ["tokens", "input_pos"]')
        out.write(', "outputs": %s' % _dumps([n for n, _, _ in self.outputs]))
        out.write(', "tensor_values": [\n')
        self.tv.flush()
        with open(tv_path, "r") as f:
            shutil.copyfileobj(f, out, 1 << 20)
        out.write('\n]}, "constants": [\n')
        first = True
        for name, key, role, dt, shape in m.placeholders():
            if role not in (PARAMETER, BUFFER, CONSTANT_TENSOR):
                continue
            if not first:
                out.write(",\n")
            first = False
            out.write('{"name": %s, "data_key": %s, "meta": %s, "kind": %d}' % (
                _dumps(name), _dumps(key), self.meta(dt, shape), role))
        out.write('\n], "output_specs": [\n')
        specs = []
        for n, kind, target in self.outputs:
            d = {"name": n, "kind": kind}
            if target is not None:
                d["target"] = target
            specs.append(_dumps(d))
        out.write(",\n".join(specs))
        out.write('\n], "mutable_buffers": [\n')
        out.write(",\n".join(
            _dumps({"name": name, "fqn": key})
            for name, key, role, _, _ in m.placeholders() if role == "mutable"))
        out.write("\n]}]}\n")


def write_json(model, path, progress):
    d = os.path.dirname(os.path.abspath(path))
    fd, tv_path = tempfile.mkstemp(prefix=".tv_", suffix=".json", dir=d)
    try:
        with open(path, "w", buffering=1 << 20) as out, \
                os.fdopen(fd, "w", buffering=1 << 20) as tv:
            w = Writer(model, out, tv)
            w.program(progress)
            w.finish(tv_path)
    finally:
        os.unlink(tv_path)
    return w.nodes


# ---------------------------------------------------------------------------
# safetensors (FORMAT.md C2), streamed.
# ---------------------------------------------------------------------------

def _int4_table():
    return bytes((((b & 15) - 8) & 0xFF) for b in range(256))


def _zp_table():
    return bytes((((b % 5) - 2) & 0xFF) for b in range(256))


def write_safetensors(model, path, seed, chunk=1 << 22):
    rng = random.Random(seed)
    entries = []  # (key, dtype, shape, nbytes)
    for name, key, role, dt, shape in model.placeholders():
        if role not in (PARAMETER, BUFFER, CONSTANT_TENSOR):
            continue
        st, size = ST_DTYPE[dt]
        numel = 1
        for d in shape:
            numel *= d
        entries.append((key, dt, shape, numel * size))
    total = sum(e[3] for e in entries)
    free = shutil.disk_usage(os.path.dirname(os.path.abspath(path))).free
    if total > free - (1 << 30):
        sys.exit(f"error: safetensors would need {total / 1e9:.1f} GB, "
                 f"only {free / 1e9:.1f} GB free (use a smaller --hidden/--vocab)")
    header = {}
    off = 0
    for key, dt, shape, nb in entries:
        header[key] = {"dtype": ST_DTYPE[dt][0], "shape": list(shape),
                       "data_offsets": [off, off + nb]}
        off += nb
    hb = json.dumps(header, separators=(",", ":")).encode()
    hb += b" " * ((-len(hb)) % 8)
    int4 = _int4_table()
    zpt = _zp_table()
    # A pool of plausible f32 scales, written cyclically (fast, deterministic).
    pool_n = 1 << 16
    scale_pool = struct.pack("<%df" % pool_n,
                             *(rng.uniform(0.001, 0.07) for _ in range(pool_n)))
    norm_pool = struct.pack("<%df" % pool_n,
                            *(rng.uniform(0.5, 1.5) for _ in range(pool_n)))
    neg_inf = struct.pack("<f", float("-inf"))
    zero = struct.pack("<f", 0.0)

    def cyclic(f, pool, nb):
        pos = rng.randrange(0, len(pool) // 4) * 4
        while nb > 0:
            piece = pool[pos:pos + nb]
            f.write(piece)
            nb -= len(piece)
            pos = 0

    with open(path, "wb", buffering=1 << 20) as f:
        f.write(struct.pack("<Q", len(hb)))
        f.write(hb)
        for key, dt, shape, nb in entries:
            if dt == CHAR and key.endswith(".weight"):
                left = nb
                while left > 0:
                    n = min(chunk, left)
                    f.write(rng.randbytes(n).translate(int4))
                    left -= n
            elif dt == CHAR:  # zero points in [-2, 2]
                f.write(rng.randbytes(nb).translate(zpt))
            elif key.endswith("_scale"):
                cyclic(f, scale_pool, nb)
            elif key == "rotary_emb.inv_freq":
                (half,) = shape
                f.write(struct.pack("<%df" % half, *(
                    1.0 / (10000.0 ** (2 * j / (2 * half))) for j in range(half))))
            elif key.startswith("rope.freqs_"):
                S, half = shape
                fn = math.cos if key.endswith("cos") else math.sin
                inv = [1.0 / (10000.0 ** (2 * j / (2 * half))) for j in range(half)]
                for p in range(S):
                    f.write(struct.pack("<%df" % half, *(fn(p * w) for w in inv)))
            elif key == "mask":
                S = shape[0]
                for r in range(S):
                    f.write(zero * (r + 1) + neg_inf * (S - r - 1))
            else:  # norm weights
                cyclic(f, norm_pool, nb)
        assert f.tell() == 8 + len(hb) + total, "safetensors size mismatch"
    return total + 8 + len(hb), len(entries)


# ---------------------------------------------------------------------------
# flatc, validation, self-check.
# ---------------------------------------------------------------------------

def compile_nptg(flatc, schema, json_path, nptg_path):
    d = tempfile.mkdtemp(prefix=".flatc_", dir=os.path.dirname(os.path.abspath(nptg_path)))
    try:
        subprocess.run([flatc, "-b", "-o", d, schema, json_path], check=True)
        stem = os.path.splitext(os.path.basename(json_path))[0]
        os.replace(os.path.join(d, stem + ".bin"), nptg_path)
    finally:
        shutil.rmtree(d, ignore_errors=True)


def validate_nptg(flatc, schema, nptg_path):
    """flatc --json --strict-json --defaults-json of the binary must succeed."""
    d = tempfile.mkdtemp(prefix=".flatc_", dir=os.path.dirname(os.path.abspath(nptg_path)))
    try:
        subprocess.run([flatc, "--json", "--strict-json", "--defaults-json",
                        "-o", d, schema, "--", nptg_path], check=True)
        outs = os.listdir(d)
        if len(outs) != 1:
            raise RuntimeError(f"flatc produced {outs}")
        return os.path.getsize(os.path.join(d, outs[0]))
    finally:
        shutil.rmtree(d, ignore_errors=True)


def self_check(json_path):
    """Check the generated JSON against the FORMAT.md rules a program must
    meet (V1-V3, V5-V7, V10-V13 subset). Loads the whole file: small sizes."""
    with open(json_path) as f:
        prog = json.load(f)
    errs = []
    for meth in prog["methods"]:
        g = meth["graph"]
        tv = {t["name"]: t["meta"] for t in g.get("tensor_values", [])}
        consts = {c["name"]: c for c in meth.get("constants", [])}
        mbufs = {b["name"]: b["fqn"] for b in meth.get("mutable_buffers", [])}
        defined = {}
        kinds = {}
        for n in g.get("inputs", []):
            defined[n] = "input"
        for n in list(consts) + list(mbufs):
            if n in defined:
                errs.append(f"V2 duplicate {n}")
            defined[n] = "binding"
        node_names = set()
        storage = {}

        def ref(r, ctx):
            if r == "":
                return
            if r not in defined:
                errs.append(f"V3 {ctx}: unresolved {r}")

        out_refs = []
        for node in g["nodes"]:
            nm = node["name"]
            if nm in node_names:
                errs.append(f"V1 duplicate node {nm}")
            node_names.add(nm)
            if node.get("op_kind", 0) == PLACEHOLDER:
                if nm not in defined:
                    errs.append(f"V4 placeholder {nm} not an input/binding")
                continue
            operands = set()
            for na in node.get("inputs", []):
                a = na["arg"]
                t, v = a["value_type"], a["value"]
                ctx = f"{nm}.{na.get('name', '')}"
                if t == "TensorArg":
                    ref(v["name"], ctx)
                    operands.add(v["name"])
                    if node.get("op_kind") == OUTPUT:
                        out_refs.append(v["name"])
                elif t in ("IntArg", "FloatArg", "BoolArg") and v.get("ref"):
                    ref(v["ref"], ctx)
                elif t == "IntListArg" and v.get("refs"):
                    if len(v["refs"]) != len(v["values"]):
                        errs.append(f"V5 {ctx}")
                    for r in v["refs"]:
                        ref(r, ctx)
                elif t == "TensorListArg":
                    for r in v["names"]:
                        ref(r, ctx)
                        operands.add(r)
                elif t == "OptionalTensorListArg":
                    if len(v["names"]) != len(v["has_value"]):
                        errs.append(f"V5 {ctx}")
                    for r, hv in zip(v["names"], v["has_value"]):
                        if hv:
                            ref(r, ctx)
                            operands.add(r)
                if na.get("mutated") and t == "TensorArg":
                    root = v["name"]
                    while root in storage:
                        root = storage[root]
                    c = consts.get(root)
                    if c is not None and c.get("kind") in (PARAMETER, CONSTANT_TENSOR):
                        errs.append(f"V13 {ctx} writes read-only {root}")
            for o in node.get("outputs", []):
                names = o.get("names") if o.get("kind") == OV_TENSOR_LIST else [o["name"]]
                for on in names:
                    if on in defined:
                        errs.append(f"V2 duplicate value {on}")
                    defined[on] = "node"
                    kinds[on] = o.get("kind", 0)
                    if o.get("kind", 0) in (OV_TENSOR, OV_TENSOR_LIST) and on not in tv:
                        errs.append(f"missing tensor_values for {on}")
                if o.get("alias_of"):
                    if o["alias_of"] not in operands:
                        errs.append(f"V6 {nm}: alias_of {o['alias_of']} not an operand")
                    storage[o["name"]] = o["alias_of"]
        if g["nodes"][-1]["name"] != "output" or g["nodes"][-1]["op_kind"] != OUTPUT:
            errs.append("S1 last node is not output")
        if out_refs != g.get("outputs", []):
            errs.append("V10 Graph.outputs != output node refs")
        specs = meth.get("output_specs", [])
        if [s["name"] for s in specs] != g.get("outputs", []):
            errs.append("V10 output_specs not parallel")
        fqns = set(mbufs.values()) | {c["data_key"] for c in consts.values()
                                      if c.get("kind") == BUFFER}
        for s in specs:
            if s.get("kind") == BUFFER_MUTATION and s.get("target") not in fqns:
                errs.append(f"V11 {s}")
        for n in list(g.get("inputs", [])) + list(mbufs):
            if n not in tv:
                errs.append(f"V7 no metadata for {n}")
        for n in consts:
            if n in tv:
                errs.append(f"S2 constant {n} in tensor_values")
        for name, meta in tv.items():
            do = meta.get("dim_order", [])
            if do and sorted(do) != list(range(len(meta["sizes"]))):
                errs.append(f"V8 {name}")
    return errs


# ---------------------------------------------------------------------------

def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--layers", type=int, default=None,
                    help="decoder layers (default: from --nodes, else 121 = ~11k nodes)")
    ap.add_argument("--nodes", type=int, default=None,
                    help="pick --layers to get about this many nodes")
    ap.add_argument("--hidden", type=int, default=4096)
    ap.add_argument("--heads", type=int, default=0, help="default hidden/128")
    ap.add_argument("--kv-heads", type=int, default=0, help="default = heads")
    ap.add_argument("--intermediate", type=int, default=0,
                    help="MLP size (default Llama rule: 8/3*hidden rounded up to 256)")
    ap.add_argument("--vocab", type=int, default=32000)
    ap.add_argument("--group-size", type=int, default=32)
    ap.add_argument("--max-seq", type=int, default=2048)
    ap.add_argument("--edge-ops", action="store_true",
                    help="what an edge-dialect export has: the copy variants "
                         "(view_copy, transpose_copy, slice_copy), "
                         "_assert_tensor_metadata nodes (of the input, and of "
                         "a lifted constant nothing else reads), and (implied) "
                         "--functional-kv; what the native backend's passes "
                         "rewrite")
    ap.add_argument("--hf-rope", action="store_true",
                    help="HuggingFace's decomposed rotary embedding (inv_freq, "
                         "cos/sin tables shared by the layers, rotate_half on "
                         "q and k): what --ng-fuse-rope fuses")
    ap.add_argument("--hf-norm", action="store_true",
                    help="HuggingFace's decomposed LlamaRMSNorm (f32 upcast, "
                         "pow/mean/add eps/rsqrt/mul, cast back, weight * h): "
                         "what --ng-fuse-rms-norm fuses")
    ap.add_argument("--hf-attention", action="store_true",
                    help="HuggingFace's eager attention (matmul q k^T, mul "
                         "scale, add the causal mask, softmax in f32, matmul "
                         "v) instead of scaled_dot_product_attention: what "
                         "--ng-fuse-sdpa fuses")
    ap.add_argument("--functional-kv", action="store_true",
                    help="functional index_put (kv_cache.json style) instead of "
                         "in-place index_put_ with mutated=true")
    ap.add_argument("--out-json", help="flatc JSON output (default: temp file "
                    "when only --out-nptg is given)")
    ap.add_argument("--out-nptg", help="compile to this .nptg with flatc -b")
    ap.add_argument("--safetensors", help="write the constants here (C2)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--flatc", default=shutil.which("flatc") or "/usr/bin/flatc")
    ap.add_argument("--schema", default=os.path.normpath(DEFAULT_SCHEMA))
    ap.add_argument("--validate", action="store_true",
                    help="flatc --json --strict-json --defaults-json the .nptg")
    ap.add_argument("--self-check", action="store_true",
                    help="re-read the JSON and check FORMAT.md V rules (small sizes)")
    ap.add_argument("--quiet", action="store_true")
    a = ap.parse_args()

    if a.layers is None:
        if a.nodes is not None:
            top, per_layer = nodes_per_part(a.hf_rope, a.hf_norm,
                                            a.hf_attention)
            a.layers = max(1, round((a.nodes - top) / per_layer))
        else:
            a.layers = 121
    model = Model(a)
    if not (a.out_json or a.out_nptg or a.safetensors):
        ap.error("nothing to do: give --out-json, --out-nptg and/or --safetensors")
    log = (lambda *x: None) if a.quiet else (lambda *x: print(*x, file=sys.stderr))

    report = {"layers": model.layers, "hidden": model.H, "heads": model.heads,
              "kv_heads": model.kv_heads, "intermediate": model.I,
              "vocab": model.V, "group_size": model.G, "max_seq": model.S}
    tmp_json = None
    if a.out_json or a.out_nptg:
        json_path = a.out_json
        if json_path is None:
            fd, tmp_json = tempfile.mkstemp(
                prefix=".gen_", suffix=".json",
                dir=os.path.dirname(os.path.abspath(a.out_nptg)))
            os.close(fd)
            json_path = tmp_json
        os.makedirs(os.path.dirname(os.path.abspath(json_path)), exist_ok=True)
        t = time.time()
        nodes = write_json(model, json_path, progress=not a.quiet and model.layers >= 1000)
        report["json_seconds"] = round(time.time() - t, 2)
        report["json_bytes"] = os.path.getsize(json_path)
        assert nodes == model.node_count(), (nodes, model.node_count())
        report["nodes"] = nodes
        if a.out_json:
            report["json"] = a.out_json
        try:
            if a.self_check:
                errs = self_check(json_path)
                if errs:
                    for e in errs[:50]:
                        print("self-check:", e, file=sys.stderr)
                    sys.exit(f"self-check failed: {len(errs)} problems")
                report["self_check"] = "ok"
            if a.out_nptg:
                os.makedirs(os.path.dirname(os.path.abspath(a.out_nptg)), exist_ok=True)
                t = time.time()
                compile_nptg(a.flatc, a.schema, json_path, a.out_nptg)
                report["flatc_b_seconds"] = round(time.time() - t, 2)
                report["nptg"] = a.out_nptg
                report["nptg_bytes"] = os.path.getsize(a.out_nptg)
                if a.validate:
                    t = time.time()
                    validate_nptg(a.flatc, a.schema, a.out_nptg)
                    report["validate_seconds"] = round(time.time() - t, 2)
                    report["validate"] = "ok"
        finally:
            if tmp_json:
                os.unlink(tmp_json)
    else:
        report["nodes"] = model.node_count()
    if a.safetensors:
        os.makedirs(os.path.dirname(os.path.abspath(a.safetensors)), exist_ok=True)
        t = time.time()
        size, count = write_safetensors(model, a.safetensors, a.seed)
        report["safetensors"] = a.safetensors
        report["safetensors_bytes"] = size
        report["safetensors_tensors"] = count
        report["safetensors_seconds"] = round(time.time() - t, 2)
    log(f"nodes: {report['nodes']}")
    print(json.dumps(report))


if __name__ == "__main__":
    main()
