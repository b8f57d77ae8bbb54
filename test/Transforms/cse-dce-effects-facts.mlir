// RUN: ng-opt %s -split-input-file --cse --canonicalize 2>/dev/null | FileCheck %s
//
// Upstream --cse and --canonicalize (its DCE) on in-place writes, with the
// aliasing flags (FORMAT.md A1: `mut`, alias_of) and without them: ng.call's
// effects come from the flags and, where those are missing, from what ng
// knows about the target (include/ng/Dialect/OpFacts.td, docs/Aliasing.md).
// In each case the two identical pure calls merge, the write survives
// (its result is unused) and stays where it was, and the two identical
// reads around it stay two. (The stripped programs verify with a warning
// per node, warn-flags-facts.mlir; stderr is not checked here.)

// With the flags (A1, A2: `aten.add_.Tensor` marks `self` mutated and its
// output aliases `self`).
// CHECK-LABEL: ng.method @flags
// CHECK-NEXT:    %c = ng.call "torch.ops.aten.clone.default"(self: %x
// CHECK-NEXT:    %[[N:.*]] = ng.call "torch.ops.aten.neg.default"(self: %x)
// CHECK-NEXT:    %[[S1:.*]] = ng.call "torch.ops.aten.sum.default"(self: %c
// CHECK-NEXT:    %w = ng.call "torch.ops.aten.add_.Tensor"(self: mut %c, other: 1, alpha: 1) {{.*}} aliases %c
// CHECK-NEXT:    %[[S2:.*]] = ng.call "torch.ops.aten.sum.default"(self: %c
// CHECK-NEXT:    ng.output(%[[N]], %[[N]], %[[S1]], %[[S2]])
ng.method @flags(%x: !ng.tensor<f32[4]>)
    -> (!ng.tensor<f32[4]>, !ng.tensor<f32[4]>, !ng.tensor<f32[]>, !ng.tensor<f32[]>) {
  %c = ng.call "torch.ops.aten.clone.default"(self: %x, memory_format: none) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
  %n1 = ng.call "torch.ops.aten.neg.default"(self: %x) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
  %n2 = ng.call "torch.ops.aten.neg.default"(self: %x) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
  %s1 = ng.call "torch.ops.aten.sum.default"(self: %c, dtype: none) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[]>
  %w = ng.call "torch.ops.aten.add_.Tensor"(self: mut %c, other: 1, alpha: 1) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]> aliases %c
  %s2 = ng.call "torch.ops.aten.sum.default"(self: %c, dtype: none) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[]>
  ng.output(%n1, %n2, %s1, %s2) : !ng.tensor<f32[4]>, !ng.tensor<f32[4]>, !ng.tensor<f32[]>, !ng.tensor<f32[]>
}

// -----

// The same program stripped of its flags: no `mut`, no alias_of. The facts
// know add_ writes `self` (an aten name ending in `_`), so the write is
// kept and the reads of the clone around it are not merged; the pure pair
// still is.
// CHECK-LABEL: ng.method @stripped
// CHECK-NEXT:    %c = ng.call "torch.ops.aten.clone.default"(self: %x
// CHECK-NEXT:    %[[N:.*]] = ng.call "torch.ops.aten.neg.default"(self: %x)
// CHECK-NEXT:    %[[S1:.*]] = ng.call "torch.ops.aten.sum.default"(self: %c
// CHECK-NEXT:    %w = ng.call "torch.ops.aten.add_.Tensor"(self: %c, other: 1, alpha: 1) : (!f32_4) -> !f32_4{{$}}
// CHECK-NEXT:    %[[S2:.*]] = ng.call "torch.ops.aten.sum.default"(self: %c
// CHECK-NEXT:    ng.output(%[[N]], %[[N]], %[[S1]], %[[S2]])
ng.method @stripped(%x: !ng.tensor<f32[4]>)
    -> (!ng.tensor<f32[4]>, !ng.tensor<f32[4]>, !ng.tensor<f32[]>, !ng.tensor<f32[]>) {
  %c = ng.call "torch.ops.aten.clone.default"(self: %x, memory_format: none) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
  %n1 = ng.call "torch.ops.aten.neg.default"(self: %x) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
  %n2 = ng.call "torch.ops.aten.neg.default"(self: %x) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
  %s1 = ng.call "torch.ops.aten.sum.default"(self: %c, dtype: none) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[]>
  %w = ng.call "torch.ops.aten.add_.Tensor"(self: %c, other: 1, alpha: 1) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
  %s2 = ng.call "torch.ops.aten.sum.default"(self: %c, dtype: none) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[]>
  ng.output(%n1, %n2, %s1, %s2) : !ng.tensor<f32[4]>, !ng.tensor<f32[4]>, !ng.tensor<f32[]>, !ng.tensor<f32[]>
}

// -----

