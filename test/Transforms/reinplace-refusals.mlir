// RUN: ng-opt %s -split-input-file --ng-reinplace=report=true -verify-diagnostics -mlir-print-local-scope | FileCheck %s
//
// What --ng-reinplace refuses, one rule per method: each would be rewritten
// without the check that refuses it (compare reinplace.mlir), and each says
// why in its remark. The call stays functional: the same target, no `mut`,
// no alias_of.

// A later direct read of `self`.
// CHECK-LABEL: ng.method @read_after
// CHECK:         %r = ng.call "torch.ops.aten.relu.default"(self: %a) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>{{$}}
ng.method @read_after(%x: !ng.tensor<f32[4]>) -> !ng.tensor<f32[4]> {
  %a = ng.call "torch.ops.aten.neg.default"(self: %x) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
  // expected-remark @+1 {{node 'r' (aten.relu) stays functional: 'self' 'a' (or a view of its storage) is used after it, by node 'u'}}
  %r = ng.call "torch.ops.aten.relu.default"(self: %a) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
  %u = ng.call "torch.ops.aten.add.Tensor"(self: %a, other: %r, alpha: 1) : (!ng.tensor<f32[4]>, !ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
  ng.output(%u) : !ng.tensor<f32[4]>
}

// -----

// A view of `self`, made before the call, read after it: upstream, which
// looks only at the direct later uses of `self`, would rewrite this.
// CHECK-LABEL: ng.method @view_read_after
// CHECK:         %r = ng.call "torch.ops.aten.relu.default"(self: %a) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>{{$}}
ng.method @view_read_after(%x: !ng.tensor<f32[4]>) -> (!ng.tensor<f32[4]>, !ng.tensor<f32[]>) {
  %a = ng.call "torch.ops.aten.neg.default"(self: %x) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
  %v = ng.call "torch.ops.aten.view.default"(self: %a, size: [2, 2]) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[2, 2]> aliases %a
  %t = ng.call "torch.ops.aten.transpose.int"(self: %v, dim0: 0, dim1: 1) : (!ng.tensor<f32[2, 2]>) -> !ng.tensor<f32[2, 2], dim_order = [1, 0]> aliases %v
  // expected-remark @+1 {{node 'r' (aten.relu) stays functional: 'self' 'a' (or a view of its storage) is used after it, by node 's'}}
  %r = ng.call "torch.ops.aten.relu.default"(self: %a) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
  %s = ng.call "torch.ops.aten.sum.default"(self: %t, dtype: none) : (!ng.tensor<f32[2, 2], dim_order = [1, 0]>) -> !ng.tensor<f32[]>
  ng.output(%r, %s) : !ng.tensor<f32[4]>, !ng.tensor<f32[]>
}

// -----

// `self` read after the call inside a subgraph: the cond is handed it
// (its output is not used, so the cond is the last node to touch `self`).
// CHECK-LABEL: ng.method @subgraph_read_after
// CHECK:         %r = ng.call "torch.ops.aten.sigmoid.default"(self: %a) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>{{$}}
ng.method @subgraph_read_after(%p: !ng.tensor<i1[]>, %x: !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> {
  %a = ng.call "torch.ops.aten.neg.default"(self: %x) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  // expected-remark @+1 {{node 'r' (aten.sigmoid) stays functional: 'self' 'a' (or a view of its storage) is used after it, by node 'cond'}}
  %r = ng.call "torch.ops.aten.sigmoid.default"(self: %a) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  %h = ng.call "torch.ops.higher_order.cond"(%p, graph "true_graph_0"(%a_1: !ng.tensor<f32[3]>) {
    %c = ng.call "torch.ops.aten.cos.default"(self: %a_1) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
    ng.output(%c) : !ng.tensor<f32[3]>
  }, graph "false_graph_0"(%a_2: !ng.tensor<f32[3]>) {
    %s = ng.call "torch.ops.aten.sin.default"(self: %a_2) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
    ng.output(%s) : !ng.tensor<f32[3]>
  }, [%a]) {node = "cond"} : (!ng.tensor<i1[]>, !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  ng.output(%r) : !ng.tensor<f32[3]>
}

// -----

// A cond before the call may return `self` (here it does): reading its
// output after the call reads `self`.
// CHECK-LABEL: ng.method @through_subgraph_output
// CHECK:         %r = ng.call "torch.ops.aten.relu.default"(self: %a) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>{{$}}
ng.method @through_subgraph_output(%p: !ng.tensor<i1[]>, %x: !ng.tensor<f32[3]>) -> (!ng.tensor<f32[3]>, !ng.tensor<f32[3]>) {
  %a = ng.call "torch.ops.aten.neg.default"(self: %x) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  %h = ng.call "torch.ops.higher_order.cond"(%p, graph "true_graph_0"(%a_1: !ng.tensor<f32[3]>) {
    ng.output(%a_1) : !ng.tensor<f32[3]>
  }, graph "false_graph_0"(%a_2: !ng.tensor<f32[3]>) {
    ng.output(%a_2) : !ng.tensor<f32[3]>
  }, [%a]) {node = "cond"} : (!ng.tensor<i1[]>, !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  // expected-remark @+1 {{node 'r' (aten.relu) stays functional: 'self' 'a' (or a view of its storage) is used after it, by node 'late'}}
  %r = ng.call "torch.ops.aten.relu.default"(self: %a) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  %late = ng.call "torch.ops.aten.exp.default"(self: %h) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  ng.output(%r, %late) : !ng.tensor<f32[3]>, !ng.tensor<f32[3]>
}

// -----

// `self` is returned: the OUTPUT node reads it after the call.
// CHECK-LABEL: ng.method @returned
// CHECK:         %r = ng.call "torch.ops.aten.relu.default"(self: %a) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>{{$}}
ng.method @returned(%x: !ng.tensor<f32[4]>) -> (!ng.tensor<f32[4]>, !ng.tensor<f32[4]>) {
  %a = ng.call "torch.ops.aten.neg.default"(self: %x) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
  // expected-remark @+1 {{node 'r' (aten.relu) stays functional: 'self' 'a' (or a view of its storage) is used after it, by node 'output'}}
  %r = ng.call "torch.ops.aten.relu.default"(self: %a) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
  ng.output(%a, %r) : !ng.tensor<f32[4]>, !ng.tensor<f32[4]>
}

// -----

// A dtype the in-place op cannot hold: sigmoid of an int tensor is float.
// CHECK-LABEL: ng.method @dtype_mismatch
// CHECK:         %r = ng.call "torch.ops.aten.sigmoid.default"(self: %a) : (!ng.tensor<i64[4]>) -> !ng.tensor<f32[4]>{{$}}
ng.method @dtype_mismatch(%x: !ng.tensor<i64[4]>) -> !ng.tensor<f32[4]> {
  %a = ng.call "torch.ops.aten.neg.default"(self: %x) : (!ng.tensor<i64[4]>) -> !ng.tensor<i64[4]>
  // expected-remark @+1 {{node 'r' (aten.sigmoid) stays functional: 'self' 'a': its dtype differs from the result's (i64 vs f32)}}
  %r = ng.call "torch.ops.aten.sigmoid.default"(self: %a) : (!ng.tensor<i64[4]>) -> !ng.tensor<f32[4]>
  ng.output(%r) : !ng.tensor<f32[4]>
}

// -----

// Sizes that differ (an index_put whose result broadcasts beyond `self`), and
// a dynamic dim of another range.
// CHECK-LABEL: ng.method @size_mismatch
// CHECK:         %put = ng.call "torch.ops.aten.index_put.default"(self: %a,
// CHECK:         %r = ng.call "torch.ops.aten.relu.default"(self: %d) : (!ng.tensor<f32[1:8]>) -> !ng.tensor<f32[1:16]>{{$}}
ng.method @size_mismatch(%x: !ng.tensor<f32[4]>, %y: !ng.tensor<f32[1:8]>, %i: !ng.tensor<i64[1]>, %v: !ng.tensor<f32[2, 4]>) -> (!ng.tensor<f32[2, 4]>, !ng.tensor<f32[1:16]>) {
  %a = ng.call "torch.ops.aten.neg.default"(self: %x) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
  // expected-remark @+1 {{node 'put' (aten.index_put) stays functional: 'self' 'a': its sizes differ from the result's (!ng.tensor<f32[4]> vs !ng.tensor<f32[2, 4]>)}}
  %put = ng.call "torch.ops.aten.index_put.default"(self: %a, indices: [%i], values: %v, accumulate: false) : (!ng.tensor<f32[4]>, !ng.tensor<i64[1]>, !ng.tensor<f32[2, 4]>) -> !ng.tensor<f32[2, 4]>
  %d = ng.call "torch.ops.aten.neg.default"(self: %y) : (!ng.tensor<f32[1:8]>) -> !ng.tensor<f32[1:8]>
  // expected-remark @+1 {{node 'r' (aten.relu) stays functional: 'self' 'd': its sizes differ from the result's (!ng.tensor<f32[1:8]> vs !ng.tensor<f32[1:16]>)}}
  %r = ng.call "torch.ops.aten.relu.default"(self: %d) : (!ng.tensor<f32[1:8]>) -> !ng.tensor<f32[1:16]>
  ng.output(%put, %r) : !ng.tensor<f32[2, 4]>, !ng.tensor<f32[1:16]>
}

// -----

// A layout that differs: the in-place output is `self`, whose dim order its
// type would then misstate.
// CHECK-LABEL: ng.method @layout_mismatch
// CHECK:         %r = ng.call "torch.ops.aten.relu.default"(self: %a) : (!ng.tensor<f32[1, 3, 2, 2]>) -> !ng.tensor<f32[1, 3, 2, 2], dim_order = [0, 2, 3, 1]>{{$}}
ng.method @layout_mismatch(%x: !ng.tensor<f32[1, 3, 2, 2]>) -> !ng.tensor<f32[1, 3, 2, 2], dim_order = [0, 2, 3, 1]> {
  %a = ng.call "torch.ops.aten.neg.default"(self: %x) : (!ng.tensor<f32[1, 3, 2, 2]>) -> !ng.tensor<f32[1, 3, 2, 2]>
  // expected-remark @+1 {{its layout differs from the result's}}
  %r = ng.call "torch.ops.aten.relu.default"(self: %a) : (!ng.tensor<f32[1, 3, 2, 2]>) -> !ng.tensor<f32[1, 3, 2, 2], dim_order = [0, 2, 3, 1]>
  ng.output(%r) : !ng.tensor<f32[1, 3, 2, 2], dim_order = [0, 2, 3, 1]>
}

// -----

// A parameter and a constant (V13: nothing writes them), also through a
// view.
// CHECK-LABEL: ng.method @read_only
// CHECK:         %r = ng.call "torch.ops.aten.relu.default"(self: %p_w) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>{{$}}
// CHECK:         %s = ng.call "torch.ops.aten.sigmoid.default"(self: %v) : (!ng.tensor<f32[2, 2]>) -> !ng.tensor<f32[2, 2]>{{$}}
ng.method @read_only(%p_w: !ng.tensor<f32[4]> = parameter "w", %c_t: !ng.tensor<f32[4]> = constant "t") -> (!ng.tensor<f32[4]>, !ng.tensor<f32[2, 2]>) {
  // expected-remark @+1 {{node 'r' (aten.relu) stays functional: 'self' 'p_w' is a parameter, which nothing may write (V13)}}
  %r = ng.call "torch.ops.aten.relu.default"(self: %p_w) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
  %v = ng.call "torch.ops.aten.view.default"(self: %c_t, size: [2, 2]) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[2, 2]> aliases %c_t
  // expected-remark @+1 {{node 's' (aten.sigmoid) stays functional: 'self' 'v' is stored in constant 'c_t', which nothing may write (V13)}}
  %s = ng.call "torch.ops.aten.sigmoid.default"(self: %v) : (!ng.tensor<f32[2, 2]>) -> !ng.tensor<f32[2, 2]>
  ng.output(%r, %s) : !ng.tensor<f32[4]>, !ng.tensor<f32[2, 2]>
}

// -----

// Placeholders the method does not write back are the caller's data: a
// plain user input, a buffer and a mutable buffer without a write-back.
// CHECK-LABEL: ng.method @not_written_back
// CHECK:         %r = ng.call "torch.ops.aten.relu.default"(self: %x) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>{{$}}
// CHECK:         %s = ng.call "torch.ops.aten.sigmoid.default"(self: %b_buf) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>{{$}}
// CHECK:         %g = ng.call "torch.ops.aten.gelu.default"(self: %b_cache, approximate: "none") : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>{{$}}
ng.method @not_written_back(%x: !ng.tensor<f32[4]>, %b_buf: !ng.tensor<f32[4]> = buffer "buf", %b_cache: !ng.tensor<f32[4]> = mutable_buffer "cache") -> (!ng.tensor<f32[4]>, !ng.tensor<f32[4]>, !ng.tensor<f32[4]>) {
  // expected-remark @+1 {{node 'r' (aten.relu) stays functional: 'self' 'x' is a user input, which the method does not write back (no user_input_mutation): the in-place op would change the caller's data}}
  %r = ng.call "torch.ops.aten.relu.default"(self: %x) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
  // expected-remark @+1 {{node 's' (aten.sigmoid) stays functional: 'self' 'b_buf' is a buffer, which the method does not write back (no buffer_mutation)}}
  %s = ng.call "torch.ops.aten.sigmoid.default"(self: %b_buf) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
  // expected-remark @+1 {{node 'g' (aten.gelu) stays functional: 'self' 'b_cache' is a mutable buffer, which the method does not write back (no buffer_mutation)}}
  %g = ng.call "torch.ops.aten.gelu.default"(self: %b_cache, approximate: "none") : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
  ng.output(%r, %s, %g) : !ng.tensor<f32[4]>, !ng.tensor<f32[4]>, !ng.tensor<f32[4]>
}

// -----

// A buffer written back with another value than the result: in place, the
// result returned to the caller would be the buffer's memory, which the
// write-back then overwrites.
// CHECK-LABEL: ng.method @written_back_otherwise
// CHECK:         %r = ng.call "torch.ops.aten.relu.default"(self: %b_state) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>{{$}}
ng.method @written_back_otherwise(%b_state: !ng.tensor<f32[4]> = mutable_buffer "state", %w: !ng.tensor<f32[4]>) -> (!ng.tensor<f32[4]>, !ng.tensor<f32[4]>) {
  // expected-remark @+1 {{node 'r' (aten.relu) stays functional: 'self' 'b_state' is written back with 'w', which is not the result}}
  %r = ng.call "torch.ops.aten.relu.default"(self: %b_state) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
  ng.output(buffer_mutation "state" %w, %r) : !ng.tensor<f32[4]>, !ng.tensor<f32[4]>
}

// -----

// Another argument of the call views `self`'s storage: the in-place op
// would read what it writes.
// CHECK-LABEL: ng.method @reads_itself
// CHECK:         %copy = ng.call "torch.ops.aten.index_copy.default"(self: %a, dim: 0, index: %i, source: %s) : (!ng.tensor<f32[4, 2]>, !ng.tensor<i64[1]>, !ng.tensor<f32[1, 2]>) -> !ng.tensor<f32[4, 2]>{{$}}
ng.method @reads_itself(%x: !ng.tensor<f32[4, 2]>, %i: !ng.tensor<i64[1]>) -> !ng.tensor<f32[4, 2]> {
  %a = ng.call "torch.ops.aten.neg.default"(self: %x) : (!ng.tensor<f32[4, 2]>) -> !ng.tensor<f32[4, 2]>
  %s = ng.call "torch.ops.aten.slice.Tensor"(self: %a, dim: 0, start: 0, end: 1, step: 1) : (!ng.tensor<f32[4, 2]>) -> !ng.tensor<f32[1, 2]> aliases %a
  // expected-remark @+1 {{node 'copy' (aten.index_copy) stays functional: argument 'source' ('s') may share the storage of 'self' 'a': the in-place op would read what it writes}}
  %copy = ng.call "torch.ops.aten.index_copy.default"(self: %a, dim: 0, index: %i, source: %s) : (!ng.tensor<f32[4, 2]>, !ng.tensor<i64[1]>, !ng.tensor<f32[1, 2]>) -> !ng.tensor<f32[4, 2]>
  ng.output(%copy) : !ng.tensor<f32[4, 2]>
}

// -----

// A subgraph input is the caller's tensor; a cond's output may be one.
// CHECK-LABEL: ng.method @opaque
// CHECK:           %r = ng.call "torch.ops.aten.relu.default"(self: %x_1) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>{{$}}
// CHECK:         %s = ng.call "torch.ops.aten.sigmoid.default"(self: %h) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>{{$}}
ng.method @opaque(%p: !ng.tensor<i1[]>, %x: !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> {
  %h = ng.call "torch.ops.higher_order.cond"(%p, graph "true_graph_0"(%x_1: !ng.tensor<f32[3]>) {
    // expected-remark @+1 {{node 'r' (aten.relu) stays functional: 'self' 'x_1' is a subgraph input, a tensor of the caller's}}
    %r = ng.call "torch.ops.aten.relu.default"(self: %x_1) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
    ng.output(%r) : !ng.tensor<f32[3]>
  }, graph "false_graph_0"(%x_2: !ng.tensor<f32[3]>) {
    ng.output(%x_2) : !ng.tensor<f32[3]>
  }, [%x]) {node = "cond"} : (!ng.tensor<i1[]>, !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  // expected-remark @+1 {{node 's' (aten.sigmoid) stays functional: 'self' 'h' is stored in the output of a node with subgraphs, which may be a tensor it was given}}
  %s = ng.call "torch.ops.aten.sigmoid.default"(self: %h) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  ng.output(%s) : !ng.tensor<f32[3]>
}

// -----

// Flags the program already has are left alone: a `self` marked `mut`, an
// output that aliases an argument.
// CHECK-LABEL: ng.method @flagged
// CHECK:         %r = ng.call "torch.ops.aten.relu.default"(self: mut %a) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>{{$}}
// CHECK:         %s = ng.call "torch.ops.aten.sigmoid.default"(self: %b) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]> aliases %b
ng.method @flagged(%x: !ng.tensor<f32[4]>) -> (!ng.tensor<f32[4]>, !ng.tensor<f32[4]>) {
  %a = ng.call "torch.ops.aten.neg.default"(self: %x) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
  // expected-remark @+1 {{node 'r' (aten.relu) stays functional: its 'self' is marked `mut` already}}
  %r = ng.call "torch.ops.aten.relu.default"(self: mut %a) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
  %b = ng.call "torch.ops.aten.neg.default"(self: %x) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
  // expected-remark @+1 {{node 's' (aten.sigmoid) stays functional: its output aliases an argument already}}
  %s = ng.call "torch.ops.aten.sigmoid.default"(self: %b) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]> aliases %b
  ng.output(%r, %s) : !ng.tensor<f32[4]>, !ng.tensor<f32[4]>
}
