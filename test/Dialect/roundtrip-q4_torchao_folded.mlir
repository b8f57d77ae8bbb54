// RUN: ng-opt %s | ng-opt -mlir-print-local-scope | FileCheck %s
// RUN: ng-opt %s > %t.1 && ng-opt %t.1 > %t.2 && diff %t.1 %t.2
// RUN: ng-opt %s -mlir-print-op-generic -mlir-print-debuginfo | ng-opt > %t.3 && diff %t.1 %t.3
// (-mlir-print-local-scope: FileCheck sees types inline rather than through
// the dialect's type aliases; the diffs compare the default output.)

// The IR form of conformance/q4_torchao_folded.json: the result of the
// torchao q4 fold (F4) of roundtrip-q4_torchao_unfolded.mlir.
//
// - The weight's TensorMeta: dtype BYTE (ui8), the logical sizes [16, 64],
//   no dim_order on the wire (`dim_order = none`), and
//   QuantSpec{AffineGroup{...}} as `quant = #ng.affine_group<...>` with every
//   AffineGroup field of W4 (scale_data_key, scale_dtype, quant_min,
//   quant_max, group_size, zero_point_data_key, zero_point_dtype).
// - The dequantize node is gone and linear reads p_weight directly; the
//   scale and zero-point constants stay (F4) although nothing reads them.

// CHECK-LABEL: ng.method @forward(
// CHECK:         %p_weight: !ng.tensor<ui8[16, 64], dim_order = none, quant = #ng.affine_group<scale_data_key = "scale", scale_dtype = f32, quant_min = -8, quant_max = 7, group_size = 32, zero_point_data_key = "zero_point", zero_point_dtype = i8>> = parameter "weight"
// CHECK:         %c_scale: !ng.tensor<f32[16, 2]> = constant "scale"
// CHECK:         %c_zero_point: !ng.tensor<i8[16, 2]> = constant "zero_point"
// CHECK:         %x: !ng.tensor<f32[1, 64]>
// CHECK:         -> !ng.tensor<f32[1, 16]> {
// CHECK-NEXT:    %aten_linear_default = ng.call "torch.ops.aten.linear.default"(input: %x, weight: %p_weight, bias: none) : (!ng.tensor<f32[1, 64]>, !ng.tensor<ui8[16, 64], dim_order = none, quant = #ng.affine_group<scale_data_key = "scale", scale_dtype = f32, quant_min = -8, quant_max = 7, group_size = 32, zero_point_data_key = "zero_point", zero_point_dtype = i8>>) -> !ng.tensor<f32[1, 16]>
// CHECK-NEXT:    ng.output(%aten_linear_default) : !ng.tensor<f32[1, 16]>

module attributes {ng.version = "1.0"} {
  ng.method @forward(
      %p_weight: !ng.tensor<ui8[16, 64], dim_order = none,
                            quant = #ng.affine_group<scale_data_key = "scale", scale_dtype = f32,
                                                     quant_min = -8, quant_max = 7, group_size = 32,
                                                     zero_point_data_key = "zero_point",
                                                     zero_point_dtype = i8>>
          = parameter "weight",
      %c_scale: !ng.tensor<f32[16, 2]> = constant "scale",
      %c_zero_point: !ng.tensor<i8[16, 2]> = constant "zero_point",
      %x: !ng.tensor<f32[1, 64]>) -> !ng.tensor<f32[1, 16]> {
    %aten_linear_default = ng.call "torch.ops.aten.linear.default"(
        input: %x, weight: %p_weight, bias: none)
        : (!ng.tensor<f32[1, 64]>,
           !ng.tensor<ui8[16, 64], dim_order = none,
                      quant = #ng.affine_group<scale_data_key = "scale", scale_dtype = f32,
                                               quant_min = -8, quant_max = 7, group_size = 32,
                                               zero_point_data_key = "zero_point",
                                               zero_point_dtype = i8>>)
        -> !ng.tensor<f32[1, 16]>
    ng.output(%aten_linear_default) : !ng.tensor<f32[1, 16]>
  }
}
