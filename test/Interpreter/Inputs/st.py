#!/usr/bin/env python3
"""Write and print small safetensors files for ng-run's lit tests (stdlib only).

    st.py write OUT.safetensors 'x=f32[2,3]:1,2,3,4,5,6' 'i=i64[2]:0,1' ...
    st.py dump FILE              # one line per tensor, keys in order
    st.py flip FILE KEY BYTE     # flip the low bit of one byte of a tensor

Values print as `%.9g` (floats) or integers, so FileCheck can match them.
"""

import json
import struct
import sys

DTYPES = {
    "f32": ("F32", "f", 4), "f64": ("F64", "d", 8), "f16": ("F16", "e", 2),
    "i64": ("I64", "q", 8), "i32": ("I32", "i", 4), "i16": ("I16", "h", 2),
    "i8": ("I8", "b", 1), "ui8": ("U8", "B", 1), "i1": ("BOOL", "?", 1),
}
BY_ST = {v[0]: (k, v[1], v[2]) for k, v in DTYPES.items()}
BY_ST["BF16"] = ("bf16", None, 2)


def write(path, specs):
    entries, blobs, offset = {}, [], 0
    for spec in specs:
        name, rest = spec.split("=", 1)
        meta, _, values = rest.partition(":")
        dtype, _, shape = meta.partition("[")
        shape = [int(s) for s in shape.rstrip("]").split(",") if s.strip()]
        st, fmt, width = DTYPES[dtype]
        items = [v for v in values.split(",") if v.strip()]
        conv = float if fmt in "fde" else (lambda s: s.strip() in ("1", "true")) if fmt == "?" else int
        data = struct.pack("<%d%s" % (len(items), fmt), *[conv(v) for v in items])
        count = 1
        for s in shape:
            count *= s
        assert len(items) == count, "%s: %d values for shape %s" % (name, len(items), shape)
        entries[name] = {"dtype": st, "shape": shape,
                         "data_offsets": [offset, offset + len(data)]}
        blobs.append(data)
        offset += len(data)
    header = json.dumps(entries, separators=(",", ":")).encode()
    header += b" " * (-len(header) % 8)
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(header)) + header + b"".join(blobs))


def read(path):
    raw = open(path, "rb").read()
    (n,) = struct.unpack("<Q", raw[:8])
    header = json.loads(raw[8:8 + n])
    body = raw[8 + n:]
    out = {}
    for key in sorted(k for k in header if k != "__metadata__"):
        entry = header[key]
        dtype, fmt, width = BY_ST[entry["dtype"]]
        a, b = entry["data_offsets"]
        out[key] = (dtype, entry["shape"], body[a:b], fmt, width, 8 + n + a)
    return out


def dump(path):
    for key, (dtype, shape, data, fmt, width, _) in read(path).items():
        if fmt is None:  # bf16: the upper half of an f32
            values = [struct.unpack("<f", b"\0\0" + data[i:i + 2])[0]
                      for i in range(0, len(data), 2)]
        else:
            values = struct.unpack("<%d%s" % (len(data) // width, fmt), data)
        text = ", ".join("%.9g" % v if isinstance(v, float) else str(int(v))
                         for v in values)
        print("%s %s %s = [%s]" % (key, dtype, shape, text))


def flip(path, key, byte):
    entry = read(path)[key]
    raw = bytearray(open(path, "rb").read())
    raw[entry[5] + int(byte)] ^= 1
    open(path, "wb").write(bytes(raw))


if __name__ == "__main__":
    command = sys.argv[1]
    if command == "write":
        write(sys.argv[2], sys.argv[3:])
    elif command == "dump":
        dump(sys.argv[2])
    elif command == "flip":
        flip(sys.argv[2], sys.argv[3], sys.argv[4])
    else:
        sys.exit("unknown command " + command)
