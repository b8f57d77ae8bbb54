// RUN: ng-opt %s -split-input-file --ng-legalize-dim-order -mlir-print-local-scope | FileCheck %s
// RUN: ng-opt %s -split-input-file --ng-legalize-dim-order=contiguous=empty -mlir-print-local-scope | FileCheck %s --check-prefix=EMPTY
// RUN: ng-opt %s -split-input-file --ng-legalize-dim-order > %t1 && ng-opt %t1 -split-input-file --ng-legalize-dim-order > %t2 && diff %t1 %t2
// RUN: ng-opt %s -split-input-file --ng-legalize-dim-order=contiguous=empty > %t3 && ng-opt %t3 -split-input-file --ng-legalize-dim-order=contiguous=empty > %t4 && diff %t3 %t4

// Step (c) of --ng-legalize-dim-order: aten.clone, aten._to_copy and
// aten.empty.memory_format carry a memory_format string (the native backend
// skips ExecuTorch's MemoryFormatOpsPass, D4); they become
// dim_order_ops._clone_dim_order / _to_dim_order_copy / _empty_dim_order with
// the D4 signatures and an explicit dim_order (D2):
//   contiguous_format -> [0..n-1], channels_last -> [0, 2, 3, 1] (rank 4),
//   channels_last_3d -> [0, 2, 3, 4, 1] (rank 5), preserve_format -> the
//   input's order; a `none` memory_format is PyTorch's default: preserve for
//   clone and _to_copy, contiguous for empty.
// The order written is D3-canonical, like the result's type, so the two agree
// exactly (ExecuTorch's kernels compare them element by element). Names,
// node names and metadata stay.

// CHECK-LABEL: ng.method @clone(
// CHECK:         %to_contiguous = ng.call "torch.ops.dim_order_ops._clone_dim_order.default"(self: %cl, non_blocking: false, dim_order: [0, 1, 2, 3]) {metadata = {{\[\["stack_trace", "m.py:1"\]\]}}} : (!ng.tensor<f32[2, 3, 8, 8], dim_order = [0, 2, 3, 1]>) -> !ng.tensor<f32[2, 3, 8, 8]>
// CHECK-NEXT:    %to_cl = ng.call "torch.ops.dim_order_ops._clone_dim_order.default"(self: %x, non_blocking: false, dim_order: [0, 2, 3, 1]) : (!ng.tensor<f32[2, 3, 8, 8]>) -> !ng.tensor<f32[2, 3, 8, 8], dim_order = [0, 2, 3, 1]>
// channels_last with a size-1 channel is contiguous (D3): argument and
// result say so alike.
// CHECK-NEXT:    %to_cl_c1 = ng.call "torch.ops.dim_order_ops._clone_dim_order.default"(self: %c1, non_blocking: false, dim_order: [0, 1, 2, 3]) : (!ng.tensor<f32[2, 1, 8, 8]>) -> !ng.tensor<f32[2, 1, 8, 8]>
// preserve_format and none take the input's order, here a transposed cache
// (the case the exporter's _fix_clone_memory_format works around).
// CHECK-NEXT:    %preserved = ng.call "torch.ops.dim_order_ops._clone_dim_order.default"(self: %kt, non_blocking: false, dim_order: [1, 0, 2, 3]) : (!ng.tensor<f32[2, 4, 6, 8], dim_order = [1, 0, 2, 3]>) -> !ng.tensor<f32[2, 4, 6, 8], dim_order = [1, 0, 2, 3]>
// CHECK-NEXT:    %defaulted = ng.call "torch.ops.dim_order_ops._clone_dim_order.default"(self: %kt, non_blocking: false, dim_order: [1, 0, 2, 3]) : (!ng.tensor<f32[2, 4, 6, 8], dim_order = [1, 0, 2, 3]>) -> !ng.tensor<f32[2, 4, 6, 8], dim_order = [1, 0, 2, 3]>
// CHECK-NEXT:    %r3 = ng.call "torch.ops.dim_order_ops._clone_dim_order.default"(self: %t3, non_blocking: false, dim_order: [0, 2, 1]) {node = "clone_r3"} : (!ng.tensor<f32[2, 3, 4], dim_order = [0, 2, 1]>) -> !ng.tensor<f32[2, 3, 4], dim_order = [0, 2, 1]>
// CHECK-NEXT:    ng.output

