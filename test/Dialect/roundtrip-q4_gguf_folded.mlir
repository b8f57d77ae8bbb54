// RUN: ng-opt %s | ng-opt -mlir-print-local-scope | FileCheck %s
// RUN: ng-opt %s > %t.1 && ng-opt %t.1 > %t.2 && diff %t.1 %t.2
// RUN: ng-opt %s -mlir-print-op-generic -mlir-print-debuginfo | ng-opt > %t.3 && diff %t.1 %t.3
// (-mlir-print-local-scope: FileCheck sees types inline rather than through
// the dialect's type aliases; the diffs compare the default output.)

// The IR form of conformance/q4_gguf_folded.json: the result of the GGUF
// fold (F1) of roundtrip-q4_gguf_unfolded.mlir.
//
// - The weight's TensorMeta: dtype BYTE (ui8), the logical sizes [64, 256],
//   no dim_order on the wire (`dim_order = none`) and
//   QuantSpec{PackedQuant{codec "gguf:q4_k"}} as `quant = #ng.packed<"gguf:q4_k">`.
// - The dequantize node is gone; linear reads p_weight directly.

// CHECK-LABEL: ng.method @forward(%p_weight: !ng.tensor<ui8[64, 256], dim_order = none, quant = #ng.packed<"gguf:q4_k">> = parameter "weight", %x: !ng.tensor<f32[1, 256]>) -> !ng.tensor<f32[1, 64]> {
// CHECK-NEXT:    %aten_linear_default = ng.call "torch.ops.aten.linear.default"(input: %x, weight: %p_weight, bias: none) : (!ng.tensor<f32[1, 256]>, !ng.tensor<ui8[64, 256], dim_order = none, quant = #ng.packed<"gguf:q4_k">>) -> !ng.tensor<f32[1, 64]>
// CHECK-NEXT:    ng.output(%aten_linear_default) : !ng.tensor<f32[1, 64]>

module attributes {ng.version = "1.0"} {
  ng.method @forward(
      %p_weight: !ng.tensor<ui8[64, 256], dim_order = none, quant = #ng.packed<"gguf:q4_k">>
          = parameter "weight",
      %x: !ng.tensor<f32[1, 256]>) -> !ng.tensor<f32[1, 64]> {
    %aten_linear_default = ng.call "torch.ops.aten.linear.default"(
        input: %x, weight: %p_weight, bias: none)
        : (!ng.tensor<f32[1, 256]>, !ng.tensor<ui8[64, 256], dim_order = none, quant = #ng.packed<"gguf:q4_k">>)
        -> !ng.tensor<f32[1, 64]>
    ng.output(%aten_linear_default) : !ng.tensor<f32[1, 64]>
  }
}
