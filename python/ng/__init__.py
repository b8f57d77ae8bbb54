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

import ast
import inspect
import os
from typing import Any, Callable, Optional, Union

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


def _signature_from_doc(doc: Optional[str]) -> Optional[inspect.Signature]:
    """The signature pybind11 writes as a builtin's first docstring line
    ("run_passes(self: ng._ng.Program, pipeline: str, *, verify: bool =
    True) -> list"), as an inspect.Signature; None when there is none or a
    default is not a literal."""
    line = (doc or "").split("\n", 1)[0].replace("ng._ng.", "ng.")
    try:
        tree = ast.parse(f"def {line}: ...")
    except SyntaxError:
        return None
    function = tree.body[0]
    assert isinstance(function, ast.FunctionDef)
    args = function.args
    empty = inspect.Parameter.empty

    def annotation(node: Optional[ast.expr]) -> Any:
        return empty if node is None else ast.unparse(node)

    try:
        positional = args.posonlyargs + args.args
        defaults = [empty] * (len(positional) - len(args.defaults)) + [
            ast.literal_eval(d) for d in args.defaults]
        parameters = [
            inspect.Parameter(a.arg, inspect.Parameter.POSITIONAL_OR_KEYWORD,
                              default=d, annotation=annotation(a.annotation))
            for a, d in zip(positional, defaults)]
        parameters += [
            inspect.Parameter(a.arg, inspect.Parameter.KEYWORD_ONLY,
                              default=empty if d is None
                              else ast.literal_eval(d),
                              annotation=annotation(a.annotation))
            for a, d in zip(args.kwonlyargs, args.kw_defaults)]
    except ValueError:
        return None
    return inspect.Signature(parameters,
                             return_annotation=annotation(function.returns))


def _with_signature(builtin: Callable[..., Any],
                    qualname: str) -> Callable[..., Any]:
    """A Python function that calls `builtin` and that inspect.signature and
    help() can read: pybind11's builtins carry their signature only as
    docstring text, which inspect does not parse."""
    signature = _signature_from_doc(builtin.__doc__)
    if signature is None:
        return builtin

    def call(*args: Any, **kwargs: Any) -> Any:
        return builtin(*args, **kwargs)

    call.__name__ = builtin.__name__
    call.__qualname__ = qualname
    call.__module__ = "ng"
    # The docstring without the signature line inspect now gives.
    call.__doc__ = (builtin.__doc__ or "").split("\n", 1)[-1].strip()
    call.__signature__ = signature  # type: ignore[attr-defined]
    return call


# Real signatures for the classes' methods and ng.compare.
for _name in _CLASSES:
    _cls = globals()[_name]
    for _attr, _value in list(vars(_cls).items()):
        if not _attr.startswith("_") and callable(_value) and \
                type(_value).__name__ == "instancemethod":
            setattr(_cls, _attr,
                    _with_signature(_value, f"{_name}.{_attr}"))
compare = _with_signature(compare, "compare")
del _name, _cls, _attr, _value

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
