# RUN: %ng_python_env %python %s
"""Pass pipelines by their textual form, and handles across them."""
import unittest

import ng
from ngtest import DECODER, EDGE_DECODER, LINEAR, TestCase


class Passes(TestCase):
    def test_fold_q4_weights(self):
        program = ng.load(DECODER)
        targets = [n.target for n in program["forward"].nodes]
        self.assertEqual(
            targets.count("torch.ops.torchao.dequantize_affine.default"), 16)
        program.run_passes("builtin.module(ng-fold-q4-weights)")
        forward = program["forward"]
        self.assertNotIn("torch.ops.torchao.dequantize_affine.default",
                         [n.target for n in forward.nodes])
        # The folded weight: packed ui8 with its affine group (F4).
        weight = forward.placeholders[0]
        self.assertEqual(weight.type.dtype, "ui8")
        self.assertEqual(weight.type.sizes, [256, 128])
        self.assertIsNone(weight.type.dim_order)
        quant = weight.type.quant
        self.assertEqual(quant["scheme"], "affine_group")
        self.assertEqual(quant["scale_data_key"], "tok_embeddings.weight_scale")
        self.assertEqual(quant["group_size"], 32)
        self.assertEqual((quant["quant_min"], quant["quant_max"]), (-8, 7))
        self.assertEqual(quant["zero_point_data_key"],
                         "tok_embeddings.weight_zero_point")
        self.assertEqual(quant["scale_dtype"], "f32")
        # Saved and loaded again, as ng-opt and ng-translate would.
        out = self.path("folded.ptn")
        program.save(out)
        again = ng.load(out)
        self.assertEqual(str(again["forward"]), str(forward))

    def test_prepare_native(self):
        # A registered pipeline by name: the native backend's passes on the
        # bundled edge-dialect decoder (docs/NativePasses.md).
        program = ng.load(EDGE_DECODER)
        keys = [p.data_key for p in program["forward"].placeholders]
        self.assertIn("lifted_tensor_0", keys)
        program.run_passes("ng-prepare-native")
        forward = program["forward"]
        targets = [n.target for n in forward.nodes]
        self.assertNotIn("torch.ops.aten._assert_tensor_metadata.default",
                         targets)
        self.assertNotIn("torch.ops.aten.view_copy.default", targets)
        self.assertEqual(targets.count("torch.ops.aten.index_put_.default"), 4)
        self.assertNotIn("lifted_tensor_0",
                         [p.data_key for p in forward.placeholders])

    def test_bare_pipeline(self):
        # A list of passes without the module anchor, nested passes too.
        program = ng.load(DECODER)
        passes = "ng-fold-q4-weights,ng.method(ng-legalize-dim-order),cse"
        program.run_passes(passes)
        self.assertNotIn("torch.ops.torchao.dequantize_affine.default",
                         [n.target for n in program["forward"].nodes])
        anchored = ng.load(DECODER)
        anchored.run_passes("builtin.module(%s)" % passes)
        self.assertEqual(str(program), str(anchored))

    def test_upstream_pass(self):
        # An upstream pass on ng IR: two identical pure calls merge (names
        # are hints), and unused pure ones go.
        text = LINEAR.replace("other: %x", "other: %twin").replace(
            "%relu = ng.call",
            "%twin = ng.call \"torch.ops.aten.relu.default\"(self: %lin) : "
            "(!ng.tensor<f32[1:8, 4]>) -> !ng.tensor<f32[1:8, 4]>\n"
            "    %relu = ng.call")
        program = ng.parse(text)
        self.assertEqual(len(program["forward"].nodes), 8)
        program.run_passes("builtin.module(cse)")
        forward = program["forward"]
        add = forward.node("add")
        self.assertEqual(add["self"], add["other"])
        names = [n.name for n in forward.nodes]
        self.assertEqual(len(names), 6)
        self.assertNotIn("sum", names)

    def test_invalid_pipeline(self):
        program = ng.load(DECODER)
        with self.assertRaises(ng.Error) as caught:
            program.run_passes("builtin.module(no-such-pass)")
        self.assertIn("invalid pass pipeline", str(caught.exception))
        self.assertIn("no-such-pass", str(caught.exception))
        with self.assertRaises(ng.Error):
            program.run_passes("builtin.module(ng-fold-q4-weights")
        with self.assertRaises(ng.Error):
            program.run_passes("ng-fold-q4-weights{no-such-option=1}")
        # The program is untouched and its handles still good.
        self.assertEqual(len(program["forward"].nodes), 144)

    def test_no_test_passes(self):
        # ng-opt's test passes (test/lib) are no part of the bindings: the
        # pipeline parser does not know them, anchored or not.
        program = ng.load(DECODER)
        for pipeline in ("ng-test-alias-analysis",
                         "builtin.module(ng-test-alias-analysis)"):
            with self.assertRaises(ng.Error) as caught:
                program.run_passes(pipeline)
            self.assertIn("invalid pass pipeline", str(caught.exception))
            self.assertIn("'ng-test-alias-analysis' does not refer to a "
                          "registered pass", str(caught.exception))
        # A pass of ng's the same pipeline parser does know.
        program.run_passes("ng-print-summary")

    def test_handles_stale_after_passes(self):
        program = ng.load(DECODER)
        forward = program["forward"]
        node = forward.nodes[0]
        value = forward.placeholders[0]
        program.run_passes("builtin.module(ng-fold-q4-weights)")
        for read in (lambda: node.target, lambda: value.type,
                     lambda: forward.nodes):
            with self.assertRaises(ng.Error) as caught:
                read()
            self.assertIn("stale", str(caught.exception))
        # Read again, they work.
        self.assertEqual(len(program["forward"].nodes), 128)

    def test_failing_pass(self):
        # A pass that fails: the run's error with the pass's message.
        program = ng.load(self.nptg(LINEAR))
        with self.assertRaises(ng.Error) as caught:
            program.run_passes("builtin.module(ng-report{output=-})")
        self.assertIn("pass pipeline 'builtin.module(ng-report{output=-})' "
                      "failed", str(caught.exception))
        self.assertIn("not to standard output", str(caught.exception))

    def test_broken_edit(self):
        # Verified before it runs, as ng-opt verifies what it reads: an edit
        # that broke the IR is reported as such.
        program = ng.load(self.nptg(LINEAR))
        forward = program["forward"]
        forward.node("relu").set_arg("self",
                                     forward.node("clamp").results[0])
        with self.assertRaises(ng.Error) as caught:
            program.run_passes("builtin.module(cse)")
        self.assertIn("the program does not verify before "
                      "'builtin.module(cse)'", str(caught.exception))
        self.assertIn("does not dominate", str(caught.exception))

    def test_verify_false_skips_the_verifier(self):
        # verify=False is ng-opt's --verify-each=false: a program that breaks
        # a rule (an argument its target's schema does not have) runs, and
        # only an explicit verify() says so; by default it does not run.
        program = ng.load(self.nptg(LINEAR))
        program["forward"].node("relu").set_arg("note", "hello")
        with self.assertRaises(ng.Error) as caught:
            program.run_passes("cse")
        self.assertIn("'note' is not a parameter", str(caught.exception))
        self.assertEqual(program.run_passes("cse", verify=False), [])
        with self.assertRaises(ng.Error):
            program.verify()
        with self.assertRaises(TypeError):  # keyword-only
            program.run_passes("cse", False)  # type: ignore[misc]


if __name__ == "__main__":
    unittest.main(verbosity=2)
