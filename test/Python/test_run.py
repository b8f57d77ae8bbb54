# RUN: %ng_python_env %python %s
"""Program.run and ng.compare: ng-run's reference interpreter from Python."""
import subprocess
import sys
import unittest

import ng
from ngtest import DECODER, TestCase

ADD = """
module {
  ng.method @forward(%x: !ng.tensor<f32[2, 3]>, %y: !ng.tensor<f32[3]>) -> !ng.tensor<f32[2, 3]> {
    %sum = ng.call "torch.ops.aten.add.Tensor"(self: %x, other: %y, alpha: 2) : (!ng.tensor<f32[2, 3]>, !ng.tensor<f32[3]>) -> !ng.tensor<f32[2, 3]>
    ng.output(%sum) : !ng.tensor<f32[2, 3]>
  }
}
"""

try:
    import numpy as np
except ImportError:
    np = None


@unittest.skipIf(np is None, "numpy is not installed")
class Run(TestCase):
    def test_numpy_in_numpy_out(self):
        x = np.arange(6, dtype=np.float32).reshape(2, 3)
        y = np.array([10, 20, 30], dtype=np.float32)
        out = ng.parse(ADD).run({"x": x, "y": y})
        self.assertEqual(list(out), ["sum"])
        self.assertEqual(out["sum"].dtype, np.float32)
        np.testing.assert_array_equal(out["sum"], x + 2 * y)
        # The caller's arrays are copied, not written.
        np.testing.assert_array_equal(x, np.arange(6).reshape(2, 3))

    def test_decoder_buffers(self):
        program = ng.load(DECODER)
        tokens = np.array([[1, 2, 3]], dtype=np.int64)
        pos = np.array([0, 1, 2], dtype=np.int64)
        out = program.run({"tokens": tokens, "input_pos": pos})
        self.assertEqual(out["aten_linear_default_14"].shape, (1, 3, 256))
        cache = out["layers.0.attention.kv_cache.k_cache"]
        # Positions 0-2 written by index_put_, the rest still zeros.
        self.assertTrue(np.any(cache[0, 0, :3] != 0))
        self.assertTrue(np.all(cache[0, 0, 3:] == 0))
        # Deterministic: the same inputs, the same bytes.
        again = program.run({"tokens": tokens, "input_pos": pos})
        self.assertEqual(out["aten_linear_default_14"].tobytes(),
                         again["aten_linear_default_14"].tobytes())

    def test_errors(self):
        program = ng.parse(ADD)
        x = np.zeros((2, 3), np.float32)
        with self.assertRaisesRegex(ng.Error, "no input named 'y'"):
            program.run({"x": x})
        with self.assertRaisesRegex(ng.Error, "has no user input 'z'"):
            program.run({"x": x, "y": np.zeros(3, np.float32), "z": x})
        with self.assertRaisesRegex(ng.Error, "user input 'y' is f32\\[4\\]"):
            program.run({"x": x, "y": np.zeros(4, np.float32)})
        with self.assertRaisesRegex(KeyError, "no method named 'prefill'"):
            program.run({"x": x, "y": x}, method="prefill")

    def test_compare(self):
        original = ng.load(DECODER)
        folded = ng.load(DECODER)
        folded.run_passes("builtin.module(ng-fold-q4-weights)")
        self.assertIsNone(ng.compare(original, folded, seed=3, trials=2))
        other = ng.parse(ADD.replace("alpha: 2", "alpha: 3"))
        message = ng.compare(ng.parse(ADD), other, seed=1)
        self.assertRegex(message, r"^seed 1: output 0 'sum' differs at \[0, 0\]")
        self.assertIsNone(
            ng.compare(ng.parse(ADD), other, seed=1, atol=2.0))


class WithoutNumpy(TestCase):
    def test_memoryviews(self):
        # numpy hidden: inputs and outputs are memoryviews.
        code = (
            "import sys, array\n"
            "sys.modules['numpy'] = None\n"
            "import ng\n"
            "x = memoryview(array.array('f', range(6))).cast('B').cast('f', [2, 3])\n"
            "y = memoryview(array.array('f', [10, 20, 30]))\n"
            "out = ng.parse(%r).run({'x': x, 'y': y})['sum']\n"
            "print(type(out).__name__, out.format, out.shape, out.tolist())\n"
        ) % ADD
        result = subprocess.run([sys.executable, "-c", code], check=True,
                                capture_output=True, text=True)
        self.assertEqual(result.stdout.strip(),
                         "memoryview f (2, 3) [[20.0, 41.0, 62.0], "
                         "[23.0, 44.0, 65.0]]")


if __name__ == "__main__":
    unittest.main()