// The argument stays explicit with contiguous=empty (ExecuTorch's kernels
// need one entry per dim); only the TensorMetas are spelled [].
// EMPTY-LABEL: ng.method @clone(
// EMPTY:         %to_contiguous = ng.call "torch.ops.dim_order_ops._clone_dim_order.default"(self: %cl, non_blocking: false, dim_order: [0, 1, 2, 3]) {{.*}} -> !ng.tensor<f32[2, 3, 8, 8], dim_order = []>

module {
  ng.method @clone(
    %x: !ng.tensor<f32[2, 3, 8, 8]>,
    %cl: !ng.tensor<f32[2, 3, 8, 8], dim_order = [0, 2, 3, 1]>,
    %c1: !ng.tensor<f32[2, 1, 8, 8]>,
    %kt: !ng.tensor<f32[2, 4, 6, 8], dim_order = [1, 0, 2, 3]>,
    %t3: !ng.tensor<f32[2, 3, 4], dim_order = [0, 2, 1]>
  ) -> (!ng.tensor<f32[2, 3, 8, 8]>, !ng.tensor<f32[2, 3, 8, 8], dim_order = [0, 2, 3, 1]>, !ng.tensor<f32[2, 1, 8, 8], dim_order = [0, 2, 3, 1]>, !ng.tensor<f32[2, 4, 6, 8], dim_order = [1, 0, 2, 3]>, !ng.tensor<f32[2, 4, 6, 8], dim_order = [1, 0, 2, 3]>, !ng.tensor<f32[2, 3, 4], dim_order = [0, 2, 1]>) {
    %to_contiguous = ng.call "torch.ops.aten.clone.default"(self: %cl, memory_format: "torch.contiguous_format") {metadata = [["stack_trace", "m.py:1"]]} : (!ng.tensor<f32[2, 3, 8, 8], dim_order = [0, 2, 3, 1]>) -> !ng.tensor<f32[2, 3, 8, 8]>
    %to_cl = ng.call "torch.ops.aten.clone.default"(self: %x, memory_format: "torch.channels_last") : (!ng.tensor<f32[2, 3, 8, 8]>) -> !ng.tensor<f32[2, 3, 8, 8], dim_order = [0, 2, 3, 1]>
    %to_cl_c1 = ng.call "torch.ops.aten.clone.default"(self: %c1, memory_format: "torch.channels_last") : (!ng.tensor<f32[2, 1, 8, 8]>) -> !ng.tensor<f32[2, 1, 8, 8], dim_order = [0, 2, 3, 1]>
    %preserved = ng.call "torch.ops.aten.clone.default"(self: %kt, memory_format: "torch.preserve_format") : (!ng.tensor<f32[2, 4, 6, 8], dim_order = [1, 0, 2, 3]>) -> !ng.tensor<f32[2, 4, 6, 8], dim_order = [1, 0, 2, 3]>
    %defaulted = ng.call "torch.ops.aten.clone.default"(self: %kt, memory_format: none) : (!ng.tensor<f32[2, 4, 6, 8], dim_order = [1, 0, 2, 3]>) -> !ng.tensor<f32[2, 4, 6, 8], dim_order = [1, 0, 2, 3]>
    %r3 = ng.call "torch.ops.aten.clone.default"(self: %t3, memory_format: "torch.preserve_format") {node = "clone_r3"} : (!ng.tensor<f32[2, 3, 4], dim_order = [0, 2, 1]>) -> !ng.tensor<f32[2, 3, 4], dim_order = [0, 2, 1]>
    ng.output(%to_contiguous, %to_cl, %to_cl_c1, %preserved, %defaulted, %r3) : !ng.tensor<f32[2, 3, 8, 8]>, !ng.tensor<f32[2, 3, 8, 8], dim_order = [0, 2, 3, 1]>, !ng.tensor<f32[2, 1, 8, 8], dim_order = [0, 2, 3, 1]>, !ng.tensor<f32[2, 4, 6, 8], dim_order = [1, 0, 2, 3]>, !ng.tensor<f32[2, 4, 6, 8], dim_order = [1, 0, 2, 3]>, !ng.tensor<f32[2, 3, 4], dim_order = [0, 2, 1]>
  }
}

// -----

// _to_copy keeps dtype, layout, device, pin_memory and non_blocking in
// schema order and trades memory_format for dim_order (D4). Rank 5 with
// channels_last_3d; rank 3 with the default (preserve).

