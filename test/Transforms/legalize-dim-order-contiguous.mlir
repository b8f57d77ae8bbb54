// RUN: ng-opt %s -split-input-file --ng-legalize-dim-order -mlir-print-local-scope | FileCheck %s
// RUN: ng-opt %s -split-input-file --ng-legalize-dim-order=contiguous=empty -mlir-print-local-scope | FileCheck %s --check-prefix=EMPTY
// RUN: ng-opt %s -split-input-file "--ng-legalize-dim-order=contiguous-ops=my.ops.rowwise.default,torch.ops.aten.cat.default" -mlir-print-local-scope | FileCheck %s --check-prefix=EXTRA
// RUN: ng-opt %s -split-input-file --ng-legalize-dim-order > %t1 && ng-opt %t1 -split-input-file --ng-legalize-dim-order > %t2 && diff %t1 %t2
// RUN: ng-opt %s -split-input-file --ng-legalize-dim-order=contiguous=empty > %t3 && ng-opt %t3 -split-input-file --ng-legalize-dim-order=contiguous=empty > %t4 && diff %t3 %t4
// RUN: ng-opt %s -split-input-file "--ng-legalize-dim-order=contiguous-ops=my.ops.rowwise.default,torch.ops.aten.cat.default" > %t5 && ng-opt %t5 -split-input-file "--ng-legalize-dim-order=contiguous-ops=my.ops.rowwise.default,torch.ops.aten.cat.default" > %t6 && diff %t5 %t6

// Step (d) of --ng-legalize-dim-order: ops that read their input's memory
// linearly (D5: view, view_copy, _unsafe_view, reshape, avg_pool2d,
// adaptive_avg_pool2d, _adaptive_avg_pool2d, expand_copy, mean.dim,
// sum.dim_IntList, plus `contiguous-ops=...`) get a contiguous input: when
// the input's layout is not contiguous (up to size-1 dims, D3), a contiguous
// _clone_dim_order of it is inserted in front of the first such reader and
// every such reader reads the copy. The copy has the input's sizes and
// dtype, the contiguous order, and a fresh wire name derived from the
// input's (`<input>_contiguous`, then `_1`, `_2`, ... on a collision with any
// value or node name of the same graph).

// A view of a permuted tensor: the view reads (and now aliases) the copy,
// not the transposed storage. Other readers are untouched.

// CHECK-LABEL: ng.method @view_of_permute(
// CHECK:         %t = ng.call "torch.ops.aten.permute.default"(self: %x, dims: [0, 2, 1]) : (!ng.tensor<f32[2, 3, 4]>) -> !ng.tensor<f32[2, 4, 3], dim_order = [0, 2, 1]> aliases %x
// CHECK-NEXT:    %n = ng.call "torch.ops.aten.neg.default"(self: %t) : (!ng.tensor<f32[2, 4, 3], dim_order = [0, 2, 1]>) -> !ng.tensor<f32[2, 4, 3], dim_order = [0, 2, 1]>
// CHECK-NEXT:    %t_contiguous = ng.call "torch.ops.dim_order_ops._clone_dim_order.default"(self: %t, non_blocking: false, dim_order: [0, 1, 2]) : (!ng.tensor<f32[2, 4, 3], dim_order = [0, 2, 1]>) -> !ng.tensor<f32[2, 4, 3]>
// CHECK-NEXT:    %v = ng.call "torch.ops.aten.view.default"(self: %t_contiguous, size: [8, 3]) : (!ng.tensor<f32[2, 4, 3]>) -> !ng.tensor<f32[8, 3]> aliases %t_contiguous
// CHECK-NEXT:    ng.output(%v, %n, %t) :

// EMPTY-LABEL: ng.method @view_of_permute(
// EMPTY:         %t_contiguous = ng.call "torch.ops.dim_order_ops._clone_dim_order.default"(self: %t, non_blocking: false, dim_order: [0, 1, 2]) : (!ng.tensor<f32[2, 4, 3], dim_order = [0, 2, 1]>) -> !ng.tensor<f32[2, 4, 3], dim_order = []>
// EMPTY-NEXT:    %v = ng.call "torch.ops.aten.view.default"(self: %t_contiguous, size: [8, 3]) : (!ng.tensor<f32[2, 4, 3], dim_order = []>) -> !ng.tensor<f32[8, 3], dim_order = []> aliases %t_contiguous

