"""For each named test input: the generic form with locations, printed
from the text and from its bytecode, must be the same, and the bytecode
must hold no ng attribute or type in textual form ("#ng." or "!ng.")."""

import os
import subprocess
import sys

tool, source_dir, work_dir = sys.argv[1:4]
names = sys.argv[4:]
print_flags = ["-mlir-print-op-generic", "-mlir-print-debuginfo"]


def ng_opt(*args):
    return subprocess.run([tool, *args], check=True,
                          capture_output=True).stdout


for name in names:
    source = os.path.join(source_dir, name + ".mlir")
    bytecode = os.path.join(work_dir, name + ".mlirbc")
    ng_opt(source, "--emit-bytecode", "-o", bytecode)
    with open(bytecode, "rb") as f:
        data = f.read()
    textual = [form for form in (b"#ng.", b"!ng.") if form in data]
    if textual:
        print(f"{name}: differs: bytecode holds {textual[0].decode()} in text")
        continue
    if ng_opt(source, *print_flags) != ng_opt(bytecode, *print_flags):
        print(f"{name}: differs from its text through bytecode")
        continue
    print(f"{name}: same through bytecode, no textual ng form:")
print(f"{len(names)} checked")
