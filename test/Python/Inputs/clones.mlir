module attributes {ng.version = "1.0"} {
  ng.method @forward(%x: !ng.tensor<f32[2, 3]>) -> (!ng.tensor<f32[2, 3]>, !ng.tensor<f32[3, 2]>) {
    %copy = ng.call "torch.ops.aten.clone.default"(self: %x, memory_format: "torch.contiguous_format") : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3]>
    %relu = ng.call "torch.ops.aten.relu.default"(self: %copy) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3]>
    %t = ng.call "torch.ops.aten.transpose.int"(self: %x, dim0: 0, dim1: 1) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[3, 2], dim_order = [1, 0]> aliases %x
    %c = ng.call "torch.ops.aten.clone.default"(self: %t, memory_format: "torch.contiguous_format") : (!ng.tensor<f32[3, 2], dim_order = [1, 0]>) -> !ng.tensor<f32[3, 2]>
    ng.output(%relu, %c) : !ng.tensor<f32[2, 3]>, !ng.tensor<f32[3, 2]>
  }
}
