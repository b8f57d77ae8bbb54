// RUN: ng-opt %s -split-input-file --cse | FileCheck %s
//
// What --cse may merge, by ng.call's memory effects (docs/Aliasing.md).
// Wire names are hints in locations, which CSE does not compare (the calls
// of a pair below even share their names, which is valid IR: the exporter
// makes names unique), so what decides is what each call does to memory.
//
// Each case fails if the effects are removed (an op without effects may do
// anything: nothing merges) or wrong (a merge across a write).

// Two identical calls that read only storage nothing writes: merged.
// CHECK-LABEL: ng.method @pure
// CHECK-NEXT:    %[[A:.*]] = ng.call "torch.ops.aten.neg.default"(self: %x)
// CHECK-NEXT:    ng.output(%[[A]], %[[A]])
ng.method @pure(%x: !ng.tensor<f32[3]>) -> (!ng.tensor<f32[3]>, !ng.tensor<f32[3]>) {
  %a = ng.call "torch.ops.aten.neg.default"(self: %x) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  %b = ng.call "torch.ops.aten.neg.default"(self: %x) {names = ["a"]} : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  ng.output(%a, %b) : !ng.tensor<f32[3]>, !ng.tensor<f32[3]>
}

// -----

// Two reads of a clone separated by an in-place write to a view of it: they
// see different data, and are not merged. Two reads with no write between
// them are merged; so are two reads of x, which nothing writes, even with a
// write between them.
// CHECK-LABEL: ng.method @reads
// CHECK-NEXT:    %c = ng.call "torch.ops.aten.clone.default"
// CHECK-NEXT:    %[[S1:.*]] = ng.call "torch.ops.aten.sum.default"(self: %c
// CHECK-NEXT:    %[[X1:.*]] = ng.call "torch.ops.aten.sum.default"(self: %x
// CHECK-NEXT:    %v = ng.call "torch.ops.aten.slice.Tensor"
// CHECK-NEXT:    %m = ng.call "torch.ops.aten.mul_.Tensor"(self: mut %v
// CHECK-NEXT:    %[[S3:.*]] = ng.call "torch.ops.aten.sum.default"(self: %c
// CHECK-NEXT:    ng.output(%[[S1]], %[[S1]], %[[S3]], %[[X1]], %[[X1]])
ng.method @reads(%x: !ng.tensor<f32[4]>)
    -> (!ng.tensor<f32[]>, !ng.tensor<f32[]>, !ng.tensor<f32[]>, !ng.tensor<f32[]>, !ng.tensor<f32[]>) {
  %c = ng.call "torch.ops.aten.clone.default"(self: %x, memory_format: none) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
  %s1 = ng.call "torch.ops.aten.sum.default"(self: %c, dtype: none) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[]>
  %s2 = ng.call "torch.ops.aten.sum.default"(self: %c, dtype: none) {names = ["s1"]} : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[]>
  %x1 = ng.call "torch.ops.aten.sum.default"(self: %x, dtype: none) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[]>
  %v = ng.call "torch.ops.aten.slice.Tensor"(self: %c, dim: 0, start: 0, end: 2, step: 1) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[2]> aliases %c
  %m = ng.call "torch.ops.aten.mul_.Tensor"(self: mut %v, other: 2.0) : (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> aliases %v
  %s3 = ng.call "torch.ops.aten.sum.default"(self: %c, dtype: none) {names = ["s1"]} : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[]>
  %x2 = ng.call "torch.ops.aten.sum.default"(self: %x, dtype: none) {names = ["x1"]} : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[]>
  ng.output(%s1, %s2, %s3, %x1, %x2) : !ng.tensor<f32[]>, !ng.tensor<f32[]>, !ng.tensor<f32[]>, !ng.tensor<f32[]>, !ng.tensor<f32[]>
}

// -----

// Two identical calls making new storage that is then written: each output
// is its own tensor, not merged. Two identical views of written storage
// are the same view: merged.
// CHECK-LABEL: ng.method @fresh
// CHECK-NEXT:    %c = ng.call "torch.ops.aten.clone.default"(self: %x
// CHECK-NEXT:    %[[C2:.*]] = ng.call "torch.ops.aten.clone.default"(self: %x
// CHECK-NEXT:    %[[V:.*]] = ng.call "torch.ops.aten.t.default"(self: %c)
// CHECK-NEXT:    %w = ng.call "torch.ops.aten.add_.Tensor"(self: mut %c
// CHECK-NEXT:    ng.output(%c, %[[C2]], %[[V]], %[[V]])
ng.method @fresh(%x: !ng.tensor<f32[2, 2]>)
    -> (!ng.tensor<f32[2, 2]>, !ng.tensor<f32[2, 2]>, !ng.tensor<f32[2, 2]>, !ng.tensor<f32[2, 2]>) {
  %c = ng.call "torch.ops.aten.clone.default"(self: %x, memory_format: none) : (!ng.tensor<f32[2, 2]>) -> !ng.tensor<f32[2, 2]>
  %c2 = ng.call "torch.ops.aten.clone.default"(self: %x, memory_format: none) {names = ["c"]} : (!ng.tensor<f32[2, 2]>) -> !ng.tensor<f32[2, 2]>
  %v1 = ng.call "torch.ops.aten.t.default"(self: %c) : (!ng.tensor<f32[2, 2]>) -> !ng.tensor<f32[2, 2]> aliases %c
  %w = ng.call "torch.ops.aten.add_.Tensor"(self: mut %c, other: %x, alpha: 1) : (!ng.tensor<f32[2, 2]>, !ng.tensor<f32[2, 2]>) -> !ng.tensor<f32[2, 2]> aliases %c
  %v2 = ng.call "torch.ops.aten.t.default"(self: %c) {names = ["v1"]} : (!ng.tensor<f32[2, 2]>) -> !ng.tensor<f32[2, 2]> aliases %c
  ng.output(%c, %c2, %v1, %v2) : !ng.tensor<f32[2, 2]>, !ng.tensor<f32[2, 2]>, !ng.tensor<f32[2, 2]>, !ng.tensor<f32[2, 2]>
}

// -----

// Never merged: two in-place writes, two random draws, two higher-order ops
// (unknown effects).
// CHECK-LABEL: ng.method @never
// CHECK-COUNT-2: "torch.ops.aten.add_.Tensor"
// CHECK-COUNT-2: "torch.ops.aten.rand.default"
// CHECK-COUNT-2: "torch.ops.higher_order.cond"
ng.method @never(%x: !ng.tensor<f32[3]>, %p: !ng.tensor<i1[]>)
    -> (!ng.tensor<f32[3]>, !ng.tensor<f32[3]>, !ng.tensor<f32[3]>, !ng.tensor<f32[3]>, !ng.tensor<f32[3]>, !ng.tensor<f32[3]>) {
  %w1 = ng.call "torch.ops.aten.add_.Tensor"(self: mut %x, other: 1, alpha: 1) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> aliases %x
  %w2 = ng.call "torch.ops.aten.add_.Tensor"(self: mut %x, other: 1, alpha: 1) {names = ["w1"]} : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> aliases %x
  %r1 = ng.call "torch.ops.aten.rand.default"(size: [3], dtype: none, layout: none, device: none, pin_memory: none) : () -> !ng.tensor<f32[3]>
  %r2 = ng.call "torch.ops.aten.rand.default"(size: [3], dtype: none, layout: none, device: none, pin_memory: none) {names = ["r1"]} : () -> !ng.tensor<f32[3]>
  %h1 = ng.call "torch.ops.higher_order.cond"(%p, graph "g"(%a: !ng.tensor<f32[3]>) {
    %n = ng.call "torch.ops.aten.neg.default"(self: %a) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
    ng.output(%n) : !ng.tensor<f32[3]>
  }, [%x]) : (!ng.tensor<i1[]>, !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  %h2 = ng.call "torch.ops.higher_order.cond"(%p, graph "g"(%a: !ng.tensor<f32[3]>) {
    %n = ng.call "torch.ops.aten.neg.default"(self: %a) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
    ng.output(%n) : !ng.tensor<f32[3]>
  }, [%x]) {names = ["h1"]} : (!ng.tensor<i1[]>, !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  ng.output(%w1, %w2, %r1, %r2, %h1, %h2) : !ng.tensor<f32[3]>, !ng.tensor<f32[3]>, !ng.tensor<f32[3]>, !ng.tensor<f32[3]>, !ng.tensor<f32[3]>, !ng.tensor<f32[3]>
}