module {
  ng.method @view_of_permute(%x: !ng.tensor<f32[2, 3, 4]>) -> (!ng.tensor<f32[8, 3]>, !ng.tensor<f32[2, 4, 3], dim_order = [0, 2, 1]>, !ng.tensor<f32[2, 4, 3], dim_order = [0, 2, 1]>) {
    %t = ng.call "torch.ops.aten.permute.default"(self: %x, dims: [0, 2, 1]) : (!ng.tensor<f32[2, 3, 4]>) -> !ng.tensor<f32[2, 4, 3], dim_order = [0, 2, 1]> aliases %x
    %n = ng.call "torch.ops.aten.neg.default"(self: %t) : (!ng.tensor<f32[2, 4, 3], dim_order = [0, 2, 1]>) -> !ng.tensor<f32[2, 4, 3], dim_order = [0, 2, 1]>
    %v = ng.call "torch.ops.aten.view.default"(self: %t, size: [8, 3]) : (!ng.tensor<f32[2, 4, 3], dim_order = [0, 2, 1]>) -> !ng.tensor<f32[8, 3]> aliases %t
    ng.output(%v, %n, %t) : !ng.tensor<f32[8, 3]>, !ng.tensor<f32[2, 4, 3], dim_order = [0, 2, 1]>, !ng.tensor<f32[2, 4, 3], dim_order = [0, 2, 1]>
  }
}

// -----

// Every op of the D5 list, reading one channels_last input: one copy,
// placed before the first reader, read by all of them.

// CHECK-LABEL: ng.method @d5(
// CHECK-NEXT:    %x_contiguous = ng.call "torch.ops.dim_order_ops._clone_dim_order.default"(self: %x, non_blocking: false, dim_order: [0, 1, 2, 3]) : (!ng.tensor<f32[2, 3, 8, 8], dim_order = [0, 2, 3, 1]>) -> !ng.tensor<f32[2, 3, 8, 8]>
// CHECK-NEXT:    %a = ng.call "torch.ops.aten.view.default"(self: %x_contiguous,
// CHECK-NEXT:    %b = ng.call "torch.ops.aten.view_copy.default"(self: %x_contiguous,
// CHECK-NEXT:    %c = ng.call "torch.ops.aten._unsafe_view.default"(self: %x_contiguous,
// CHECK-NEXT:    %d = ng.call "torch.ops.aten.reshape.default"(self: %x_contiguous,
// CHECK-NEXT:    %e = ng.call "torch.ops.aten.avg_pool2d.default"(self: %x_contiguous,
// CHECK-NEXT:    %f = ng.call "torch.ops.aten.adaptive_avg_pool2d.default"(self: %x_contiguous,
// CHECK-NEXT:    %g = ng.call "torch.ops.aten._adaptive_avg_pool2d.default"(self: %x_contiguous,
// CHECK-NEXT:    %h = ng.call "torch.ops.aten.expand_copy.default"(self: %x_contiguous,
// CHECK-NEXT:    %i = ng.call "torch.ops.aten.mean.dim"(self: %x_contiguous,
// CHECK-NEXT:    %j = ng.call "torch.ops.aten.sum.dim_IntList"(self: %x_contiguous,
// Not in the list: reads the channels_last input as it is.
// CHECK-NEXT:    %k = ng.call "torch.ops.aten.relu.default"(self: %x)
// CHECK-NEXT:    ng.output

