// RUN: ng-opt %s -split-input-file --ng-reinplace -mlir-print-local-scope | FileCheck %s
//
// A second run changes nothing:
// RUN: ng-opt %s -split-input-file --ng-reinplace -o %t.once
// RUN: ng-opt %t.once -split-input-file -o %t.parsed
// RUN: ng-opt %t.once -split-input-file --ng-reinplace -o %t.twice
// RUN: diff %t.parsed %t.twice
//
// --ng-reinplace rewrites a functional op whose op facts name an in-place
// form (relu, gelu, sigmoid, index_put, index_copy) into it when nothing
// else needs `self`'s storage afterwards: the target gets its `_`, `self` is
// marked `mut` and the output aliases it (FORMAT.md A1), so the verifier's
// V6 and V13 hold. Every refusal is in reinplace-refusals.mlir.

// Each of the five ops, on new storage (a clone) that nothing reads after.
// The arguments are kept as they were (`approximate` of gelu, `accumulate`
// of index_put).
// CHECK-LABEL: ng.method @five_ops
// CHECK:         %relu = ng.call "torch.ops.aten.relu_.default"(self: mut %a) : (!ng.tensor<f32[4, 8]>) -> !ng.tensor<f32[4, 8]> aliases %a
// CHECK:         %gelu = ng.call "torch.ops.aten.gelu_.default"(self: mut %b, approximate: "tanh") : (!ng.tensor<f32[4, 8]>) -> !ng.tensor<f32[4, 8]> aliases %b
// CHECK:         %sigmoid = ng.call "torch.ops.aten.sigmoid_.default"(self: mut %c) : (!ng.tensor<f32[4, 8]>) -> !ng.tensor<f32[4, 8]> aliases %c
// CHECK:         %put = ng.call "torch.ops.aten.index_put_.default"(self: mut %d, indices: [%idx], values: %vals, accumulate: true) : (!ng.tensor<f32[4, 8]>, !ng.tensor<i64[2]>, !ng.tensor<f32[2, 8]>) -> !ng.tensor<f32[4, 8]> aliases %d
// CHECK:         %copy = ng.call "torch.ops.aten.index_copy_.default"(self: mut %e, dim: 0, index: %idx, source: %vals) : (!ng.tensor<f32[4, 8]>, !ng.tensor<i64[2]>, !ng.tensor<f32[2, 8]>) -> !ng.tensor<f32[4, 8]> aliases %e
// CHECK:         ng.output(%relu, %gelu, %sigmoid, %put, %copy)
ng.method @five_ops(%x: !ng.tensor<f32[4, 8]>, %idx: !ng.tensor<i64[2]>, %vals: !ng.tensor<f32[2, 8]>) -> (!ng.tensor<f32[4, 8]>, !ng.tensor<f32[4, 8]>, !ng.tensor<f32[4, 8]>, !ng.tensor<f32[4, 8]>, !ng.tensor<f32[4, 8]>) {
  %a = ng.call "torch.ops.aten.clone.default"(self: %x, memory_format: none) : (!ng.tensor<f32[4, 8]>) -> !ng.tensor<f32[4, 8]>
  %relu = ng.call "torch.ops.aten.relu.default"(self: %a) : (!ng.tensor<f32[4, 8]>) -> !ng.tensor<f32[4, 8]>
  %b = ng.call "torch.ops.aten.clone.default"(self: %x, memory_format: none) : (!ng.tensor<f32[4, 8]>) -> !ng.tensor<f32[4, 8]>
  %gelu = ng.call "torch.ops.aten.gelu.default"(self: %b, approximate: "tanh") : (!ng.tensor<f32[4, 8]>) -> !ng.tensor<f32[4, 8]>
  %c = ng.call "torch.ops.aten.clone.default"(self: %x, memory_format: none) : (!ng.tensor<f32[4, 8]>) -> !ng.tensor<f32[4, 8]>
  %sigmoid = ng.call "torch.ops.aten.sigmoid.default"(self: %c) : (!ng.tensor<f32[4, 8]>) -> !ng.tensor<f32[4, 8]>
  %d = ng.call "torch.ops.aten.clone.default"(self: %x, memory_format: none) : (!ng.tensor<f32[4, 8]>) -> !ng.tensor<f32[4, 8]>
  %put = ng.call "torch.ops.aten.index_put.default"(self: %d, indices: [%idx], values: %vals, accumulate: true) : (!ng.tensor<f32[4, 8]>, !ng.tensor<i64[2]>, !ng.tensor<f32[2, 8]>) -> !ng.tensor<f32[4, 8]>
  %e = ng.call "torch.ops.aten.clone.default"(self: %x, memory_format: none) : (!ng.tensor<f32[4, 8]>) -> !ng.tensor<f32[4, 8]>
  %copy = ng.call "torch.ops.aten.index_copy.default"(self: %e, dim: 0, index: %idx, source: %vals) : (!ng.tensor<f32[4, 8]>, !ng.tensor<i64[2]>, !ng.tensor<f32[2, 8]>) -> !ng.tensor<f32[4, 8]>
  ng.output(%relu, %gelu, %sigmoid, %put, %copy) : !ng.tensor<f32[4, 8]>, !ng.tensor<f32[4, 8]>, !ng.tensor<f32[4, 8]>, !ng.tensor<f32[4, 8]>, !ng.tensor<f32[4, 8]>
}

