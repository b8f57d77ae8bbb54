#!/usr/bin/env python3
"""Builds the seed corpora of ng's fuzz targets from the project's test inputs.

    fuzz/make-corpus.py OUT [--shared DIR] [--flatc FLATC]
                            [--ng-translate NG_TRANSLATE] [--max-size T=BYTES]

writes OUT/<target>/<sha1 of the seed> for each target (nptg, ptn,
safetensors, ir), deduplicated, replacing what OUT held. Seeds:

  nptg         ../shared/conformance/*.nptg and malformed/*; every flatc JSON
               of the lit tests (split-file parts of test/**/*.test) that
               compiles with schema/native_graph.fbs; the program.ptg of
               every package
  ptn          ../shared/conformance/*.ptn, examples/decoder.ptn; variants
               made here: each package with an aliases.json, and as ZIP64
  safetensors  ../shared/conformance/*.safetensors, the program.safetensors
               of every package, and small files made here: every dtype, a
               scalar, an empty tensor, __metadata__, no tensors
  ir           test/**/*.mlir and the .mlir parts of test/**/*.test, split at
               `// -----` as lit's -split-input-file does; with --ng-translate,
               the printed IR of every program and package above

A seed larger than the target's --max-size (what scripts/fuzz.sh passes as
libFuzzer's -max_len) is left out: libFuzzer would only truncate it. Nothing
here is committed: the seeds are made from the sources each time.
"""
import argparse
import hashlib
import io
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import zipfile

TARGETS = ("nptg", "ptn", "safetensors", "ir")
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SPLIT_FILE_MARKER = re.compile(r"^(?://|#)--- (\S+)\s*$")
SPLIT_INPUT_MARKER = re.compile(r"^// -----\s*$", re.MULTILINE)


class Corpus:
    """The seeds of each target, by content."""

    def __init__(self, max_size):
        self.seeds = {target: {} for target in TARGETS}
        self.max_size = max_size
        self.too_large = {target: 0 for target in TARGETS}

    def add(self, target, data):
        if not data:
            data = b""
        if len(data) > self.max_size.get(target, sys.maxsize):
            self.too_large[target] += 1
            return
        self.seeds[target][hashlib.sha1(data).hexdigest()] = data

    def write(self, out):
        for target in TARGETS:
            directory = os.path.join(out, target)
            shutil.rmtree(directory, ignore_errors=True)
            os.makedirs(directory)
            for name, data in sorted(self.seeds[target].items()):
                with open(os.path.join(directory, name), "wb") as f:
                    f.write(data)


def read(path):
    with open(path, "rb") as f:
        return f.read()


def files(directory, suffix=""):
    if not os.path.isdir(directory):
        return []
    return sorted(
        os.path.join(directory, name)
        for name in os.listdir(directory)
        if name.endswith(suffix) and os.path.isfile(os.path.join(directory, name))
    )


def test_files(suffix):
    found = []
    for directory, _, names in os.walk(os.path.join(ROOT, "test")):
        if "Inputs" in directory.split(os.sep):
            continue
        found += [os.path.join(directory, n) for n in names if n.endswith(suffix)]
    return sorted(found)


def split_file(text):
    """The parts of a split-file input: {name: text}."""
    parts, name, lines = {}, None, []
    for line in text.splitlines(keepends=True):
        marker = SPLIT_FILE_MARKER.match(line)
        if marker:
            if name is not None:
                parts[name] = "".join(lines)
            name, lines = marker.group(1), []
        elif name is not None:
            lines.append(line)
    if name is not None:
        parts[name] = "".join(lines)
    return parts


def compile_json(flatc, schema, name, text, scratch):
    """The NPTG bytes of a flatc JSON program, or None when it is not one."""
    stem = os.path.splitext(os.path.basename(name))[0]
    source = os.path.join(scratch, stem + ".json")
    with open(source, "w") as f:
        f.write(text)
    result = subprocess.run(
        [flatc, "-b", "-o", scratch, schema, source], capture_output=True
    )
    binary = os.path.join(scratch, stem + ".bin")
    data = read(binary) if result.returncode == 0 and os.path.exists(binary) else None
    for path in (source, binary):
        if os.path.exists(path):
            os.remove(path)
    return data


def members(package):
    """{name: bytes} of a zip, or {} when Python cannot read it."""
    try:
        with zipfile.ZipFile(io.BytesIO(package)) as z:
            return {info.filename: z.read(info) for info in z.infolist()}
    except (zipfile.BadZipFile, ValueError, OSError, NotImplementedError):
        return {}


def make_zip(entries, zip64=False):
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as z:
        for name, data in entries.items():
            with z.open(zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0)), "w",
                        force_zip64=zip64) as f:
                f.write(data)
    return out.getvalue()


def package_variants(package):
    """The package with an aliases.json added, and as ZIP64."""
    entries = members(package)
    if "program.ptg" not in entries:
        return []
    variants = [make_zip(entries, zip64=True)]
    constants = entries.get("program.safetensors")
    if constants is not None and "aliases.json" not in entries:
        keys = sorted(safetensors_keys(constants))
        if keys:
            aliased = dict(entries)
            aliased["aliases.json"] = json.dumps({keys[0] + ".alias": keys[0]}).encode()
            variants.append(make_zip(aliased))
    return variants


