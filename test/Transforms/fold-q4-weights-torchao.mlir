// RUN: ng-opt %s -split-input-file --ng-fold-q4-weights -mlir-print-local-scope | FileCheck %s
// RUN: ng-opt %s -split-input-file --ng-fold-q4-weights=formats=torchao -mlir-print-local-scope | FileCheck %s

// The data (dialect_resources is not printed with -mlir-print-local-scope).
// RUN: ng-opt %s -split-input-file --ng-fold-q4-weights --ng-materialize-data \
// RUN:   | FileCheck %s --check-prefix=DATA

// Each folded weight is reported once (report=true), nothing else is.
// RUN: ng-opt %s -split-input-file --ng-fold-q4-weights=report=true -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REMARK --implicit-check-not=remark:
// RUN: ng-opt %s -split-input-file --ng-fold-q4-weights -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --allow-empty
// QUIET-NOT: remark

// formats=gguf leaves torchao dequantizes alone: the output is the input.
// RUN: ng-opt %s -split-input-file > %t.parsed
// RUN: ng-opt %s -split-input-file --ng-fold-q4-weights=formats=gguf > %t.gguf-only
// RUN: diff %t.parsed %t.gguf-only

// Folding is idempotent: folding the folded program again, in the same
// pipeline or in a second run, changes nothing.
// RUN: ng-opt %s -split-input-file --ng-fold-q4-weights > %t.once
// RUN: ng-opt %t.once -split-input-file --ng-fold-q4-weights > %t.twice
// RUN: diff %t.once %t.twice
// RUN: ng-opt %s -split-input-file --ng-fold-q4-weights --ng-fold-q4-weights > %t.same-pipeline
// RUN: diff %t.once %t.same-pipeline

// The torchao q4 fold (FORMAT.md F2, F4, F5) on programs where it applies.
// The weight i8[2, 4] holds the rows [-8, -7, 6, 7] (the F5 vector, which
// packs to 0x10 0xFE) and [0, 1, -1, 5] (0x98 0xD7): the folded data is
// ui8[2, 2] = 10 FE 98 D7, under the weight's data key, with the weight's
// metadata the logical ui8[2, 4] with no dim_order and an AffineGroup naming
// the scale and zero-point constants' data keys. The scale and zero-point
// constants stay, with their data. Not-folding cases are in
// fold-q4-weights-torchao-unfolded.mlir, errors in
// fold-q4-weights-torchao-errors.mlir.

// aten.linear reads the dequantized weight as argument 1 (`weight`).
// CHECK-LABEL: module attributes
// CHECK-SAME:    ng.data = {s = dense_resource<s> : tensor<2x1xf32>, w = #ng.int4_packing<dense_resource<w> : tensor<2x4xi8>>, zp = dense_resource<zp> : tensor<2x1xi8>}
// DATA-LABEL:  module attributes
// DATA-SAME:     ng.data = {s = dense_resource<s> : tensor<2x1xf32>, w = dense_resource<[[W:[^>]+]]> : tensor<2x2xui8>, zp = dense_resource<zp> : tensor<2x1xi8>}
// CHECK:       ng.method @linear(
// CHECK-NEXT:    %p_weight: !ng.tensor<ui8[2, 4], dim_order = none, quant = #ng.affine_group<scale_data_key = "s", scale_dtype = f32, quant_min = -8, quant_max = 7, group_size = 4, zero_point_data_key = "zp", zero_point_dtype = i8>> = parameter "w",
// CHECK-NEXT:    %c_scale: !ng.tensor<f32[2, 1]> = constant "s",
// CHECK-NEXT:    %c_zero_point: !ng.tensor<i8[2, 1]> = constant "zp",
// CHECK-NEXT:    %x: !ng.tensor<f32[1, 4]>
// CHECK-NEXT:  ) -> !ng.tensor<f32[1, 2]> {
// CHECK-NEXT:    %y = ng.call "torch.ops.aten.linear.default"(input: %x, weight: %p_weight, bias: none) : (!ng.tensor<f32[1, 4]>, !ng.tensor<ui8[2, 4], dim_order = none, quant = #ng.affine_group<{{.*}}>>) -> !ng.tensor<f32[1, 2]>
// CHECK-NEXT:    ng.output(%y) : !ng.tensor<f32[1, 2]>
// CHECK-NEXT:  }
// The scale and zero point keep their data.
// DATA:       dialect_resources: {
// DATA-NEXT:    builtin: {
// DATA-NEXT:      s: "0x040000000000803F00000040",
// DATA-NEXT:      [[W]]: "0x{{([0-9A-F]{8})}}10FE98D7",
// DATA-NEXT:      zp: "0x010000000001"
// DATA-NEXT:    }

