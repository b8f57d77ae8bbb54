// RUN: ng-opt %s --ng-collapse-view-copy -o %t.once.mlir
// RUN: FileCheck %s --input-file=%t.once.mlir
// RUN: ng-opt %s --ng-collapse-view-copy=report=true -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REMARK --implicit-check-not=remark:
//
// A second run changes nothing, run again on the output or twice in one
// pipeline: it only keeps again what the first kept.
// RUN: ng-opt %t.once.mlir --ng-collapse-view-copy=report=true -o %t.twice.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=AGAIN
// RUN: diff %t.once.mlir %t.twice.mlir
// RUN: ng-opt %s --ng-collapse-view-copy --ng-collapse-view-copy | diff %t.once.mlir -
// AGAIN-NOT: remark: {{collapsed|dropped}}
// AGAIN:     remark: kept
// AGAIN-NOT: remark: {{collapsed|dropped}}
//
// --ng-collapse-view-copy: view_copy(view_copy(x, s1), s2) is
// view_copy(x, s2) when the inner one has no other use, and a chain that
// gives x's type back goes (its readers read x). Both steps make later
// readers read x instead of a snapshot of it, so both ask the storage
// analysis (FORMAT.md A1-A3, following every alias and view) whether a
// reader would see a write it did not see before. Each refusal below fails
// without its check.

// Two view_copies collapse; three collapse into one.
// CHECK-LABEL: ng.method @chain(
// CHECK-NEXT:    %b = ng.call "torch.ops.aten.view_copy.default"(self: %x, size: [24]) : (!f32_2x3x4) -> !f32_24
// CHECK-NEXT:    %e = ng.call "torch.ops.aten.view_copy.default"(self: %x, size: [3, 8]) : (!f32_2x3x4) -> !f32_3x8
// CHECK-NEXT:    ng.output(%b, %e)
// REMARK: remark: collapsed view_copy 'a' -> 'b' onto 'x'
// REMARK: remark: collapsed view_copy 'c' -> 'd' onto 'x'
// REMARK: remark: collapsed view_copy 'd' -> 'e' onto 'x'
ng.method @chain(%x: !ng.tensor<f32[2, 3, 4]>) -> (!ng.tensor<f32[24]>, !ng.tensor<f32[3, 8]>) {
  %a = ng.call "torch.ops.aten.view_copy.default"(self: %x, size: [6, 4]) : (!ng.tensor<f32[2, 3, 4]>) -> !ng.tensor<f32[6, 4]>
  %b = ng.call "torch.ops.aten.view_copy.default"(self: %a, size: [24]) : (!ng.tensor<f32[6, 4]>) -> !ng.tensor<f32[24]>
  %c = ng.call "torch.ops.aten.view_copy.default"(self: %x, size: [6, 4]) : (!ng.tensor<f32[2, 3, 4]>) -> !ng.tensor<f32[6, 4]>
  %d = ng.call "torch.ops.aten.view_copy.default"(self: %c, size: [4, 6]) : (!ng.tensor<f32[6, 4]>) -> !ng.tensor<f32[4, 6]>
  %e = ng.call "torch.ops.aten.view_copy.default"(self: %d, size: [3, 8]) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[3, 8]>
  ng.output(%b, %e) : !ng.tensor<f32[24]>, !ng.tensor<f32[3, 8]>
}

// A chain that gives x's sizes back goes: its reader reads x.
// CHECK-LABEL: ng.method @identity(
// CHECK-NEXT:    %n = ng.call "torch.ops.aten.neg.default"(self: %x) : (!f32_2x3) -> !f32_2x3
// CHECK-NEXT:    ng.output(%n)
// REMARK: remark: dropped view_copy 'a' -> 'b': it gives 'x' back
ng.method @identity(%x: !ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3]> {
  %a = ng.call "torch.ops.aten.view_copy.default"(self: %x, size: [6]) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[6]>
  %b = ng.call "torch.ops.aten.view_copy.default"(self: %a, size: [2, 3]) : (!ng.tensor<f32[6]>) -> !ng.tensor<f32[2, 3]>
  %n = ng.call "torch.ops.aten.neg.default"(self: %b) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3]>
  ng.output(%n) : !ng.tensor<f32[2, 3]>
}