def safetensors_keys(data):
    try:
        (length,) = struct.unpack_from("<Q", data)
        header = json.loads(data[8 : 8 + length])
        return [k for k in header if k != "__metadata__"]
    except (struct.error, ValueError):
        return []


def safetensors(tensors, metadata=None):
    """A safetensors file of {key: (dtype, shape, bytes)}."""
    header, offset, body = {}, 0, b""
    if metadata is not None:
        header["__metadata__"] = metadata
    for key, (dtype, shape, data) in sorted(tensors.items()):
        header[key] = {"dtype": dtype, "shape": shape,
                       "data_offsets": [offset, offset + len(data)]}
        offset += len(data)
        body += data
    text = json.dumps(header, separators=(",", ":")).encode()
    text += b" " * (-len(text) % 8)
    return struct.pack("<Q", len(text)) + text + body


DTYPE_SIZES = {"F64": 8, "F32": 4, "F16": 2, "BF16": 2, "I64": 8, "I32": 4,
               "I16": 2, "I8": 1, "U8": 1, "BOOL": 1, "U16": 2, "U32": 4,
               "U64": 8}


def made_safetensors():
    seeds = [safetensors({}), safetensors({}, metadata={"format": "pt"})]
    for dtype, size in DTYPE_SIZES.items():
        data = bytes(range(1, 2 * 3 * size + 1)) if dtype != "BOOL" else b"\x00\x01" * 3
        seeds.append(safetensors({"w": (dtype, [2, 3], data)}))
    seeds.append(safetensors({"scalar": ("F32", [], b"\x00\x00\x80\x3f"),
                              "empty": ("F32", [0, 4], b""),
                              "bytes": ("U8", [3], b"abc")},
                             metadata={"note": "seed"}))
    return seeds


def split_input(text):
    return [part for part in SPLIT_INPUT_MARKER.split(text) if part.strip()]


def printed_ir(ng_translate, data, suffix, scratch):
    path = os.path.join(scratch, "input" + suffix)
    with open(path, "wb") as f:
        f.write(data)
    result = subprocess.run([ng_translate, "--from-native-graph", path],
                            capture_output=True)
    os.remove(path)
    return result.stdout if result.returncode == 0 else None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out")
    parser.add_argument("--shared", default=os.path.join(ROOT, "..", "shared"))
    parser.add_argument("--flatc", default="flatc")
    parser.add_argument("--ng-translate")
    parser.add_argument("--max-size", action="append", default=[],
                        metavar="TARGET=BYTES")
    args = parser.parse_args()
    max_size = {}
    for limit in args.max_size:
        target, _, size = limit.partition("=")
        if target not in TARGETS or not size.isdigit():
            parser.error("--max-size wants TARGET=BYTES, TARGET one of "
                         + ", ".join(TARGETS))
        max_size[target] = int(size)

    corpus = Corpus(max_size)
    conformance = os.path.join(args.shared, "conformance")
    schema = os.path.join(ROOT, "schema", "native_graph.fbs")

    programs = [read(p) for p in files(conformance, ".nptg")]
    programs += [read(p) for p in files(os.path.join(conformance, "malformed"))]
    packages = [read(p) for p in files(conformance, ".ptn")]
    packages += [read(p) for p in files(os.path.join(ROOT, "examples"), ".ptn")]
    constants = [read(p) for p in files(conformance, ".safetensors")]
    ir = []

    with tempfile.TemporaryDirectory() as scratch:
        test_programs = []
        for test in test_files(".test"):
            for name, text in split_file(open(test).read()).items():
                if name.endswith(".json"):
                    program = compile_json(args.flatc, schema, name, text, scratch)
                    if program is not None:
                        test_programs.append(program)
                elif name.endswith(".mlir"):
                    ir += split_input(text)
        programs += test_programs
        for test in test_files(".mlir"):
            ir += split_input(open(test).read())

        for package in list(packages):
            entries = members(package)
            if "program.ptg" in entries:
                programs.append(entries["program.ptg"])
            if "program.safetensors" in entries:
                constants.append(entries["program.safetensors"])
            packages += package_variants(package)
        made = made_safetensors()
        constants += made
        # Packages of the test programs, so the target has seeds without
        # ../shared (a fresh clone): a program alone, and with constants.
        packages += [make_zip({"program.ptg": p}) for p in test_programs[:48]]
        packages += [make_zip({"program.ptg": p, "program.safetensors": c})
                     for p, c in zip(test_programs[:16], made * 16)]

        printed = []
        if args.ng_translate:
            for suffix, inputs in ((".nptg", programs), (".ptn", packages)):
                for data in inputs:
                    if len(data) <= max_size.get(suffix[1:], sys.maxsize):
                        text = printed_ir(args.ng_translate, data, suffix, scratch)
                        if text:
                            printed.append(text)

    for data in programs:
        corpus.add("nptg", data)
    for data in packages:
        corpus.add("ptn", data)
    for data in constants:
        corpus.add("safetensors", data)
    for text in ir:
        corpus.add("ir", text.encode())
    for data in printed:
        corpus.add("ir", data)
    corpus.write(args.out)

    summary = ", ".join(
        "%s %d" % (t, len(corpus.seeds[t]))
        + (" (%d too large)" % corpus.too_large[t] if corpus.too_large[t] else "")
        for t in TARGETS)
    print("corpus: %s seeds in %s" % (summary, args.out))
    if not all(corpus.seeds[t] for t in TARGETS):
        print("corpus: error: a target has no seeds", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
