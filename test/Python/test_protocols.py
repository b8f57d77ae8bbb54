# RUN: %ng_python_env %python %s
"""Python as Python users expect it: containers, paths, pass output on
sys.stdout / sys.stderr, remarks as data, whole error reasons."""
import contextlib
import io
import os
import pathlib
import unittest

import ng
from ngtest import DECODER, LINEAR, TestCase


class Containers(TestCase):
    def test_program(self):
        program = ng.load(DECODER)
        self.assertEqual([m.name for m in program], ["forward"])
        self.assertIn("forward", program)
        self.assertNotIn("backward", program)
        self.assertNotIn(0, program)
        self.assertEqual(len(program), 1)
        self.assertEqual(program.keys(), ["forward"])
        self.assertEqual(dict((k, program[k].name) for k in program.keys()),
                         {"forward": "forward"})

    def test_method(self):
        forward = ng.parse(LINEAR)["forward"]
        self.assertEqual([n.name for n in forward],
                         [n.name for n in forward.nodes])
        self.assertEqual(len(forward), 7)
        self.assertEqual(len(forward.placeholders), 4)

    def test_node_is_no_sequence(self):
        # Without __iter__, Python would index a node 0, 1, 2 ... and end in
        # KeyError: '2'.
        add = ng.parse(LINEAR)["forward"].node("add")
        with self.assertRaises(TypeError) as caught:
            list(add)
        self.assertIn("node.args", str(caught.exception))
        self.assertEqual([a.name for a in add.args], ["self", "other", "alpha"])
        self.assertIn("alpha", add)

    def test_users_in_program_order(self):
        forward = ng.parse(LINEAR)["forward"]
        x = forward.placeholders[3]
        self.assertEqual([n.name for n in x.users], ["lin", "add", "size"])
        add = forward.node("add").results[0]
        self.assertEqual([n.name for n in add.users], ["sum", "view"])


class Paths(TestCase):
    def test_path_forms(self):
        out = self.path("linear.nptg")
        ng.parse(LINEAR).save(pathlib.Path(out))
        for path in (out, pathlib.Path(out), os.fsencode(out)):
            self.assertEqual(ng.load(path).keys(), ["forward"])

    def test_bytes_path_is_no_repr(self):
        missing = os.fsencode(self.path("missing.nptg"))
        with self.assertRaises(ng.Error) as caught:
            ng.load(missing)
        self.assertIn(self.path("missing.nptg"), str(caught.exception))
        self.assertNotIn("b'", str(caught.exception))


class PassOutput(TestCase):
    def test_report_on_sys_stderr(self):
        program = ng.load(DECODER)
        err, out = io.StringIO(), io.StringIO()
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
            program.run_passes("ng-report")
        self.assertIn("method 'forward': 207 nodes", err.getvalue())
        self.assertIn("activations (first-fit plan", err.getvalue())
        self.assertEqual(out.getvalue(), "")

    def test_summary_on_sys_stdout(self):
        program = ng.parse(LINEAR)
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            program.run_passes("ng-print-summary")
        self.assertIn("forward", out.getvalue())

    def test_remarks_as_data(self):
        program = ng.load(DECODER)
        remarks = program.run_passes("ng-fold-q4-weights{report=true}")
        self.assertEqual(len(remarks), 16)
        self.assertIn("remark: ", remarks[0])
        self.assertIn("folded torchao q4 weight 'p_tok_embeddings_weight'",
                      remarks[0])
        # The remark names its method once, not once more for where it is.
        self.assertEqual(remarks[0].count("method 'forward'"), 1, remarks[0])
        self.assertEqual(program.run_passes("cse"), [])


class Errors(TestCase):
    def test_bad_option_value_reason(self):
        program = ng.parse(LINEAR)
        with self.assertRaises(ng.Error) as caught:
            program.run_passes("ng-report{json=maybe}")
        message = str(caught.exception)
        self.assertIn("'maybe' is invalid value for boolean argument", message)
        self.assertIn("failed to add `ng-report` with options `json=maybe`",
                      message)

    def test_unknown_option(self):
        with self.assertRaises(ng.Error) as caught:
            ng.parse(LINEAR).run_passes("ng-report{jsn=true}")
        self.assertIn("no such option jsn", str(caught.exception))

    def test_verifies_before_passes(self):
        # A pipeline that changes nothing still refuses a broken edit, as
        # ng-opt would refuse the file.
        program = ng.parse(LINEAR)
        forward = program["forward"]
        forward.node("relu").set_arg("self", forward.node("clamp").results[0])
        with self.assertRaises(ng.Error) as caught:
            program.run_passes("cse")
        self.assertIn("does not verify before 'cse'", str(caught.exception))
        self.assertIn("does not dominate", str(caught.exception))


if __name__ == "__main__":
    unittest.main()
