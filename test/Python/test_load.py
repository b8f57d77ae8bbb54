# RUN: %ng_python_env %python %s
"""ng.load and reading a program: methods, placeholders, nodes, arguments
and types, on the bundled example and on a program ng-translate made."""
import gc
import unittest

import ng
from ngtest import DECODER, LINEAR, TestCase


class LoadPackage(TestCase):
    def setUp(self):
        super().setUp()
        self.program = ng.load(DECODER)

    def test_methods(self):
        self.assertEqual([m.name for m in self.program.methods], ["forward"])
        self.assertEqual(self.program.version, "1.0")
        self.assertEqual(self.program.method("forward"), self.program["forward"])
        with self.assertRaises(KeyError):
            self.program.method("backward")

    def test_constants_carried(self):
        # A .ptn package carries its data: one entry per data key.
        self.assertIn("tok_embeddings.weight", self.program.data_keys)
        self.assertEqual(len(self.program.data_keys), 56)

    def test_placeholders_and_roles(self):
        forward = self.program["forward"]
        roles = {}
        for p in forward.placeholders:
            roles.setdefault(p.role, []).append(p)
        self.assertEqual(sorted(roles), ["buffer", "constant", "mutable_buffer",
                                         "parameter", "user_input"])
        weight = forward.placeholders[0]
        self.assertIsInstance(weight, ng.Placeholder)
        self.assertEqual(weight.name, "p_tok_embeddings_weight")
        self.assertEqual(weight.role, "parameter")
        self.assertEqual(weight.data_key, "tok_embeddings.weight")
        self.assertEqual(weight.index, 0)
        self.assertEqual(weight.type.dtype, "i8")
        self.assertEqual(weight.type.sizes, [256, 128])
        cache = roles["mutable_buffer"][0]
        self.assertEqual(cache.data_key, "layers.0.attention.kv_cache.k_cache")
        inputs = [p.name for p in forward.inputs]
        self.assertEqual(inputs, [p.name for p in roles["user_input"]])
        self.assertIn("tokens", inputs)
        for p in roles["user_input"]:
            self.assertIsNone(p.data_key)

    def test_nodes_and_arguments(self):
        forward = self.program["forward"]
        nodes = forward.nodes
        self.assertEqual(len(nodes), 144)
        dq = nodes[0]
        self.assertEqual(dq.name, "torchao_dequantize_affine_default")
        self.assertEqual(dq.target,
                         "torch.ops.torchao.dequantize_affine.default")
        self.assertEqual([a.name for a in dq.args],
                         ["input", "block_size", "scale", "zero_point",
                          "input_dtype", "quant_min", "quant_max",
                          "output_dtype"])
        self.assertEqual([a.kind for a in dq.args],
                         ["tensor", "int_list", "tensor", "tensor",
                          "scalar_type", "int", "int", "scalar_type"])
        self.assertEqual(dq["block_size"], [1, 32])
        self.assertEqual(dq["quant_min"], -8)
        self.assertEqual(dq["input_dtype"], ng.ScalarType("i8"))
        self.assertEqual(dq["input"], forward.placeholders[0])
        self.assertIn("scale", dq)
        self.assertNotIn("alpha", dq)
        with self.assertRaises(KeyError):
            dq["alpha"]
        self.assertEqual(dq.arg(1).name, "block_size")
        # The optional tensor list of aten.index.Tensor, with a hole.
        index_put = forward.node("aten_index_put__default")
        self.assertEqual(index_put["indices"][:2], [None, None])
        self.assertEqual(index_put["indices"][2].name, "input_pos")
        self.assertTrue(index_put.arg("self").mutated)
        self.assertEqual(forward.output.name, "output")
        self.assertTrue(forward.output.is_output)
        self.assertIsNone(forward.output.target)
        self.assertEqual(len(forward.output.args), 5)

    def test_result_types(self):
        forward = self.program["forward"]
        transpose = forward.node("aten_transpose_int_4")
        (t,) = transpose.result_types
        self.assertEqual(t.dtype, "f32")
        # A dynamic dim is (min, max).
        self.assertEqual(t.sizes, [1, 1, (1, 32), 128])
        self.assertFalse(t.is_static)
        self.assertEqual(t.dim_order, [0, 2, 1, 3])
        self.assertIsNone(t.quant)
        self.assertEqual(str(t),
                         "!ng.tensor<f32[1, 1, 1:32, 128], dim_order = [0, 2, 1, 3]>")
        size = forward.node("sym_size_int")
        self.assertEqual(size.result_types, ["i64"])
        self.assertEqual(size.results[0].kind, "int")
        # A reference to a scalar value in an int list.
        view = forward.node("aten_view_default_18")
        self.assertEqual(view["size"][0], 1)
        self.assertEqual(view["size"][1],
                         forward.node("sym_size_int_1").results[0])
        self.assertEqual(view["size"][2:], [1, 128])

    def test_values(self):
        forward = self.program["forward"]
        dq = forward.nodes[0]
        (result,) = dq.results
        self.assertEqual(result.node, dq)
        self.assertEqual([u.name for u in result.users],
                         ["aten_embedding_default"])
        self.assertTrue(result.has_uses)
        self.assertIsNone(forward.placeholders[0].node)
        self.assertEqual(len({dq, forward.nodes[0]}), 1)