module attributes {ng.data = {s = dense_resource<s> : tensor<2x1xf32>, w = dense_resource<w> : tensor<2x4xi8>, zp = dense_resource<zp> : tensor<2x1xi8>}} {
  // REMARK: remark: method 'linear': folded torchao q4 weight 'p_weight' (group size 4, 1 dequantize node)
  ng.method @linear(
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
      w: "0x01000000F8F906070001FF05",
      zp: "0x010000000001"
    }
  }
#-}

// -----

// aten.embedding reads it as argument 0 (`weight`); group size 2, so two
// scale / zero-point values per row; bf16 scales and i32 zero points (their
// dtypes are recorded as they are); weight, scale and zero point of kinds
// buffer and parameter (any lifted constant qualifies).
// CHECK-LABEL: module attributes
// CHECK-SAME:    ng.data = {emb.s = dense_resource<emb.s> : tensor<2x2xbf16>, emb.w = #ng.int4_packing<dense_resource<emb.w> : tensor<2x4xi8>>, emb.zp = dense_resource<emb.zp> : tensor<2x2xi32>}
// DATA-LABEL:  module attributes
// DATA-SAME:     emb.w = dense_resource<[[W:[^>]+]]> : tensor<2x2xui8>
// CHECK:       ng.method @embedding(
// CHECK-NEXT:    %b_weight: !ng.tensor<ui8[2, 4], dim_order = none, quant = #ng.affine_group<scale_data_key = "emb.s", scale_dtype = bf16, quant_min = -8, quant_max = 7, group_size = 2, zero_point_data_key = "emb.zp", zero_point_dtype = i32>> = buffer "emb.w",
// CHECK-NEXT:    %p_scale: !ng.tensor<bf16[2, 2]> = parameter "emb.s",
// CHECK-NEXT:    %b_zero_point: !ng.tensor<i32[2, 2]> = buffer "emb.zp",
// CHECK-NEXT:    %idx: !ng.tensor<i64[3]>
// CHECK-NEXT:  ) -> !ng.tensor<bf16[3, 4]> {
// CHECK-NEXT:    %e = ng.call "torch.ops.aten.embedding.default"(weight: %b_weight, indices: %idx, padding_idx: -1, scale_grad_by_freq: false, sparse: false) : (!ng.tensor<ui8[2, 4], {{.*}}>, !ng.tensor<i64[3]>) -> !ng.tensor<bf16[3, 4]>
// CHECK-NEXT:    ng.output(%e) : !ng.tensor<bf16[3, 4]>
// DATA:       [[W]]: "0x{{([0-9A-F]{8})}}10FE98D7",

