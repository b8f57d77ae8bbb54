// RUN: ng-opt %s -split-input-file --ng-fold-q4-weights -verify-diagnostics
// RUN: ng-opt %s -split-input-file --ng-fold-q4-weights=formats=torchao -verify-diagnostics

// formats=gguf does not touch these weights, so nothing fails.
// RUN: ng-opt %s -split-input-file > %t.parsed
// RUN: ng-opt %s -split-input-file --ng-fold-q4-weights=formats=gguf > %t.gguf-only
// RUN: diff %t.parsed %t.gguf-only

// Errors of the torchao q4 fold (FORMAT.md F5, S9): a weight that qualifies
// (F2, F3) but whose data cannot be repacked. Each message names the
// constant, its data key and method.

// A qualifying weight, but the program carries no constant data (no
// ng.data): the fold must repack the bytes, so it is an error naming the
// constant and saying how to provide the data.

module {
  // expected-error @+1 {{'ng.method' op q4 weight 'p_weight' (data_key 'w') of method 'no_data' qualifies for the torchao fold, which repacks its data, but the program carries no data for it: import it from a .ptn package, or give ng-translate --constants=FILE.safetensors (or fold with formats=gguf only)}}
  ng.method @no_data(
    %p_weight: !ng.tensor<i8[2, 4]> = parameter "w",
    %c_scale: !ng.tensor<f32[2, 1]> = constant "s",
    %c_zero_point: !ng.tensor<i8[2, 1]> = constant "zp",
    %x: !ng.tensor<f32[1, 4]>
  ) -> !ng.tensor<f32[1, 2]> {
    %dq = ng.call "torch.ops.torchao.dequantize_affine.default"(input: %p_weight, block_size: [1, 4], scale: %c_scale, zero_point: %c_zero_point, input_dtype: i8, quant_min: -8, quant_max: 7, output_dtype: f32) : (!ng.tensor<i8[2, 4]>, !ng.tensor<f32[2, 1]>, !ng.tensor<i8[2, 1]>) -> !ng.tensor<f32[2, 4]>
    %y = ng.call "torch.ops.aten.linear.default"(input: %x, weight: %dq, bias: none) : (!ng.tensor<f32[1, 4]>, !ng.tensor<f32[2, 4]>) -> !ng.tensor<f32[1, 2]>
    ng.output(%y) : !ng.tensor<f32[1, 2]>
  }
}

// -----

// F5: an odd inner dimension (group size 3) cannot be packed two values a
// byte.

