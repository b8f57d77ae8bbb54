// RUN: ng-opt %s --mlir-disable-threading -o /dev/null --pass-pipeline='builtin.module(ng-test-storage-work,cse,ng-test-storage-work,cse,ng-test-storage-work,ng.method(cse),ng-test-storage-work)' 2>&1 | FileCheck %s
//
// ng-opt answers the storage questions of ng.call's effects once per root
// for the length of a pass (ng/Dialect/StorageQueryCache.h): what one pass
// found is not trusted by the next, which asks and walks again, the same
// work for the same program, nested under the methods or not. The parse
// asks nothing.
//
// CHECK:      storage work: 0 questions, 0 steps
// CHECK-NEXT: storage work: [[Q:[1-9][0-9]*]] questions, [[S:[1-9][0-9]*]] steps
// CHECK-NEXT: storage work: [[Q]] questions, [[S]] steps
// CHECK-NEXT: storage work: [[Q]] questions, [[S]] steps

// %x is read by every call; %c is written in place by %w.
ng.method @forward(%x: !ng.tensor<f32[3]>) -> (!ng.tensor<f32[3]>, !ng.tensor<f32[]>, !ng.tensor<f32[]>, !ng.tensor<f32[3]>) {
  %c = ng.call "torch.ops.aten.clone.default"(self: %x, memory_format: none) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  %s1 = ng.call "torch.ops.aten.sum.default"(self: %x, dtype: none) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[]>
  %w = ng.call "torch.ops.aten.add_.Tensor"(self: mut %c, other: %x, alpha: 1) : (!ng.tensor<f32[3]>, !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> aliases %c
  %s2 = ng.call "torch.ops.aten.sum.default"(self: %c, dtype: none) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[]>
  %n = ng.call "torch.ops.aten.neg.default"(self: %x) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  ng.output(%w, %s1, %s2, %n) : !ng.tensor<f32[3]>, !ng.tensor<f32[]>, !ng.tensor<f32[]>, !ng.tensor<f32[3]>
}