module attributes {ng.data = {emb.s = dense_resource<emb.s> : tensor<2x2xbf16>, emb.w = dense_resource<emb.w> : tensor<2x4xi8>, emb.zp = dense_resource<emb.zp> : tensor<2x2xi32>}} {
  // REMARK: remark: method 'embedding': folded torchao q4 weight 'b_weight' (group size 2, 1 dequantize node)
  ng.method @embedding(
    %b_weight: !ng.tensor<i8[2, 4]> = buffer "emb.w",
    %p_scale: !ng.tensor<bf16[2, 2]> = parameter "emb.s",
    %b_zero_point: !ng.tensor<i32[2, 2]> = buffer "emb.zp",
    %idx: !ng.tensor<i64[3]>
  ) -> !ng.tensor<bf16[3, 4]> {
    %dq = ng.call "torch.ops.torchao.dequantize_affine.default"(input: %b_weight, block_size: [1, 2], scale: %p_scale, zero_point: %b_zero_point, input_dtype: i8, quant_min: -8, quant_max: 7, output_dtype: bf16) : (!ng.tensor<i8[2, 4]>, !ng.tensor<bf16[2, 2]>, !ng.tensor<i32[2, 2]>) -> !ng.tensor<bf16[2, 4]>
    %e = ng.call "torch.ops.aten.embedding.default"(weight: %dq, indices: %idx, padding_idx: -1, scale_grad_by_freq: false, sparse: false) : (!ng.tensor<bf16[2, 4]>, !ng.tensor<i64[3]>) -> !ng.tensor<bf16[3, 4]>
    ng.output(%e) : !ng.tensor<bf16[3, 4]>
  }
}
{-#
  dialect_resources: {
    builtin: {
      emb.s: "0x02000000803F803F803F803F",
      emb.w: "0x01000000F8F906070001FF05",
      emb.zp: "0x0400000000000000000000000000000000000000"
    }
  }
#-}

// -----

// Any overload of linear and embedding is a weight reader; one dequantize
// may have several readers, each reading it once as the weight.
// DATA-LABEL:  module attributes
// DATA-SAME:     w = dense_resource<[[W:[^>]+]]> : tensor<2x2xui8>
// DATA:          [[W]]: "0x{{([0-9A-F]{8})}}10FE98D7",
// CHECK-LABEL: ng.method @overloads(
// CHECK-NEXT:    %p_weight: !ng.tensor<ui8[2, 4], dim_order = none, quant = #ng.affine_group<scale_data_key = "s", {{.*}}, group_size = 4, zero_point_data_key = "zp", zero_point_dtype = i8>> = parameter "w",
// CHECK-NOT:     dequantize_affine
// CHECK:         %e = ng.call "torch.ops.aten.embedding.whatever"(weight: %p_weight, indices: %idx,
// CHECK-NEXT:    %y = ng.call "torch.ops.aten.linear.out"(input: %x, weight: %p_weight, bias: none, out: %o)
// CHECK-NEXT:    %y2 = ng.call "torch.ops.aten.linear.default"(input: %x, weight: %p_weight, bias: %x_bias)
// CHECK-NEXT:    ng.output(%e, %y, %y2)

module attributes {ng.data = {s = dense_resource<s> : tensor<2x1xf32>, w = dense_resource<w> : tensor<2x4xi8>, zp = dense_resource<zp> : tensor<2x1xi8>}} {
  // REMARK: remark: method 'overloads': folded torchao q4 weight 'p_weight' (group size 4, 1 dequantize node)
  ng.method @overloads(
    %p_weight: !ng.tensor<i8[2, 4]> = parameter "w",
    %c_scale: !ng.tensor<f32[2, 1]> = constant "s",
    %c_zero_point: !ng.tensor<i8[2, 1]> = constant "zp",
    %x: !ng.tensor<f32[1, 4]>, %idx: !ng.tensor<i64[3]>, %o: !ng.tensor<f32[1, 2]>, %x_bias: !ng.tensor<f32[2]>
  ) -> (!ng.tensor<f32[3, 4]>, !ng.tensor<f32[1, 2]>, !ng.tensor<f32[1, 2]>) {
    %dq = ng.call "torch.ops.torchao.dequantize_affine.default"(input: %p_weight, block_size: [1, 4], scale: %c_scale, zero_point: %c_zero_point, input_dtype: i8, quant_min: -8, quant_max: 7, output_dtype: f32) : (!ng.tensor<i8[2, 4]>, !ng.tensor<f32[2, 1]>, !ng.tensor<i8[2, 1]>) -> !ng.tensor<f32[2, 4]>
    %e = ng.call "torch.ops.aten.embedding.whatever"(weight: %dq, indices: %idx, padding_idx: -1, scale_grad_by_freq: false, sparse: false) : (!ng.tensor<f32[2, 4]>, !ng.tensor<i64[3]>) -> !ng.tensor<f32[3, 4]>
    %y = ng.call "torch.ops.aten.linear.out"(input: %x, weight: %dq, bias: none, out: %o) : (!ng.tensor<f32[1, 4]>, !ng.tensor<f32[2, 4]>, !ng.tensor<f32[1, 2]>) -> !ng.tensor<f32[1, 2]>
    %y2 = ng.call "torch.ops.aten.linear.default"(input: %x, weight: %dq, bias: %x_bias) : (!ng.tensor<f32[1, 4]>, !ng.tensor<f32[2, 4]>, !ng.tensor<f32[2]>) -> !ng.tensor<f32[1, 2]>
    ng.output(%e, %y, %y2) : !ng.tensor<f32[3, 4]>, !ng.tensor<f32[1, 2]>, !ng.tensor<f32[1, 2]>
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

// Two dequantizes of one weight with identical parameters (F3): both go,
// each reader reads the weight, and the data is repacked once.
// CHECK-LABEL: module attributes
// CHECK-SAME:    w = #ng.int4_packing<dense_resource<w> : tensor<2x4xi8>>
// DATA-LABEL:  module attributes
// DATA-SAME:     w = dense_resource<[[W:[^>]+]]> : tensor<2x2xui8>
// CHECK:       ng.method @twice(
// CHECK-NEXT:    %p_weight: !ng.tensor<ui8[2, 4], dim_order = none, quant = #ng.affine_group<scale_data_key = "s", {{.*}}, group_size = 4, {{.*}}>> = parameter "w",
// CHECK-NOT:     dequantize_affine
// CHECK:         %y1 = ng.call "torch.ops.aten.linear.default"(input: %x, weight: %p_weight, bias: none)
// CHECK-NEXT:    %y2 = ng.call "torch.ops.aten.linear.default"(input: %y1, weight: %p_weight, bias: none)
// CHECK-NEXT:    ng.output(%y2)
// DATA:       [[W]]: "0x{{([0-9A-F]{8})}}10FE98D7",

module attributes {ng.data = {s = dense_resource<s> : tensor<2x1xf32>, w = dense_resource<w> : tensor<2x4xi8>, zp = dense_resource<zp> : tensor<2x1xi8>}} {
  // REMARK: remark: method 'twice': folded torchao q4 weight 'p_weight' (group size 4, 2 dequantize nodes)
  ng.method @twice(
    %p_weight: !ng.tensor<i8[2, 4]> = parameter "w",
    %c_scale: !ng.tensor<f32[2, 1]> = constant "s",
    %c_zero_point: !ng.tensor<i8[2, 1]> = constant "zp",
    %x: !ng.tensor<f32[2, 4]>
  ) -> !ng.tensor<f32[2, 2]> {
    %dq1 = ng.call "torch.ops.torchao.dequantize_affine.default"(input: %p_weight, block_size: [1, 4], scale: %c_scale, zero_point: %c_zero_point, input_dtype: i8, quant_min: -8, quant_max: 7, output_dtype: f32) : (!ng.tensor<i8[2, 4]>, !ng.tensor<f32[2, 1]>, !ng.tensor<i8[2, 1]>) -> !ng.tensor<f32[2, 4]>
    %y1 = ng.call "torch.ops.aten.linear.default"(input: %x, weight: %dq1, bias: none) : (!ng.tensor<f32[2, 4]>, !ng.tensor<f32[2, 4]>) -> !ng.tensor<f32[2, 2]>
    %dq2 = ng.call "torch.ops.torchao.dequantize_affine.default"(input: %p_weight, block_size: [1, 4], scale: %c_scale, zero_point: %c_zero_point, input_dtype: i8, quant_min: -8, quant_max: 7, output_dtype: f32) : (!ng.tensor<i8[2, 4]>, !ng.tensor<f32[2, 1]>, !ng.tensor<i8[2, 1]>) -> !ng.tensor<f32[2, 4]>
    %y2 = ng.call "torch.ops.aten.linear.default"(input: %y1, weight: %dq2, bias: none) : (!ng.tensor<f32[2, 2]>, !ng.tensor<f32[2, 4]>) -> !ng.tensor<f32[2, 2]>
    ng.output(%y2) : !ng.tensor<f32[2, 2]>
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

// Methods share data by key (S9): two methods fold the same weight, the
// data is repacked once and both read it packed. A second weight in the
// same method folds independently.
// CHECK-LABEL: module attributes
// CHECK-SAME:    ng.data = {s = dense_resource<s> : tensor<2x1xf32>, s2 = dense_resource<s2> : tensor<4x1xf32>, w = #ng.int4_packing<dense_resource<w> : tensor<2x4xi8>>, w2 = #ng.int4_packing<dense_resource<w2> : tensor<4x2xi8>>, zp = dense_resource<zp> : tensor<2x1xi8>, zp2 = dense_resource<zp2> : tensor<4x1xi8>}
// DATA-LABEL:  module attributes
// DATA-SAME:     w = dense_resource<[[W:[^>]+]]> : tensor<2x2xui8>, w2 = dense_resource<[[W2:[^>]+]]> : tensor<4x1xui8>
// CHECK:       ng.method @prefill(
// CHECK-NEXT:    %p_weight: !ng.tensor<ui8[2, 4], dim_order = none, quant = #ng.affine_group<scale_data_key = "s", {{.*}}>> = parameter "w",
// CHECK-NEXT:    %p_weight2: !ng.tensor<ui8[4, 2], dim_order = none, quant = #ng.affine_group<scale_data_key = "s2", scale_dtype = f32, quant_min = -8, quant_max = 7, group_size = 2, zero_point_data_key = "zp2", zero_point_dtype = i8>> = parameter "w2",
// CHECK-NOT:     dequantize_affine
// CHECK:         ng.call "torch.ops.aten.linear.default"(input: %x, weight: %p_weight, bias: none)
// CHECK-NEXT:    ng.call "torch.ops.aten.linear.default"(input: %y, weight: %p_weight2, bias: none)
// CHECK:       ng.method @decode(
// CHECK-NEXT:    %p_weight: !ng.tensor<ui8[2, 4], dim_order = none, quant = #ng.affine_group<scale_data_key = "s", {{.*}}>> = parameter "w",
// CHECK-NOT:     dequantize_affine
// CHECK:         ng.call "torch.ops.aten.linear.default"(input: %x, weight: %p_weight, bias: none)
// DATA:       [[W]]: "0x{{([0-9A-F]{8})}}10FE98D7",
// DATA-NEXT:   [[W2]]: "0x{{([0-9A-F]{8})}}10FE98D7",

module attributes {ng.data = {s = dense_resource<s> : tensor<2x1xf32>, s2 = dense_resource<s2> : tensor<4x1xf32>, w = dense_resource<w> : tensor<2x4xi8>, w2 = dense_resource<w2> : tensor<4x2xi8>, zp = dense_resource<zp> : tensor<2x1xi8>, zp2 = dense_resource<zp2> : tensor<4x1xi8>}} {
  // REMARK: remark: method 'prefill': folded torchao q4 weight 'p_weight' (group size 4, 1 dequantize node)
  // REMARK: remark: method 'prefill': folded torchao q4 weight 'p_weight2' (group size 2, 1 dequantize node)
  ng.method @prefill(
    %p_weight: !ng.tensor<i8[2, 4]> = parameter "w",
    %p_weight2: !ng.tensor<i8[4, 2]> = parameter "w2",
    %c_scale: !ng.tensor<f32[2, 1]> = constant "s",
    %c_zero_point: !ng.tensor<i8[2, 1]> = constant "zp",
    %c_scale2: !ng.tensor<f32[4, 1]> = constant "s2",
    %c_zero_point2: !ng.tensor<i8[4, 1]> = constant "zp2",
    %x: !ng.tensor<f32[1, 4]>
  ) -> !ng.tensor<f32[1, 4]> {
    %dq = ng.call "torch.ops.torchao.dequantize_affine.default"(input: %p_weight, block_size: [1, 4], scale: %c_scale, zero_point: %c_zero_point, input_dtype: i8, quant_min: -8, quant_max: 7, output_dtype: f32) : (!ng.tensor<i8[2, 4]>, !ng.tensor<f32[2, 1]>, !ng.tensor<i8[2, 1]>) -> !ng.tensor<f32[2, 4]>
    %y = ng.call "torch.ops.aten.linear.default"(input: %x, weight: %dq, bias: none) : (!ng.tensor<f32[1, 4]>, !ng.tensor<f32[2, 4]>) -> !ng.tensor<f32[1, 2]>
    %dq2 = ng.call "torch.ops.torchao.dequantize_affine.default"(input: %p_weight2, block_size: [1, 2], scale: %c_scale2, zero_point: %c_zero_point2, input_dtype: i8, quant_min: -8, quant_max: 7, output_dtype: f32) : (!ng.tensor<i8[4, 2]>, !ng.tensor<f32[4, 1]>, !ng.tensor<i8[4, 1]>) -> !ng.tensor<f32[4, 2]>
    %z = ng.call "torch.ops.aten.linear.default"(input: %y, weight: %dq2, bias: none) : (!ng.tensor<f32[1, 2]>, !ng.tensor<f32[4, 2]>) -> !ng.tensor<f32[1, 4]>
    ng.output(%z) : !ng.tensor<f32[1, 4]>
  }
  // REMARK: remark: method 'decode': folded torchao q4 weight 'p_weight' (group size 4, 1 dequantize node)
  ng.method @decode(
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
      s2: "0x040000000000803F000000400000803F00000040",
      w: "0x01000000F8F906070001FF05",
      w2: "0x01000000F8F906070001FF05",
      zp: "0x010000000001",
      zp2: "0x0100000000010001"
    }
  }
#-}

// -----

// F2 names input .. quant_max positionally and output_dtype as a keyword:
// a dequantize without output_dtype (7 arguments) qualifies. A block_size
// written with `refs` but no reference in it (symints[1, 4]) is the
// literal [1, 4].
// CHECK-LABEL: ng.method @seven_args(
// CHECK-NEXT:    %p_weight: !ng.tensor<ui8[2, 4], dim_order = none, quant = #ng.affine_group<scale_data_key = "s", {{.*}}, group_size = 4, {{.*}}>> = parameter "w",
// CHECK-NOT:     dequantize_affine
// CHECK:         %y = ng.call "torch.ops.aten.linear.default"(input: %x, weight: %p_weight, bias: none)
// CHECK-NEXT:    %y2 = ng.call "torch.ops.aten.linear.default"(input: %x, weight: %p_weight2, bias: none)
// DATA-LABEL:  module attributes
// DATA-SAME:     w = dense_resource<[[W:[^>]+]]> : tensor<2x2xui8>, w2 = dense_resource<[[W2:[^>]+]]> : tensor<2x2xui8>
// DATA:          [[W]]: "0x{{([0-9A-F]{8})}}10FE98D7",
// DATA-NEXT:     [[W2]]: "0x{{([0-9A-F]{8})}}10FE98D7",

module attributes {ng.data = {s = dense_resource<s> : tensor<2x1xf32>, w = dense_resource<w> : tensor<2x4xi8>, w2 = dense_resource<w2> : tensor<2x4xi8>, zp = dense_resource<zp> : tensor<2x1xi8>}} {
  // REMARK: remark: method 'seven_args': folded torchao q4 weight 'p_weight' (group size 4, 1 dequantize node)
  // REMARK: remark: method 'seven_args': folded torchao q4 weight 'p_weight2' (group size 4, 1 dequantize node)
  ng.method @seven_args(
    %p_weight: !ng.tensor<i8[2, 4]> = parameter "w",
    %p_weight2: !ng.tensor<i8[2, 4]> = parameter "w2",
    %c_scale: !ng.tensor<f32[2, 1]> = constant "s",
    %c_zero_point: !ng.tensor<i8[2, 1]> = constant "zp",
    %x: !ng.tensor<f32[1, 4]>
  ) -> (!ng.tensor<f32[1, 2]>, !ng.tensor<f32[1, 2]>) {
    %dq = ng.call "torch.ops.torchao.dequantize_affine.default"(input: %p_weight, block_size: [1, 4], scale: %c_scale, zero_point: %c_zero_point, input_dtype: i8, quant_min: -8, quant_max: 7) : (!ng.tensor<i8[2, 4]>, !ng.tensor<f32[2, 1]>, !ng.tensor<i8[2, 1]>) -> !ng.tensor<f32[2, 4]>
    %y = ng.call "torch.ops.aten.linear.default"(input: %x, weight: %dq, bias: none) : (!ng.tensor<f32[1, 4]>, !ng.tensor<f32[2, 4]>) -> !ng.tensor<f32[1, 2]>
    %dq2 = ng.call "torch.ops.torchao.dequantize_affine.default"(input: %p_weight2, block_size: symints[1, 4], scale: %c_scale, zero_point: %c_zero_point, input_dtype: i8, quant_min: -8, quant_max: 7, output_dtype: f32) : (!ng.tensor<i8[2, 4]>, !ng.tensor<f32[2, 1]>, !ng.tensor<i8[2, 1]>) -> !ng.tensor<f32[2, 4]>
    %y2 = ng.call "torch.ops.aten.linear.default"(input: %x, weight: %dq2, bias: none) : (!ng.tensor<f32[1, 4]>, !ng.tensor<f32[2, 4]>) -> !ng.tensor<f32[1, 2]>
    ng.output(%y, %y2) : !ng.tensor<f32[1, 2]>, !ng.tensor<f32[1, 2]>
  }
}
{-#
  dialect_resources: {
    builtin: {
      s: "0x040000000000803F00000040",
      w: "0x01000000F8F906070001FF05",
      w2: "0x01000000F8F906070001FF05",
      zp: "0x010000000001"
    }
  }
#-}
