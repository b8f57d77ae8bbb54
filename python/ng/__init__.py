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

import os
from typing import Optional, Union

from . import _ng
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

#: What a path may be given as: str, bytes (in the file system's encoding)
#: or os.PathLike.
PathType = Union[str, bytes, os.PathLike[str], os.PathLike[bytes]]


def load(path: PathType, constants: Optional[PathType] = None) -> Program:
    """Load a program file: an .nptg (with the safetensors constants of
    `constants`, if given) or a .ptn package, told by its bytes. Raises
    ng.Error with ng's diagnostics when it does not load."""
    return _ng.load(path, constants)


def parse(text: str, name: str = "<string>") -> Program:
    """Parse a program from ng IR text (as ng-opt reads it); `name` is the
    file name its diagnostics give. Raises ng.Error when it does not parse
    or verify."""
    return _ng.parse(text, name)

__all__ = [*_CLASSES, "PathType", "compare", "load", "parse"]
