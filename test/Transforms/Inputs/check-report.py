#!/usr/bin/env python3
"""Check --ng-report's JSON against the program it reports on.

  check-report.py REPORT.json PROGRAM.mlir PACKAGE.ptn

From the package's program.safetensors (FORMAT.md C1, C2: a stored zip
member; u64 header length, JSON header of {key: {dtype, shape,
data_offsets}}), the bytes of every constant, by dtype: the report's weight
bytes, its per-kind bytes and its largest constants must be those. From
the IR text, every `ng.call "<target>"`: the report's target histogram must
count the same; the OUTPUT node's operands: the signature's outputs and the
write-backs ({from, to}). The report is data: no string holds a type to
re-parse (`f32[64, 64]`, `a -> b`), sizes are lists of integers, the
activation estimate is positive and names a node of the program. Prints what
it compared; exits 1 on a difference.
"""

import collections
import json
import re
import struct
import sys
import zipfile

DTYPES = {"F64": "f64", "F32": "f32", "F16": "f16", "BF16": "bf16",
          "I64": "i64", "I32": "i32", "I16": "i16", "I8": "i8", "U8": "ui8",
          "BOOL": "i1", "U16": "ui16", "U32": "ui32", "U64": "ui64"}


def main(report_path, ir_path, package_path):
    problems = []
    with open(report_path) as f:
        report = json.load(f)
    (method,) = report["methods"]

    with zipfile.ZipFile(package_path) as z:
        data = z.read("program.safetensors")
    (length,) = struct.unpack_from("<Q", data, 0)
    header = json.loads(data[8:8 + length])
    header.pop("__metadata__", None)
    sizes = {k: v["data_offsets"][1] - v["data_offsets"][0] for k, v in header.items()}
    by_dtype = collections.Counter()
    count_by_dtype = collections.Counter()
    for key, entry in header.items():
        by_dtype[DTYPES[entry["dtype"]]] += sizes[key]
        count_by_dtype[DTYPES[entry["dtype"]]] += 1

    weights = method["weights"]
    if weights["bytes"] != sum(sizes.values()):
        problems.append(f"weight bytes {weights['bytes']} != {sum(sizes.values())}")
    if weights["constants"] != len(sizes) or weights["with_data"] != len(sizes):
        problems.append(f"{weights['constants']} constants, {len(sizes)} in the data")
    reported = {k["dtype"]: (k["constants"], k["bytes"]) for k in weights["by_kind"]
                if k["quant"] is None}
    expected = {d: (count_by_dtype[d], by_dtype[d]) for d in by_dtype}
    if reported != expected:
        problems.append(f"by kind {reported} != {expected}")
    for c in weights["largest"]:
        if sizes.get(c["key"]) != c["bytes"]:
            problems.append(f"largest {c['key']}: {c['bytes']} != {sizes.get(c['key'])}")
    largest = sorted(sizes.values(), reverse=True)[:len(weights["largest"])]
    if [c["bytes"] for c in weights["largest"]] != largest:
        problems.append("the largest constants are not the largest")

    with open(ir_path) as f:
        ir = f.read()
    targets = collections.Counter(re.findall(r'ng\.call "([^"]*)"', ir))
    histogram = {t["target"]: t["count"] for t in method["targets"]}
    if histogram != dict(targets):
        problems.append(f"targets {histogram} != {dict(targets)}")

    # The OUTPUT node: `kind "target" %value` for a write-back, `%value` for
    # a user output.
    (operands,) = re.findall(r"ng\.output\(([^)]*)\)", ir)
    outputs, write_backs = [], []
    for operand in operands.split(", "):
        parts = operand.split()
        if len(parts) == 1:
            outputs.append(parts[0].lstrip("%"))
        else:
            write_backs.append({"kind": parts[0], "from": parts[2].lstrip("%"),
                                "to": parts[1].strip('"')})
    if [o["name"] for o in method["signature"]["outputs"]] != outputs:
        problems.append(f"signature outputs {method['signature']['outputs']} != {outputs}")
    if method["write_backs"] != write_backs:
        problems.append(f"write-backs {method['write_backs']} != {write_backs}")

    def walk(where, value):
        if isinstance(value, dict):
            for k, v in value.items():
                walk(f"{where}.{k}", v)
                if k in ("sizes", "max_sizes", "dim_order") and not (
                        isinstance(v, list) and all(isinstance(d, int) or
                                                    (d is None and k == "max_sizes")
                                                    for d in v)):
                    problems.append(f"{where}.{k} is not a list of integers: {v!r}")
        elif isinstance(value, list):
            for i, v in enumerate(value):
                walk(f"{where}[{i}]", v)
        elif isinstance(value, str) and (re.search(r"\w\[[0-9:?, ]*\]", value)
                                         or " -> " in value):
            problems.append(f"{where} encodes a type or a pair: {value!r}")
    walk("report", report)
    signature = method["signature"]["inputs"] + method["signature"]["outputs"]
    if not signature or any("sizes" not in t for t in signature):
        problems.append("the signature's tensors have no sizes")
    node_names = set(re.findall(r"%(\w+) = ng\.call", ir))
    for bound, estimate in method["activations"].items():
        if not 0 < estimate["live_peak_bytes"] <= estimate["planned_peak_bytes"]:
            problems.append(f"{bound}: peaks {estimate}")
        if estimate["worst_node"] not in node_names:
            problems.append(f"{bound}: worst node {estimate['worst_node']!r} is no node")

    print(f"{len(sizes)} constants, {sum(sizes.values())} bytes, "
          + ", ".join(f"{d} {by_dtype[d]}" for d in sorted(by_dtype))
          + f"; {sum(targets.values())} calls of {len(targets)} targets"
          + f"; {len(signature)} tensors in the signature, "
          + f"{len(write_backs)} write-backs")
    for p in problems:
        print("error:", p, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