module attributes {ng.data = {s = dense_resource<s> : tensor<2x1xf32>, w = dense_resource<w> : tensor<2x3xi8>, zp = dense_resource<zp> : tensor<2x1xi8>}} {
  // expected-error @+1 {{q4 weight 'p_weight' (data_key 'w') of method 'odd': the inner dimension 3 is odd; two values pack into a byte (F5)}}
  ng.method @odd(
    %p_weight: !ng.tensor<i8[2, 3]> = parameter "w",
    %c_scale: !ng.tensor<f32[2, 1]> = constant "s",
    %c_zero_point: !ng.tensor<i8[2, 1]> = constant "zp",
    %x: !ng.tensor<f32[1, 3]>
  ) -> !ng.tensor<f32[1, 2]> {
    %dq = ng.call "torch.ops.torchao.dequantize_affine.default"(input: %p_weight, block_size: [1, 3], scale: %c_scale, zero_point: %c_zero_point, input_dtype: i8, quant_min: -8, quant_max: 7, output_dtype: f32) : (!ng.tensor<i8[2, 3]>, !ng.tensor<f32[2, 1]>, !ng.tensor<i8[2, 1]>) -> !ng.tensor<f32[2, 3]>
    %y = ng.call "torch.ops.aten.linear.default"(input: %x, weight: %dq, bias: none) : (!ng.tensor<f32[1, 3]>, !ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[1, 2]>
    ng.output(%y) : !ng.tensor<f32[1, 2]>
  }
}
{-#
  dialect_resources: {
    builtin: {
      s: "0x040000000000803F00000040",
      w: "0x01000000F8F9060700FF",
      zp: "0x010000000001"
    }
  }
#-}

// -----

// F5: a value above 7 (8) does not fit in 4 bits.

module attributes {ng.data = {s = dense_resource<s> : tensor<2x1xf32>, w = dense_resource<w> : tensor<2x4xi8>, zp = dense_resource<zp> : tensor<2x1xi8>}} {
  // expected-error @+1 {{q4 weight 'p_weight' (data_key 'w') of method 'value_8' has values outside [-8, 7] (F5)}}
  ng.method @value_8(
    %p_weight: !ng.tensor<i8[2, 4]> = parameter "w",
    %c_scale: !ng.tensor<f32[2, 1]> = constant "s",
    %c_zero_point: !ng.tensor<i8[2, 1]> = constant "zp",
    %x: !ng.tensor<f32[1, 4]>
  ) -> !ng.tensor<f32[1, 2]> {
    %dq = ng.call "torch.ops.torchao.dequantize_affine.default"(input: %p_weight, block_size: [1, 4], scale: %c_scale, zero_point: %c_zero_point, input_dtype: i8, quant_min: -8, quant_max: 7, output_dtype: f32) : (!ng.tensor<i8[2, 4]>, !ng.tensor<f32[2, 1]>, !ng.tensor<i8[2, 1]>) -> !ng.tensor<f32[2, 4]>
    %y = ng.call "torch.ops.aten.linear.default"(input: %x, weight: %dq, bias: none) : (!ng.tensor<f32[1, 4]>, !ng.tensor<f32[2, 4]>) -> !ng.tensor<f32[1, 2]>
    ng.output(%y) : !ng.tensor<f32[1, 2]>
  }
}
{-#
  dialect_resources: {
    builtin: {
      s: "0x040000000000803F00000040",
      w: "0x01000000F8F906070008FF05",
      zp: "0x010000000001"
    }
  }
#-}

// -----

// F5: a value below -8 (-9) does not fit in 4 bits.

module attributes {ng.data = {s = dense_resource<s> : tensor<2x1xf32>, w = dense_resource<w> : tensor<2x4xi8>, zp = dense_resource<zp> : tensor<2x1xi8>}} {
  // expected-error @+1 {{q4 weight 'p_weight' (data_key 'w') of method 'value_minus9' has values outside [-8, 7] (F5)}}
  ng.method @value_minus9(
    %p_weight: !ng.tensor<i8[2, 4]> = parameter "w",
    %c_scale: !ng.tensor<f32[2, 1]> = constant "s",
    %c_zero_point: !ng.tensor<i8[2, 1]> = constant "zp",
    %x: !ng.tensor<f32[1, 4]>
  ) -> !ng.tensor<f32[1, 2]> {
    %dq = ng.call "torch.ops.torchao.dequantize_affine.default"(input: %p_weight, block_size: [1, 4], scale: %c_scale, zero_point: %c_zero_point, input_dtype: i8, quant_min: -8, quant_max: 7, output_dtype: f32) : (!ng.tensor<i8[2, 4]>, !ng.tensor<f32[2, 1]>, !ng.tensor<i8[2, 1]>) -> !ng.tensor<f32[2, 4]>
    %y = ng.call "torch.ops.aten.linear.default"(input: %x, weight: %dq, bias: none) : (!ng.tensor<f32[1, 4]>, !ng.tensor<f32[2, 4]>) -> !ng.tensor<f32[1, 2]>
    ng.output(%y) : !ng.tensor<f32[1, 2]>
  }
}
{-#
  dialect_resources: {
    builtin: {
      s: "0x040000000000803F00000040",
      w: "0x01000000F8F9060700F7FF05",
      zp: "0x010000000001"
    }
  }
#-}

// -----

// The weight (and its data) is i8[4, 2] but the dequantize says [2, 4]:
// the data is not the int8 matrix the fold packs row by row.

module attributes {ng.data = {s = dense_resource<s> : tensor<2x1xf32>, w = dense_resource<w> : tensor<4x2xi8>, zp = dense_resource<zp> : tensor<2x1xi8>}} {
  // expected-error @+1 {{q4 weight 'p_weight' (data_key 'w') of method 'reshaped': data is 'tensor<4x2xi8>', expected int8 of shape 2x4 (F5)}}
  ng.method @reshaped(
    %p_weight: !ng.tensor<i8[4, 2]> = parameter "w",
    %c_scale: !ng.tensor<f32[2, 1]> = constant "s",
    %c_zero_point: !ng.tensor<i8[2, 1]> = constant "zp",
    %x: !ng.tensor<f32[1, 4]>
  ) -> !ng.tensor<f32[1, 2]> {
    %dq = ng.call "torch.ops.torchao.dequantize_affine.default"(input: %p_weight, block_size: [1, 4], scale: %c_scale, zero_point: %c_zero_point, input_dtype: i8, quant_min: -8, quant_max: 7, output_dtype: f32) : (!ng.tensor<i8[4, 2]>, !ng.tensor<f32[2, 1]>, !ng.tensor<i8[2, 1]>) -> !ng.tensor<f32[2, 4]>
    %y = ng.call "torch.ops.aten.linear.default"(input: %x, weight: %dq, bias: none) : (!ng.tensor<f32[1, 4]>, !ng.tensor<f32[2, 4]>) -> !ng.tensor<f32[1, 2]>
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

// -----

// S9: methods share data by key. Method @fold folds weight "w"; method
// @plain reads the same key unfolded: one data cannot be both packed and
// unpacked.

module attributes {ng.data = {s = dense_resource<s> : tensor<2x1xf32>, w = dense_resource<w> : tensor<2x4xi8>, zp = dense_resource<zp> : tensor<2x1xi8>}} {
  ng.method @fold(
    %p_weight: !ng.tensor<i8[2, 4]> = parameter "w",
    %c_scale: !ng.tensor<f32[2, 1]> = constant "s",
    %c_zero_point: !ng.tensor<i8[2, 1]> = constant "zp",
    %x: !ng.tensor<f32[1, 4]>
  ) -> !ng.tensor<f32[1, 2]> {
    %dq = ng.call "torch.ops.torchao.dequantize_affine.default"(input: %p_weight, block_size: [1, 4], scale: %c_scale, zero_point: %c_zero_point, input_dtype: i8, quant_min: -8, quant_max: 7, output_dtype: f32) : (!ng.tensor<i8[2, 4]>, !ng.tensor<f32[2, 1]>, !ng.tensor<i8[2, 1]>) -> !ng.tensor<f32[2, 4]>
    %y = ng.call "torch.ops.aten.linear.default"(input: %x, weight: %dq, bias: none) : (!ng.tensor<f32[1, 4]>, !ng.tensor<f32[2, 4]>) -> !ng.tensor<f32[1, 2]>
    ng.output(%y) : !ng.tensor<f32[1, 2]>
  }
  // expected-error @+1 {{constant 'p_w' shares data_key 'w' with a folded q4 weight but is not folded itself; the data cannot be both packed and unpacked (S9)}}
  ng.method @plain(
    %p_w: !ng.tensor<i8[2, 4]> = parameter "w"
  ) -> !ng.tensor<i8[2, 4]> {
    %n = ng.call "torch.ops.aten.neg.default"(self: %p_w) : (!ng.tensor<i8[2, 4]>) -> !ng.tensor<i8[2, 4]>
    ng.output(%n) : !ng.tensor<i8[2, 4]>
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