// -----

// The KV cache (conformance kv_cache): index_put into a mutable buffer that
// the method writes back with the result (buffer_mutation, A3). In place,
// the write-back copies the buffer onto itself.
// CHECK-LABEL: ng.method @kv_cache
// CHECK:         %put = ng.call "torch.ops.aten.index_put_.default"(self: mut %b_k_cache, indices: [none, %pos], values: %k_new, accumulate: false) {{.*}} aliases %b_k_cache
// CHECK:         %sum = ng.call "torch.ops.aten.sum.dim_IntList"(self: %put,
// CHECK:         ng.output(buffer_mutation "k_cache" %put, %sum)
ng.method @kv_cache(%b_k_cache: !ng.tensor<f32[1, 8, 4]> = mutable_buffer "k_cache", %k_new: !ng.tensor<f32[1, 1, 4]>, %pos: !ng.tensor<i64[1]>) -> (!ng.tensor<f32[1, 8, 4]>, !ng.tensor<f32[1, 4]>) {
  %put = ng.call "torch.ops.aten.index_put.default"(self: %b_k_cache, indices: [none, %pos], values: %k_new, accumulate: false) : (!ng.tensor<f32[1, 8, 4]>, !ng.tensor<i64[1]>, !ng.tensor<f32[1, 1, 4]>) -> !ng.tensor<f32[1, 8, 4]>
  %sum = ng.call "torch.ops.aten.sum.dim_IntList"(self: %put, dim: [1], keepdim: false, dtype: none) : (!ng.tensor<f32[1, 8, 4]>) -> !ng.tensor<f32[1, 4]>
  ng.output(buffer_mutation "k_cache" %put, %sum) : !ng.tensor<f32[1, 8, 4]>, !ng.tensor<f32[1, 4]>
}

// -----

// A persistent buffer (`mutated`, S2) written back, and a user input written
// back (user_input_mutation): both are the method's to write.
// CHECK-LABEL: ng.method @written_back_inputs
// CHECK:         %count = ng.call "torch.ops.aten.index_copy_.default"(self: mut %b_count, {{.*}} aliases %b_count
// CHECK:         %x_new = ng.call "torch.ops.aten.relu_.default"(self: mut %x) {{.*}} aliases %x
// CHECK:         ng.output(buffer_mutation "count" %count, user_input_mutation %x %x_new)
ng.method @written_back_inputs(%b_count: !ng.tensor<f32[4]> = buffer "count" mutated, %x: !ng.tensor<f32[4]>, %i: !ng.tensor<i64[1]>, %v: !ng.tensor<f32[1]>) -> (!ng.tensor<f32[4]>, !ng.tensor<f32[4]>) {
  %count = ng.call "torch.ops.aten.index_copy.default"(self: %b_count, dim: 0, index: %i, source: %v) : (!ng.tensor<f32[4]>, !ng.tensor<i64[1]>, !ng.tensor<f32[1]>) -> !ng.tensor<f32[4]>
  %x_new = ng.call "torch.ops.aten.relu.default"(self: %x) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
  ng.output(buffer_mutation "count" %count, user_input_mutation %x %x_new) : !ng.tensor<f32[4]>, !ng.tensor<f32[4]>
}

// -----

// A chain written back: sigmoid(relu(b)). Decided from the last call to the
// first, sigmoid writes relu's result, and relu may write the buffer since
// what is written back is (now) its result.
// CHECK-LABEL: ng.method @chain
// CHECK:         %r = ng.call "torch.ops.aten.relu_.default"(self: mut %b_state) {{.*}} aliases %b_state
// CHECK:         %s = ng.call "torch.ops.aten.sigmoid_.default"(self: mut %r) {{.*}} aliases %r
// CHECK:         ng.output(buffer_mutation "state" %s)
ng.method @chain(%b_state: !ng.tensor<f32[4]> = mutable_buffer "state") -> !ng.tensor<f32[4]> {
  %r = ng.call "torch.ops.aten.relu.default"(self: %b_state) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
  %s = ng.call "torch.ops.aten.sigmoid.default"(self: %r) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
  ng.output(buffer_mutation "state" %s) : !ng.tensor<f32[4]>
}

