module attributes {ng.version = "1.0"} {
  ng.method @"say \"hi\"\\now" (
      %q: !ng.tensor<f32[2]> {ng.name = "a\"quote caf\C3\A9 \E2\9C\93"},
      %w: !ng.tensor<f32[2]> = parameter "layers.0.key\"with\\back\nslash" {ng.name = "p\\w"},
      %n: !ng.tensor<f32[2]> {ng.name = "line\nbreak\ttab"}) -> !ng.tensor<f32[2]> {
    %r = ng.call "torch.ops.aten.add.Tensor"(self: %q, other: %w, alpha: 1) {names = ["caf\C3\A9 \E2\9C\93"], node = "bad\FFbyte"} : (!ng.tensor<f32[2]>, !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
    %s = ng.call "x\"y\\z"(%r, %n) {metadata = [["nn_module_stack", "L__self___layers_7 \"q\""]]} : (!ng.tensor<f32[2]>, !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
    ng.output(%s) : !ng.tensor<f32[2]>
  }
}
