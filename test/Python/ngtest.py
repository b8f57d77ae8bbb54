"""What the Python tests share: where the sources and tools are (lit's
%ng_python_env sets NG_SRC_ROOT and NG_TOOLS_DIR), programs written as ng IR
text and made into .nptg files by ng-translate, and a temporary directory
per test."""
import os
import subprocess
import tempfile
import unittest

SRC_ROOT = os.environ["NG_SRC_ROOT"]
TOOLS_DIR = os.environ["NG_TOOLS_DIR"]
DECODER = os.path.join(SRC_ROOT, "examples", "decoder.ptn")
EDGE_DECODER = os.path.join(SRC_ROOT, "examples", "edge-decoder.ptn")

# conformance/linear.json's program with a dynamic batch dim and an add
# after it: a parameter, a bias and a user input; ints, floats and lists.
LINEAR = """
module attributes {ng.version = "1.0"} {
  ng.method @forward(
    %p_weight: !ng.tensor<f32[4, 4]> = parameter "weight",
    %p_bias: !ng.tensor<f32[4]> = parameter "bias",
    %b_count: !ng.tensor<f32[1]> = buffer "count" mutated,
    %x: !ng.tensor<f32[1:8, 4]>
  ) -> !ng.tensor<f32[1:8, 4]> {
    %lin = ng.call "torch.ops.aten.linear.default"(input: %x, weight: %p_weight, bias: %p_bias) : (!ng.tensor<f32[1:8, 4]>, !ng.tensor<f32[4, 4]>, !ng.tensor<f32[4]>) -> !ng.tensor<f32[1:8, 4]>
    %relu = ng.call "torch.ops.aten.relu.default"(self: %lin) : (!ng.tensor<f32[1:8, 4]>) -> !ng.tensor<f32[1:8, 4]>
    %add = ng.call "torch.ops.aten.add.Tensor"(self: %relu, other: %x, alpha: 1) : (!ng.tensor<f32[1:8, 4]>, !ng.tensor<f32[1:8, 4]>) -> !ng.tensor<f32[1:8, 4]>
    %sum = ng.call "torch.ops.aten.sum.dim_IntList"(self: %add, dim: [0], keepdim: true, dtype: none) : (!ng.tensor<f32[1:8, 4]>) -> !ng.tensor<f32[1, 4]>
    %size = ng.call "torch.ops.aten.sym_size.int"(self: %x, dim: 0) : (!ng.tensor<f32[1:8, 4]>) -> i64
    %view = ng.call "torch.ops.aten.view.default"(self: %add, size: [%size, -1]) : (!ng.tensor<f32[1:8, 4]>, i64) -> !ng.tensor<f32[1:8, 4]> aliases %add
    %clamp = ng.call "torch.ops.aten.clamp.default"(self: %view, min: -1.5, max: 2.0) {metadata = [["stack_trace", "model.py:12"]]} : (!ng.tensor<f32[1:8, 4]>) -> !ng.tensor<f32[1:8, 4]>
    ng.output(%clamp) : !ng.tensor<f32[1:8, 4]>
  }
}
"""


def ng_translate(*args):
    """Runs ng-translate; returns its standard output."""
    tool = os.path.join(TOOLS_DIR, "ng-translate")
    return subprocess.run([tool, *args], check=True, capture_output=True,
                          text=True).stdout


def read(path):
    with open(path, "rb") as f:
        return f.read()


class TestCase(unittest.TestCase):
    """A test with a temporary directory, self.tmp."""

    def setUp(self):
        self._tmp = tempfile.TemporaryDirectory()
        self.tmp = self._tmp.name

    def tearDown(self):
        self._tmp.cleanup()

    def path(self, name):
        return os.path.join(self.tmp, name)

    def nptg(self, text, name="program"):
        """`text` (ng IR) as an .nptg file made by ng-translate."""
        mlir = self.path(name + ".mlir")
        with open(mlir, "w") as f:
            f.write(text)
        out = self.path(name + ".nptg")
        ng_translate("--to-native-graph", mlir, "-o", out)
        return out
