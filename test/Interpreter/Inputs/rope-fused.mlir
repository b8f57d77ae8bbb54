// native.rope of HuggingFace's rotary embedding with an attention scale
// (rope-decomposed.mlir computes the same op by op).
ng.method @forward(%x: !ng.tensor<f32[2, 3, 5, 8]>, %position_ids: !ng.tensor<i64[2, 5]>, %inv_freq: !ng.tensor<f32[4]>) -> !ng.tensor<f32[2, 3, 5, 8]> {
  %y = ng.call "torch.ops.native.rope.default"(input: %x, position_ids: %position_ids, inv_freq: %inv_freq, interleaved: false, attention_scale: 7.0e-01) : (!ng.tensor<f32[2, 3, 5, 8]>, !ng.tensor<i64[2, 5]>, !ng.tensor<f32[4]>) -> !ng.tensor<f32[2, 3, 5, 8]>
  ng.output(%y) : !ng.tensor<f32[2, 3, 5, 8]>
}
