// RUN: ng-opt %s -split-input-file --ng-fold-q4-weights -mlir-print-local-scope | FileCheck %s
// RUN: ng-opt %s -split-input-file --ng-fold-q4-weights=formats=gguf -mlir-print-local-scope | FileCheck %s
// RUN: ng-opt %s -split-input-file --ng-fold-q4-weights | FileCheck %s --check-prefix=DATA

// formats=torchao leaves GGUF dequantizes alone: the output is the input.
// RUN: ng-opt %s -split-input-file > %t.parsed
// RUN: ng-opt %s -split-input-file --ng-fold-q4-weights=formats=torchao > %t.torchao-only
// RUN: diff %t.parsed %t.torchao-only

// Folding is idempotent.
// RUN: ng-opt %s -split-input-file --ng-fold-q4-weights > %t.once
// RUN: ng-opt %t.once -split-input-file --ng-fold-q4-weights > %t.twice
// RUN: diff %t.once %t.twice
// RUN: ng-opt %s -split-input-file --ng-fold-q4-weights --ng-fold-q4-weights > %t.same-pipeline
// RUN: diff %t.once %t.same-pipeline

// report=true names each folded GGUF weight.
// RUN: ng-opt %s -split-input-file --ng-fold-q4-weights=report=true -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REMARK --implicit-check-not=remark:
// REMARK: remark: method 'q4_k': folded GGUF weight 'p_weight' (gguf:q4_k)
// REMARK: remark: method 'refs': folded GGUF weight 'p_weight' (gguf:q4_k)
// REMARK-COUNT-12: remark: method 'block_sizes': folded GGUF weight
// REMARK: remark: method 'unknown_type': folded GGUF weight 'p_weight' (gguf:iq4_nl)
// REMARK-COUNT-2: remark: method 'twice': folded GGUF weight 'p_weight' (gguf:q4_0)

// The GGUF fold (FORMAT.md F1, F6). Errors are in
// fold-q4-weights-gguf-errors.mlir.

// F1: dequantize_gguf(weight, "q4_k", f32) read by linear. The weight's
// metadata becomes BYTE with the dequantized (logical) shape [64, 256], no
// dim_order and PackedQuant "gguf:q4_k"; linear reads the weight; the
// dequantize is gone. F6: q4_k blocks are 256 elements in 144 bytes, so the
// raw (64, 144) holds one block per row. The fold does not need the data.
// CHECK-LABEL: ng.method @q4_k(
// CHECK-SAME:    %p_weight: !ng.tensor<ui8[64, 256], dim_order = none, quant = #ng.packed<"gguf:q4_k">> = parameter "weight",
// CHECK-SAME:    %x: !ng.tensor<f32[1, 256]>) -> !ng.tensor<f32[1, 64]> {
// CHECK-NEXT:    %y = ng.call "torch.ops.aten.linear.default"(input: %x, weight: %p_weight, bias: none) : (!ng.tensor<f32[1, 256]>, !ng.tensor<ui8[64, 256], dim_order = none, quant = #ng.packed<"gguf:q4_k">>) -> !ng.tensor<f32[1, 64]>
// CHECK-NEXT:    ng.output(%y) : !ng.tensor<f32[1, 64]>

module {
  ng.method @q4_k(
    %p_weight: !ng.tensor<ui8[64, 144]> = parameter "weight",
    %x: !ng.tensor<f32[1, 256]>
  ) -> !ng.tensor<f32[1, 64]> {
    %dq = ng.call "torch.ops.torchao.dequantize_gguf.default"(weight: %p_weight, ggml_type: "q4_k", output_dtype: f32) : (!ng.tensor<ui8[64, 144]>) -> !ng.tensor<f32[64, 256]>
    %y = ng.call "torch.ops.aten.linear.default"(input: %x, weight: %dq, bias: none) : (!ng.tensor<f32[1, 256]>, !ng.tensor<f32[64, 256]>) -> !ng.tensor<f32[1, 64]>
    ng.output(%y) : !ng.tensor<f32[1, 64]>
  }
}

// -----

