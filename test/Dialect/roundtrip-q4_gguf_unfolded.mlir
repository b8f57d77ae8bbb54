// RUN: ng-opt %s | ng-opt -mlir-print-local-scope | FileCheck %s
// RUN: ng-opt %s > %t.1 && ng-opt %t.1 > %t.2 && diff %t.1 %t.2
// RUN: ng-opt %s -mlir-print-op-generic -mlir-print-debuginfo | ng-opt > %t.3 && diff %t.1 %t.3
// (-mlir-print-local-scope: FileCheck sees types inline rather than through
// the dialect's type aliases; the diffs compare the default output.)

// The IR form of conformance/q4_gguf_unfolded.json: the input of the GGUF
// fold (F1). Its folded form is roundtrip-q4_gguf_folded.mlir.
//
// - The packed GGUF weight is a PARAMETER with its raw shape
//   (64, 144) ui8 (BYTE): 144 bytes = one Q4_K block per row (F6).
// - dequantize_gguf(weight, ggml_type: "q4_k" (StringArg), output_dtype: f32)
//   yields the logical (64, 256) f32 weight.

// CHECK-LABEL: ng.method @forward(%p_weight: !ng.tensor<ui8[64, 144]> = parameter "weight", %x: !ng.tensor<f32[1, 256]>) -> !ng.tensor<f32[1, 64]> {
// CHECK-NEXT:    %torchao_dequantize_gguf_default = ng.call "torch.ops.torchao.dequantize_gguf.default"(weight: %p_weight, ggml_type: "q4_k", output_dtype: f32) : (!ng.tensor<ui8[64, 144]>) -> !ng.tensor<f32[64, 256]>
// CHECK-NEXT:    %aten_linear_default = ng.call "torch.ops.aten.linear.default"(input: %x, weight: %torchao_dequantize_gguf_default, bias: none) : (!ng.tensor<f32[1, 256]>, !ng.tensor<f32[64, 256]>) -> !ng.tensor<f32[1, 64]>
// CHECK-NEXT:    ng.output(%aten_linear_default) : !ng.tensor<f32[1, 64]>

module attributes {ng.version = "1.0"} {
  ng.method @forward(
      %p_weight: !ng.tensor<ui8[64, 144]> = parameter "weight",
      %x: !ng.tensor<f32[1, 256]>) -> !ng.tensor<f32[1, 64]> {
    %torchao_dequantize_gguf_default = ng.call "torch.ops.torchao.dequantize_gguf.default"(
        weight: %p_weight, ggml_type: "q4_k", output_dtype: f32)
        : (!ng.tensor<ui8[64, 144]>) -> !ng.tensor<f32[64, 256]>
    %aten_linear_default = ng.call "torch.ops.aten.linear.default"(
        input: %x, weight: %torchao_dequantize_gguf_default, bias: none)
        : (!ng.tensor<f32[1, 256]>, !ng.tensor<f32[64, 256]>) -> !ng.tensor<f32[1, 64]>
    ng.output(%aten_linear_default) : !ng.tensor<f32[1, 64]>
  }
}
