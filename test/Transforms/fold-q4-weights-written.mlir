// RUN: ng-opt %s -split-input-file --ng-fold-q4-weights -mlir-print-local-scope | FileCheck %s
//
// The q4 folds refuse storage that something writes (the storage rules of
// docs/Aliasing.md, ng/Dialect/Storage.h): packing a weight freezes its
// bytes, and redirecting the readers of a dequantized tensor that is written
// in place would make the write land in the weight. Each program here would
// fold if nothing wrote it (see test/Transforms/fold-q4-weights-*.mlir).

// GGUF: the weight is a buffer the method writes back.
// CHECK-LABEL: ng.method @gguf_written_back(
// CHECK-SAME:    %b_weight: !ng.tensor<ui8[64, 144]>
// CHECK:         ng.call "torch.ops.torchao.dequantize_gguf.default"
ng.method @gguf_written_back(
  %b_weight: !ng.tensor<ui8[64, 144]> = buffer "weight" mutated,
  %x: !ng.tensor<f32[1, 256]>
) -> (!ng.tensor<ui8[64, 144]>, !ng.tensor<f32[1, 64]>) {
  %dq = ng.call "torch.ops.torchao.dequantize_gguf.default"(weight: %b_weight, ggml_type: "q4_k", output_dtype: f32) : (!ng.tensor<ui8[64, 144]>) -> !ng.tensor<f32[64, 256]>
  %y = ng.call "torch.ops.aten.linear.default"(input: %x, weight: %dq, bias: none) : (!ng.tensor<f32[1, 256]>, !ng.tensor<f32[64, 256]>) -> !ng.tensor<f32[1, 64]>
  %new = ng.call "torch.ops.aten.clone.default"(self: %b_weight, memory_format: none) : (!ng.tensor<ui8[64, 144]>) -> !ng.tensor<ui8[64, 144]>
  ng.output(buffer_mutation "weight" %new, %y) : !ng.tensor<ui8[64, 144]>, !ng.tensor<f32[1, 64]>
}

// -----

// GGUF: the weight is a buffer written in place through a view.
// CHECK-LABEL: ng.method @gguf_written_in_place(
// CHECK-SAME:    %b_weight: !ng.tensor<ui8[64, 144]>
// CHECK:         ng.call "torch.ops.torchao.dequantize_gguf.default"
ng.method @gguf_written_in_place(
  %b_weight: !ng.tensor<ui8[64, 144]> = buffer "weight",
  %x: !ng.tensor<f32[1, 256]>
) -> !ng.tensor<f32[1, 64]> {
  %dq = ng.call "torch.ops.torchao.dequantize_gguf.default"(weight: %b_weight, ggml_type: "q4_k", output_dtype: f32) : (!ng.tensor<ui8[64, 144]>) -> !ng.tensor<f32[64, 256]>
  %y = ng.call "torch.ops.aten.linear.default"(input: %x, weight: %dq, bias: none) : (!ng.tensor<f32[1, 256]>, !ng.tensor<f32[64, 256]>) -> !ng.tensor<f32[1, 64]>
  %row = ng.call "torch.ops.aten.select.int"(self: %b_weight, dim: 0, index: 0) : (!ng.tensor<ui8[64, 144]>) -> !ng.tensor<ui8[144]> aliases %b_weight
  %z = ng.call "torch.ops.aten.zero_.default"(self: mut %row) : (!ng.tensor<ui8[144]>) -> !ng.tensor<ui8[144]> aliases %row
  ng.output(%y) : !ng.tensor<f32[1, 64]>
}

// -----

// GGUF: the dequantized tensor is written in place.
// CHECK-LABEL: ng.method @gguf_result_written(
// CHECK-SAME:    %p_weight: !ng.tensor<ui8[64, 144]>
// CHECK:         %dq = ng.call "torch.ops.torchao.dequantize_gguf.default"
// CHECK:         ng.call "torch.ops.aten.relu_.default"(self: mut %dq)
ng.method @gguf_result_written(
  %p_weight: !ng.tensor<ui8[64, 144]> = parameter "weight",
  %x: !ng.tensor<f32[1, 256]>
) -> !ng.tensor<f32[1, 64]> {
  %dq = ng.call "torch.ops.torchao.dequantize_gguf.default"(weight: %p_weight, ggml_type: "q4_k", output_dtype: f32) : (!ng.tensor<ui8[64, 144]>) -> !ng.tensor<f32[64, 256]>
  %r = ng.call "torch.ops.aten.relu_.default"(self: mut %dq) : (!ng.tensor<f32[64, 256]>) -> !ng.tensor<f32[64, 256]> aliases %dq
  %y = ng.call "torch.ops.aten.linear.default"(input: %x, weight: %r, bias: none) : (!ng.tensor<f32[1, 256]>, !ng.tensor<f32[64, 256]>) -> !ng.tensor<f32[1, 64]>
  ng.output(%y) : !ng.tensor<f32[1, 64]>
}