// CHECK-LABEL: ng.method @to_copy(
// CHECK:         %half = ng.call "torch.ops.dim_order_ops._to_dim_order_copy.default"(self: %v, dtype: f16, layout: none, device: "cpu", pin_memory: none, non_blocking: false, dim_order: [0, 2, 3, 4, 1]) : (!ng.tensor<f32[2, 3, 4, 4, 4]>) -> !ng.tensor<f16[2, 3, 4, 4, 4], dim_order = [0, 2, 3, 4, 1]>
// CHECK-NEXT:    %same = ng.call "torch.ops.dim_order_ops._to_dim_order_copy.default"(self: %t, dtype: i32, layout: none, device: none, pin_memory: none, non_blocking: false, dim_order: [2, 0, 1]) : (!ng.tensor<f32[2, 3, 4], dim_order = [2, 0, 1]>) -> !ng.tensor<i32[2, 3, 4], dim_order = [2, 0, 1]>
// CHECK-NEXT:    ng.output

module {
  ng.method @to_copy(%v: !ng.tensor<f32[2, 3, 4, 4, 4]>, %t: !ng.tensor<f32[2, 3, 4], dim_order = [2, 0, 1]>) -> (!ng.tensor<f16[2, 3, 4, 4, 4], dim_order = [0, 2, 3, 4, 1]>, !ng.tensor<i32[2, 3, 4], dim_order = [2, 0, 1]>) {
    %half = ng.call "torch.ops.aten._to_copy.default"(self: %v, dtype: f16, layout: none, device: "cpu", pin_memory: none, non_blocking: false, memory_format: "torch.channels_last_3d") : (!ng.tensor<f32[2, 3, 4, 4, 4]>) -> !ng.tensor<f16[2, 3, 4, 4, 4], dim_order = [0, 2, 3, 4, 1]>
    %same = ng.call "torch.ops.aten._to_copy.default"(self: %t, dtype: i32, layout: none, device: none, pin_memory: none, non_blocking: false, memory_format: none) : (!ng.tensor<f32[2, 3, 4], dim_order = [2, 0, 1]>) -> !ng.tensor<i32[2, 3, 4], dim_order = [2, 0, 1]>
    ng.output(%half, %same) : !ng.tensor<f16[2, 3, 4, 4, 4], dim_order = [0, 2, 3, 4, 1]>, !ng.tensor<i32[2, 3, 4], dim_order = [2, 0, 1]>
  }
}

// -----

// empty.memory_format: the order comes from the format and the rank of the
// result; `none` is contiguous (there is no input to preserve). A symbolic
// size stays a reference.

// CHECK-LABEL: ng.method @empty(
// CHECK:         %e_cl = ng.call "torch.ops.dim_order_ops._empty_dim_order.default"(size: [2, 3, 8, 8], dtype: f32, layout: none, device: "cpu", pin_memory: false, dim_order: [0, 2, 3, 1]) : () -> !ng.tensor<f32[2, 3, 8, 8], dim_order = [0, 2, 3, 1]>
// CHECK-NEXT:    %e_default = ng.call "torch.ops.dim_order_ops._empty_dim_order.default"(size: [%n, 3], dtype: f32, layout: none, device: none, pin_memory: none, dim_order: [0, 1]) : (i64) -> !ng.tensor<f32[1:16, 3]>
// CHECK-NEXT:    ng.output

module {
  ng.method @empty(%s: !ng.tensor<f32[1:16]>) -> (!ng.tensor<f32[2, 3, 8, 8], dim_order = [0, 2, 3, 1]>, !ng.tensor<f32[1:16, 3]>) {
    %n = ng.call "torch.ops.aten.sym_size.int"(self: %s, dim: 0) : (!ng.tensor<f32[1:16]>) -> i64
    %e_cl = ng.call "torch.ops.aten.empty.memory_format"(size: [2, 3, 8, 8], dtype: f32, layout: none, device: "cpu", pin_memory: false, memory_format: "torch.channels_last") : () -> !ng.tensor<f32[2, 3, 8, 8], dim_order = [0, 2, 3, 1]>
    %e_default = ng.call "torch.ops.aten.empty.memory_format"(size: [%n, 3], dtype: f32, layout: none, device: none, pin_memory: none, memory_format: none) : (i64) -> !ng.tensor<f32[1:16, 3]>
    ng.output(%e_cl, %e_default) : !ng.tensor<f32[2, 3, 8, 8], dim_order = [0, 2, 3, 1]>, !ng.tensor<f32[1:16, 3]>
  }
}