module {
  ng.method @d5(%x: !ng.tensor<f32[2, 3, 8, 8], dim_order = [0, 2, 3, 1]>) -> (!ng.tensor<f32[6, 64]>, !ng.tensor<f32[6, 64]>, !ng.tensor<f32[6, 64]>, !ng.tensor<f32[6, 64]>, !ng.tensor<f32[2, 3, 4, 4]>, !ng.tensor<f32[2, 3, 1, 1]>, !ng.tensor<f32[2, 3, 1, 1]>, !ng.tensor<f32[2, 2, 3, 8, 8]>, !ng.tensor<f32[2, 3]>, !ng.tensor<f32[2, 3]>, !ng.tensor<f32[2, 3, 8, 8], dim_order = [0, 2, 3, 1]>) {
    %a = ng.call "torch.ops.aten.view.default"(self: %x, size: [6, 64]) : (!ng.tensor<f32[2, 3, 8, 8], dim_order = [0, 2, 3, 1]>) -> !ng.tensor<f32[6, 64]> aliases %x
    %b = ng.call "torch.ops.aten.view_copy.default"(self: %x, size: [6, 64]) : (!ng.tensor<f32[2, 3, 8, 8], dim_order = [0, 2, 3, 1]>) -> !ng.tensor<f32[6, 64]>
    %c = ng.call "torch.ops.aten._unsafe_view.default"(self: %x, size: [6, 64]) : (!ng.tensor<f32[2, 3, 8, 8], dim_order = [0, 2, 3, 1]>) -> !ng.tensor<f32[6, 64]>
    %d = ng.call "torch.ops.aten.reshape.default"(self: %x, shape: [6, 64]) : (!ng.tensor<f32[2, 3, 8, 8], dim_order = [0, 2, 3, 1]>) -> !ng.tensor<f32[6, 64]>
    %e = ng.call "torch.ops.aten.avg_pool2d.default"(self: %x, kernel_size: [2, 2], stride: [2, 2], padding: [0, 0], ceil_mode: false, count_include_pad: true, divisor_override: none) : (!ng.tensor<f32[2, 3, 8, 8], dim_order = [0, 2, 3, 1]>) -> !ng.tensor<f32[2, 3, 4, 4]>
    %f = ng.call "torch.ops.aten.adaptive_avg_pool2d.default"(self: %x, output_size: [1, 1]) : (!ng.tensor<f32[2, 3, 8, 8], dim_order = [0, 2, 3, 1]>) -> !ng.tensor<f32[2, 3, 1, 1]>
    %g = ng.call "torch.ops.aten._adaptive_avg_pool2d.default"(self: %x, output_size: [1, 1]) : (!ng.tensor<f32[2, 3, 8, 8], dim_order = [0, 2, 3, 1]>) -> !ng.tensor<f32[2, 3, 1, 1]>
    %h = ng.call "torch.ops.aten.expand_copy.default"(self: %x, size: [2, 2, 3, 8, 8], implicit: false) : (!ng.tensor<f32[2, 3, 8, 8], dim_order = [0, 2, 3, 1]>) -> !ng.tensor<f32[2, 2, 3, 8, 8]>
    %i = ng.call "torch.ops.aten.mean.dim"(self: %x, dim: [2, 3], keepdim: false, dtype: none) : (!ng.tensor<f32[2, 3, 8, 8], dim_order = [0, 2, 3, 1]>) -> !ng.tensor<f32[2, 3]>
    %j = ng.call "torch.ops.aten.sum.dim_IntList"(self: %x, dim: [2, 3], keepdim: false, dtype: none) : (!ng.tensor<f32[2, 3, 8, 8], dim_order = [0, 2, 3, 1]>) -> !ng.tensor<f32[2, 3]>
    %k = ng.call "torch.ops.aten.relu.default"(self: %x) : (!ng.tensor<f32[2, 3, 8, 8], dim_order = [0, 2, 3, 1]>) -> !ng.tensor<f32[2, 3, 8, 8], dim_order = [0, 2, 3, 1]>
    ng.output(%a, %b, %c, %d, %e, %f, %g, %h, %i, %j, %k) : !ng.tensor<f32[6, 64]>, !ng.tensor<f32[6, 64]>, !ng.tensor<f32[6, 64]>, !ng.tensor<f32[6, 64]>, !ng.tensor<f32[2, 3, 4, 4]>, !ng.tensor<f32[2, 3, 1, 1]>, !ng.tensor<f32[2, 3, 1, 1]>, !ng.tensor<f32[2, 2, 3, 8, 8]>, !ng.tensor<f32[2, 3]>, !ng.tensor<f32[2, 3]>, !ng.tensor<f32[2, 3, 8, 8], dim_order = [0, 2, 3, 1]>
  }
}

// -----

// No copy when the input is contiguous: the identity, `[]`, and
// channels_last with a size-1 channel (D3: the same layout as contiguous),
// a packed weight (no element layout), and a value without metadata (its
// layout is unknown).

// CHECK-LABEL: ng.method @no_copy(
// CHECK-NOT:     _clone_dim_order
// CHECK:         ng.output

