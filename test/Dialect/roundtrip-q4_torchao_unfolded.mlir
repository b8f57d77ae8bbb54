// RUN: ng-opt %s | ng-opt -mlir-print-local-scope | FileCheck %s
// RUN: ng-opt %s > %t.1 && ng-opt %t.1 > %t.2 && diff %t.1 %t.2
// RUN: ng-opt %s -mlir-print-op-generic -mlir-print-debuginfo | ng-opt > %t.3 && diff %t.1 %t.3
// (-mlir-print-local-scope: FileCheck sees types inline rather than through
// the dialect's type aliases; the diffs compare the default output.)

// The IR form of conformance/q4_torchao_unfolded.json: the input of the
// torchao q4 fold (F2). Its folded form is roundtrip-q4_torchao_folded.mlir.
//
// - The int8 weight is a PARAMETER, scale and zero point are CONSTANT_TENSORs
//   (W3 InputKind: `parameter`, `constant`), each bound by data_key (N3).
// - dequantize_affine's arguments: block_size [1, 32] (IntListArg),
//   input_dtype i8 (ScalarTypeArg CHAR 1), quant_min -8 / quant_max 7
//   (IntArgs), output_dtype f32 (FLOAT 6).

// CHECK-LABEL: ng.method @forward(
// CHECK:         %p_weight: !ng.tensor<i8[16, 64]> = parameter "weight"
// CHECK:         %c_scale: !ng.tensor<f32[16, 2]> = constant "scale"
// CHECK:         %c_zero_point: !ng.tensor<i8[16, 2]> = constant "zero_point"
// CHECK:         %x: !ng.tensor<f32[1, 64]>
// CHECK:         -> !ng.tensor<f32[1, 16]> {
// CHECK-NEXT:    %torchao_dequantize_affine_default = ng.call "torch.ops.torchao.dequantize_affine.default"(input: %p_weight, block_size: [1, 32], scale: %c_scale, zero_point: %c_zero_point, input_dtype: i8, quant_min: -8, quant_max: 7, output_dtype: f32) : (!ng.tensor<i8[16, 64]>, !ng.tensor<f32[16, 2]>, !ng.tensor<i8[16, 2]>) -> !ng.tensor<f32[16, 64]>
// CHECK-NEXT:    %aten_linear_default = ng.call "torch.ops.aten.linear.default"(input: %x, weight: %torchao_dequantize_affine_default, bias: none) : (!ng.tensor<f32[1, 64]>, !ng.tensor<f32[16, 64]>) -> !ng.tensor<f32[1, 16]>
// CHECK-NEXT:    ng.output(%aten_linear_default) : !ng.tensor<f32[1, 16]>

module attributes {ng.version = "1.0"} {
  ng.method @forward(
      %p_weight: !ng.tensor<i8[16, 64]> = parameter "weight",
      %c_scale: !ng.tensor<f32[16, 2]> = constant "scale",
      %c_zero_point: !ng.tensor<i8[16, 2]> = constant "zero_point",
      %x: !ng.tensor<f32[1, 64]>) -> !ng.tensor<f32[1, 16]> {
    %torchao_dequantize_affine_default = ng.call "torch.ops.torchao.dequantize_affine.default"(
        input: %p_weight, block_size: [1, 32], scale: %c_scale, zero_point: %c_zero_point,
        input_dtype: i8, quant_min: -8, quant_max: 7, output_dtype: f32)
        : (!ng.tensor<i8[16, 64]>, !ng.tensor<f32[16, 2]>, !ng.tensor<i8[16, 2]>)
        -> !ng.tensor<f32[16, 64]>
    %aten_linear_default = ng.call "torch.ops.aten.linear.default"(
        input: %x, weight: %torchao_dequantize_affine_default, bias: none)
        : (!ng.tensor<f32[1, 64]>, !ng.tensor<f32[16, 64]>) -> !ng.tensor<f32[1, 16]>
    ng.output(%aten_linear_default) : !ng.tensor<f32[1, 16]>
  }
}