// -----

// Dim-order ops already in the program get the same treatment: a `none`
// dim_order becomes explicit (preserve for the copies, contiguous for
// empty), an explicit one becomes D3-canonical, and missing keyword
// arguments get their schema defaults (S4).

// CHECK-LABEL: ng.method @dim_order_ops(
// CHECK:         %a = ng.call "torch.ops.dim_order_ops._clone_dim_order.default"(self: %x, non_blocking: false, dim_order: [0, 2, 3, 1]) : (!ng.tensor<f32[2, 3, 8, 8], dim_order = [0, 2, 3, 1]>) -> !ng.tensor<f32[2, 3, 8, 8], dim_order = [0, 2, 3, 1]>
// CHECK-NEXT:    %b = ng.call "torch.ops.dim_order_ops._to_dim_order_copy.default"(self: %c1, dtype: none, layout: none, device: none, pin_memory: none, non_blocking: false, dim_order: [0, 1, 2, 3]) : (!ng.tensor<f32[2, 1, 8, 8]>) -> !ng.tensor<f32[2, 1, 8, 8]>
// CHECK-NEXT:    %c = ng.call "torch.ops.dim_order_ops._empty_dim_order.default"(size: [4, 5], dtype: none, layout: none, device: none, pin_memory: none, dim_order: [0, 1]) : () -> !ng.tensor<f32[4, 5]>
// CHECK-NEXT:    %d = ng.call "torch.ops.dim_order_ops._clone_dim_order.default"(self: %x, non_blocking: false, dim_order: [0, 2, 3, 1]) : (!ng.tensor<f32[2, 3, 8, 8], dim_order = [0, 2, 3, 1]>) -> !ng.tensor<f32[2, 3, 8, 8], dim_order = [0, 2, 3, 1]>
// CHECK-NEXT:    ng.output

module {
  ng.method @dim_order_ops(%x: !ng.tensor<f32[2, 3, 8, 8], dim_order = [0, 2, 3, 1]>, %c1: !ng.tensor<f32[2, 1, 8, 8]>) -> (!ng.tensor<f32[2, 3, 8, 8], dim_order = [0, 2, 3, 1]>, !ng.tensor<f32[2, 1, 8, 8], dim_order = [0, 2, 3, 1]>, !ng.tensor<f32[4, 5]>, !ng.tensor<f32[2, 3, 8, 8], dim_order = [0, 2, 3, 1]>) {
    %a = ng.call "torch.ops.dim_order_ops._clone_dim_order.default"(self: %x, non_blocking: false, dim_order: none) : (!ng.tensor<f32[2, 3, 8, 8], dim_order = [0, 2, 3, 1]>) -> !ng.tensor<f32[2, 3, 8, 8], dim_order = [0, 2, 3, 1]>
    %b = ng.call "torch.ops.dim_order_ops._to_dim_order_copy.default"(self: %c1, dtype: none, layout: none, device: none, pin_memory: none, non_blocking: false, dim_order: [0, 2, 3, 1]) : (!ng.tensor<f32[2, 1, 8, 8]>) -> !ng.tensor<f32[2, 1, 8, 8], dim_order = [0, 2, 3, 1]>
    %c = ng.call "torch.ops.dim_order_ops._empty_dim_order.default"(size: [4, 5], dtype: none, layout: none, device: none, pin_memory: none, dim_order: none) : () -> !ng.tensor<f32[4, 5]>
    %d = ng.call "torch.ops.dim_order_ops._clone_dim_order.default"(self: %x, dim_order: [0, 2, 3, 1]) : (!ng.tensor<f32[2, 3, 8, 8], dim_order = [0, 2, 3, 1]>) -> !ng.tensor<f32[2, 3, 8, 8], dim_order = [0, 2, 3, 1]>
    ng.output(%a, %b, %c, %d) : !ng.tensor<f32[2, 3, 8, 8], dim_order = [0, 2, 3, 1]>, !ng.tensor<f32[2, 1, 8, 8], dim_order = [0, 2, 3, 1]>, !ng.tensor<f32[4, 5]>, !ng.tensor<f32[2, 3, 8, 8], dim_order = [0, 2, 3, 1]>
  }
}