module {
  ng.method @no_copy(
    %x: !ng.tensor<f32[2, 3, 8, 8]>,
    %e: !ng.tensor<f32[2, 3, 8, 8], dim_order = []>,
    %c1: !ng.tensor<f32[2, 1, 8, 8], dim_order = [0, 2, 3, 1]>,
    %p_w: !ng.tensor<ui8[4, 64], dim_order = none, quant = #ng.packed<"gguf:q4_0">> = parameter "w"
  ) -> (!ng.tensor<f32[6, 64]>, !ng.tensor<f32[6, 64]>, !ng.tensor<f32[2, 64]>, !ng.tensor<ui8[256]>) {
    %a = ng.call "torch.ops.aten.view_copy.default"(self: %x, size: [6, 64]) : (!ng.tensor<f32[2, 3, 8, 8]>) -> !ng.tensor<f32[6, 64]>
    %b = ng.call "torch.ops.aten.view_copy.default"(self: %e, size: [6, 64]) : (!ng.tensor<f32[2, 3, 8, 8], dim_order = []>) -> !ng.tensor<f32[6, 64]>
    %c = ng.call "torch.ops.aten.view_copy.default"(self: %c1, size: [2, 64]) : (!ng.tensor<f32[2, 1, 8, 8], dim_order = [0, 2, 3, 1]>) -> !ng.tensor<f32[2, 64]>
    %d = ng.call "torch.ops.aten.view_copy.default"(self: %p_w, size: [256]) : (!ng.tensor<ui8[4, 64], dim_order = none, quant = #ng.packed<"gguf:q4_0">>) -> !ng.tensor<ui8[256]>
    %u = ng.call "my.ops.opaque"(self: %x) : (!ng.tensor<f32[2, 3, 8, 8]>) -> !ng.tensor
    %f = ng.call "torch.ops.aten.view_copy.default"(self: %u, size: [6, 64]) : (!ng.tensor) -> !ng.tensor
    ng.output(%a, %b, %c, %d) : !ng.tensor<f32[6, 64]>, !ng.tensor<f32[6, 64]>, !ng.tensor<f32[2, 64]>, !ng.tensor<ui8[256]>
  }
}

// -----

// Names are hints (include/ng/Dialect/WireNames.h): the copy is named
// `t_contiguous` after its input although a value of that name exists; the
// printer shows the hint in `names`, and the exporter makes it unique
// (`t_contiguous_2`, as `t_contiguous_1` is a node already:
// test/Target/NativeGraph/export-names.test). A dynamic dim is kept.

// CHECK-LABEL: ng.method @names(
// CHECK:         %t_contiguous_0 = ng.call "torch.ops.dim_order_ops._clone_dim_order.default"(self: %t, non_blocking: false, dim_order: [0, 1]) {names = ["t_contiguous"]} : (!ng.tensor<f32[1:16, 6], dim_order = [1, 0]>) -> !ng.tensor<f32[1:16, 6]>
// CHECK-NEXT:    %v = ng.call "torch.ops.aten.view_copy.default"(self: %t_contiguous_0, size: [-1])

module {
  ng.method @names(%t: !ng.tensor<f32[1:16, 6], dim_order = [1, 0]>, %t_contiguous: !ng.tensor<f32[2]>) -> !ng.tensor<f32[6:96]> {
    ng.call "torch.ops.aten._assert_scalar.default"(self: true, assert_msg: "ok") {node = "t_contiguous_1"} : () -> ()
    %v = ng.call "torch.ops.aten.view_copy.default"(self: %t, size: [-1]) : (!ng.tensor<f32[1:16, 6], dim_order = [1, 0]>) -> !ng.tensor<f32[6:96]>
    ng.output(%v) : !ng.tensor<f32[6:96]>
  }
}

// -----

// Subgraphs are graphs of their own: each branch gets its own copy (a
// subgraph cannot read its parent's values, N1), named in the branch's own
// namespace; the printer shows the wire name in `names` because the parent
// uses the same SSA name. The false branch also returns the permuted input
// itself, which stays as it is.

// CHECK-LABEL: ng.method @subgraph(
// CHECK:         %t_contiguous = ng.call "torch.ops.dim_order_ops._clone_dim_order.default"(self: %t,
// CHECK-NEXT:    %v = ng.call "torch.ops.aten.view_copy.default"(self: %t_contiguous,
// CHECK:         graph "true_graph_0"(%t_0: !ng.tensor<f32[4, 6], dim_order = [1, 0]>) {
// CHECK-NEXT:      %t_contiguous_1 = ng.call "torch.ops.dim_order_ops._clone_dim_order.default"(self: %t_0, non_blocking: false, dim_order: [0, 1]) {names = ["t_contiguous"]}
// CHECK-NEXT:      %w = ng.call "torch.ops.aten.view_copy.default"(self: %t_contiguous_1, size: [24])
// CHECK:         graph "false_graph_0"(%t_0: !ng.tensor<f32[4, 6], dim_order = [1, 0]>) {
// CHECK-NEXT:      %t_contiguous_1 = ng.call "torch.ops.dim_order_ops._clone_dim_order.default"(self: %t_0, non_blocking: false, dim_order: [0, 1]) {names = ["t_contiguous"]}
// CHECK-NEXT:      %w = ng.call "torch.ops.aten.view_copy.default"(self: %t_contiguous_1, size: [24])
// CHECK-NEXT:      ng.output(%t_0)

module {
  ng.method @subgraph(%pred: !ng.tensor<i1[]>, %t: !ng.tensor<f32[4, 6], dim_order = [1, 0]>) -> (!ng.tensor<f32[24]>, !ng.tensor<f32[24]>) {
    %v = ng.call "torch.ops.aten.view_copy.default"(self: %t, size: [24]) : (!ng.tensor<f32[4, 6], dim_order = [1, 0]>) -> !ng.tensor<f32[24]>
    %getitem = ng.call "torch.ops.higher_order.cond"(%pred, graph "true_graph_0"(%t_0: !ng.tensor<f32[4, 6], dim_order = [1, 0]>) {
      %w = ng.call "torch.ops.aten.view_copy.default"(self: %t_0, size: [24]) : (!ng.tensor<f32[4, 6], dim_order = [1, 0]>) -> !ng.tensor<f32[24]>
      ng.output(%w) : !ng.tensor<f32[24]>
    }, graph "false_graph_0"(%t_0: !ng.tensor<f32[4, 6], dim_order = [1, 0]>) {
      %w = ng.call "torch.ops.aten.view_copy.default"(self: %t_0, size: [24]) : (!ng.tensor<f32[4, 6], dim_order = [1, 0]>) -> !ng.tensor<f32[24]>
      ng.output(%t_0) : !ng.tensor<f32[4, 6], dim_order = [1, 0]>
    }, [%t]) {graph_arg_names = [["t"], ["t"]], node = "cond"} : (!ng.tensor<i1[]>, !ng.tensor<f32[4, 6], dim_order = [1, 0]>) -> !ng.tensor<f32[24]>
    ng.output(%v, %getitem) : !ng.tensor<f32[24]>, !ng.tensor<f32[24]>
  }
}

// -----

// `contiguous-ops=...` extends the list (EXTRA); every tensor it reads is
// made contiguous, list elements included. By default these ops are not in
// the list.

// CHECK-LABEL: ng.method @extra(
// CHECK-NOT:     _clone_dim_order
// CHECK:         ng.output

// EXTRA-LABEL: ng.method @extra(
// EXTRA-NEXT:    %a_contiguous = ng.call "torch.ops.dim_order_ops._clone_dim_order.default"(self: %a, non_blocking: false, dim_order: [0, 1])
// EXTRA-NEXT:    %b_contiguous = ng.call "torch.ops.dim_order_ops._clone_dim_order.default"(self: %b, non_blocking: false, dim_order: [0, 1])
// EXTRA-NEXT:    %r = ng.call "my.ops.rowwise.default"(self: %a_contiguous, other: %b_contiguous)
// EXTRA-NEXT:    %cat = ng.call "torch.ops.aten.cat.default"(tensors: [%a_contiguous, %b_contiguous, %r], dim: 0)
// EXTRA-NEXT:    ng.output

module {
  ng.method @extra(%a: !ng.tensor<f32[4, 6], dim_order = [1, 0]>, %b: !ng.tensor<f32[4, 6], dim_order = [1, 0]>) -> !ng.tensor<f32[12, 6]> {
    %r = ng.call "my.ops.rowwise.default"(self: %a, other: %b) : (!ng.tensor<f32[4, 6], dim_order = [1, 0]>, !ng.tensor<f32[4, 6], dim_order = [1, 0]>) -> !ng.tensor<f32[4, 6]>
    %cat = ng.call "torch.ops.aten.cat.default"(tensors: [%a, %b, %r], dim: 0) : (!ng.tensor<f32[4, 6], dim_order = [1, 0]>, !ng.tensor<f32[4, 6], dim_order = [1, 0]>, !ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[12, 6]>
    ng.output(%cat) : !ng.tensor<f32[12, 6]>
  }
}
