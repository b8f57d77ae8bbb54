// RUN: ng-opt %s -split-input-file --ng-fold-q4-weights -mlir-print-local-scope | FileCheck %s

// Regression tests for fixed bugs of --ng-fold-q4-weights.

// Regression: the GGUF fold redirects every reference to the dequantized
// value (F1), including the OUTPUT node's, but does not update the method's
// result types, so the folded method fails verification ("'ng.output' op
// operand types must match the method's result types") and ng-opt exits 1.
// The output then returns the weight (Graph.outputs may name a constant,
// V7), typed as the folded weight.
// CHECK-LABEL: ng.method @returned(
// CHECK-SAME:    %p_weight: !ng.tensor<ui8[2, 32], dim_order = none, quant = #ng.packed<"gguf:q4_0">> = parameter "weight"
// CHECK-SAME:    -> (!ng.tensor<f32[1, 2]>, !ng.tensor<ui8[2, 32], dim_order = none, quant = #ng.packed<"gguf:q4_0">>) {
// CHECK-NEXT:    %y = ng.call "torch.ops.aten.linear.default"(input: %x, weight: %p_weight, bias: none)
// CHECK-NEXT:    ng.output(%y, %p_weight)
module {
  ng.method @returned(
    %p_weight: !ng.tensor<ui8[2, 18]> = parameter "weight",
    %x: !ng.tensor<f32[1, 32]>
  ) -> (!ng.tensor<f32[1, 2]>, !ng.tensor<f32[2, 32]>) {
    %dq = ng.call "torch.ops.torchao.dequantize_gguf.default"(weight: %p_weight, ggml_type: "q4_0", output_dtype: f32) : (!ng.tensor<ui8[2, 18]>) -> !ng.tensor<f32[2, 32]>
    %y = ng.call "torch.ops.aten.linear.default"(input: %x, weight: %dq, bias: none) : (!ng.tensor<f32[1, 32]>, !ng.tensor<f32[2, 32]>) -> !ng.tensor<f32[1, 2]>
    ng.output(%y, %dq) : !ng.tensor<f32[1, 2]>, !ng.tensor<f32[2, 32]>
  }
}
