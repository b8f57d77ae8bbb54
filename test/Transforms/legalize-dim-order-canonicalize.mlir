// RUN: ng-opt %s -split-input-file --ng-legalize-dim-order -mlir-print-local-scope | FileCheck %s
// RUN: ng-opt %s -split-input-file --ng-legalize-dim-order=contiguous=empty -mlir-print-local-scope | FileCheck %s --check-prefix=EMPTY
// RUN: ng-opt %s -split-input-file --ng-legalize-dim-order=contiguous=identity -mlir-print-local-scope | FileCheck %s

// A second run changes nothing, in both spellings.
// RUN: ng-opt %s -split-input-file --ng-legalize-dim-order > %t1 && ng-opt %t1 -split-input-file --ng-legalize-dim-order > %t2 && diff %t1 %t2
// RUN: ng-opt %s -split-input-file --ng-legalize-dim-order=contiguous=empty > %t3 && ng-opt %t3 -split-input-file --ng-legalize-dim-order=contiguous=empty > %t4 && diff %t3 %t4
// Switching spellings back and forth lands on the same text.
// RUN: ng-opt %t3 -split-input-file --ng-legalize-dim-order > %t5 && diff %t1 %t5

// Step (b) of --ng-legalize-dim-order: one canonical order per layout (D3) and
// one spelling for contiguous (D1). The identity prints without a dim_order
// (it is what the reference serializer writes); contiguous=empty spells it
// `dim_order = []`.

// D3: orders that differ only in where size-1 dims sit are one layout. The
// canonical order keeps the other dims' relative order and puts each size-1
// dim where the identity would (before the first larger dim that follows).
// - channels_last with a size-1 channel is contiguous;
// - channels_last spelled with the size-1 batch elsewhere is channels_last;
// - rank 3: a real transpose stays, a size-1 dim moves, a transpose of a
//   size-1 dim is contiguous;
// - rank 5: channels_last_3d stays, with a size-1 channel it is contiguous,
//   and with a size-1 depth it is spelled as channels_last_3d;
// - a dynamic dim (1:8) may be larger than 1 at run time: it is not size 1;
// - `dim_order = []` and an absent dim_order on a plain tensor are contiguous;
// - packed data (quant) keeps its absent dim_order (F1, F4);
// - the method signature follows its arguments and outputs.

// CHECK-LABEL: ng.method @canonical(
// CHECK-NEXT:    %cl_c1: !ng.tensor<f32[2, 1, 4, 4]>,
// CHECK-NEXT:    %cl_n1: !ng.tensor<f32[1, 3, 4, 4], dim_order = [0, 2, 3, 1]>,
// CHECK-NEXT:    %r3: !ng.tensor<f32[2, 3, 4], dim_order = [0, 2, 1]>,
// CHECK-NEXT:    %r3_unit: !ng.tensor<f32[4, 1, 6], dim_order = [1, 2, 0]>,
// CHECK-NEXT:    %r3_contig: !ng.tensor<f32[1, 3, 4]>,
// CHECK-NEXT:    %r5: !ng.tensor<f32[2, 3, 4, 4, 4], dim_order = [0, 2, 3, 4, 1]>,
// CHECK-NEXT:    %r5_c1: !ng.tensor<f32[2, 1, 4, 4, 4]>,
// CHECK-NEXT:    %r5_d1: !ng.tensor<f32[2, 3, 1, 4, 4], dim_order = [0, 2, 3, 4, 1]>,
// CHECK-NEXT:    %dyn: !ng.tensor<f32[1:8, 3, 4], dim_order = [1, 2, 0]>,
// CHECK-NEXT:    %empty: !ng.tensor<f32[2, 3]>,
// CHECK-NEXT:    %absent: !ng.tensor<f32[2, 3]>,
// CHECK-NEXT:    %p_w: !ng.tensor<ui8[4, 64], dim_order = none, quant = #ng.packed<"gguf:q4_0">> = parameter "w"
// CHECK-NEXT:  ) -> (!ng.tensor<f32[2, 1, 4, 4]>, !ng.tensor<f32[3, 1, 4]>) {
// CHECK-NEXT:    %t = ng.call "torch.ops.aten.permute_copy.default"(self: %r3_contig, dims: [1, 0, 2]) : (!ng.tensor<f32[1, 3, 4]>) -> !ng.tensor<f32[3, 1, 4]>
// CHECK-NEXT:    ng.output(%cl_c1, %t) : !ng.tensor<f32[2, 1, 4, 4]>, !ng.tensor<f32[3, 1, 4]>

