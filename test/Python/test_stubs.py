# RUN: %ng_python_env %python %s
"""The package's type stubs: shipped with it (PEP 561: ng/py.typed and
ng/_ng.pyi beside the extension), in agreement with the module (mypy's
stubtest: every class, function, method and property of the module is in
the stubs and the other way round), and good enough for a client checked by
mypy --strict. Skipped where mypy is not installed (Debian: python3-mypy,
scripts/install-deps.sh)."""
import inspect
import os
import subprocess
import sys
import textwrap
import unittest

import ng
from ngtest import TestCase

PACKAGE = os.path.dirname(ng.__file__)

try:
    import mypy.api
except ImportError:
    mypy = None

# pybind11's classes have their own metaclass, which a stub cannot name.
ALLOWLIST = "\n".join(f"ng._ng.{name}" for name in (
    "Argument", "Graph", "Method", "Node", "Placeholder", "Program",
    "ScalarType", "TensorType", "Value")) + "\n"

CLIENT = """
    import pathlib
    from typing import List

    import ng

    def targets(path: pathlib.Path) -> List[str]:
        program = ng.load(path)
        names = [m.name for m in program]
        assert "forward" in program and len(program) == len(names)
        remarks: List[str] = program.run_passes("cse")
        out: List[str] = [n.target or "" for n in program["forward"]]
        return out + remarks
"""


class Stubs(TestCase):
    def test_shipped(self):
        for name in ("py.typed", "_ng.pyi", "__init__.py"):
            self.assertTrue(os.path.exists(os.path.join(PACKAGE, name)), name)

    def test_signatures(self):
        self.assertEqual(list(inspect.signature(ng.load).parameters),
                         ["path", "constants"])
        self.assertEqual(list(inspect.signature(ng.parse).parameters),
                         ["text", "name"])
        self.assertNotIn("handle", ng.Program.save.__doc__)
        self.assertIn("path", ng.Program.save.__doc__)

    def test_method_signatures(self):
        # inspect.signature (and so help() and IDEs) reads every method of
        # the classes and ng.compare, with the stub's parameter names and
        # the module's defaults.
        import ast
        with open(os.path.join(PACKAGE, "_ng.pyi")) as f:
            stub = ast.parse(f.read())
        def names(function):
            a = function.args
            return [p.arg for p in a.posonlyargs + a.args + a.kwonlyargs]
        checked = 0
        for node in stub.body:
            if isinstance(node, ast.FunctionDef) and node.name == "compare":
                self.assertEqual(list(inspect.signature(ng.compare).parameters),
                                 names(node))
                checked += 1
            if not isinstance(node, ast.ClassDef):
                continue
            cls = getattr(ng, node.name)
            for item in node.body:
                if (not isinstance(item, ast.FunctionDef) or
                        item.name.startswith("_") or
                        item.decorator_list):  # properties, setters
                    continue
                with self.subTest(method=f"{node.name}.{item.name}"):
                    signature = inspect.signature(getattr(cls, item.name))
                    self.assertEqual(list(signature.parameters), names(item))
                    checked += 1
        self.assertGreater(checked, 10)
        run_passes = inspect.signature(ng.Program.run_passes)
        self.assertEqual(run_passes.parameters["verify"].kind,
                         inspect.Parameter.KEYWORD_ONLY)
        self.assertIs(run_passes.parameters["verify"].default, True)
        self.assertEqual(
            inspect.signature(ng.compare).parameters["method"].default,
            "forward")

    @unittest.skipIf(mypy is None, "mypy is not installed")
    def test_stubtest(self):
        allowlist = self.path("allowlist.txt")
        with open(allowlist, "w") as f:
            f.write(ALLOWLIST)
        # stubtest is mypy's, run as its own program (it imports the module).
        run = subprocess.run(
            [sys.executable, "-c",
             "import sys; from mypy.stubtest import main; sys.exit(main())",
             "ng._ng", "--allowlist", allowlist],
            capture_output=True, text=True)
        self.assertEqual(run.returncode, 0, run.stdout + run.stderr)

    @unittest.skipIf(mypy is None, "mypy is not installed")
    def test_mypy_strict(self):
        client = self.path("client.py")
        with open(client, "w") as f:
            f.write(textwrap.dedent(CLIENT))
        out, err, status = mypy.api.run(["--strict", "--no-incremental",
                                         "--cache-dir", self.path("cache"),
                                         client])
        self.assertEqual(status, 0, out + err)
        # And it catches a mistake: a Method is no str.
        with open(client, "a") as f:
            f.write("\nwrong: str = ng.parse('')['forward']\n")
        out, err, status = mypy.api.run(["--strict", "--no-incremental",
                                         "--cache-dir", self.path("cache"),
                                         client])
        self.assertNotEqual(status, 0)
        self.assertIn('(expression has type "Method", variable has type "str")', out)


if __name__ == "__main__":
    unittest.main()