// -----

// torchao: the weight is a buffer the method writes back.
// CHECK-LABEL: ng.method @torchao_weight_written(
// CHECK-NEXT:    %b_weight: !ng.tensor<i8[2, 4]> = buffer "w" mutated,
// CHECK:         ng.call "torch.ops.torchao.dequantize_affine.default"
module attributes {ng.data = {s = dense_resource<s> : tensor<2x1xf32>, w = dense_resource<w> : tensor<2x4xi8>, zp = dense_resource<zp> : tensor<2x1xi8>}} {
  ng.method @torchao_weight_written(
    %b_weight: !ng.tensor<i8[2, 4]> = buffer "w" mutated,
    %c_scale: !ng.tensor<f32[2, 1]> = constant "s",
    %c_zero_point: !ng.tensor<i8[2, 1]> = constant "zp",
    %x: !ng.tensor<f32[1, 4]>,
    %new: !ng.tensor<i8[2, 4]>
  ) -> (!ng.tensor<i8[2, 4]>, !ng.tensor<f32[1, 2]>) {
    %dq = ng.call "torch.ops.torchao.dequantize_affine.default"(input: %b_weight, block_size: [1, 4], scale: %c_scale, zero_point: %c_zero_point, input_dtype: i8, quant_min: -8, quant_max: 7, output_dtype: f32) : (!ng.tensor<i8[2, 4]>, !ng.tensor<f32[2, 1]>, !ng.tensor<i8[2, 1]>) -> !ng.tensor<f32[2, 4]>
    %y = ng.call "torch.ops.aten.linear.default"(input: %x, weight: %dq, bias: none) : (!ng.tensor<f32[1, 4]>, !ng.tensor<f32[2, 4]>) -> !ng.tensor<f32[1, 2]>
    ng.output(buffer_mutation "w" %new, %y) : !ng.tensor<i8[2, 4]>, !ng.tensor<f32[1, 2]>
  }
}
{-#
  dialect_resources: {
    builtin: {
      s: "0x040000000000803F00000040",
      w: "0x01000000F8F906070001FF05",
      zp: "0x010000000001"
    }
  }
#-}

// -----

// torchao: the scale is a buffer written in place.
// CHECK-LABEL: ng.method @torchao_scale_written(
// CHECK-NEXT:    %p_weight: !ng.tensor<i8[2, 4]> = parameter "w",
// CHECK:         ng.call "torch.ops.torchao.dequantize_affine.default"
module attributes {ng.data = {s = dense_resource<s> : tensor<2x1xf32>, w = dense_resource<w> : tensor<2x4xi8>, zp = dense_resource<zp> : tensor<2x1xi8>}} {
  ng.method @torchao_scale_written(
    %p_weight: !ng.tensor<i8[2, 4]> = parameter "w",
    %b_scale: !ng.tensor<f32[2, 1]> = buffer "s",
    %c_zero_point: !ng.tensor<i8[2, 1]> = constant "zp",
    %x: !ng.tensor<f32[1, 4]>
  ) -> !ng.tensor<f32[1, 2]> {
    %dq = ng.call "torch.ops.torchao.dequantize_affine.default"(input: %p_weight, block_size: [1, 4], scale: %b_scale, zero_point: %c_zero_point, input_dtype: i8, quant_min: -8, quant_max: 7, output_dtype: f32) : (!ng.tensor<i8[2, 4]>, !ng.tensor<f32[2, 1]>, !ng.tensor<i8[2, 1]>) -> !ng.tensor<f32[2, 4]>
    %y = ng.call "torch.ops.aten.linear.default"(input: %x, weight: %dq, bias: none) : (!ng.tensor<f32[1, 4]>, !ng.tensor<f32[2, 4]>) -> !ng.tensor<f32[1, 2]>
    %w = ng.call "torch.ops.aten.mul_.Tensor"(self: mut %b_scale, other: 2.0) : (!ng.tensor<f32[2, 1]>) -> !ng.tensor<f32[2, 1]> aliases %b_scale
    ng.output(%y) : !ng.tensor<f32[1, 2]>
  }
}
{-#
  dialect_resources: {
    builtin: {
      s: "0x040000000000803F00000040",
      w: "0x01000000F8F906070001FF05",
      zp: "0x010000000001"
    }
  }
#-}
