// RUN: ng-opt %s -split-input-file --ng-fold-q4-weights -verify-diagnostics
// RUN: ng-opt %s -split-input-file --ng-fold-q4-weights=formats=gguf -verify-diagnostics

// formats=torchao does not touch these weights, so nothing fails.
// RUN: ng-opt %s -split-input-file > %t.parsed
// RUN: ng-opt %s -split-input-file --ng-fold-q4-weights=formats=torchao > %t.torchao-only
// RUN: diff %t.parsed %t.torchao-only

// `formats=` takes gguf and torchao; the option parser rejects anything else
// before the pass runs.
// RUN: echo 'module {}' | not ng-opt --ng-fold-q4-weights=formats=gguf,q8_0 2>&1 | FileCheck %s --check-prefix=OPTION
// OPTION: for the --formats option: Cannot find option named 'q8_0'!

// Errors of the GGUF fold (FORMAT.md F1, F6): for a ggml_type of the F6
// table, the raw weight must be (N, row_bytes) uint8 with row_bytes a
// multiple of the block bytes, and the dequantized shape (N, row_bytes /
// block_bytes * block_elems). The message names the weight and its key.

// F6: row_bytes 143 is not a multiple of the q4_k block bytes (144).

module {
  ng.method @row_bytes(
    %p_weight: !ng.tensor<ui8[2, 143]> = parameter "weight",
    %x: !ng.tensor<f32[1, 256]>
  ) -> !ng.tensor<f32[1, 2]> {
    // expected-error @+1 {{'ng.call' op GGUF weight 'p_weight' (data_key 'weight') of type '!ng.tensor<ui8[2, 143]>' does not hold q4_k blocks of 256 elements in 144 bytes for the dequantized shape '!ng.tensor<f32[2, 256]>' (F6: raw (N, row_bytes) with row_bytes a multiple of 144)}}
    %dq = ng.call "torch.ops.torchao.dequantize_gguf.default"(weight: %p_weight, ggml_type: "q4_k", output_dtype: f32) : (!ng.tensor<ui8[2, 143]>) -> !ng.tensor<f32[2, 256]>
    %y = ng.call "torch.ops.aten.linear.default"(input: %x, weight: %dq, bias: none) : (!ng.tensor<f32[1, 256]>, !ng.tensor<f32[2, 256]>) -> !ng.tensor<f32[1, 2]>
    ng.output(%y) : !ng.tensor<f32[1, 2]>
  }
}

// -----

// F6: raw (2, 288) is two q4_k blocks per row, 512 elements, but the
// dequantize says 256.

module {
  ng.method @logical_cols(
    %p_weight: !ng.tensor<ui8[2, 288]> = parameter "weight",
    %x: !ng.tensor<f32[1, 256]>
  ) -> !ng.tensor<f32[1, 2]> {
    // expected-error @+1 {{'ng.call' op GGUF weight 'p_weight' (data_key 'weight') of type '!ng.tensor<ui8[2, 288]>' does not hold q4_k blocks of 256 elements in 144 bytes for the dequantized shape '!ng.tensor<f32[2, 256]>' (F6: raw (N, row_bytes) with row_bytes a multiple of 144)}}
    %dq = ng.call "torch.ops.torchao.dequantize_gguf.default"(weight: %p_weight, ggml_type: "q4_k", output_dtype: f32) : (!ng.tensor<ui8[2, 288]>) -> !ng.tensor<f32[2, 256]>
    %y = ng.call "torch.ops.aten.linear.default"(input: %x, weight: %dq, bias: none) : (!ng.tensor<f32[1, 256]>, !ng.tensor<f32[2, 256]>) -> !ng.tensor<f32[1, 2]>
    ng.output(%y) : !ng.tensor<f32[1, 2]>
  }
}

// -----

// F6: the logical row count (3) is not the raw one (2).

module {
  ng.method @logical_rows(
    %p_weight: !ng.tensor<ui8[2, 18]> = parameter "weight",
    %x: !ng.tensor<f32[1, 32]>
  ) -> !ng.tensor<f32[1, 2]> {
    // expected-error @+1 {{'ng.call' op GGUF weight 'p_weight' (data_key 'weight') of type '!ng.tensor<ui8[2, 18]>' does not hold q4_0 blocks of 32 elements in 18 bytes for the dequantized shape '!ng.tensor<f32[3, 32]>' (F6: raw (N, row_bytes) with row_bytes a multiple of 18)}}
    %dq = ng.call "torch.ops.torchao.dequantize_gguf.default"(weight: %p_weight, ggml_type: "q4_0", output_dtype: f32) : (!ng.tensor<ui8[2, 18]>) -> !ng.tensor<f32[3, 32]>
    %y = ng.call "torch.ops.aten.linear.default"(input: %x, weight: %dq, bias: none) : (!ng.tensor<f32[1, 32]>, !ng.tensor<f32[3, 32]>) -> !ng.tensor<f32[1, 2]>
    ng.output(%y) : !ng.tensor<f32[1, 2]>
  }
}