// The inner view_copy has another use: it stays, and so does the chain.
// CHECK-LABEL: ng.method @inner_used_twice(
// CHECK-NEXT:    %a = ng.call "torch.ops.aten.view_copy.default"(self: %x, size: [6])
// CHECK-NEXT:    %b = ng.call "torch.ops.aten.view_copy.default"(self: %a, size: [3, 2])
// CHECK-NEXT:    %n = ng.call "torch.ops.aten.neg.default"(self: %a)
// REMARK: remark: kept view_copy 'a' -> 'b': 'a' has other uses
ng.method @inner_used_twice(%x: !ng.tensor<f32[2, 3]>) -> (!ng.tensor<f32[3, 2]>, !ng.tensor<f32[6]>) {
  %a = ng.call "torch.ops.aten.view_copy.default"(self: %x, size: [6]) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[6]>
  %b = ng.call "torch.ops.aten.view_copy.default"(self: %a, size: [3, 2]) : (!ng.tensor<f32[6]>) -> !ng.tensor<f32[3, 2]>
  %n = ng.call "torch.ops.aten.neg.default"(self: %a) : (!ng.tensor<f32[6]>) -> !ng.tensor<f32[6]>
  ng.output(%b, %n) : !ng.tensor<f32[3, 2]>, !ng.tensor<f32[6]>
}

// x's storage is written between the two view_copies, through a view of
// it: %b copies the snapshot %a, which view_copy(%c) would not see.
// CHECK-LABEL: ng.method @written_between(
// CHECK:         %a = ng.call "torch.ops.aten.view_copy.default"(self: %c, size: [6])
// CHECK:         %b = ng.call "torch.ops.aten.view_copy.default"(self: %a, size: [3, 2])
// REMARK: remark: kept view_copy 'a' -> 'b': 'c' is written between them
ng.method @written_between(%x: !ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[3, 2]> {
  %c = ng.call "torch.ops.aten.clone.default"(self: %x, memory_format: none) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3]>
  %a = ng.call "torch.ops.aten.view_copy.default"(self: %c, size: [6]) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[6]>
  %row = ng.call "torch.ops.aten.select.int"(self: %c, dim: 0, index: 0) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[3]> aliases %c
  %w = ng.call "torch.ops.aten.add_.Scalar"(self: mut %row, other: 1, alpha: 1) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> aliases %row
  %b = ng.call "torch.ops.aten.view_copy.default"(self: %a, size: [3, 2]) : (!ng.tensor<f32[6]>) -> !ng.tensor<f32[3, 2]>
  ng.output(%b) : !ng.tensor<f32[3, 2]>
}

// Written before the chain or after it: collapsed. A write between the
// chain and its reader keeps the (collapsed) chain: its reader would see
// the write. A write before the chain starts does not.
// CHECK-LABEL: ng.method @written_while_read(
// CHECK-NEXT:    %c = ng.call "torch.ops.aten.clone.default"
// CHECK-NEXT:    %w0 = ng.call "torch.ops.aten.add_.Scalar"(self: mut %c,
// CHECK-NEXT:    %n0 = ng.call "torch.ops.aten.neg.default"(self: %c)
// CHECK-NEXT:    %b = ng.call "torch.ops.aten.view_copy.default"(self: %c, size: [2, 3])
// CHECK-NEXT:    %w1 = ng.call "torch.ops.aten.add_.Scalar"(self: mut %c,
// CHECK-NEXT:    %n1 = ng.call "torch.ops.aten.neg.default"(self: %b)
// REMARK: remark: dropped view_copy 'a0' -> 'b0': it gives 'c' back
// REMARK: remark: collapsed view_copy 'a' -> 'b' onto 'c'; kept it: 'c' is written while it is read
ng.method @written_while_read(%x: !ng.tensor<f32[2, 3]>) -> (!ng.tensor<f32[2, 3]>, !ng.tensor<f32[2, 3]>) {
  %c = ng.call "torch.ops.aten.clone.default"(self: %x, memory_format: none) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3]>
  %w0 = ng.call "torch.ops.aten.add_.Scalar"(self: mut %c, other: 1, alpha: 1) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3]> aliases %c
  %a0 = ng.call "torch.ops.aten.view_copy.default"(self: %c, size: [6]) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[6]>
  %b0 = ng.call "torch.ops.aten.view_copy.default"(self: %a0, size: [2, 3]) : (!ng.tensor<f32[6]>) -> !ng.tensor<f32[2, 3]>
  %n0 = ng.call "torch.ops.aten.neg.default"(self: %b0) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3]>
  %a = ng.call "torch.ops.aten.view_copy.default"(self: %c, size: [6]) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[6]>
  %b = ng.call "torch.ops.aten.view_copy.default"(self: %a, size: [2, 3]) : (!ng.tensor<f32[6]>) -> !ng.tensor<f32[2, 3]>
  %w1 = ng.call "torch.ops.aten.add_.Scalar"(self: mut %c, other: 1, alpha: 1) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3]> aliases %c
  %n1 = ng.call "torch.ops.aten.neg.default"(self: %b) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3]>
  ng.output(%n0, %n1) : !ng.tensor<f32[2, 3]>, !ng.tensor<f32[2, 3]>
}