class Lifetimes(TestCase):
    def test_objects_keep_their_program(self):
        # The program's Python object goes first; what was read from it
        # keeps its context alive.
        node = ng.load(DECODER)["forward"].nodes[0]
        value = node.results[0]
        gc.collect()
        self.assertEqual(node.target,
                         "torch.ops.torchao.dequantize_affine.default")
        self.assertEqual(value.users[0].name, "aten_embedding_default")
        self.assertEqual(str(value.type), "!ng.tensor<f32[256, 128]>")

    def test_snapshots_outlive_it(self):
        program = ng.load(DECODER)
        arg = program["forward"].nodes[0].arg("block_size")
        tensor_type = program["forward"].placeholders[0].type
        del program
        gc.collect()
        self.assertEqual(arg.value, [1, 32])
        self.assertEqual(tensor_type.sizes, [256, 128])


class LoadProgram(TestCase):
    def test_nptg_from_ng_translate(self):
        program = ng.load(self.nptg(LINEAR))
        forward = program["forward"]
        self.assertEqual([p.role for p in forward.placeholders],
                         ["parameter", "parameter", "buffer", "user_input"])
        self.assertTrue(forward.placeholders[2].mutated)
        self.assertFalse(forward.placeholders[0].mutated)
        x = forward.placeholders[3]
        # Unbounded above would be None; here the range is 1..8.
        self.assertEqual(x.type.sizes, [(1, 8), 4])
        clamp = forward.node("clamp")
        self.assertEqual(clamp["min"], -1.5)
        self.assertEqual(clamp.metadata, [("stack_trace", "model.py:12")])
        self.assertEqual(forward.node("sum")["dtype"], None)
        self.assertEqual(forward.node("sum")["keepdim"], True)
        self.assertEqual(program.data_keys, [])

    def test_parse_text(self):
        program = ng.parse(LINEAR.replace("1:8", "1:?"))
        x = program["forward"].placeholders[3]
        self.assertEqual(x.type.sizes, [(1, None), 4])

    def test_missing_file(self):
        with self.assertRaises(ng.Error) as caught:
            ng.load(self.path("missing.nptg"))
        self.assertIn("cannot read", str(caught.exception))
        self.assertIn("missing.nptg", str(caught.exception))

    def test_garbage_file(self):
        garbage = self.path("garbage.nptg")
        with open(garbage, "wb") as f:
            f.write(b"\x00not a flatbuffer at all\xff" * 4)
        with self.assertRaises(ng.Error) as caught:
            ng.load(garbage)
        self.assertIn("garbage.nptg", str(caught.exception))
        self.assertIn("error:", str(caught.exception))

    def test_missing_constants(self):
        with self.assertRaises(ng.Error):
            ng.load(self.nptg(LINEAR), constants=self.path("none.safetensors"))

    def test_invalid_text(self):
        with self.assertRaises(ng.Error) as caught:
            ng.parse(LINEAR.replace("self: %relu,", "self: %nothing,"), name="bad.mlir")
        self.assertIn("bad.mlir", str(caught.exception))
        self.assertIn("bad.mlir:11:", str(caught.exception))
        self.assertIn("undeclared SSA value", str(caught.exception))


if __name__ == "__main__":
    unittest.main(verbosity=2)
