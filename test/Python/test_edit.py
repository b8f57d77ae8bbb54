# RUN: %ng_python_env %python %s
"""Simple edits: retarget a call, set an argument, replace a value's uses,
erase a node; and what each refuses."""
import os
import unittest

import ng
from ngtest import LINEAR, TestCase


class Edits(TestCase):
    def setUp(self):
        super().setUp()
        self.program = ng.load(self.nptg(LINEAR))
        self.forward = self.program["forward"]

    def reload(self):
        """The program saved and loaded again: what the edit wrote."""
        out = self.path("edited.nptg")
        self.program.save(out)
        return ng.load(out)["forward"]

    def test_retarget(self):
        relu = self.forward.node("relu")
        relu.target = "torch.ops.aten.gelu.default"
        self.assertEqual(relu.target, "torch.ops.aten.gelu.default")
        self.assertEqual(self.reload().node("relu").target,
                         "torch.ops.aten.gelu.default")
        with self.assertRaises(ValueError):
            relu.target = ""
        with self.assertRaises(ng.Error):
            self.forward.output.target = "torch.ops.aten.relu.default"

    def test_set_literals(self):
        add = self.forward.node("add")
        add.set_arg("alpha", 2)
        self.assertEqual(add["alpha"], 2)
        clamp = self.forward.node("clamp")
        clamp.set_arg("min", -3.25)
        clamp.set_arg("max", None)
        self.assertEqual(clamp.arg("max").kind, "none")
        total = self.forward.node("sum")
        total.set_arg("dim", [0, 1])
        total.set_arg("keepdim", False)
        total.set_arg("dtype", ng.ScalarType("f16"))
        # A float argument given an int; a new keyword argument.
        clamp.set_arg("min", 1, kind="float")
        self.assertEqual(clamp.arg("min").kind, "float")
        # (On a custom op: aten.add.Tensor's schema has no `note`, and the
        # import refuses a file that says otherwise.)
        custom = self.forward.node("relu")
        custom.target = "torch.ops.my_ns.relu.default"
        custom.set_arg("note", "hello")
        self.assertEqual(custom.args[-1].name, "note")
        saved = self.reload()
        self.assertEqual(saved.node("add")["alpha"], 2)
        self.assertEqual(saved.node("relu")["note"], "hello")
        self.assertEqual(saved.node("clamp")["min"], 1.0)
        self.assertIsNone(saved.node("clamp")["max"])
        self.assertEqual(saved.node("sum")["dim"], [0, 1])
        self.assertEqual(saved.node("sum")["keepdim"], False)
        self.assertEqual(saved.node("sum")["dtype"], ng.ScalarType("f16"))

    def test_schema_contradiction_is_refused_on_save(self):
        # The verifier refuses an argument its target's schema does not
        # have: save fails naming the node and the argument, and leaves no
        # file.
        self.forward.node("add").set_arg("note", "hello")
        out = self.path("edited.nptg")
        with self.assertRaises(ng.Error) as caught:
            self.program.save(out)
        self.assertIn("node 'add': 'ng.call' op argument 'note' "
                      "is not a parameter of aten::add.Tensor",
                      str(caught.exception))
        self.assertFalse(os.path.exists(out))

    def test_set_references(self):
        # A tensor argument replaced by a literal drops its operand; a value
        # in an int list is a reference slot.
        add = self.forward.node("add")
        x = self.forward.placeholders[3]
        add.set_arg("other", 1.5)
        self.assertEqual(add["other"], 1.5)
        self.assertNotIn(add, x.users)
        add.set_arg("other", x)
        self.assertEqual(add["other"], x)
        view = self.forward.node("view")
        size = self.forward.node("size").results[0]
        view.set_arg("size", [-1, size])
        self.assertEqual(view["size"], [-1, size])
        self.assertEqual(view.arg("size").kind, "int_list")
        saved = self.reload()
        self.assertEqual(saved.node("add")["other"].name, "x")
        self.assertEqual(saved.node("view")["size"][1].name, "size")

    def test_set_empty_list_keeps_kind(self):
        total = self.forward.node("sum")
        total.set_arg("dim", [])
        self.assertEqual(total.arg("dim").kind, "int_list")
        self.assertEqual(total["dim"], [])
        with self.assertRaises(TypeError):
            self.forward.node("add").set_arg("alpha", [])

    def test_set_refused(self):
        add = self.forward.node("add")
        with self.assertRaises(TypeError):
            add.set_arg("alpha", object())
        with self.assertRaises(TypeError):
            add.set_arg("alpha", [1, "a"])
        with self.assertRaises(TypeError):
            add.set_arg("alpha", 1.5, kind="int")
        with self.assertRaises(ValueError):
            add.set_arg("alpha", 2**70)
        with self.assertRaises(ValueError):
            add.set_arg("alpha", 1, kind="graph")
        with self.assertRaises(KeyError):
            add.set_arg(7, 1)
        with self.assertRaises(ValueError):
            ng.ScalarType("f128")
        other = ng.load(self.nptg(LINEAR, "other"))
        with self.assertRaises(ng.Error):
            add.set_arg("other", other["forward"].placeholders[3])
        # Nothing changed.
        self.assertEqual(add["alpha"], 1)

    def test_replace_all_uses(self):
        relu = self.forward.node("relu")
        lin = self.forward.node("lin")
        (relu_out,) = relu.results
        (lin_out,) = lin.results
        relu_out.replace_all_uses_with(lin_out)
        self.assertFalse(relu_out.has_uses)
        self.assertEqual(self.forward.node("add")["self"], lin_out)
        relu.erase()
        saved = self.reload()
        self.assertEqual([n.name for n in saved.nodes],
                         ["lin", "add", "sum", "size", "view", "clamp"])
        self.assertEqual(saved.node("add")["self"].name, "lin")

    def test_replace_output(self):
        # The method's result follows the OUTPUT node's operands.
        view = self.forward.node("view").results[0]
        clamp = self.forward.node("clamp").results[0]
        clamp.replace_all_uses_with(view)
        self.forward.node("clamp").erase()
        self.assertEqual(self.forward.output.args[0].value, view)
        self.assertEqual(self.reload().output.args[0].value.name, "view")

    def test_replace_refused(self):
        size = self.forward.node("size").results[0]
        add = self.forward.node("add").results[0]
        with self.assertRaises(TypeError):
            add.replace_all_uses_with(size)
        add.replace_all_uses_with(add)  # a no-op
        self.assertTrue(add.has_uses)
        # A value made after a user cannot take its uses (GraphEdits.h).
        relu = self.forward.node("relu").results[0]
        clamp = self.forward.node("clamp").results[0]
        with self.assertRaises(ng.Error) as caught:
            relu.replace_all_uses_with(clamp)
        self.assertIn("before", str(caught.exception))
        self.assertTrue(relu.has_uses)

    def test_erase(self):
        relu = self.forward.node("relu")
        with self.assertRaises(ng.Error) as caught:
            relu.erase()
        self.assertIn("node 'relu' cannot be erased", str(caught.exception))
        self.assertIn("used by node 'add'", str(caught.exception))
        with self.assertRaises(ng.Error):
            self.forward.output.erase()
        # An unused node goes; its handle and its results' are dead.
        size = self.forward.node("size")
        view = self.forward.node("view")
        view.set_arg("size", [-1, 4])
        (size_out,) = size.results
        size.erase()
        with self.assertRaises(ng.Error) as caught:
            size.target
        self.assertIn("erased", str(caught.exception))
        with self.assertRaises(ng.Error):
            size_out.name
        self.assertNotIn("size", [n.name for n in self.forward.nodes])
        self.assertEqual(view["size"], [-1, 4])
        self.assertNotIn("size", [n.name for n in self.reload().nodes])

    def test_verifier_errors_on_save(self):
        # An edit the verifier rejects: a node using a value defined after
        # it. Save refuses and writes nothing.
        relu = self.forward.node("relu")
        relu.set_arg("self", self.forward.node("clamp").results[0])
        out = self.path("broken.nptg")
        with self.assertRaises(ng.Error) as caught:
            self.program.save(out)
        self.assertIn("does not dominate", str(caught.exception))
        with self.assertRaises(ng.Error):
            self.program.verify()
        self.assertFalse(os.path.exists(out))
        self.assertFalse(os.path.exists(self.path("broken.safetensors")))

    def test_verifier_warnings(self):
        # Retargeted to an in-place op whose `self` is not marked `mut`: the
        # verifier warns (flags that say less than the op facts), as an
        # ng.Warning naming the method and node.
        add = self.forward.node("add")
        add.target = "torch.ops.aten.add_.Tensor"
        with self.assertWarns(ng.Warning) as caught:
            self.program.verify()
        self.assertIn("method 'forward': node 'add'", str(caught.warning))
        self.assertIn("not marked `mut`", str(caught.warning))


if __name__ == "__main__":
    unittest.main(verbosity=2)
