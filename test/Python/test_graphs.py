# RUN: %ng_python_env %python %s
"""Subgraphs (GraphArgs) and OUTPUT nodes: reading them, editing inside
them, and handles into a subgraph when its node is erased."""
import os
import unittest

import ng
from ngtest import SRC_ROOT, TestCase

COND = open(os.path.join(SRC_ROOT, "test", "Dialect",
                         "roundtrip-cond.mlir")).read()


class Subgraphs(TestCase):
    def setUp(self):
        super().setUp()
        self.program = ng.parse(COND)
        self.forward = self.program["forward"]
        self.cond = self.forward.node("cond")

    def test_read(self):
        cond = self.cond
        self.assertEqual(cond.target, "torch.ops.higher_order.cond")
        self.assertEqual([a.kind for a in cond.args],
                         ["tensor", "graph", "graph", "tensor_list"])
        # Positional arguments have no name, and are read by position.
        self.assertIsNone(cond.args[0].name)
        true_graph = cond[1]
        self.assertIsInstance(true_graph, ng.Graph)
        self.assertEqual(true_graph.label, "true_graph_0")
        self.assertEqual([g.label for g in cond.graphs],
                         ["true_graph_0", "false_graph_0"])
        self.assertEqual(cond[2].label, "false_graph_0")
        (x_1,) = true_graph.inputs
        self.assertEqual(x_1.name, "x_1")
        self.assertNotIsInstance(x_1, ng.Placeholder)
        self.assertIsNone(x_1.node)
        (cos,) = true_graph.nodes
        self.assertEqual(cos.target, "torch.ops.aten.cos.default")
        self.assertEqual(cos["self"], x_1)
        self.assertEqual(true_graph.output[0], cos.results[0])
        self.assertEqual(true_graph.node("aten_cos_default"), cos)
        self.assertEqual(cond[3], [self.forward.placeholders[0]])

    def test_edit_inside(self):
        sin = self.cond.graphs[1].nodes[0]
        sin.target = "torch.ops.aten.tanh.default"
        self.program.verify()
        self.assertIn('ng.call "torch.ops.aten.tanh.default"(self: %x_1)',
                      str(self.program))
        with self.assertRaises(TypeError):
            self.cond.set_arg(1, None)  # a graph argument stays
        self.assertEqual(self.cond[1].label, "true_graph_0")

    def test_erase_takes_subgraphs(self):
        graph = self.cond.graphs[0]
        inner = graph.nodes[0]
        (x_1,) = graph.inputs
        (result,) = self.cond.results
        result.replace_all_uses_with(self.forward.placeholders[0])
        self.cond.erase()
        for read in (lambda: graph.nodes, lambda: inner.target,
                     lambda: x_1.name, lambda: result.type):
            with self.assertRaises(ng.Error) as caught:
                read()
            self.assertIn("erased", str(caught.exception))
        self.program.verify()


class OutputNode(TestCase):
    def test_set_output(self):
        # A method's result types follow its OUTPUT node's operands.
        program = ng.parse(COND)
        forward = program["forward"]
        output = forward.output
        total = forward.node("aten_sum_default").results[0]
        output.set_arg(0, total)
        self.assertEqual(output[0], total)
        self.assertIn("-> !ng.tensor<f32[]>", str(forward).splitlines()[0])
        with self.assertRaises(KeyError):
            output.set_arg(1, total)
        with self.assertRaises(ng.Error):
            output.erase()
        program.verify()


if __name__ == "__main__":
    unittest.main(verbosity=2)
