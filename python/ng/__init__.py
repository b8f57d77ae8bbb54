"""ng: ExecuTorch native-backend graphs (NPTG programs, .ptn packages) as
MLIR, from Python.

    import ng
    program = ng.load("examples/decoder.ptn")
    for node in program.method("forward").nodes:
        print(node.name, node.target, node["self"] if "self" in node else None)
    program.run_passes("builtin.module(ng-fold-q4-weights)")
    program.save("folded.ptn")

The objects are views of the program's IR, written over ng's C++ API
(docs/Python.md has the reference, docs/WritingPasses.md a tutorial).
Errors are raised as ng.Error with ng's diagnostics.
"""

from ._ng import (
    Argument,
    Error,
    Graph,
    Method,
    Node,
    Placeholder,
    Program,
    ScalarType,
    TensorType,
    Value,
    Warning,
    compare,
    load,
    parse,
)

# The classes are the package's: tracebacks and reprs say ng.Error, not
# ng._ng.Error.
_CLASSES = (
    "Argument",
    "Error",
    "Graph",
    "Method",
    "Node",
    "Placeholder",
    "Program",
    "ScalarType",
    "TensorType",
    "Value",
    "Warning",
)
for _name in _CLASSES:
    globals()[_name].__module__ = "ng"
del _name

__all__ = [*_CLASSES, "load", "parse"]