// -----

// What ng cannot know it leaves alone: a copy whose input and result carry
// no metadata (`!ng.tensor`) keeps its aten form, as does a preserve_format
// copy of an input without metadata. Ops that are not copies are untouched.

// CHECK-LABEL: ng.method @unknown(
// CHECK:         %u = ng.call "my.ops.opaque"(self: %x) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor
// CHECK-NEXT:    %c = ng.call "torch.ops.aten.clone.default"(self: %u, memory_format: "torch.contiguous_format") : (!ng.tensor) -> !ng.tensor
// CHECK-NEXT:    %p = ng.call "torch.ops.aten.clone.default"(self: %u, memory_format: "torch.preserve_format") : (!ng.tensor) -> !ng.tensor<f32[2, 3]>
// CHECK-NEXT:    %k = ng.call "torch.ops.aten.clone.out"(self: %x, memory_format: "torch.channels_last", out: %x) : (!ng.tensor<f32[2, 3]>, !ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3]>

module {
  ng.method @unknown(%x: !ng.tensor<f32[2, 3]>) -> (!ng.tensor<f32[2, 3]>, !ng.tensor<f32[2, 3]>) {
    %u = ng.call "my.ops.opaque"(self: %x) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor
    %c = ng.call "torch.ops.aten.clone.default"(self: %u, memory_format: "torch.contiguous_format") : (!ng.tensor) -> !ng.tensor
    %p = ng.call "torch.ops.aten.clone.default"(self: %u, memory_format: "torch.preserve_format") : (!ng.tensor) -> !ng.tensor<f32[2, 3]>
    %k = ng.call "torch.ops.aten.clone.out"(self: %x, memory_format: "torch.channels_last", out: %x) : (!ng.tensor<f32[2, 3]>, !ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3]>
    ng.output(%p, %k) : !ng.tensor<f32[2, 3]>, !ng.tensor<f32[2, 3]>
  }
}

// -----

// Subgraphs are rewritten as graphs of their own.

// CHECK-LABEL: ng.method @subgraph(
// CHECK:         graph "true_graph_0"(%x_1: !ng.tensor<f32[2, 3, 8, 8]>) {
// CHECK-NEXT:      %clone = ng.call "torch.ops.dim_order_ops._clone_dim_order.default"(self: %x_1, non_blocking: false, dim_order: [0, 2, 3, 1]) : (!ng.tensor<f32[2, 3, 8, 8]>) -> !ng.tensor<f32[2, 3, 8, 8], dim_order = [0, 2, 3, 1]>

module {
  ng.method @subgraph(%pred: !ng.tensor<i1[]>, %x: !ng.tensor<f32[2, 3, 8, 8]>) -> !ng.tensor<f32[2, 3, 8, 8], dim_order = [0, 2, 3, 1]> {
    %getitem = ng.call "torch.ops.higher_order.cond"(%pred, graph "true_graph_0"(%x_1: !ng.tensor<f32[2, 3, 8, 8]>) {
      %clone = ng.call "torch.ops.aten.clone.default"(self: %x_1, memory_format: "torch.channels_last") : (!ng.tensor<f32[2, 3, 8, 8]>) -> !ng.tensor<f32[2, 3, 8, 8], dim_order = [0, 2, 3, 1]>
      ng.output(%clone) : !ng.tensor<f32[2, 3, 8, 8], dim_order = [0, 2, 3, 1]>
    }, graph "false_graph_0"(%x_1: !ng.tensor<f32[2, 3, 8, 8]>) {
      %clone = ng.call "torch.ops.dim_order_ops._clone_dim_order.default"(self: %x_1, non_blocking: false, dim_order: [0, 2, 3, 1]) : (!ng.tensor<f32[2, 3, 8, 8]>) -> !ng.tensor<f32[2, 3, 8, 8], dim_order = [0, 2, 3, 1]>
      ng.output(%clone) : !ng.tensor<f32[2, 3, 8, 8], dim_order = [0, 2, 3, 1]>
    }, [%x]) {node = "cond"} : (!ng.tensor<i1[]>, !ng.tensor<f32[2, 3, 8, 8]>) -> !ng.tensor<f32[2, 3, 8, 8], dim_order = [0, 2, 3, 1]>
    ng.output(%getitem) : !ng.tensor<f32[2, 3, 8, 8], dim_order = [0, 2, 3, 1]>
  }
}
