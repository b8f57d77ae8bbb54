# RUN: %ng_python_env %python %s
"""Printing and saving: the IR text, .nptg and .ptn files (the same bytes
ng-translate writes), bytes in memory, and what cannot be saved."""
import io
import os
import unittest

import ng
from ngtest import DECODER, LINEAR, TestCase, ng_translate, read


class Printing(TestCase):
    def test_text_is_ng_translates(self):
        program = ng.load(DECODER)
        self.assertEqual(str(program),
                         ng_translate("--from-native-graph", DECODER))
        self.assertEqual(program.to_text(), str(program))

    def test_print(self):
        program = ng.parse(LINEAR)
        out = io.StringIO()
        program.print(file=out)
        self.assertEqual(out.getvalue(), str(program))
        self.assertIn('ng.method @forward(', out.getvalue())
        generic = program.to_text(generic=True)
        self.assertIn('"ng.call"', generic)
        self.assertIn('loc(', program.to_text(debug_info=True))

    def test_node_text(self):
        forward = ng.parse(LINEAR)["forward"]
        self.assertEqual(
            str(forward.node("relu")),
            '%relu = ng.call "torch.ops.aten.relu.default"(self: %lin) : '
            '(!ng.tensor<f32[1:8, 4]>) -> !ng.tensor<f32[1:8, 4]>')
        self.assertTrue(str(forward).startswith("ng.method @forward("))


class Saving(TestCase):
    def test_package_round_trip(self):
        # Loaded and saved unchanged: the bytes ng-translate writes.
        program = ng.load(DECODER)
        ours = self.path("ours.ptn")
        program.save(ours)
        theirs = self.path("theirs.ptn")
        ng_translate("--from-native-graph", DECODER, "-o", self.path("d.mlir"))
        ng_translate("--to-native-graph", self.path("d.mlir"), "-o", theirs)
        self.assertEqual(read(ours), read(theirs))
        self.assertEqual(program.to_bytes(package=True), read(ours))

    def test_program_and_constants(self):
        # An .nptg gets its constants beside it, or where `constants` says.
        program = ng.load(DECODER)
        program.save(self.path("d.nptg"))
        self.assertTrue(os.path.exists(self.path("d.safetensors")))
        program.save(self.path("e.nptg"), constants=self.path("w.safetensors"))
        self.assertTrue(os.path.exists(self.path("w.safetensors")))
        again = ng.load(self.path("e.nptg"),
                        constants=self.path("w.safetensors"))
        self.assertEqual(str(again["forward"]), str(program["forward"]))
        self.assertEqual(sorted(again.data_keys), sorted(program.data_keys))

    def test_device_output(self):
        # Nothing is put beside a device: no /dev/null.safetensors. A
        # program with constants needs `constants` (or a package) there.
        program = ng.load(DECODER)
        with self.assertRaises(ng.Error) as caught:
            program.save("/dev/null")
        self.assertIn("not a regular file", str(caught.exception))
        self.assertFalse(os.path.exists("/dev/null.safetensors"))
        program.save("/dev/null", constants=self.path("w.safetensors"))
        self.assertTrue(os.path.exists(self.path("w.safetensors")))
        ng.parse(LINEAR).save("/dev/null")
        self.assertFalse(os.path.exists("/dev/null.safetensors"))

    def test_program_bytes(self):
        path = self.nptg(LINEAR)
        program = ng.load(path)
        self.assertEqual(program.to_bytes(), read(path))

    def test_refused(self):
        program = ng.load(DECODER)
        with self.assertRaises(ng.Error) as caught:
            program.to_bytes()
        self.assertIn("export a package", str(caught.exception))
        with self.assertRaises(ng.Error):
            program.save(self.path("p.ptn"), constants=self.path("c.st"))
        with self.assertRaises(ng.Error) as caught:
            program.save(self.path("no/such/dir/p.ptn"))
        self.assertIn("no/such/dir", str(caught.exception))


if __name__ == "__main__":
    unittest.main(verbosity=2)
