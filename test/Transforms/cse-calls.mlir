// RUN: ng-opt %s -split-input-file --cse | FileCheck %s
// RUN: ng-opt %s -split-input-file --cse --cse | FileCheck %s
// The cases --ng-cse was written for. --ng-cse compared what a call
// computes, ignoring its wire names; it is now a deprecated alias of
// upstream --cse (pass-aliases.mlir), which relies on the memory effects of
// ng.call (docs/Aliasing.md) to stay safe.

// Two identical pure calls: the later one goes, its readers read the
// earlier, whatever their names (names are location hints, which CSE does
// not compare).
// CHECK-LABEL: ng.method @pure
// CHECK-NEXT:    %a = ng.call "torch.ops.aten.neg.default"(self: %x)
// CHECK-NEXT:    ng.output(%a, %a)
ng.method @pure(%x: !ng.tensor<f32[3]>) -> (!ng.tensor<f32[3]>, !ng.tensor<f32[3]>) {
  %a = ng.call "torch.ops.aten.neg.default"(self: %x) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  %b = ng.call "torch.ops.aten.neg.default"(self: %x) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  ng.output(%a, %b) : !ng.tensor<f32[3]>, !ng.tensor<f32[3]>
}

// -----

// Different arguments are different computations.
// CHECK-LABEL: ng.method @different
// CHECK:         %a = ng.call "torch.ops.aten.add.Tensor"(self: %x, other: %x, alpha: 1)
// CHECK:         %b = ng.call "torch.ops.aten.add.Tensor"(self: %x, other: %x, alpha: 2)
ng.method @different(%x: !ng.tensor<f32[3]>) -> (!ng.tensor<f32[3]>, !ng.tensor<f32[3]>) {
  %a = ng.call "torch.ops.aten.add.Tensor"(self: %x, other: %x, alpha: 1) : (!ng.tensor<f32[3]>, !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  %b = ng.call "torch.ops.aten.add.Tensor"(self: %x, other: %x, alpha: 2) : (!ng.tensor<f32[3]>, !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  ng.output(%a, %b) : !ng.tensor<f32[3]>, !ng.tensor<f32[3]>
}

// -----

// Two reads of a buffer with an in-place write between them see different
// data: not merged, and the write stays.
// CHECK-LABEL: ng.method @read_write_read
// CHECK:         %r1 = ng.call "torch.ops.aten.neg.default"(self: %b_buf)
// CHECK:         %w = ng.call "torch.ops.aten.add_.Tensor"(self: mut %b_buf
// CHECK:         %r2 = ng.call "torch.ops.aten.neg.default"(self: %b_buf)
ng.method @read_write_read(%x: !ng.tensor<f32[3]>,
    %b_buf: !ng.tensor<f32[3]> = buffer "buf" mutated)
    -> (!ng.tensor<f32[3]>, !ng.tensor<f32[3]>, !ng.tensor<f32[3]>) {
  %r1 = ng.call "torch.ops.aten.neg.default"(self: %b_buf) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  %w = ng.call "torch.ops.aten.add_.Tensor"(self: mut %b_buf, other: %x, alpha: 1) : (!ng.tensor<f32[3]>, !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> aliases %b_buf
  %r2 = ng.call "torch.ops.aten.neg.default"(self: %b_buf) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  ng.output(%r1, buffer_mutation "buf" %w, %r2) : !ng.tensor<f32[3]>, !ng.tensor<f32[3]>, !ng.tensor<f32[3]>
}

// -----

// Random draws are never one.
// CHECK-LABEL: ng.method @random
// CHECK:         %a = ng.call "torch.ops.aten.rand_like.default"
// CHECK:         %b = ng.call "torch.ops.aten.rand_like.default"
ng.method @random(%x: !ng.tensor<f32[3]>) -> (!ng.tensor<f32[3]>, !ng.tensor<f32[3]>) {
  %a = ng.call "torch.ops.aten.rand_like.default"(self: %x) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  %b = ng.call "torch.ops.aten.rand_like.default"(self: %x) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  ng.output(%a, %b) : !ng.tensor<f32[3]>, !ng.tensor<f32[3]>
}
