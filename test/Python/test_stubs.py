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