// Every reference to the dequantized value is redirected to the weight:
// single tensor arguments of any op (unlike torchao, F1 has no reader
// conditions), tensor-list and optional-tensor-list elements (which the
// reference serializer misses; ng redirects them, F1). The packed block
// bytes are the data, unchanged: same key, same resource, same bytes.
// CHECK-LABEL: module attributes {ng.data = {gguf.weight = dense_resource<gguf.weight> : tensor<2x144xui8>}}
// CHECK:       ng.method @refs(
// CHECK-NEXT:    %p_weight: !ng.tensor<ui8[2, 256], dim_order = none, quant = #ng.packed<"gguf:q4_k">> = parameter "gguf.weight",
// CHECK-NOT:     dequantize_gguf
// CHECK:         %y = ng.call "torch.ops.aten.linear.default"(input: %x, weight: %p_weight, bias: none)
// CHECK-NEXT:    %e = ng.call "torch.ops.aten.embedding.default"(weight: %p_weight, indices: %idx,
// CHECK-NEXT:    %c = ng.call "torch.ops.aten.cat.default"(tensors: [%p_weight, %p_weight], dim: 0)
// CHECK-NEXT:    %i = ng.call "torch.ops.aten.index.Tensor"(self: %p_weight, indices: [none, %p_weight])
// CHECK-NEXT:    ng.output(%y, %e, %c, %i)
// DATA-LABEL:  module attributes {ng.data = {gguf.weight = dense_resource<gguf.weight> : tensor<2x144xui8>}}
// DATA:        gguf.weight: "0x0100000000254A6F94B9DE03284D7297BCE1062B50759ABFE4092E53789DC2E70C31567BA0C5EA0F34597EA3C8ED12375C81A6CBF0153A5F84A9CEF3183D6287ACD1F61B40658AAFD4F91E43688DB2D7FC21466B90B5DAFF24496E93B8DD02274C7196BBE0052A4F7499BEE3082D52779CC1E60B30557A9FC4E90E33587DA2C7EC11365B80A5CAEF14395E83A8CDF2173C6186ABD0F51A3F6489AED3F81D42678CB1D6FB20456A8FB4D9FE23486D92B7DC01264B7095BADF04294E7398BDE2072C51769BC0E50A2F54799EC3E80D32577CA1C6EB10355A7FA4C9EE13385D82A7CCF1163B6085AACFF4193E6388ADD2F71C41668BB0D5FA1F44698EB3D8FD22476C91B6DB00254A6F94B9DE03284D7297BCE1062B50759ABFE4092E53789DC2E70C31567B"

