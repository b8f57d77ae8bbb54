// RUN: ng-opt %s | ng-opt -mlir-print-local-scope | FileCheck %s
// RUN: ng-opt %s > %t.1 && ng-opt %t.1 > %t.2 && diff %t.1 %t.2
// RUN: ng-opt %s -mlir-print-op-generic -mlir-print-debuginfo | ng-opt > %t.3 && diff %t.1 %t.3
// (-mlir-print-local-scope: FileCheck sees types inline rather than through
// the dialect's type aliases; the diffs compare the default output.)

// The IR form of conformance/cond.json: a higher-order op with two GraphArg
// subgraphs (W5).
//
// - Schema-less targets (HOPs) keep positional arguments without a name
//   (S4): the predicate, the two branches and the operand list print bare.
// - Each GraphArg{name, graph} is `graph "<name>"(<inputs>) { ... }`, a
//   region of the op written where the argument stands. The subgraph's
//   Graph.inputs are the region's arguments, its tensor_values the types, its
//   OUTPUT node the inner `ng.output` (which carries no output specs).
// - Every subgraph has its own namespace (N1, V9): both branches name their
//   input x_1; the regions are IsolatedFromAbove, so the operand is passed in
//   through `[%x]`.
// - Rank-0 metadata (sizes [], dim_order []) prints as `f32[]`; the empty
//   dim_order is the rank-0 identity.
// - The node is named "cond" but its output "getitem": `node = "cond"`.

// CHECK-LABEL: ng.method @forward(%x: !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> {
// CHECK-NEXT:    %aten_sum_default = ng.call "torch.ops.aten.sum.default"(self: %x, dtype: none) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[]>
// CHECK-NEXT:    %aten_gt_scalar = ng.call "torch.ops.aten.gt.Scalar"(self: %aten_sum_default, other: 0) : (!ng.tensor<f32[]>) -> !ng.tensor<i1[]>
// CHECK-NEXT:    %getitem = ng.call "torch.ops.higher_order.cond"(%aten_gt_scalar, graph "true_graph_0"(%x_1: !ng.tensor<f32[3]>) {
// CHECK-NEXT:      %aten_cos_default = ng.call "torch.ops.aten.cos.default"(self: %x_1) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
// CHECK-NEXT:      ng.output(%aten_cos_default) : !ng.tensor<f32[3]>
// CHECK-NEXT:    }, graph "false_graph_0"(%x_1: !ng.tensor<f32[3]>) {
// CHECK-NEXT:      %aten_sin_default = ng.call "torch.ops.aten.sin.default"(self: %x_1) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
// CHECK-NEXT:      ng.output(%aten_sin_default) : !ng.tensor<f32[3]>
// CHECK-NEXT:    }, [%x]) {node = "cond"} : (!ng.tensor<i1[]>, !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
// CHECK-NEXT:    ng.output(%getitem) : !ng.tensor<f32[3]>

module attributes {ng.version = "1.0"} {
  ng.method @forward(%x: !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> {
    %aten_sum_default = ng.call "torch.ops.aten.sum.default"(self: %x, dtype: none)
        : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[]>
    %aten_gt_scalar = ng.call "torch.ops.aten.gt.Scalar"(self: %aten_sum_default, other: 0)
        : (!ng.tensor<f32[]>) -> !ng.tensor<i1[]>
    %getitem = ng.call "torch.ops.higher_order.cond"(%aten_gt_scalar,
      graph "true_graph_0"(%x_1: !ng.tensor<f32[3]>) {
        %aten_cos_default = ng.call "torch.ops.aten.cos.default"(self: %x_1)
            : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
        ng.output(%aten_cos_default) : !ng.tensor<f32[3]>
      },
      graph "false_graph_0"(%x_1: !ng.tensor<f32[3]>) {
        %aten_sin_default = ng.call "torch.ops.aten.sin.default"(self: %x_1)
            : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
        ng.output(%aten_sin_default) : !ng.tensor<f32[3]>
      },
      [%x]) {node = "cond"} : (!ng.tensor<i1[]>, !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
    ng.output(%getitem) : !ng.tensor<f32[3]>
  }
}
