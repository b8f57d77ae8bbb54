// RUN: ng-opt %s -split-input-file --ng-legalize-dim-order=reverse=true -verify-diagnostics

// The reverse rewrite fails, naming the value, on an order that has no
// memory_format (D2: "Failed to map a given dim_order"): neither
// contiguous, nor channels_last at rank 4, nor channels_last_3d at rank 5,
// nor (for a copy) the input's own order. (The pass fails, so there is no
// output to run twice; legalize-dim-order-reverse.mlir has the positive
// cases.)

// A transpose of a contiguous input: what the exporter's
// _fix_clone_memory_format works around ("fails to map it to a
// torch.memory_format").

module {
  ng.method @transposed(%x: !ng.tensor<f32[2, 4, 6, 8]>) -> !ng.tensor<f32[2, 4, 6, 8], dim_order = [1, 0, 2, 3]> {
    // expected-error @+1 {{Failed to map a given dim_order [1, 0, 2, 3] of 'y' (node 'y') to a memory_format: only contiguous, channels_last [0, 2, 3, 1], channels_last_3d [0, 2, 3, 4, 1] and (for a copy) the input's own order have one (D2)}}
    %y = ng.call "torch.ops.dim_order_ops._clone_dim_order.default"(self: %x, non_blocking: false, dim_order: [1, 0, 2, 3]) : (!ng.tensor<f32[2, 4, 6, 8]>) -> !ng.tensor<f32[2, 4, 6, 8], dim_order = [1, 0, 2, 3]>
    ng.output(%y) : !ng.tensor<f32[2, 4, 6, 8], dim_order = [1, 0, 2, 3]>
  }
}

// -----

// channels_last's order at rank 5 is not channels_last_3d.

module {
  ng.method @rank5(%x: !ng.tensor<f32[2, 3, 4, 4, 4]>) -> !ng.tensor<f16[2, 3, 4, 4, 4], dim_order = [0, 2, 3, 1, 4]> {
    // expected-error @+1 {{Failed to map a given dim_order [0, 2, 3, 1, 4] of 'y' (node 'to_half') to a memory_format}}
    %y = ng.call "torch.ops.dim_order_ops._to_dim_order_copy.default"(self: %x, dtype: f16, layout: none, device: none, pin_memory: none, non_blocking: false, dim_order: [0, 2, 3, 1, 4]) {node = "to_half"} : (!ng.tensor<f32[2, 3, 4, 4, 4]>) -> !ng.tensor<f16[2, 3, 4, 4, 4], dim_order = [0, 2, 3, 1, 4]>
    ng.output(%y) : !ng.tensor<f16[2, 3, 4, 4, 4], dim_order = [0, 2, 3, 1, 4]>
  }
}

// -----

// empty has no input whose order preserve_format could name.

module {
  ng.method @empty() -> !ng.tensor<f32[2, 3, 4], dim_order = [2, 0, 1]> {
    // expected-error @+1 {{Failed to map a given dim_order [2, 0, 1] of 'e' (node 'e') to a memory_format}}
    %e = ng.call "torch.ops.dim_order_ops._empty_dim_order.default"(size: [2, 3, 4], dtype: f32, layout: none, device: none, pin_memory: none, dim_order: [2, 0, 1]) : () -> !ng.tensor<f32[2, 3, 4], dim_order = [2, 0, 1]>
    ng.output(%e) : !ng.tensor<f32[2, 3, 4], dim_order = [2, 0, 1]>
  }
}

// -----

// Inside a subgraph, the error names the subgraph's value.

module {
  ng.method @subgraph(%pred: !ng.tensor<i1[]>, %x: !ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[4, 6], dim_order = [1, 0]> {
    %getitem = ng.call "torch.ops.higher_order.cond"(%pred, graph "true_graph_0"(%x_1: !ng.tensor<f32[4, 6]>) {
      // expected-error @+1 {{Failed to map a given dim_order [1, 0] of 'inner' (node 'inner') to a memory_format}}
      %inner = ng.call "torch.ops.dim_order_ops._clone_dim_order.default"(self: %x_1, non_blocking: false, dim_order: [1, 0]) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[4, 6], dim_order = [1, 0]>
      ng.output(%inner) : !ng.tensor<f32[4, 6], dim_order = [1, 0]>
    }, graph "false_graph_0"(%x_1: !ng.tensor<f32[4, 6]>) {
      %inner = ng.call "torch.ops.dim_order_ops._clone_dim_order.default"(self: %x_1, non_blocking: false, dim_order: [1, 0]) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[4, 6], dim_order = [1, 0]>
      ng.output(%inner) : !ng.tensor<f32[4, 6], dim_order = [1, 0]>
    }, [%x]) {node = "cond"} : (!ng.tensor<i1[]>, !ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[4, 6], dim_order = [1, 0]>
    ng.output(%getitem) : !ng.tensor<f32[4, 6], dim_order = [1, 0]>
  }
}

// -----

// aten.clone has no non_blocking: only `false` can be dropped.

module {
  ng.method @non_blocking(%x: !ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3]> {
    // expected-error @+1 {{node 'y': aten.clone has no non_blocking argument; only non_blocking: false can be dropped}}
    %y = ng.call "torch.ops.dim_order_ops._clone_dim_order.default"(self: %x, non_blocking: true, dim_order: [0, 1]) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3]>
    ng.output(%y) : !ng.tensor<f32[2, 3]>
  }
}

// -----

// The argument contradicts the result's recorded order.

module {
  ng.method @contradiction(%x: !ng.tensor<f32[2, 3, 8, 8]>) -> !ng.tensor<f32[2, 3, 8, 8]> {
    // expected-error @+1 {{node 'y': argument dim_order is [0, 2, 3, 1], but its result 'y' is recorded with dim_order [0, 1, 2, 3] (D2)}}
    %y = ng.call "torch.ops.dim_order_ops._clone_dim_order.default"(self: %x, non_blocking: false, dim_order: [0, 2, 3, 1]) : (!ng.tensor<f32[2, 3, 8, 8]>) -> !ng.tensor<f32[2, 3, 8, 8]>
    ng.output(%y) : !ng.tensor<f32[2, 3, 8, 8]>
  }
}
