// What looks like x * sigmoid(x) and must not fuse: the pass leaves every
// node as it was: the program exports to the same bytes it came in as.
//
// RUN: %ng-opt-plugin %s --ng-example-fuse-silu | FileCheck %s
// RUN: %ng-opt-plugin %s --ng-example-fuse-silu | FileCheck %s --check-prefix=NOSILU
// RUN: %ng-translate --to-native-graph %s -o %t.in.nptg
// RUN: %ng-opt-plugin %t.in.nptg --ng-example-fuse-silu -o %t.out.nptg
// RUN: cmp %t.in.nptg %t.out.nptg
//
// NOSILU-NOT: aten.silu

// The sigmoid is used twice: fusing would compute it as well as the silu.
// CHECK-LABEL: ng.method @shared_sigmoid
// CHECK:   %s = ng.call "torch.ops.aten.sigmoid.default"(self: %x)
// CHECK:   %p = ng.call "torch.ops.aten.mul.Tensor"(self: %x, other: %s)
// CHECK:   ng.output(%p, %s)
ng.method @shared_sigmoid(%x: !ng.tensor<f32[4]>) -> (!ng.tensor<f32[4]>, !ng.tensor<f32[4]>) {
  %s = ng.call "torch.ops.aten.sigmoid.default"(self: %x) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
  %p = ng.call "torch.ops.aten.mul.Tensor"(self: %x, other: %s) : (!ng.tensor<f32[4]>, !ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
  ng.output(%p, %s) : !ng.tensor<f32[4]>, !ng.tensor<f32[4]>
}

// y * sigmoid(x): not a SiLU.
// CHECK-LABEL: ng.method @other_factor
// CHECK:   %s = ng.call "torch.ops.aten.sigmoid.default"(self: %x)
// CHECK:   %p = ng.call "torch.ops.aten.mul.Tensor"(self: %y, other: %s)
ng.method @other_factor(%x: !ng.tensor<f32[4]>, %y: !ng.tensor<f32[4]>) -> (!ng.tensor<f32[4]>) {
  %s = ng.call "torch.ops.aten.sigmoid.default"(self: %x) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
  %p = ng.call "torch.ops.aten.mul.Tensor"(self: %y, other: %s) : (!ng.tensor<f32[4]>, !ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
  ng.output(%p) : !ng.tensor<f32[4]>
}

// sigmoid(x) * sigmoid(x) and x * x: one factor is not the other's sigmoid.
// CHECK-LABEL: ng.method @square
// CHECK:   %s = ng.call "torch.ops.aten.sigmoid.default"(self: %x)
// CHECK:   %p = ng.call "torch.ops.aten.mul.Tensor"(self: %s, other: %s)
// CHECK:   %q = ng.call "torch.ops.aten.mul.Tensor"(self: %x, other: %x)
ng.method @square(%x: !ng.tensor<f32[4]>) -> (!ng.tensor<f32[4]>, !ng.tensor<f32[4]>) {
  %s = ng.call "torch.ops.aten.sigmoid.default"(self: %x) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
  %p = ng.call "torch.ops.aten.mul.Tensor"(self: %s, other: %s) : (!ng.tensor<f32[4]>, !ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
  %q = ng.call "torch.ops.aten.mul.Tensor"(self: %x, other: %x) : (!ng.tensor<f32[4]>, !ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
  ng.output(%p, %q) : !ng.tensor<f32[4]>, !ng.tensor<f32[4]>
}

// The product is written in place later: its storage is written (an
// Allocate effect), so the call is not effect free and stays, with the
// write after it.
// CHECK-LABEL: ng.method @written_product
// CHECK:   %s = ng.call "torch.ops.aten.sigmoid.default"(self: %x)
// CHECK:   %p = ng.call "torch.ops.aten.mul.Tensor"(self: %x, other: %s)
// CHECK:   ng.call "torch.ops.aten.relu_.default"(self: mut %p)
ng.method @written_product(%x: !ng.tensor<f32[4]>) -> (!ng.tensor<f32[4]>) {
  %s = ng.call "torch.ops.aten.sigmoid.default"(self: %x) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
  %p = ng.call "torch.ops.aten.mul.Tensor"(self: %x, other: %s) : (!ng.tensor<f32[4]>, !ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
  %r = ng.call "torch.ops.aten.relu_.default"(self: mut %p) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]> aliases %p
  ng.output(%r) : !ng.tensor<f32[4]>
}

// x is storage written in place: the sigmoid and the product read it (a
// Read effect), so neither is effect free.
// CHECK-LABEL: ng.method @written_input
// CHECK:   ng.call "torch.ops.aten.add_.Tensor"(self: mut %c
// CHECK:   %s = ng.call "torch.ops.aten.sigmoid.default"(self: %c)
// CHECK:   %p = ng.call "torch.ops.aten.mul.Tensor"(self: %c, other: %s)
ng.method @written_input(%x: !ng.tensor<f32[4]>) -> (!ng.tensor<f32[4]>) {
  %c = ng.call "torch.ops.aten.clone.default"(self: %x, memory_format: none) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
  %w = ng.call "torch.ops.aten.add_.Tensor"(self: mut %c, other: 1, alpha: 1) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]> aliases %c
  %s = ng.call "torch.ops.aten.sigmoid.default"(self: %c) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
  %p = ng.call "torch.ops.aten.mul.Tensor"(self: %c, other: %s) : (!ng.tensor<f32[4]>, !ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
  ng.output(%p) : !ng.tensor<f32[4]>
}

// An in-place sigmoid_ is another op (it writes x).
// CHECK-LABEL: ng.method @inplace_sigmoid
// CHECK:   ng.call "torch.ops.aten.sigmoid_.default"(self: mut %c)
// CHECK:   ng.call "torch.ops.aten.mul.Tensor"
ng.method @inplace_sigmoid(%x: !ng.tensor<f32[4]>) -> (!ng.tensor<f32[4]>) {
  %c = ng.call "torch.ops.aten.clone.default"(self: %x, memory_format: none) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
  %s = ng.call "torch.ops.aten.sigmoid_.default"(self: mut %c) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]> aliases %c
  %p = ng.call "torch.ops.aten.mul.Tensor"(self: %x, other: %s) : (!ng.tensor<f32[4]>, !ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
  ng.output(%p) : !ng.tensor<f32[4]>
}