// -----

// Two functional readers of one tensor: the first must see it unchanged, so
// only the last is rewritten (as upstream, which walks the graph backwards).
// CHECK-LABEL: ng.method @two_readers
// CHECK:         %first = ng.call "torch.ops.aten.relu.default"(self: %a)
// CHECK:         %second = ng.call "torch.ops.aten.sigmoid_.default"(self: mut %a) {{.*}} aliases %a
ng.method @two_readers(%x: !ng.tensor<f32[4]>) -> (!ng.tensor<f32[4]>, !ng.tensor<f32[4]>) {
  %a = ng.call "torch.ops.aten.neg.default"(self: %x) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
  %first = ng.call "torch.ops.aten.relu.default"(self: %a) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
  %second = ng.call "torch.ops.aten.sigmoid.default"(self: %a) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
  ng.output(%first, %second) : !ng.tensor<f32[4]>, !ng.tensor<f32[4]>
}

// -----

// Reads before the call, through a view too, are no reason to refuse; nor is
// a view of the result read after it (that is the result).
// CHECK-LABEL: ng.method @reads_before
// CHECK:         %r = ng.call "torch.ops.aten.relu_.default"(self: mut %a) {{.*}} aliases %a
// CHECK:         %rv = ng.call "torch.ops.aten.view.default"(self: %r
ng.method @reads_before(%x: !ng.tensor<f32[4]>) -> (!ng.tensor<f32[]>, !ng.tensor<f32[2, 2]>) {
  %a = ng.call "torch.ops.aten.neg.default"(self: %x) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
  %v = ng.call "torch.ops.aten.view.default"(self: %a, size: [2, 2]) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[2, 2]> aliases %a
  %s = ng.call "torch.ops.aten.sum.default"(self: %v, dtype: none) : (!ng.tensor<f32[2, 2]>) -> !ng.tensor<f32[]>
  %r = ng.call "torch.ops.aten.relu.default"(self: %a) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
  %rv = ng.call "torch.ops.aten.view.default"(self: %r, size: [2, 2]) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[2, 2]> aliases %r
  ng.output(%s, %rv) : !ng.tensor<f32[]>, !ng.tensor<f32[2, 2]>
}

// -----

// Dynamic dims of the same range (the in-place forms are of ops whose
// output has self's sizes, OpFacts.td).
// CHECK-LABEL: ng.method @dynamic
// CHECK:         %r = ng.call "torch.ops.aten.relu_.default"(self: mut %a) : (!ng.tensor<f32[1:64, 8]>) -> !ng.tensor<f32[1:64, 8]> aliases %a
ng.method @dynamic(%x: !ng.tensor<f32[1:64, 8]>) -> !ng.tensor<f32[1:64, 8]> {
  %a = ng.call "torch.ops.aten.neg.default"(self: %x) : (!ng.tensor<f32[1:64, 8]>) -> !ng.tensor<f32[1:64, 8]>
  %r = ng.call "torch.ops.aten.relu.default"(self: %a) : (!ng.tensor<f32[1:64, 8]>) -> !ng.tensor<f32[1:64, 8]>
  ng.output(%r) : !ng.tensor<f32[1:64, 8]>
}

// -----

// Inside a subgraph: a tensor the subgraph makes, read by nothing after.
// CHECK-LABEL: ng.method @in_subgraph
// CHECK:         graph "true_graph_0"
// CHECK:           %r = ng.call "torch.ops.aten.relu_.default"(self: mut %n) {{.*}} aliases %n
// CHECK:         graph "false_graph_0"
ng.method @in_subgraph(%p: !ng.tensor<i1[]>, %x: !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> {
  %h = ng.call "torch.ops.higher_order.cond"(%p, graph "true_graph_0"(%x_1: !ng.tensor<f32[3]>) {
    %n = ng.call "torch.ops.aten.neg.default"(self: %x_1) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
    %r = ng.call "torch.ops.aten.relu.default"(self: %n) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
    ng.output(%r) : !ng.tensor<f32[3]>
  }, graph "false_graph_0"(%x_2: !ng.tensor<f32[3]>) {
    ng.output(%x_2) : !ng.tensor<f32[3]>
  }, [%x]) {node = "cond"} : (!ng.tensor<i1[]>, !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  ng.output(%h) : !ng.tensor<f32[3]>
}