// A buffer the OUTPUT node writes back is written after every read: the
// chain over it goes.
// CHECK-LABEL: ng.method @written_back(
// CHECK-NEXT:    %new = ng.call "torch.ops.aten.add.Scalar"(self: %b_state,
// CHECK-NEXT:    ng.output(buffer_mutation "state" %new, %new)
// REMARK: remark: dropped view_copy 'a' -> 'b': it gives 'b_state' back
ng.method @written_back(%b_state: !ng.tensor<f32[2, 3]> = buffer "state" mutated) -> (!ng.tensor<f32[2, 3]>, !ng.tensor<f32[2, 3]>) {
  %a = ng.call "torch.ops.aten.view_copy.default"(self: %b_state, size: [6]) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[6]>
  %b = ng.call "torch.ops.aten.view_copy.default"(self: %a, size: [2, 3]) : (!ng.tensor<f32[6]>) -> !ng.tensor<f32[2, 3]>
  %new = ng.call "torch.ops.aten.add.Scalar"(self: %b, other: 1, alpha: 1) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3]>
  ng.output(buffer_mutation "state" %new, %new) : !ng.tensor<f32[2, 3]>, !ng.tensor<f32[2, 3]>
}

// The chain's result is written in place, itself or through a view: the
// write would land in x.
// CHECK-LABEL: ng.method @result_written(
// CHECK:         %b = ng.call "torch.ops.aten.view_copy.default"(self: %x, size: [2, 3])
// CHECK-NEXT:    %w = ng.call "torch.ops.aten.relu_.default"(self: mut %b)
// CHECK:         %d = ng.call "torch.ops.aten.view_copy.default"(self: %x, size: [2, 3])
// CHECK-NEXT:    %t = ng.call "torch.ops.aten.t.default"(self: %d)
// CHECK-NEXT:    %tw = ng.call "torch.ops.aten.relu_.default"(self: mut %t)
// REMARK: remark: collapsed view_copy 'a' -> 'b' onto 'x'; kept it: it is written in place, which would write 'x'
// REMARK: remark: collapsed view_copy 'c' -> 'd' onto 'x'; kept it: it is written in place, which would write 'x'
ng.method @result_written(%x: !ng.tensor<f32[2, 3]>) -> (!ng.tensor<f32[2, 3]>, !ng.tensor<f32[3, 2], dim_order = [1, 0]>) {
  %a = ng.call "torch.ops.aten.view_copy.default"(self: %x, size: [6]) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[6]>
  %b = ng.call "torch.ops.aten.view_copy.default"(self: %a, size: [2, 3]) : (!ng.tensor<f32[6]>) -> !ng.tensor<f32[2, 3]>
  %w = ng.call "torch.ops.aten.relu_.default"(self: mut %b) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3]> aliases %b
  %c = ng.call "torch.ops.aten.view_copy.default"(self: %x, size: [6]) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[6]>
  %d = ng.call "torch.ops.aten.view_copy.default"(self: %c, size: [2, 3]) : (!ng.tensor<f32[6]>) -> !ng.tensor<f32[2, 3]>
  %t = ng.call "torch.ops.aten.t.default"(self: %d) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[3, 2], dim_order = [1, 0]> aliases %d
  %tw = ng.call "torch.ops.aten.relu_.default"(self: mut %t) : (!ng.tensor<f32[3, 2], dim_order = [1, 0]>) -> !ng.tensor<f32[3, 2], dim_order = [1, 0]> aliases %t
  ng.output(%w, %tw) : !ng.tensor<f32[2, 3]>, !ng.tensor<f32[3, 2], dim_order = [1, 0]>
}

