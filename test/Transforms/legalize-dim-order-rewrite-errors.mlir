// RUN: ng-opt %s -split-input-file --ng-legalize-dim-order -verify-diagnostics
// RUN: echo 'module {}' | not ng-opt --ng-legalize-dim-order=contiguous=none 2>&1 | FileCheck %s --check-prefix=OPTION

// `contiguous=` is `identity` or `empty`; the option parser rejects anything
// else before the pass runs.
// OPTION: for the --contiguous option: Cannot find option named 'none'!

// Step (c) of --ng-legalize-dim-order fails, naming the node, when a
// memory_format has no dim order for the tensor (D2), when the program
// contradicts itself (the format's order is not the result's recorded one),
// or when the rewrite would lose an argument (D4). (The pass fails, so there
// is no output to run twice; the positive cases in
// legalize-dim-order-rewrite.mlir are.)

module {
  ng.method @cl_rank3(%x: !ng.tensor<f32[2, 3, 4]>) -> !ng.tensor<f32[2, 3, 4]> {
    // expected-error @+1 {{node 'y': memory_format "torch.channels_last" needs a rank-4 tensor, but 'y' has rank 3 (D2)}}
    %y = ng.call "torch.ops.aten.clone.default"(self: %x, memory_format: "torch.channels_last") : (!ng.tensor<f32[2, 3, 4]>) -> !ng.tensor<f32[2, 3, 4]>
    ng.output(%y) : !ng.tensor<f32[2, 3, 4]>
  }
}

// -----

module {
  ng.method @cl3d_rank4(%x: !ng.tensor<f32[2, 3, 4, 4]>) -> !ng.tensor<f16[2, 3, 4, 4]> {
    // expected-error @+1 {{node 'y': memory_format "torch.channels_last_3d" needs a rank-5 tensor, but 'y' has rank 4 (D2)}}
    %y = ng.call "torch.ops.aten._to_copy.default"(self: %x, dtype: f16, layout: none, device: none, pin_memory: none, non_blocking: false, memory_format: "torch.channels_last_3d") : (!ng.tensor<f32[2, 3, 4, 4]>) -> !ng.tensor<f16[2, 3, 4, 4]>
    ng.output(%y) : !ng.tensor<f16[2, 3, 4, 4]>
  }
}

// -----

module {
  ng.method @unknown_format(%x: !ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3]> {
    // expected-error @+1 {{node 'y': unknown memory_format "torch.sparse_coo" (D2 knows torch.contiguous_format, torch.channels_last, torch.channels_last_3d, torch.preserve_format)}}
    %y = ng.call "torch.ops.aten.clone.default"(self: %x, memory_format: "torch.sparse_coo") : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3]>
    ng.output(%y) : !ng.tensor<f32[2, 3]>
  }
}

// -----

module {
  ng.method @empty_preserve() -> !ng.tensor<f32[2, 3]> {
    // expected-error @+1 {{node 'e': memory_format "torch.preserve_format" has no input to preserve on torch.ops.aten.empty.memory_format (D2)}}
    %e = ng.call "torch.ops.aten.empty.memory_format"(size: [2, 3], dtype: f32, layout: none, device: none, pin_memory: none, memory_format: "torch.preserve_format") : () -> !ng.tensor<f32[2, 3]>
    ng.output(%e) : !ng.tensor<f32[2, 3]>
  }
}

// -----

// The result's recorded layout contradicts the memory_format.

module {
  ng.method @contradiction(%x: !ng.tensor<f32[2, 3, 8, 8]>) -> !ng.tensor<f32[2, 3, 8, 8], dim_order = [0, 2, 3, 1]> {
    // expected-error @+1 {{node 'y': memory_format "torch.contiguous_format" means dim_order [0, 1, 2, 3], but its result 'y' is recorded with dim_order [0, 2, 3, 1] (D2)}}
    %y = ng.call "torch.ops.aten.clone.default"(self: %x, memory_format: "torch.contiguous_format") : (!ng.tensor<f32[2, 3, 8, 8]>) -> !ng.tensor<f32[2, 3, 8, 8], dim_order = [0, 2, 3, 1]>
    ng.output(%y) : !ng.tensor<f32[2, 3, 8, 8], dim_order = [0, 2, 3, 1]>
  }
}

// -----

// preserve_format (here as `none`) means the input's order; the result says
// otherwise.

module {
  ng.method @preserve_contradiction(%x: !ng.tensor<f32[4, 6], dim_order = [1, 0]>) -> !ng.tensor<f32[4, 6]> {
    // expected-error @+1 {{node 'y': memory_format none (torch.preserve_format) means dim_order [1, 0], but its result 'y' is recorded with dim_order [0, 1] (D2)}}
    %y = ng.call "torch.ops.aten.clone.default"(self: %x, memory_format: none) : (!ng.tensor<f32[4, 6], dim_order = [1, 0]>) -> !ng.tensor<f32[4, 6]>
    ng.output(%y) : !ng.tensor<f32[4, 6]>
  }
}

// -----

// An existing dim-order op whose argument contradicts its result.

module {
  ng.method @dim_order_contradiction(%x: !ng.tensor<f32[2, 3, 8, 8]>) -> !ng.tensor<f32[2, 3, 8, 8]> {
    // expected-error @+1 {{node 'y': argument dim_order is [0, 2, 3, 1], but its result 'y' is recorded with dim_order [0, 1, 2, 3] (D2)}}
    %y = ng.call "torch.ops.dim_order_ops._clone_dim_order.default"(self: %x, non_blocking: false, dim_order: [0, 2, 3, 1]) : (!ng.tensor<f32[2, 3, 8, 8]>) -> !ng.tensor<f32[2, 3, 8, 8]>
    ng.output(%y) : !ng.tensor<f32[2, 3, 8, 8]>
  }
}

// -----

// An argument the target schema does not have would be lost: a positional
// one past the schema's (a named one is the verifier's to refuse,
// test/Dialect/invalid-op-schemas.mlir).

module {
  ng.method @extra_argument(%x: !ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3]> {
    // expected-error @+1 {{node 'y': torch.ops.aten.clone.default has an argument #2 that its schema does not (D4); it would be lost}}
    %y = ng.call "torch.ops.aten.clone.default"(self: %x, memory_format: "torch.contiguous_format", false) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3]>
    ng.output(%y) : !ng.tensor<f32[2, 3]>
  }
}

// -----

// Positional arguments: S4 says schema arguments are named.

module {
  ng.method @positional(%x: !ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3]> {
    // expected-error @+1 {{node 'y': torch.ops.aten.clone.default needs its 'self' argument by name (S4)}}
    %y = ng.call "torch.ops.aten.clone.default"(%x, memory_format: "torch.contiguous_format") : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3]>
    ng.output(%y) : !ng.tensor<f32[2, 3]>
  }
}

// -----

// preserve_format of an input whose rank is not the result's.

module {
  ng.method @rank_mismatch(%x: !ng.tensor<f32[2, 3, 4], dim_order = [0, 2, 1]>) -> !ng.tensor<f32[2, 3, 4, 5]> {
    // expected-error @+1 {{node 'y': dim_order [0, 2, 1] has 3 dims, but the tensor has rank 4}}
    %y = ng.call "torch.ops.aten.clone.default"(self: %x, memory_format: "torch.preserve_format") : (!ng.tensor<f32[2, 3, 4], dim_order = [0, 2, 1]>) -> !ng.tensor<f32[2, 3, 4, 5]>
    ng.output(%y) : !ng.tensor<f32[2, 3, 4, 5]>
  }
}
