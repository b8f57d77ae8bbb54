# Writes alias.ptn (aliases.json {"": key}), owner.ptn ({key + ".alias": ""})
# and header.ptn (a safetensors key renamed "") from the package argv[1].
import json
import struct
import sys
import zipfile

source, out = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(source) as z:
    members = {info.filename: z.read(info) for info in z.infolist()}
data = members["program.safetensors"]
(length,) = struct.unpack("<Q", data[:8])
header = json.loads(data[8:8 + length])
key = sorted(k for k in header if k != "__metadata__")[0]


def write(name, changed):
    with zipfile.ZipFile("%s/%s" % (out, name), "w", zipfile.ZIP_STORED) as z:
        for member, body in {**members, **changed}.items():
            z.writestr(member, body)


write("alias.ptn", {"aliases.json": json.dumps({"": key}).encode()})
write("owner.ptn", {"aliases.json": json.dumps({key + ".alias": ""}).encode()})
header[""] = header.pop(key)
text = json.dumps(header, separators=(",", ":")).encode()
text += b" " * (-len(text) % 8)
write("header.ptn", {"program.safetensors":
                     struct.pack("<Q", len(text)) + text + data[8 + length:]})