// The chain's result feeds the OUTPUT node, itself or through a view: the
// user input x would be returned in its place (x, twice, here).
// CHECK-LABEL: ng.method @returned(
// CHECK-NEXT:    %b = ng.call "torch.ops.aten.view_copy.default"(self: %x, size: [2, 3])
// CHECK-NEXT:    %d = ng.call "torch.ops.aten.view_copy.default"(self: %x, size: [2, 3])
// CHECK-NEXT:    %t = ng.call "torch.ops.aten.t.default"(self: %d)
// CHECK-NEXT:    ng.output(%x, %b, %t)
// REMARK: remark: collapsed view_copy 'a' -> 'b' onto 'x'; kept it: it feeds an OUTPUT node, which would return 'x' instead
// REMARK: remark: collapsed view_copy 'c' -> 'd' onto 'x'; kept it: it feeds an OUTPUT node, which would return 'x' instead
ng.method @returned(%x: !ng.tensor<f32[2, 3]>) -> (!ng.tensor<f32[2, 3]>, !ng.tensor<f32[2, 3]>, !ng.tensor<f32[3, 2], dim_order = [1, 0]>) {
  %a = ng.call "torch.ops.aten.view_copy.default"(self: %x, size: [6]) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[6]>
  %b = ng.call "torch.ops.aten.view_copy.default"(self: %a, size: [2, 3]) : (!ng.tensor<f32[6]>) -> !ng.tensor<f32[2, 3]>
  %c = ng.call "torch.ops.aten.view_copy.default"(self: %x, size: [6]) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[6]>
  %d = ng.call "torch.ops.aten.view_copy.default"(self: %c, size: [2, 3]) : (!ng.tensor<f32[6]>) -> !ng.tensor<f32[2, 3]>
  %t = ng.call "torch.ops.aten.t.default"(self: %d) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[3, 2], dim_order = [1, 0]> aliases %d
  ng.output(%x, %b, %t) : !ng.tensor<f32[2, 3]>, !ng.tensor<f32[2, 3]>, !ng.tensor<f32[3, 2], dim_order = [1, 0]>
}

