// RUN: ng-opt %s -split-input-file --canonicalize -mlir-print-local-scope | FileCheck %s
// RUN: ng-opt %s -split-input-file --canonicalize | ng-opt -split-input-file --canonicalize > %t.1
// RUN: ng-opt %s -split-input-file --canonicalize > %t.2 && diff %t.1 %t.2
//
// ng.call's folders (lib/Dialect/NgFolds.cpp): a view that keeps its
// input's sizes and layout is its input; a copy to its input's type is its
// input when neither storage is written (the records, Storage.h). The
// second run shows canonicalize is idempotent on what it leaves.

// A view and an alias to the same static type: the input itself.
// CHECK-LABEL: ng.method @identity_views
// CHECK-NOT: aten.view
// CHECK-NOT: aten.alias
// CHECK: ng.call "torch.ops.aten.neg.default"(self: %x)
ng.method @identity_views(%x: !ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3]> {
  %v = ng.call "torch.ops.aten.view.default"(self: %x, size: [2, 3]) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3]> aliases %x
  %a = ng.call "torch.ops.aten.alias.default"(self: %v) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3]> aliases %v
  %n = ng.call "torch.ops.aten.neg.default"(self: %a) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3]>
  ng.output(%n) : !ng.tensor<f32[2, 3]>
}

// -----

// Copies to the same type of storage nothing writes: the input. The copy
// the OUTPUT node returns stays (an output is the runtime's own memory).
// CHECK-LABEL: ng.method @identity_copies
// CHECK-NOT: view_copy
// CHECK-NOT: aten.clone
// CHECK: %[[T:.*]] = ng.call "torch.ops.aten._to_copy.default"(self: %x, dtype: f32)
// CHECK-NEXT: ng.output(%[[T]])
ng.method @identity_copies(%x: !ng.tensor<f32[4]>) -> !ng.tensor<f32[4]> {
  %c = ng.call "torch.ops.aten.view_copy.default"(self: %x, size: [4]) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
  %k = ng.call "torch.ops.aten.clone.default"(self: %c, memory_format: none) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
  %t = ng.call "torch.ops.aten._to_copy.default"(self: %k, dtype: f32) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
  ng.output(%t) : !ng.tensor<f32[4]>
}

// -----

// Refused: a square transpose keeps the type, not the values; a permute
// likewise; a view to another type; dynamic sizes.
// CHECK-LABEL: ng.method @moves_elements
// CHECK: aten.transpose.int
// CHECK: aten.permute.default
// CHECK: aten.view.default
// CHECK: aten.view.default
ng.method @moves_elements(%x: !ng.tensor<f32[3, 3]>, %d: !ng.tensor<f32[1:8, 3]>) -> (!ng.tensor<f32[3, 3]>, !ng.tensor<f32[3, 3]>, !ng.tensor<f32[9]>, !ng.tensor<f32[1:8, 3]>) {
  %t = ng.call "torch.ops.aten.transpose.int"(self: %x, dim0: 0, dim1: 1) : (!ng.tensor<f32[3, 3]>) -> !ng.tensor<f32[3, 3]> aliases %x
  %p = ng.call "torch.ops.aten.permute.default"(self: %x, dims: [1, 0]) : (!ng.tensor<f32[3, 3]>) -> !ng.tensor<f32[3, 3]> aliases %x
  %f = ng.call "torch.ops.aten.view.default"(self: %x, size: [9]) : (!ng.tensor<f32[3, 3]>) -> !ng.tensor<f32[9]> aliases %x
  %v = ng.call "torch.ops.aten.view.default"(self: %d, size: [-1, 3]) : (!ng.tensor<f32[1:8, 3]>) -> !ng.tensor<f32[1:8, 3]> aliases %d
  ng.output(%t, %p, %f, %v) : !ng.tensor<f32[3, 3]>, !ng.tensor<f32[3, 3]>, !ng.tensor<f32[9]>, !ng.tensor<f32[1:8, 3]>
}

// -----

// Refused: a copy whose storage is written in place (folding it would write
// the input), and a copy of an input written later (its readers would see
// the write).
// CHECK-LABEL: ng.method @written_copies
// CHECK: %[[C:.*]] = ng.call "torch.ops.aten.clone.default"(self: %x
// CHECK: ng.call "torch.ops.aten.add_.Tensor"(self: mut %[[C]]
// CHECK: %[[K:.*]] = ng.call "torch.ops.aten.clone.default"(self: %y
// CHECK: ng.call "torch.ops.aten.mul_.Tensor"(self: mut %y
ng.method @written_copies(%x: !ng.tensor<f32[4]>, %y: !ng.tensor<f32[4]>) -> (!ng.tensor<f32[4]>, !ng.tensor<f32[4]>, !ng.tensor<f32[4]>) {
  %c = ng.call "torch.ops.aten.clone.default"(self: %x, memory_format: none) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
  %w = ng.call "torch.ops.aten.add_.Tensor"(self: mut %c, other: 1, alpha: 1) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]> aliases %c
  %k = ng.call "torch.ops.aten.clone.default"(self: %y, memory_format: none) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
  %m = ng.call "torch.ops.aten.mul_.Tensor"(self: mut %y, other: 2) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]> aliases %y
  ng.output(%w, %k, %m) : !ng.tensor<f32[4]>, !ng.tensor<f32[4]>, !ng.tensor<f32[4]>
}

// -----

// Refused: a clone that changes the layout has another type; a call with a
// `mut` argument never folds.
// CHECK-LABEL: ng.method @other_layouts
// CHECK: aten.clone.default
// CHECK: aten.relu_.default
ng.method @other_layouts(%x: !ng.tensor<f32[2, 3]>) -> (!ng.tensor<f32[2, 3], dim_order = [1, 0]>, !ng.tensor<f32[2, 3]>) {
  %c = ng.call "torch.ops.aten.clone.default"(self: %x, memory_format: none) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3], dim_order = [1, 0]>
  %n = ng.call "torch.ops.aten.neg.default"(self: %x) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3]>
  %r = ng.call "torch.ops.aten.relu_.default"(self: mut %n) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3]> aliases %n
  ng.output(%c, %r) : !ng.tensor<f32[2, 3], dim_order = [1, 0]>, !ng.tensor<f32[2, 3]>
}
