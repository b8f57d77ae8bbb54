// RUN: ng-opt %s -split-input-file --canonicalize | FileCheck %s
// RUN: ng-opt %s -split-input-file --cse | FileCheck %s
//
// Dead-code elimination (done by --canonicalize and by --cse) through
// ng.call's memory effects (docs/Aliasing.md): an unused call is dropped
// only when it writes nothing and has no effect outside the tensors. Each
// case fails if the effects are removed (nothing is dropped: an op without
// MemoryEffectOpInterface may do anything) or wrong (a write is dropped).

// An unused call that reads only storage nothing writes is pure: dropped.
// So are an unused view and an unused read of written storage (reads and
// views change nothing).
// CHECK-LABEL: ng.method @dead
// CHECK-NEXT:    %c = ng.call "torch.ops.aten.clone.default"
// CHECK-NEXT:    %w = ng.call "torch.ops.aten.add_.Tensor"(self: mut %c
// CHECK-NEXT:    ng.output(%w)
ng.method @dead(%x: !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> {
  %neg = ng.call "torch.ops.aten.neg.default"(self: %x) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  %c = ng.call "torch.ops.aten.clone.default"(self: %x, memory_format: none) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  %v = ng.call "torch.ops.aten.view.default"(self: %c, size: [3]) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> aliases %c
  %s = ng.call "torch.ops.aten.sum.default"(self: %c, dtype: none) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[]>
  %w = ng.call "torch.ops.aten.add_.Tensor"(self: mut %c, other: %x, alpha: 1) : (!ng.tensor<f32[3]>, !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> aliases %c
  ng.output(%w) : !ng.tensor<f32[3]>
}

// -----

// An unused in-place write is kept: through a view of a clone that the
// method returns, and straight into a user input whose new value nothing
// returns.
// CHECK-LABEL: ng.method @unused_inplace
// CHECK-NEXT:    %c = ng.call "torch.ops.aten.clone.default"
// CHECK-NEXT:    %v = ng.call "torch.ops.aten.slice.Tensor"
// CHECK-NEXT:    %m = ng.call "torch.ops.aten.mul_.Tensor"(self: mut %v
// CHECK-NEXT:    %z = ng.call "torch.ops.aten.zero_.default"(self: mut %x)
// CHECK-NEXT:    ng.output(%c)
ng.method @unused_inplace(%x: !ng.tensor<f32[4]>) -> !ng.tensor<f32[4]> {
  %c = ng.call "torch.ops.aten.clone.default"(self: %x, memory_format: none) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
  %v = ng.call "torch.ops.aten.slice.Tensor"(self: %c, dim: 0, start: 0, end: 2, step: 1) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[2]> aliases %c
  %m = ng.call "torch.ops.aten.mul_.Tensor"(self: mut %v, other: 2.0) : (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> aliases %v
  %z = ng.call "torch.ops.aten.zero_.default"(self: mut %x) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]> aliases %x
  ng.output(%c) : !ng.tensor<f32[4]>
}

// -----

// Buffer writes survive: an in-place update of a mutable buffer whose
// output nothing reads, an in-place update of a persistent buffer, and the
// write-backs of the OUTPUT node (a terminator) with what they write back.
// CHECK-LABEL: ng.method @buffers
// CHECK:         %put = ng.call "torch.ops.aten.index_put_.default"(self: mut %b_cache
// CHECK-NEXT:    %add = ng.call "torch.ops.aten.add_.Tensor"(self: mut %b_count
// CHECK-NEXT:    %new = ng.call "torch.ops.aten.add.Tensor"(self: %b_state
// CHECK-NEXT:    ng.output(buffer_mutation "state" %new, %x)
ng.method @buffers(%b_cache: !ng.tensor<f32[8, 4]> = mutable_buffer "cache",
                   %b_count: !ng.tensor<f32[1]> = buffer "count" mutated,
                   %b_state: !ng.tensor<f32[1]> = buffer "state" mutated,
                   %x: !ng.tensor<f32[1, 4]>, %pos: !ng.tensor<i64[1]>)
    -> (!ng.tensor<f32[1]>, !ng.tensor<f32[1, 4]>) {
  %put = ng.call "torch.ops.aten.index_put_.default"(self: mut %b_cache, indices: [%pos], values: %x, accumulate: false) : (!ng.tensor<f32[8, 4]>, !ng.tensor<i64[1]>, !ng.tensor<f32[1, 4]>) -> !ng.tensor<f32[8, 4]> aliases %b_cache
  %add = ng.call "torch.ops.aten.add_.Tensor"(self: mut %b_count, other: 1, alpha: 1) : (!ng.tensor<f32[1]>) -> !ng.tensor<f32[1]> aliases %b_count
  %new = ng.call "torch.ops.aten.add.Tensor"(self: %b_state, other: 1, alpha: 1) : (!ng.tensor<f32[1]>) -> !ng.tensor<f32[1]>
  ng.output(buffer_mutation "state" %new, %x) : !ng.tensor<f32[1]>, !ng.tensor<f32[1, 4]>
}

// -----

// Effects outside the tensors: an assertion (no outputs, writes nothing),
// a random number generator, and a higher-order op (unknown effects) are
// kept even when nothing reads them.
// CHECK-LABEL: ng.method @opaque
// CHECK-NEXT:    ng.call "torch.ops.aten._assert_scalar.default"
// CHECK-NEXT:    %r = ng.call "torch.ops.aten.rand.default"
// CHECK-NEXT:    %h = ng.call "torch.ops.higher_order.cond"
// CHECK:         ng.output(%x)
ng.method @opaque(%x: !ng.tensor<f32[3]>, %p: !ng.tensor<i1[]>) -> !ng.tensor<f32[3]> {
  ng.call "torch.ops.aten._assert_scalar.default"(self: true, assert_msg: "ok") {node = "assert"} : () -> ()
  %r = ng.call "torch.ops.aten.rand.default"(size: [3], dtype: none, layout: none, device: none, pin_memory: none) : () -> !ng.tensor<f32[3]>
  %h = ng.call "torch.ops.higher_order.cond"(%p, graph "g"(%a: !ng.tensor<f32[3]>) {
    %n = ng.call "torch.ops.aten.neg.default"(self: %a) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
    ng.output(%n) : !ng.tensor<f32[3]>
  }, [%x]) : (!ng.tensor<i1[]>, !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  ng.output(%x) : !ng.tensor<f32[3]>
}