// Not x's type: dynamic sizes (the same range is not the same size), a
// non-contiguous x (a view_copy is contiguous), another dtype never. The
// chains collapse, keeping their size lists (references included).
// CHECK-LABEL: ng.method @not_identity(
// CHECK-NEXT:    %s = ng.call "torch.ops.aten.sym_size.int"(self: %x, dim: 0)
// CHECK-NEXT:    %b = ng.call "torch.ops.aten.view_copy.default"(self: %x, size: [%s, 3]) : (!f32_1to8x3, i64) -> !f32_1to8x3
// CHECK-NEXT:    %d = ng.call "torch.ops.aten.view_copy.default"(self: %y, size: [2, 3]) : (!f32_2x3_perm) -> !f32_2x3{{$}}
// REMARK: remark: collapsed view_copy 'a' -> 'b' onto 'x'; kept it: its sizes are not static (ng cannot tell them equal to 'x''s)
// REMARK: remark: collapsed view_copy 'c' -> 'd' onto 'y'{{$}}
ng.method @not_identity(%x: !ng.tensor<f32[1:8, 3]>, %y: !ng.tensor<f32[2, 3], dim_order = [1, 0]>) -> (!ng.tensor<f32[1:8, 3]>, !ng.tensor<f32[2, 3]>) {
  %s = ng.call "torch.ops.aten.sym_size.int"(self: %x, dim: 0) : (!ng.tensor<f32[1:8, 3]>) -> i64
  %a = ng.call "torch.ops.aten.view_copy.default"(self: %x, size: [-1]) : (!ng.tensor<f32[1:8, 3]>) -> !ng.tensor<f32[3:24]>
  %b = ng.call "torch.ops.aten.view_copy.default"(self: %a, size: [%s, 3]) : (!ng.tensor<f32[3:24]>, i64) -> !ng.tensor<f32[1:8, 3]>
  %c = ng.call "torch.ops.aten.view_copy.default"(self: %y, size: [6]) : (!ng.tensor<f32[2, 3], dim_order = [1, 0]>) -> !ng.tensor<f32[6]>
  %d = ng.call "torch.ops.aten.view_copy.default"(self: %c, size: [2, 3]) : (!ng.tensor<f32[6]>) -> !ng.tensor<f32[2, 3]>
  ng.output(%b, %d) : !ng.tensor<f32[1:8, 3]>, !ng.tensor<f32[2, 3]>
}