// A write through a view stripped of its alias_of (A2: slice.Tensor views
// `self`): the facts put the slice in the clone's storage, so the write
// (with `mut`) writes the clone, and the reads of the clone around it stay
// two. The two identical slices are one view: merged.
// CHECK-LABEL: ng.method @stripped_view
// CHECK-NEXT:    %c = ng.call "torch.ops.aten.clone.default"(self: %x
// CHECK-NEXT:    %[[S1:.*]] = ng.call "torch.ops.aten.sum.default"(self: %c
// CHECK-NEXT:    %[[V:.*]] = ng.call "torch.ops.aten.slice.Tensor"(self: %c
// CHECK-NEXT:    %m = ng.call "torch.ops.aten.mul_.Tensor"(self: mut %[[V]], other: 2.0)
// CHECK-NEXT:    %[[S2:.*]] = ng.call "torch.ops.aten.sum.default"(self: %c
// CHECK-NEXT:    ng.output(%[[S1]], %[[S2]], %[[V]], %[[V]])
ng.method @stripped_view(%x: !ng.tensor<f32[4]>)
    -> (!ng.tensor<f32[]>, !ng.tensor<f32[]>, !ng.tensor<f32[2]>, !ng.tensor<f32[2]>) {
  %c = ng.call "torch.ops.aten.clone.default"(self: %x, memory_format: none) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
  %s1 = ng.call "torch.ops.aten.sum.default"(self: %c, dtype: none) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[]>
  %v = ng.call "torch.ops.aten.slice.Tensor"(self: %c, dim: 0, start: 0, end: 2, step: 1) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[2]>
  %v2 = ng.call "torch.ops.aten.slice.Tensor"(self: %c, dim: 0, start: 0, end: 2, step: 1) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[2]>
  %m = ng.call "torch.ops.aten.mul_.Tensor"(self: mut %v, other: 2.0) : (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
  %s2 = ng.call "torch.ops.aten.sum.default"(self: %c, dtype: none) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[]>
  ng.output(%s1, %s2, %v, %v2) : !ng.tensor<f32[]>, !ng.tensor<f32[]>, !ng.tensor<f32[2]>, !ng.tensor<f32[2]>
}

// -----

// Stripped all the way: a slice without alias_of, written by a mul_
// without `mut`. Still a write to the clone.
// CHECK-LABEL: ng.method @stripped_both
// CHECK-NEXT:    %c = ng.call "torch.ops.aten.clone.default"(self: %x
// CHECK-NEXT:    %[[S1:.*]] = ng.call "torch.ops.aten.sum.default"(self: %c
// CHECK-NEXT:    %v = ng.call "torch.ops.aten.slice.Tensor"(self: %c
// CHECK-NEXT:    %m = ng.call "torch.ops.aten.mul_.Tensor"(self: %v, other: 2.0)
// CHECK-NEXT:    %[[S2:.*]] = ng.call "torch.ops.aten.sum.default"(self: %c
// CHECK-NEXT:    ng.output(%[[S1]], %[[S2]])
ng.method @stripped_both(%x: !ng.tensor<f32[4]>) -> (!ng.tensor<f32[]>, !ng.tensor<f32[]>) {
  %c = ng.call "torch.ops.aten.clone.default"(self: %x, memory_format: none) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
  %s1 = ng.call "torch.ops.aten.sum.default"(self: %c, dtype: none) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[]>
  %v = ng.call "torch.ops.aten.slice.Tensor"(self: %c, dim: 0, start: 0, end: 2, step: 1) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[2]>
  %m = ng.call "torch.ops.aten.mul_.Tensor"(self: %v, other: 2.0) : (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
  %s2 = ng.call "torch.ops.aten.sum.default"(self: %c, dtype: none) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[]>
  ng.output(%s1, %s2) : !ng.tensor<f32[]>, !ng.tensor<f32[]>
}

// -----

// Negative: a target ng knows nothing about is a pure function of its
// operands whatever its name (an in-place-looking name outside aten, an
// unknown aten op): identical calls merge, an unused one is dropped, and
// reads across it merge. Programs from such writers keep their `mut` flags.
// The clone, of storage nothing writes, folds to its input (NgFolds.cpp).
// CHECK-LABEL: ng.method @unknown
// CHECK-NEXT:    %[[S1:.*]] = ng.call "torch.ops.aten.sum.default"(self: %x
// CHECK-NEXT:    %[[U:.*]] = ng.call "torch.ops.mylib.scale_.default"(self: %x)
// CHECK-NEXT:    ng.output(%[[S1]], %[[S1]], %[[U]], %[[U]])
ng.method @unknown(%x: !ng.tensor<f32[4]>)
    -> (!ng.tensor<f32[]>, !ng.tensor<f32[]>, !ng.tensor<f32[4]>, !ng.tensor<f32[4]>) {
  %c = ng.call "torch.ops.aten.clone.default"(self: %x, memory_format: none) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
  %s1 = ng.call "torch.ops.aten.sum.default"(self: %c, dtype: none) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[]>
  %u1 = ng.call "torch.ops.mylib.scale_.default"(self: %c) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
  %u2 = ng.call "torch.ops.mylib.scale_.default"(self: %c) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
  %dead = ng.call "torch.ops.aten.frobnicate.default"(self: %c) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
  %s2 = ng.call "torch.ops.aten.sum.default"(self: %c, dtype: none) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[]>
  ng.output(%s1, %s2, %u1, %u2) : !ng.tensor<f32[]>, !ng.tensor<f32[]>, !ng.tensor<f32[4]>, !ng.tensor<f32[4]>
}
