// RUN: ng-opt %s -split-input-file --mlir-very-unsafe-disable-verifier-on-parsing --ng-legalize-dim-order -verify-diagnostics

// Step (a) of --ng-legalize-dim-order: every dim_order is empty, absent or a
// permutation of 0..rank-1 (V8), and every explicit `dim_order` argument of
// a dim-order op is a literal permutation of the result's rank. The error
// names the value (or the node). The ng verifier rejects bad TensorMeta
// orders at parse time with the same message, so these cases parse with
// --mlir-very-unsafe-disable-verifier-on-parsing, as IR built in memory by
// another tool would reach the pass. Valid orders are covered by the other
// legalize-dim-order tests, each of which also runs the pass twice.

module {
  // expected-error @+1 {{value 'x' has dim_order [0, 0], which is not a permutation of 0..1 (V8)}}
  ng.method @repeated(%x: !ng.tensor<f32[2, 3], dim_order = [0, 0]>) -> !ng.tensor<f32[2, 3], dim_order = [0, 0]> {
    ng.output(%x) : !ng.tensor<f32[2, 3], dim_order = [0, 0]>
  }
}

// -----

module {
  ng.method @short(%x: !ng.tensor<f32[2, 3, 4]>) -> !ng.tensor<f32[2, 3, 4], dim_order = [1, 0]> {
    // expected-error @+1 {{value 'y' has dim_order [1, 0], which is not a permutation of 0..2 (V8)}}
    %y = ng.call "torch.ops.aten.neg.default"(self: %x) : (!ng.tensor<f32[2, 3, 4]>) -> !ng.tensor<f32[2, 3, 4], dim_order = [1, 0]>
    ng.output(%y) : !ng.tensor<f32[2, 3, 4], dim_order = [1, 0]>
  }
}

// -----

module {
  ng.method @out_of_range(%x: !ng.tensor<f32[1, 3, 8, 8]>) -> !ng.tensor<f32[1, 3, 8, 8], dim_order = [0, 2, 3, 4]> {
    // expected-error @+1 {{value 'y' has dim_order [0, 2, 3, 4], which is not a permutation of 0..3 (V8)}}
    %y = ng.call "torch.ops.aten.clone.default"(self: %x, memory_format: "torch.channels_last") : (!ng.tensor<f32[1, 3, 8, 8]>) -> !ng.tensor<f32[1, 3, 8, 8], dim_order = [0, 2, 3, 4]>
    ng.output(%y) : !ng.tensor<f32[1, 3, 8, 8], dim_order = [0, 2, 3, 4]>
  }
}

// -----

module {
  // expected-error @+1 {{value 's' has dim_order [0], but a rank-0 tensor has no dims to order (V8)}}
  ng.method @rank0(%s: !ng.tensor<f32[], dim_order = [0]>) -> !ng.tensor<f32[], dim_order = [0]> {
    ng.output(%s) : !ng.tensor<f32[], dim_order = [0]>
  }
}

// -----

// Subgraph values are validated too; the error names the subgraph's value.

module {
  ng.method @subgraph(%pred: !ng.tensor<i1[]>, %x: !ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3]> {
    // expected-error @+1 {{value 'x_1' has dim_order [1, 1], which is not a permutation of 0..1 (V8)}}
    %getitem = ng.call "torch.ops.higher_order.cond"(%pred, graph "true_graph_0"(%x_1: !ng.tensor<f32[2, 3], dim_order = [1, 1]>) {
      ng.output(%x_1) : !ng.tensor<f32[2, 3], dim_order = [1, 1]>
    }, graph "false_graph_0"(%x_1: !ng.tensor<f32[2, 3]>) {
      ng.output(%x_1) : !ng.tensor<f32[2, 3]>
    }, [%x]) {node = "cond"} : (!ng.tensor<i1[]>, !ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3]>
    ng.output(%getitem) : !ng.tensor<f32[2, 3]>
  }
}

// -----

// The `dim_order` argument of a dim-order op (D4) is checked against the
// result's rank. (These parse with the verifier on as well: arguments are
// the pass's business, not the dialect's.)

module {
  ng.method @bad_argument(%x: !ng.tensor<f32[1, 3, 8, 8]>) -> !ng.tensor<f32[1, 3, 8, 8]> {
    // expected-error @+1 {{node 'y': argument dim_order [0, 1, 1, 3] is not a permutation of 0..3 (V8)}}
    %y = ng.call "torch.ops.dim_order_ops._clone_dim_order.default"(self: %x, non_blocking: false, dim_order: [0, 1, 1, 3]) : (!ng.tensor<f32[1, 3, 8, 8]>) -> !ng.tensor<f32[1, 3, 8, 8]>
    ng.output(%y) : !ng.tensor<f32[1, 3, 8, 8]>
  }
}

// -----

module {
  ng.method @wrong_rank_argument(%x: !ng.tensor<f32[1, 3, 8, 8]>) -> !ng.tensor<f32[1, 3, 8, 8]> {
    // expected-error @+1 {{node 'y': argument dim_order [0, 1, 2] is not a permutation of 0..3 (V8)}}
    %y = ng.call "torch.ops.dim_order_ops._to_dim_order_copy.default"(self: %x, dtype: none, layout: none, device: none, pin_memory: none, non_blocking: false, dim_order: [0, 1, 2]) : (!ng.tensor<f32[1, 3, 8, 8]>) -> !ng.tensor<f32[1, 3, 8, 8]>
    ng.output(%y) : !ng.tensor<f32[1, 3, 8, 8]>
  }
}

// -----

module {
  ng.method @symbolic_argument(%x: !ng.tensor<f32[1, 3, 8, 8]>, %s: !ng.tensor<f32[2]>) -> !ng.tensor<f32[1, 3, 8, 8]> {
    %n = ng.call "torch.ops.aten.sym_numel.default"(self: %s) : (!ng.tensor<f32[2]>) -> i64
    // expected-error @+1 {{node 'y': argument 'dim_order' must be a literal int list or none}}
    %y = ng.call "torch.ops.dim_order_ops._clone_dim_order.default"(self: %x, non_blocking: false, dim_order: [0, %n, 2, 3]) : (!ng.tensor<f32[1, 3, 8, 8]>, i64) -> !ng.tensor<f32[1, 3, 8, 8]>
    ng.output(%y) : !ng.tensor<f32[1, 3, 8, 8]>
  }
}

// -----

// Validation runs over the whole module before anything changes: the error
// in the second method stops the pass although the first is fine.

module {
  ng.method @fine(%x: !ng.tensor<f32[2, 3], dim_order = [1, 0]>) -> !ng.tensor<f32[2, 3], dim_order = [1, 0]> {
    ng.output(%x) : !ng.tensor<f32[2, 3], dim_order = [1, 0]>
  }
  // expected-error @+1 {{value 'z' has dim_order [2, 0], which is not a permutation of 0..1 (V8)}}
  ng.method @broken(%z: !ng.tensor<f32[2, 3], dim_order = [2, 0]>) -> !ng.tensor<f32[2, 3], dim_order = [2, 0]> {
    ng.output(%z) : !ng.tensor<f32[2, 3], dim_order = [2, 0]>
  }
}