// The result is handed to a call with subgraphs, which may return it: ng
// does not follow what it returns, so the chain is kept.
// CHECK-LABEL: ng.method @hop_user(
// CHECK:         %b = ng.call "torch.ops.aten.view_copy.default"(self: %x, size: [3])
// CHECK-NEXT:    %r = ng.call "torch.ops.higher_order.cond"
// REMARK: remark: collapsed view_copy 'a' -> 'b' onto 'x'; kept it: it is handed to a call with subgraphs, whose results ng does not follow
ng.method @hop_user(%x: !ng.tensor<f32[3]>, %p: !ng.tensor<i1[]>) -> !ng.tensor<f32[3]> {
  %a = ng.call "torch.ops.aten.view_copy.default"(self: %x, size: [1, 3]) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[1, 3]>
  %b = ng.call "torch.ops.aten.view_copy.default"(self: %a, size: [3]) : (!ng.tensor<f32[1, 3]>) -> !ng.tensor<f32[3]>
  %r = ng.call "torch.ops.higher_order.cond"(%p, graph "true_graph_0"(%x_1: !ng.tensor<f32[3]>) {
    ng.output(%x_1) : !ng.tensor<f32[3]>
  }, graph "false_graph_0"(%x_1: !ng.tensor<f32[3]>) {
    %n = ng.call "torch.ops.aten.neg.default"(self: %x_1) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
    ng.output(%n) : !ng.tensor<f32[3]>
  }, [%b]) : (!ng.tensor<i1[]>, !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  ng.output(%r) : !ng.tensor<f32[3]>
}

// Subgraphs are rewritten like method bodies. A subgraph input whose
// subgraph writes another input may be that input (two inputs can be one
// tensor of the caller): it counts as written throughout, and the chain
// over it stays. A higher-order op's output is the same: it may be a
// tensor the op was given, written elsewhere.
// CHECK-LABEL: ng.method @subgraphs(
// CHECK:         graph "true_graph_0"(%x_1: !f32_3) {
// CHECK-NEXT:      %{{n.*}} = ng.call "torch.ops.aten.neg.default"(self: %x_1)
// CHECK:         graph "false_graph_0"(%x_1: !f32_3, %y_1: !f32_3) {
// CHECK-NEXT:      %w = ng.call "torch.ops.aten.relu_.default"(self: mut %y_1)
// CHECK-NEXT:      %a = ng.call "torch.ops.aten.view_copy.default"(self: %x_1, size: [1, 3])
// CHECK-NEXT:      %b = ng.call "torch.ops.aten.view_copy.default"(self: %a, size: [3])
// CHECK:         %c = ng.call "torch.ops.aten.view_copy.default"(self: %r, size: [1, 3])
// CHECK-NEXT:    %d = ng.call "torch.ops.aten.view_copy.default"(self: %c, size: [3])
// REMARK: remark: dropped view_copy 'a' -> 'b': it gives 'x_1' back
// REMARK: remark: kept view_copy 'a' -> 'b': 'x_1' may be written between them (ng cannot tell where)
// REMARK: remark: kept view_copy 'c' -> 'd': 'r' may be written between them (ng cannot tell where)
ng.method @subgraphs(%x: !ng.tensor<f32[3]>, %y: !ng.tensor<f32[3]>, %p: !ng.tensor<i1[]>) -> !ng.tensor<f32[3]> {
  %r = ng.call "torch.ops.higher_order.cond"(%p, graph "true_graph_0"(%x_1: !ng.tensor<f32[3]>) {
    %a = ng.call "torch.ops.aten.view_copy.default"(self: %x_1, size: [1, 3]) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[1, 3]>
    %b = ng.call "torch.ops.aten.view_copy.default"(self: %a, size: [3]) : (!ng.tensor<f32[1, 3]>) -> !ng.tensor<f32[3]>
    %n = ng.call "torch.ops.aten.neg.default"(self: %b) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
    ng.output(%n) : !ng.tensor<f32[3]>
  }, graph "false_graph_0"(%x_1: !ng.tensor<f32[3]>, %y_1: !ng.tensor<f32[3]>) {
    %w = ng.call "torch.ops.aten.relu_.default"(self: mut %y_1) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> aliases %y_1
    %a = ng.call "torch.ops.aten.view_copy.default"(self: %x_1, size: [1, 3]) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[1, 3]>
    %b = ng.call "torch.ops.aten.view_copy.default"(self: %a, size: [3]) : (!ng.tensor<f32[1, 3]>) -> !ng.tensor<f32[3]>
    %n = ng.call "torch.ops.aten.neg.default"(self: %b) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
    ng.output(%n) : !ng.tensor<f32[3]>
  }, [%x, %y]) : (!ng.tensor<i1[]>, !ng.tensor<f32[3]>, !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  %c = ng.call "torch.ops.aten.view_copy.default"(self: %r, size: [1, 3]) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[1, 3]>
  %d = ng.call "torch.ops.aten.view_copy.default"(self: %c, size: [3]) : (!ng.tensor<f32[1, 3]>) -> !ng.tensor<f32[3]>
  %n = ng.call "torch.ops.aten.neg.default"(self: %d) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  ng.output(%n) : !ng.tensor<f32[3]>
}

// A view_copy that says it aliases (alias_of) or writes (`mut`) is not the
// functional op the pass knows (A2): left alone, on either side.
// CHECK-LABEL: ng.method @flagged(
// CHECK-NEXT:    %a = ng.call "torch.ops.aten.view_copy.default"(self: %x, size: [6]) {{.*}} aliases %x
// CHECK-NEXT:    %b = ng.call "torch.ops.aten.view_copy.default"(self: %a, size: [2, 3])
// CHECK-NEXT:    %c = ng.call "torch.ops.aten.view_copy.default"(self: mut %y, size: [6])
// CHECK-NEXT:    %d = ng.call "torch.ops.aten.view_copy.default"(self: %c, size: [2, 3])
ng.method @flagged(%x: !ng.tensor<f32[2, 3]>, %y: !ng.tensor<f32[2, 3]>) -> (!ng.tensor<f32[2, 3]>, !ng.tensor<f32[2, 3]>) {
  %a = ng.call "torch.ops.aten.view_copy.default"(self: %x, size: [6]) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[6]> aliases %x
  %b = ng.call "torch.ops.aten.view_copy.default"(self: %a, size: [2, 3]) : (!ng.tensor<f32[6]>) -> !ng.tensor<f32[2, 3]>
  %c = ng.call "torch.ops.aten.view_copy.default"(self: mut %y, size: [6]) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[6]>
  %d = ng.call "torch.ops.aten.view_copy.default"(self: %c, size: [2, 3]) : (!ng.tensor<f32[6]>) -> !ng.tensor<f32[2, 3]>
  ng.output(%b, %d) : !ng.tensor<f32[2, 3]>, !ng.tensor<f32[2, 3]>
}
