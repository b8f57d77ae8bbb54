#!/usr/bin/env python3
"""Write the C program of docs/CAPI.md's "Example" section (its first
```c block), as written, to OUT.c, so the suite compiles the documentation.

Usage: extract-doc-example.py CAPI.md OUT.c
"""
import re
import sys


def main(doc, out):
    with open(doc, encoding="utf-8") as f:
        text = f.read()
    section = text.split("\n## Example\n", 1)
    blocks = re.findall(r"^```c\n(.*?)^```$", section[-1], re.S | re.M)
    if len(section) != 2 or not blocks:
        print(f"{doc}: no ```c block under '## Example'", file=sys.stderr)
        return 1
    with open(out, "w", encoding="utf-8") as f:
        f.write(f"/* Extracted from {doc} by {sys.argv[0]}. */\n")
        f.write(blocks[0])
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