// EMPTY-LABEL: ng.method @canonical(
// EMPTY-NEXT:    %cl_c1: !ng.tensor<f32[2, 1, 4, 4], dim_order = []>,
// EMPTY-NEXT:    %cl_n1: !ng.tensor<f32[1, 3, 4, 4], dim_order = [0, 2, 3, 1]>,
// EMPTY-NEXT:    %r3: !ng.tensor<f32[2, 3, 4], dim_order = [0, 2, 1]>,
// EMPTY-NEXT:    %r3_unit: !ng.tensor<f32[4, 1, 6], dim_order = [1, 2, 0]>,
// EMPTY-NEXT:    %r3_contig: !ng.tensor<f32[1, 3, 4], dim_order = []>,
// EMPTY-NEXT:    %r5: !ng.tensor<f32[2, 3, 4, 4, 4], dim_order = [0, 2, 3, 4, 1]>,
// EMPTY-NEXT:    %r5_c1: !ng.tensor<f32[2, 1, 4, 4, 4], dim_order = []>,
// EMPTY-NEXT:    %r5_d1: !ng.tensor<f32[2, 3, 1, 4, 4], dim_order = [0, 2, 3, 4, 1]>,
// EMPTY-NEXT:    %dyn: !ng.tensor<f32[1:8, 3, 4], dim_order = [1, 2, 0]>,
// EMPTY-NEXT:    %empty: !ng.tensor<f32[2, 3], dim_order = []>,
// EMPTY-NEXT:    %absent: !ng.tensor<f32[2, 3], dim_order = []>,
// EMPTY-NEXT:    %p_w: !ng.tensor<ui8[4, 64], dim_order = none, quant = #ng.packed<"gguf:q4_0">> = parameter "w"
// EMPTY-NEXT:  ) -> (!ng.tensor<f32[2, 1, 4, 4], dim_order = []>, !ng.tensor<f32[3, 1, 4], dim_order = []>) {
// EMPTY-NEXT:    %t = ng.call "torch.ops.aten.permute_copy.default"(self: %r3_contig, dims: [1, 0, 2]) : (!ng.tensor<f32[1, 3, 4], dim_order = []>) -> !ng.tensor<f32[3, 1, 4], dim_order = []>
// EMPTY-NEXT:    ng.output(%cl_c1, %t) : !ng.tensor<f32[2, 1, 4, 4], dim_order = []>, !ng.tensor<f32[3, 1, 4], dim_order = []>

module {
  ng.method @canonical(
    %cl_c1: !ng.tensor<f32[2, 1, 4, 4], dim_order = [0, 2, 3, 1]>,
    %cl_n1: !ng.tensor<f32[1, 3, 4, 4], dim_order = [2, 3, 0, 1]>,
    %r3: !ng.tensor<f32[2, 3, 4], dim_order = [0, 2, 1]>,
    %r3_unit: !ng.tensor<f32[4, 1, 6], dim_order = [2, 0, 1]>,
    %r3_contig: !ng.tensor<f32[1, 3, 4], dim_order = [1, 0, 2]>,
    %r5: !ng.tensor<f32[2, 3, 4, 4, 4], dim_order = [0, 2, 3, 4, 1]>,
    %r5_c1: !ng.tensor<f32[2, 1, 4, 4, 4], dim_order = [0, 2, 3, 4, 1]>,
    %r5_d1: !ng.tensor<f32[2, 3, 1, 4, 4], dim_order = [0, 3, 4, 1, 2]>,
    %dyn: !ng.tensor<f32[1:8, 3, 4], dim_order = [1, 2, 0]>,
    %empty: !ng.tensor<f32[2, 3], dim_order = []>,
    %absent: !ng.tensor<f32[2, 3], dim_order = none>,
    %p_w: !ng.tensor<ui8[4, 64], dim_order = none, quant = #ng.packed<"gguf:q4_0">> = parameter "w"
  ) -> (!ng.tensor<f32[2, 1, 4, 4], dim_order = [0, 2, 3, 1]>, !ng.tensor<f32[3, 1, 4], dim_order = [1, 0, 2]>) {
    %t = ng.call "torch.ops.aten.permute_copy.default"(self: %r3_contig, dims: [1, 0, 2]) : (!ng.tensor<f32[1, 3, 4], dim_order = [1, 0, 2]>) -> !ng.tensor<f32[3, 1, 4], dim_order = [1, 0, 2]>
    ng.output(%cl_c1, %t) : !ng.tensor<f32[2, 1, 4, 4], dim_order = [0, 2, 3, 1]>, !ng.tensor<f32[3, 1, 4], dim_order = [1, 0, 2]>
  }
}

