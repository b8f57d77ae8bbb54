"""A graph-surgery pass in Python: drop the `aten.clone` calls that copy a
tensor already in the layout the clone makes (contiguous, same type), so
the graph reads the input directly. The walk-through is in
docs/WritingPasses.md ("A pass in Python").

    PYTHONPATH=build/python_packages /usr/bin/python3 \\
        examples/python/drop_contiguous_clones.py in.ptn out.ptn
"""
import sys

import ng

CLONE = "torch.ops.aten.clone.default"


def is_contiguous(tensor_type):
    """Whether a tensor's dim order is the identity (absent means so too)."""
    order = tensor_type.dim_order
    return order is None or order == list(range(tensor_type.rank))


def drop_contiguous_clones(method):
    """Drops each clone of `method` whose input and result have the same,
    contiguous type; returns how many it dropped."""
    dropped = 0
    for node in method.nodes:
        if node.target != CLONE or node["memory_format"] not in (
                None, "torch.contiguous_format"):
            continue
        source = node["self"]
        (result,) = node.results
        if source.type != result.type or not is_contiguous(result.type):
            continue
        result.replace_all_uses_with(source)
        node.erase()
        dropped += 1
    return dropped


def main(argv):
    if len(argv) != 3:
        sys.exit("usage: drop_contiguous_clones.py IN OUT")
    program = ng.load(argv[1])
    for method in program.methods:
        count = drop_contiguous_clones(method)
        print(f"{method.name}: dropped {count} clone(s)")
    program.save(argv[2])


if __name__ == "__main__":
    main(sys.argv)