// -----

// F6: the raw weight is not uint8.

module {
  ng.method @raw_dtype(
    %p_weight: !ng.tensor<i8[2, 18]> = parameter "weight",
    %x: !ng.tensor<f32[1, 32]>
  ) -> !ng.tensor<f32[1, 2]> {
    // expected-error @+1 {{'ng.call' op GGUF weight 'p_weight' (data_key 'weight') of type '!ng.tensor<i8[2, 18]>' does not hold q4_0 blocks of 32 elements in 18 bytes for the dequantized shape '!ng.tensor<f32[2, 32]>' (F6: raw (N, row_bytes) with row_bytes a multiple of 18)}}
    %dq = ng.call "torch.ops.torchao.dequantize_gguf.default"(weight: %p_weight, ggml_type: "q4_0", output_dtype: f32) : (!ng.tensor<i8[2, 18]>) -> !ng.tensor<f32[2, 32]>
    %y = ng.call "torch.ops.aten.linear.default"(input: %x, weight: %dq, bias: none) : (!ng.tensor<f32[1, 32]>, !ng.tensor<f32[2, 32]>) -> !ng.tensor<f32[1, 2]>
    ng.output(%y) : !ng.tensor<f32[1, 2]>
  }
}

// -----

// F6: the raw weight is not (N, row_bytes).

module {
  ng.method @raw_rank(
    %p_weight: !ng.tensor<ui8[36]> = parameter "weight",
    %x: !ng.tensor<f32[1, 32]>
  ) -> !ng.tensor<f32[1, 2]> {
    // expected-error @+1 {{'ng.call' op GGUF weight 'p_weight' (data_key 'weight') of type '!ng.tensor<ui8[36]>' does not hold q4_0 blocks of 32 elements in 18 bytes for the dequantized shape '!ng.tensor<f32[2, 32]>' (F6: raw (N, row_bytes) with row_bytes a multiple of 18)}}
    %dq = ng.call "torch.ops.torchao.dequantize_gguf.default"(weight: %p_weight, ggml_type: "q4_0", output_dtype: f32) : (!ng.tensor<ui8[36]>) -> !ng.tensor<f32[2, 32]>
    %y = ng.call "torch.ops.aten.linear.default"(input: %x, weight: %dq, bias: none) : (!ng.tensor<f32[1, 32]>, !ng.tensor<f32[2, 32]>) -> !ng.tensor<f32[1, 2]>
    ng.output(%y) : !ng.tensor<f32[1, 2]>
  }
}

// -----

// One weight dequantized as two different ggml types cannot have both
// packings.

module {
  ng.method @two_types(
    %p_weight: !ng.tensor<ui8[2, 36]> = parameter "weight",
    %x: !ng.tensor<f32[1, 64]>
  ) -> (!ng.tensor<f32[1, 2]>, !ng.tensor<f32[1, 2]>) {
    %dq1 = ng.call "torch.ops.torchao.dequantize_gguf.default"(weight: %p_weight, ggml_type: "q4_0", output_dtype: f32) : (!ng.tensor<ui8[2, 36]>) -> !ng.tensor<f32[2, 64]>
    %y1 = ng.call "torch.ops.aten.linear.default"(input: %x, weight: %dq1, bias: none) : (!ng.tensor<f32[1, 64]>, !ng.tensor<f32[2, 64]>) -> !ng.tensor<f32[1, 2]>
    // expected-error @+1 {{GGUF weight 'p_weight' is dequantized as #ng.packed<"gguf:q4_0"> and as #ng.packed<"gguf:iq4_xs">; a weight has one packing}}
    %dq2 = ng.call "torch.ops.torchao.dequantize_gguf.default"(weight: %p_weight, ggml_type: "iq4_xs", output_dtype: f32) : (!ng.tensor<ui8[2, 36]>) -> !ng.tensor<f32[2, 64]>
    %y2 = ng.call "torch.ops.aten.linear.default"(input: %x, weight: %dq2, bias: none) : (!ng.tensor<f32[1, 64]>, !ng.tensor<f32[2, 64]>) -> !ng.tensor<f32[1, 2]>
    ng.output(%y1, %y2) : !ng.tensor<f32[1, 2]>, !ng.tensor<f32[1, 2]>
  }
}
