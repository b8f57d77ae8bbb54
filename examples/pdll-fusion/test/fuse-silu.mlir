// The PDLL fusion on imported ng IR: the program goes to NPTG and back (what
// ng-translate --from-native-graph makes of a file), the plugin's PDL
// patterns fuse x * sigmoid(x) in either operand order with the greedy
// driver, which erases the dead sigmoids; the result exports, imports
// again, runs to the same numbers as the input, and a second run changes
// nothing. In f32 the fused silu is within 1e-5 of the product; in f16 the
// product rounds sigmoid(x) to f16 before it multiplies and silu does not,
// so the two differ by up to one f16 rounding (2^-10 relative).
//
// RUN: %ng-translate --to-native-graph %s -o %t.in.nptg
// RUN: %ng-translate --from-native-graph %t.in.nptg -o %t.in.mlir
// RUN: %ng-opt-plugin %t.in.mlir --ng-example-fuse-silu -o %t.out.mlir
// RUN: FileCheck %s < %t.out.mlir
// RUN: %ng-opt-plugin %t.out.mlir --ng-example-fuse-silu -o %t.again.mlir
// RUN: diff %t.out.mlir %t.again.mlir
// RUN: %ng-translate --to-native-graph %t.out.mlir -o %t.out.nptg
// RUN: %ng-translate --from-native-graph %t.out.nptg | FileCheck %s
// RUN: %ng-run %t.in.nptg --compare=%t.out.nptg --random-inputs=7 --trials=5 --rtol=1e-5
// RUN: %ng-run %t.in.nptg --method=half --compare=%t.out.nptg --random-inputs=7 --trials=5 --rtol=1e-3
//
// ng-opt reads and writes the program directly, with the plugin too.
// RUN: %ng-opt-plugin %t.in.nptg --ng-example-fuse-silu -o %t.direct.nptg
// RUN: %ng-translate --from-native-graph %t.direct.nptg | FileCheck %s
//
// x * sigmoid(x) and sigmoid(y) * y both fuse; the silus keep the products'
// node names; no sigmoid or mul is left.
// CHECK-LABEL: ng.method @forward
// CHECK-NOT:   sigmoid
// CHECK-NOT:   aten.mul
// CHECK:       %act = ng.call "torch.ops.aten.silu.default"(self: %x) : (!f32_2x3) -> !f32_2x3
// CHECK-NOT:   sigmoid
// CHECK-NOT:   aten.mul
// CHECK:       %gate = ng.call "torch.ops.aten.silu.default"(self: %y) : (!f32_4) -> !f32_4
// CHECK-NOT:   sigmoid
// CHECK-NOT:   aten.mul
// CHECK:       ng.output(%act, %gate)
// CHECK-LABEL: ng.method @half
// CHECK-NOT:   sigmoid
// CHECK:       %h = ng.call "torch.ops.aten.silu.default"(self: %z) : (!f16_8) -> !f16_8
// CHECK-NOT:   aten.mul
ng.method @forward(%x: !ng.tensor<f32[2,3]>, %y: !ng.tensor<f32[4]>) -> (!ng.tensor<f32[2,3]>, !ng.tensor<f32[4]>) {
  %s = ng.call "torch.ops.aten.sigmoid.default"(self: %x) : (!ng.tensor<f32[2,3]>) -> !ng.tensor<f32[2,3]> loc("sig")
  %act = ng.call "torch.ops.aten.mul.Tensor"(self: %x, other: %s) : (!ng.tensor<f32[2,3]>, !ng.tensor<f32[2,3]>) -> !ng.tensor<f32[2,3]> loc("act")
  %t = ng.call "torch.ops.aten.sigmoid.default"(self: %y) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]> loc("sig_1")
  %gate = ng.call "torch.ops.aten.mul.Tensor"(self: %t, other: %y) : (!ng.tensor<f32[4]>, !ng.tensor<f32[4]>) -> !ng.tensor<f32[4]> loc("gate")
  ng.output(%act, %gate) : !ng.tensor<f32[2,3]>, !ng.tensor<f32[4]>
}
ng.method @half(%z: !ng.tensor<f16[8]>) -> (!ng.tensor<f16[8]>) {
  %s = ng.call "torch.ops.aten.sigmoid.default"(self: %z) : (!ng.tensor<f16[8]>) -> !ng.tensor<f16[8]> loc("sig_2")
  %h = ng.call "torch.ops.aten.mul.Tensor"(self: %z, other: %s) : (!ng.tensor<f16[8]>, !ng.tensor<f16[8]>) -> !ng.tensor<f16[8]> loc("h")
  ng.output(%h) : !ng.tensor<f16[8]>
}
