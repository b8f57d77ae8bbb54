// Activations whose first-fit plan is worked out by hand in
// ../report-activations.test.
module attributes {ng.version = "1.0"} {
  ng.method @forward(%x: !ng.tensor<f32[4]>,
      %p_w: !ng.tensor<f32[8]> = parameter "w")
      -> !ng.tensor<f32[8]> {
    %a = ng.call "torch.ops.aten.relu.default"(self: %x)
        : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
    %b = ng.call "torch.ops.aten.add.Tensor"(self: %p_w, other: %a, alpha: 1)
        : (!ng.tensor<f32[8]>, !ng.tensor<f32[4]>) -> !ng.tensor<f32[8]>
    %v = ng.call "torch.ops.aten.view.default"(self: %b, size: [2, 4])
        : (!ng.tensor<f32[8]>) -> !ng.tensor<f32[2, 4]> aliases %b
    %n = ng.call "torch.ops.aten.sym_size.int"(self: %v, dim: 0)
        : (!ng.tensor<f32[2, 4]>) -> i64
    %c = ng.call "torch.ops.aten.exp.default"(self: %v)
        : (!ng.tensor<f32[2, 4]>) -> !ng.tensor<f32[8]>
    ng.output(%c) : !ng.tensor<f32[8]>
  }
  ng.method @prefill(%tokens: !ng.tensor<i64[1, 1:8]>,
      %k_cache: !ng.tensor<f32[8]> = mutable_buffer "cache.k")
      -> (!ng.tensor<f32[1, 1:8]>, !ng.tensor<f32[1:?]>) {
    %e = ng.call "torch.ops.aten.to.dtype"(self: %tokens, dtype: 6)
        : (!ng.tensor<i64[1, 1:8]>) -> !ng.tensor<f32[1, 1:8]>
    %u = ng.call "torch.ops.aten.nonzero.default"(self: %e)
        : (!ng.tensor<f32[1, 1:8]>) -> !ng.tensor<f32[1:?]>
    ng.output(%e, %u) : !ng.tensor<f32[1, 1:8]>, !ng.tensor<f32[1:?]>
  }
}
