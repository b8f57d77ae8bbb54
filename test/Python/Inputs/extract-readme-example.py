"""Prints the README's Python example: the ```python block that follows the
readme-python-example marker, so the test runs what the README shows."""
import sys

lines = open(sys.argv[1]).read().splitlines()
start = next(i for i, line in enumerate(lines)
             if "readme-python-example" in line)
assert lines[start + 1] == "```python", "the marker must precede the block"
end = lines.index("```", start + 2)
print("\n".join(lines[start + 2:end]))
