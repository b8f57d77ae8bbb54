// A pattern plugin on imported ng IR: the program goes to NPTG and back
// (what ng-translate --from-native-graph makes of a file), the plugin's
// pattern folds neg(neg(x)) with the greedy driver, which erases the inner
// neg, and the result exports and computes what the input did.
//
// RUN: %ng-translate --to-native-graph %s -o %t.in.nptg
// RUN: %ng-translate --from-native-graph %t.in.nptg -o %t.in.mlir
// RUN: %ng-opt-plugin %t.in.mlir --ng-example-fold-double-negation -o %t.out.mlir
// RUN: FileCheck %s < %t.out.mlir
// RUN: %ng-translate --to-native-graph %t.out.mlir -o %t.out.nptg
// RUN: %ng-translate --from-native-graph %t.out.nptg | FileCheck %s
// RUN: %ng-run %t.in.nptg --compare=%t.out.nptg --random-inputs=7 --trials=3
//
// The pure double negation folds: the add reads %x.
// CHECK-LABEL: ng.method @forward
// CHECK:   %[[SUM:.*]] = ng.call "torch.ops.aten.add.Tensor"(self: %x, other: %x
// A double negation whose result is written in place stays (its storage is
// written: ng.call's effects allocate it), and so does the write.
// CHECK:   %[[M1:.*]] = ng.call "torch.ops.aten.neg.default"(self: %x)
// CHECK:   %[[M2:.*]] = ng.call "torch.ops.aten.neg.default"(self: %[[M1]])
// CHECK:   ng.call "torch.ops.aten.relu_.default"(self: mut %[[M2]])
// A clone written in place, then negated twice: the negs read written
// storage (a Read effect), so they stay, after the write.
// CHECK:   %[[C:.*]] = ng.call "torch.ops.aten.clone.default"(self: %x
// CHECK:   ng.call "torch.ops.aten.add_.Tensor"(self: mut %[[C]]
// CHECK:   %[[Q1:.*]] = ng.call "torch.ops.aten.neg.default"(self: %[[C]])
// CHECK:   ng.call "torch.ops.aten.neg.default"(self: %[[Q1]])
ng.method @forward(%x: !ng.tensor<f32[3]>) -> (!ng.tensor<f32[3]>, !ng.tensor<f32[3]>, !ng.tensor<f32[3]>) {
  %n1 = ng.call "torch.ops.aten.neg.default"(self: %x) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  %n2 = ng.call "torch.ops.aten.neg.default"(self: %n1) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  %sum = ng.call "torch.ops.aten.add.Tensor"(self: %n2, other: %x, alpha: 1) : (!ng.tensor<f32[3]>, !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  %m1 = ng.call "torch.ops.aten.neg.default"(self: %x) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  %m2 = ng.call "torch.ops.aten.neg.default"(self: %m1) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  %r = ng.call "torch.ops.aten.relu_.default"(self: mut %m2) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> aliases %m2
  %c = ng.call "torch.ops.aten.clone.default"(self: %x, memory_format: none) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  %w = ng.call "torch.ops.aten.add_.Tensor"(self: mut %c, other: 1, alpha: 1) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> aliases %c
  %q1 = ng.call "torch.ops.aten.neg.default"(self: %c) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  %q2 = ng.call "torch.ops.aten.neg.default"(self: %q1) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  ng.output(%sum, %r, %q2) : !ng.tensor<f32[3]>, !ng.tensor<f32[3]>, !ng.tensor<f32[3]>
}