module attributes {ng.data = {gguf.weight = dense_resource<gguf.weight> : tensor<2x144xui8>}} {
  ng.method @refs(
    %p_weight: !ng.tensor<ui8[2, 144]> = parameter "gguf.weight",
    %x: !ng.tensor<f32[1, 256]>, %idx: !ng.tensor<i64[3]>
  ) -> (!ng.tensor<f32[1, 2]>, !ng.tensor<f32[3, 256]>, !ng.tensor<f32[4, 256]>, !ng.tensor<f32[2, 256]>) {
    %dq = ng.call "torch.ops.torchao.dequantize_gguf.default"(weight: %p_weight, ggml_type: "q4_k", output_dtype: f32) : (!ng.tensor<ui8[2, 144]>) -> !ng.tensor<f32[2, 256]>
    %y = ng.call "torch.ops.aten.linear.default"(input: %x, weight: %dq, bias: none) : (!ng.tensor<f32[1, 256]>, !ng.tensor<f32[2, 256]>) -> !ng.tensor<f32[1, 2]>
    %e = ng.call "torch.ops.aten.embedding.default"(weight: %dq, indices: %idx, padding_idx: -1, scale_grad_by_freq: false, sparse: false) : (!ng.tensor<f32[2, 256]>, !ng.tensor<i64[3]>) -> !ng.tensor<f32[3, 256]>
    %c = ng.call "torch.ops.aten.cat.default"(tensors: [%dq, %dq], dim: 0) : (!ng.tensor<f32[2, 256]>, !ng.tensor<f32[2, 256]>) -> !ng.tensor<f32[4, 256]>
    %i = ng.call "torch.ops.aten.index.Tensor"(self: %dq, indices: [none, %dq]) : (!ng.tensor<f32[2, 256]>, !ng.tensor<f32[2, 256]>) -> !ng.tensor<f32[2, 256]>
    ng.output(%y, %e, %c, %i) : !ng.tensor<f32[1, 2]>, !ng.tensor<f32[3, 256]>, !ng.tensor<f32[4, 256]>, !ng.tensor<f32[2, 256]>
  }
}
{-#
  dialect_resources: {
    builtin: {
      gguf.weight: "0x0100000000254A6F94B9DE03284D7297BCE1062B50759ABFE4092E53789DC2E70C31567BA0C5EA0F34597EA3C8ED12375C81A6CBF0153A5F84A9CEF3183D6287ACD1F61B40658AAFD4F91E43688DB2D7FC21466B90B5DAFF24496E93B8DD02274C7196BBE0052A4F7499BEE3082D52779CC1E60B30557A9FC4E90E33587DA2C7EC11365B80A5CAEF14395E83A8CDF2173C6186ABD0F51A3F6489AED3F81D42678CB1D6FB20456A8FB4D9FE23486D92B7DC01264B7095BADF04294E7398BDE2072C51769BC0E50A2F54799EC3E80D32577CA1C6EB10355A7FA4C9EE13385D82A7CCF1163B6085AACFF4193E6388ADD2F71C41668BB0D5FA1F44698EB3D8FD22476C91B6DB00254A6F94B9DE03284D7297BCE1062B50759ABFE4092E53789DC2E70C31567B"
    }
  }
#-}

// -----

// F6: every block layout of the table, raw (3, 2 * block_bytes) against
// logical (3, 2 * block_elems). The codec keeps the ggml_type as written
// ("gguf:" + ggml_type); the block size is looked up case-insensitively.
// CHECK-LABEL: ng.method @block_sizes(
// CHECK-NEXT:    %w_q4_0: !ng.tensor<ui8[3, 64], dim_order = none, quant = #ng.packed<"gguf:q4_0">> = parameter "q4_0",
// CHECK-NEXT:    %w_q4_1: !ng.tensor<ui8[3, 64], dim_order = none, quant = #ng.packed<"gguf:q4_1">> = parameter "q4_1",
// CHECK-NEXT:    %w_q5_0: !ng.tensor<ui8[3, 64], dim_order = none, quant = #ng.packed<"gguf:q5_0">> = parameter "q5_0",
// CHECK-NEXT:    %w_q5_1: !ng.tensor<ui8[3, 64], dim_order = none, quant = #ng.packed<"gguf:q5_1">> = parameter "q5_1",
// CHECK-NEXT:    %w_q8_0: !ng.tensor<ui8[3, 64], dim_order = none, quant = #ng.packed<"gguf:q8_0">> = parameter "q8_0",
// CHECK-NEXT:    %w_q2_k: !ng.tensor<ui8[3, 512], dim_order = none, quant = #ng.packed<"gguf:q2_k">> = parameter "q2_k",
// CHECK-NEXT:    %w_q3_k: !ng.tensor<ui8[3, 512], dim_order = none, quant = #ng.packed<"gguf:q3_k">> = parameter "q3_k",
// CHECK-NEXT:    %w_q4_k: !ng.tensor<ui8[3, 512], dim_order = none, quant = #ng.packed<"gguf:q4_k">> = parameter "q4_k",
// CHECK-NEXT:    %w_q5_k: !ng.tensor<ui8[3, 512], dim_order = none, quant = #ng.packed<"gguf:q5_k">> = parameter "q5_k",
// CHECK-NEXT:    %w_q6_k: !ng.tensor<ui8[3, 512], dim_order = none, quant = #ng.packed<"gguf:q6_k">> = parameter "q6_k",
// CHECK-NEXT:    %w_q8_k: !ng.tensor<ui8[3, 512], dim_order = none, quant = #ng.packed<"gguf:q8_k">> = parameter "q8_k",
// CHECK-NEXT:    %w_upper: !ng.tensor<ui8[3, 64], dim_order = none, quant = #ng.packed<"gguf:Q4_0">> = parameter "upper",
// CHECK-NOT:     dequantize_gguf
// CHECK:         ng.output(

module {
  ng.method @block_sizes(
    %w_q4_0: !ng.tensor<ui8[3, 36]> = parameter "q4_0",
    %w_q4_1: !ng.tensor<ui8[3, 40]> = parameter "q4_1",
    %w_q5_0: !ng.tensor<ui8[3, 44]> = parameter "q5_0",
    %w_q5_1: !ng.tensor<ui8[3, 48]> = parameter "q5_1",
    %w_q8_0: !ng.tensor<ui8[3, 68]> = parameter "q8_0",
    %w_q2_k: !ng.tensor<ui8[3, 168]> = parameter "q2_k",
    %w_q3_k: !ng.tensor<ui8[3, 220]> = parameter "q3_k",
    %w_q4_k: !ng.tensor<ui8[3, 288]> = parameter "q4_k",
    %w_q5_k: !ng.tensor<ui8[3, 352]> = parameter "q5_k",
    %w_q6_k: !ng.tensor<ui8[3, 420]> = parameter "q6_k",
    %w_q8_k: !ng.tensor<ui8[3, 584]> = parameter "q8_k",
    %w_upper: !ng.tensor<ui8[3, 36]> = parameter "upper",
    %x_32: !ng.tensor<f32[1, 64]>,
    %x_256: !ng.tensor<f32[1, 512]>
  ) -> (!ng.tensor<f32[1, 3]>, !ng.tensor<f32[1, 3]>, !ng.tensor<f32[1, 3]>, !ng.tensor<f32[1, 3]>, !ng.tensor<f32[1, 3]>, !ng.tensor<f32[1, 3]>, !ng.tensor<f32[1, 3]>, !ng.tensor<f32[1, 3]>, !ng.tensor<f32[1, 3]>, !ng.tensor<f32[1, 3]>, !ng.tensor<f32[1, 3]>, !ng.tensor<f32[1, 3]>) {
    %dq_q4_0 = ng.call "torch.ops.torchao.dequantize_gguf.default"(weight: %w_q4_0, ggml_type: "q4_0", output_dtype: f32) : (!ng.tensor<ui8[3, 36]>) -> !ng.tensor<f32[3, 64]>
    %y_q4_0 = ng.call "torch.ops.aten.linear.default"(input: %x_32, weight: %dq_q4_0, bias: none) : (!ng.tensor<f32[1, 64]>, !ng.tensor<f32[3, 64]>) -> !ng.tensor<f32[1, 3]>
    %dq_q4_1 = ng.call "torch.ops.torchao.dequantize_gguf.default"(weight: %w_q4_1, ggml_type: "q4_1", output_dtype: f32) : (!ng.tensor<ui8[3, 40]>) -> !ng.tensor<f32[3, 64]>
    %y_q4_1 = ng.call "torch.ops.aten.linear.default"(input: %x_32, weight: %dq_q4_1, bias: none) : (!ng.tensor<f32[1, 64]>, !ng.tensor<f32[3, 64]>) -> !ng.tensor<f32[1, 3]>
    %dq_q5_0 = ng.call "torch.ops.torchao.dequantize_gguf.default"(weight: %w_q5_0, ggml_type: "q5_0", output_dtype: f32) : (!ng.tensor<ui8[3, 44]>) -> !ng.tensor<f32[3, 64]>
    %y_q5_0 = ng.call "torch.ops.aten.linear.default"(input: %x_32, weight: %dq_q5_0, bias: none) : (!ng.tensor<f32[1, 64]>, !ng.tensor<f32[3, 64]>) -> !ng.tensor<f32[1, 3]>
    %dq_q5_1 = ng.call "torch.ops.torchao.dequantize_gguf.default"(weight: %w_q5_1, ggml_type: "q5_1", output_dtype: f32) : (!ng.tensor<ui8[3, 48]>) -> !ng.tensor<f32[3, 64]>
    %y_q5_1 = ng.call "torch.ops.aten.linear.default"(input: %x_32, weight: %dq_q5_1, bias: none) : (!ng.tensor<f32[1, 64]>, !ng.tensor<f32[3, 64]>) -> !ng.tensor<f32[1, 3]>
    %dq_q8_0 = ng.call "torch.ops.torchao.dequantize_gguf.default"(weight: %w_q8_0, ggml_type: "q8_0", output_dtype: f32) : (!ng.tensor<ui8[3, 68]>) -> !ng.tensor<f32[3, 64]>
    %y_q8_0 = ng.call "torch.ops.aten.linear.default"(input: %x_32, weight: %dq_q8_0, bias: none) : (!ng.tensor<f32[1, 64]>, !ng.tensor<f32[3, 64]>) -> !ng.tensor<f32[1, 3]>
    %dq_q2_k = ng.call "torch.ops.torchao.dequantize_gguf.default"(weight: %w_q2_k, ggml_type: "q2_k", output_dtype: f32) : (!ng.tensor<ui8[3, 168]>) -> !ng.tensor<f32[3, 512]>
    %y_q2_k = ng.call "torch.ops.aten.linear.default"(input: %x_256, weight: %dq_q2_k, bias: none) : (!ng.tensor<f32[1, 512]>, !ng.tensor<f32[3, 512]>) -> !ng.tensor<f32[1, 3]>
    %dq_q3_k = ng.call "torch.ops.torchao.dequantize_gguf.default"(weight: %w_q3_k, ggml_type: "q3_k", output_dtype: f32) : (!ng.tensor<ui8[3, 220]>) -> !ng.tensor<f32[3, 512]>
    %y_q3_k = ng.call "torch.ops.aten.linear.default"(input: %x_256, weight: %dq_q3_k, bias: none) : (!ng.tensor<f32[1, 512]>, !ng.tensor<f32[3, 512]>) -> !ng.tensor<f32[1, 3]>
    %dq_q4_k = ng.call "torch.ops.torchao.dequantize_gguf.default"(weight: %w_q4_k, ggml_type: "q4_k", output_dtype: f32) : (!ng.tensor<ui8[3, 288]>) -> !ng.tensor<f32[3, 512]>
    %y_q4_k = ng.call "torch.ops.aten.linear.default"(input: %x_256, weight: %dq_q4_k, bias: none) : (!ng.tensor<f32[1, 512]>, !ng.tensor<f32[3, 512]>) -> !ng.tensor<f32[1, 3]>
    %dq_q5_k = ng.call "torch.ops.torchao.dequantize_gguf.default"(weight: %w_q5_k, ggml_type: "q5_k", output_dtype: f32) : (!ng.tensor<ui8[3, 352]>) -> !ng.tensor<f32[3, 512]>
    %y_q5_k = ng.call "torch.ops.aten.linear.default"(input: %x_256, weight: %dq_q5_k, bias: none) : (!ng.tensor<f32[1, 512]>, !ng.tensor<f32[3, 512]>) -> !ng.tensor<f32[1, 3]>
    %dq_q6_k = ng.call "torch.ops.torchao.dequantize_gguf.default"(weight: %w_q6_k, ggml_type: "q6_k", output_dtype: f32) : (!ng.tensor<ui8[3, 420]>) -> !ng.tensor<f32[3, 512]>
    %y_q6_k = ng.call "torch.ops.aten.linear.default"(input: %x_256, weight: %dq_q6_k, bias: none) : (!ng.tensor<f32[1, 512]>, !ng.tensor<f32[3, 512]>) -> !ng.tensor<f32[1, 3]>
    %dq_q8_k = ng.call "torch.ops.torchao.dequantize_gguf.default"(weight: %w_q8_k, ggml_type: "q8_k", output_dtype: f32) : (!ng.tensor<ui8[3, 584]>) -> !ng.tensor<f32[3, 512]>
    %y_q8_k = ng.call "torch.ops.aten.linear.default"(input: %x_256, weight: %dq_q8_k, bias: none) : (!ng.tensor<f32[1, 512]>, !ng.tensor<f32[3, 512]>) -> !ng.tensor<f32[1, 3]>
    %dq_upper = ng.call "torch.ops.torchao.dequantize_gguf.default"(weight: %w_upper, ggml_type: "Q4_0", output_dtype: f32) : (!ng.tensor<ui8[3, 36]>) -> !ng.tensor<f32[3, 64]>
    %y_upper = ng.call "torch.ops.aten.linear.default"(input: %x_32, weight: %dq_upper, bias: none) : (!ng.tensor<f32[1, 64]>, !ng.tensor<f32[3, 64]>) -> !ng.tensor<f32[1, 3]>
    ng.output(%y_q4_0, %y_q4_1, %y_q5_0, %y_q5_1, %y_q8_0, %y_q2_k, %y_q3_k, %y_q4_k, %y_q5_k, %y_q6_k, %y_q8_k, %y_upper) : !ng.tensor<f32[1, 3]>, !ng.tensor<f32[1, 3]>, !ng.tensor<f32[1, 3]>, !ng.tensor<f32[1, 3]>, !ng.tensor<f32[1, 3]>, !ng.tensor<f32[1, 3]>, !ng.tensor<f32[1, 3]>, !ng.tensor<f32[1, 3]>, !ng.tensor<f32[1, 3]>, !ng.tensor<f32[1, 3]>, !ng.tensor<f32[1, 3]>, !ng.tensor<f32[1, 3]>
  }
}

// -----

// A ggml_type without a known block layout (not in the F6 table) folds
// without the shape check: raw (2, 7) becomes logical (2, 100).
// CHECK-LABEL: ng.method @unknown_type(
// CHECK-SAME:    %p_weight: !ng.tensor<ui8[2, 100], dim_order = none, quant = #ng.packed<"gguf:iq4_nl">> = parameter "weight",
// CHECK-NOT:     dequantize_gguf
// CHECK:         %y = ng.call "torch.ops.aten.linear.default"(input: %x, weight: %p_weight, bias: none)

module {
  ng.method @unknown_type(
    %p_weight: !ng.tensor<ui8[2, 7]> = parameter "weight",
    %x: !ng.tensor<f32[1, 100]>
  ) -> !ng.tensor<f32[1, 2]> {
    %dq = ng.call "torch.ops.torchao.dequantize_gguf.default"(weight: %p_weight, ggml_type: "iq4_nl", output_dtype: f32) : (!ng.tensor<ui8[2, 7]>) -> !ng.tensor<f32[2, 100]>
    %y = ng.call "torch.ops.aten.linear.default"(input: %x, weight: %dq, bias: none) : (!ng.tensor<f32[1, 100]>, !ng.tensor<f32[2, 100]>) -> !ng.tensor<f32[1, 2]>
    ng.output(%y) : !ng.tensor<f32[1, 2]>
  }
}

// -----

// Two dequantizes of one weight (of kind buffer) with the same ggml_type:
// both fold.
// CHECK-LABEL: ng.method @twice(
// CHECK-SAME:    %p_weight: !ng.tensor<ui8[2, 32], dim_order = none, quant = #ng.packed<"gguf:q4_0">> = buffer "weight",
// CHECK-NOT:     dequantize_gguf
// CHECK:         %y1 = ng.call "torch.ops.aten.linear.default"(input: %x, weight: %p_weight, bias: none)
// CHECK-NEXT:    %y2 = ng.call "torch.ops.aten.linear.default"(input: %x, weight: %p_weight, bias: none)

module {
  ng.method @twice(
    %p_weight: !ng.tensor<ui8[2, 18]> = buffer "weight",
    %x: !ng.tensor<f32[1, 32]>
  ) -> (!ng.tensor<f32[1, 2]>, !ng.tensor<f32[1, 2]>) {
    %dq1 = ng.call "torch.ops.torchao.dequantize_gguf.default"(weight: %p_weight, ggml_type: "q4_0", output_dtype: f32) : (!ng.tensor<ui8[2, 18]>) -> !ng.tensor<f32[2, 32]>
    %y1 = ng.call "torch.ops.aten.linear.default"(input: %x, weight: %dq1, bias: none) : (!ng.tensor<f32[1, 32]>, !ng.tensor<f32[2, 32]>) -> !ng.tensor<f32[1, 2]>
    %dq2 = ng.call "torch.ops.torchao.dequantize_gguf.default"(weight: %p_weight, ggml_type: "q4_0", output_dtype: f32) : (!ng.tensor<ui8[2, 18]>) -> !ng.tensor<f32[2, 32]>
    %y2 = ng.call "torch.ops.aten.linear.default"(input: %x, weight: %dq2, bias: none) : (!ng.tensor<f32[1, 32]>, !ng.tensor<f32[2, 32]>) -> !ng.tensor<f32[1, 2]>
    ng.output(%y1, %y2) : !ng.tensor<f32[1, 2]>, !ng.tensor<f32[1, 2]>
  }
}

// -----

// The weight is not a constant binding: a user input, a computed value (a
// copy of a constant), a NamedTensorRef of kind USER_INPUT. ng folds only
// constant bindings (F1), so these stay as they are.
// CHECK-LABEL: ng.method @not_constant(
// CHECK-NEXT:    %p_weight: !ng.tensor<ui8[2, 18]> = parameter "weight",
// CHECK-NEXT:    %w_in: !ng.tensor<ui8[2, 18]>,
// CHECK-NEXT:    %k_weight: !ng.tensor<ui8[2, 18]> = user_input "k",
// CHECK:         %dq_in = ng.call "torch.ops.torchao.dequantize_gguf.default"(weight: %w_in,
// CHECK:         %dq_copy = ng.call "torch.ops.torchao.dequantize_gguf.default"(weight: %copy,
// CHECK:         %dq_k = ng.call "torch.ops.torchao.dequantize_gguf.default"(weight: %k_weight,

module {
  ng.method @not_constant(
    %p_weight: !ng.tensor<ui8[2, 18]> = parameter "weight",
    %w_in: !ng.tensor<ui8[2, 18]>,
    %k_weight: !ng.tensor<ui8[2, 18]> = user_input "k",
    %x: !ng.tensor<f32[1, 32]>
  ) -> (!ng.tensor<f32[1, 2]>, !ng.tensor<f32[1, 2]>, !ng.tensor<f32[1, 2]>) {
    %dq_in = ng.call "torch.ops.torchao.dequantize_gguf.default"(weight: %w_in, ggml_type: "q4_0", output_dtype: f32) : (!ng.tensor<ui8[2, 18]>) -> !ng.tensor<f32[2, 32]>
    %y_in = ng.call "torch.ops.aten.linear.default"(input: %x, weight: %dq_in, bias: none) : (!ng.tensor<f32[1, 32]>, !ng.tensor<f32[2, 32]>) -> !ng.tensor<f32[1, 2]>
    %copy = ng.call "torch.ops.aten.clone.default"(self: %p_weight, memory_format: none) : (!ng.tensor<ui8[2, 18]>) -> !ng.tensor<ui8[2, 18]>
    %dq_copy = ng.call "torch.ops.torchao.dequantize_gguf.default"(weight: %copy, ggml_type: "q4_0", output_dtype: f32) : (!ng.tensor<ui8[2, 18]>) -> !ng.tensor<f32[2, 32]>
    %y_copy = ng.call "torch.ops.aten.linear.default"(input: %x, weight: %dq_copy, bias: none) : (!ng.tensor<f32[1, 32]>, !ng.tensor<f32[2, 32]>) -> !ng.tensor<f32[1, 2]>
    %dq_k = ng.call "torch.ops.torchao.dequantize_gguf.default"(weight: %k_weight, ggml_type: "q4_0", output_dtype: f32) : (!ng.tensor<ui8[2, 18]>) -> !ng.tensor<f32[2, 32]>
    %y_k = ng.call "torch.ops.aten.linear.default"(input: %x, weight: %dq_k, bias: none) : (!ng.tensor<f32[1, 32]>, !ng.tensor<f32[2, 32]>) -> !ng.tensor<f32[1, 2]>
    ng.output(%y_in, %y_copy, %y_k) : !ng.tensor<f32[1, 2]>, !ng.tensor<f32[1, 2]>, !ng.tensor<f32[1, 2]>
  }
}