// -----

// Rank 0 and rank 1 have one order; nothing to do (contiguous=empty spells
// them `[]` too, which for rank 0 is the identity and prints as nothing).

// CHECK-LABEL: ng.method @trivial(%s: !ng.tensor<f32[]>, %v: !ng.tensor<f32[5]>) -> !ng.tensor<f32[5]> {
// EMPTY-LABEL: ng.method @trivial(%s: !ng.tensor<f32[]>, %v: !ng.tensor<f32[5], dim_order = []>) -> !ng.tensor<f32[5], dim_order = []> {

module {
  ng.method @trivial(%s: !ng.tensor<f32[]>, %v: !ng.tensor<f32[5]>) -> !ng.tensor<f32[5]> {
    ng.output(%v) : !ng.tensor<f32[5]>
  }
}

// -----

// Subgraphs are graphs of their own (N1, V9): their inputs and values are
// canonicalized like the method's (the same function of sizes and order, so
// a branch input keeps matching the operand passed in).

// CHECK-LABEL: ng.method @subgraph(
// CHECK:         %getitem = ng.call "torch.ops.higher_order.cond"(%pred, graph "true_graph_0"(%x_1: !ng.tensor<f32[2, 1, 4, 4]>) {
// CHECK-NEXT:      %neg = ng.call "torch.ops.aten.neg.default"(self: %x_1) : (!ng.tensor<f32[2, 1, 4, 4]>) -> !ng.tensor<f32[2, 1, 4, 4]>
// CHECK-NEXT:      ng.output(%neg) : !ng.tensor<f32[2, 1, 4, 4]>
// CHECK-NEXT:    }, graph "false_graph_0"(%x_1: !ng.tensor<f32[2, 1, 4, 4]>) {
// CHECK-NEXT:      ng.output(%x_1) : !ng.tensor<f32[2, 1, 4, 4]>
// CHECK-NEXT:    }, [%x]) {node = "cond"} : (!ng.tensor<i1[]>, !ng.tensor<f32[2, 1, 4, 4]>) -> !ng.tensor<f32[2, 1, 4, 4]>

// EMPTY-LABEL: ng.method @subgraph(
// EMPTY:         graph "true_graph_0"(%x_1: !ng.tensor<f32[2, 1, 4, 4], dim_order = []>) {

module {
  ng.method @subgraph(%pred: !ng.tensor<i1[]>, %x: !ng.tensor<f32[2, 1, 4, 4], dim_order = [0, 2, 3, 1]>) -> !ng.tensor<f32[2, 1, 4, 4], dim_order = [0, 2, 3, 1]> {
    %getitem = ng.call "torch.ops.higher_order.cond"(%pred, graph "true_graph_0"(%x_1: !ng.tensor<f32[2, 1, 4, 4], dim_order = [0, 2, 3, 1]>) {
      %neg = ng.call "torch.ops.aten.neg.default"(self: %x_1) : (!ng.tensor<f32[2, 1, 4, 4], dim_order = [0, 2, 3, 1]>) -> !ng.tensor<f32[2, 1, 4, 4], dim_order = [0, 2, 3, 1]>
      ng.output(%neg) : !ng.tensor<f32[2, 1, 4, 4], dim_order = [0, 2, 3, 1]>
    }, graph "false_graph_0"(%x_1: !ng.tensor<f32[2, 1, 4, 4], dim_order = [0, 2, 3, 1]>) {
      ng.output(%x_1) : !ng.tensor<f32[2, 1, 4, 4], dim_order = [0, 2, 3, 1]>
    }, [%x]) {node = "cond"} : (!ng.tensor<i1[]>, !ng.tensor<f32[2, 1, 4, 4], dim_order = [0, 2, 3, 1]>) -> !ng.tensor<f32[2, 1, 4, 4], dim_order = [0, 2, 3, 1]>
    ng.output(%getitem) : !ng.tensor<f32[2, 1, 4, 4], dim_order = [0, 2, 3, 1]>
  }
}
