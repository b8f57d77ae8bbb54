// The records of written storage (ng/Dialect/Storage.h, docs/Aliasing.md
// "Cost"): the custom syntax leaves them out and the parser reads them off
// the graph; the generic syntax carries them; the verifier rejects IR whose
// records miss a write, naming the value and the node that writes it.
//
// RUN: ng-opt %s -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: ng-opt %s -mlir-print-op-generic | ng-opt | FileCheck %s --check-prefix=CUSTOM
//
// The clone is written in place by the add_, which aliases it; %x is only
// read, %b written back. In the generic form each call says which of its
// results are written, the method which placeholders.
// GENERIC: written_placeholders = array<i32: 1>
// GENERIC: target = "torch.ops.aten.clone.default", written = array<i32: 0>
// GENERIC: target = "torch.ops.aten.add_.Tensor", written = array<i32: 0>
// GENERIC: target = "torch.ops.aten.neg.default", written = array<i32>,
// CUSTOM-NOT: written
// CUSTOM: ng.call "torch.ops.aten.add_.Tensor"(self: mut %{{.*}}
//
// A record cut from the generic form: the verifier names the output and
// the writer.
// RUN: ng-opt %s -mlir-print-op-generic -mlir-print-debuginfo | sed -e '0,/written = array<i32: 0>/s//written = array<i32>/' | not ng-opt 2>&1 | FileCheck %s --check-prefix=CUT
// CUT: error: 'ng.call' op node 'c': the storage of output 'c' is written (node 'w' writes it) but not recorded as written; an edit that adds a write records it (ng::markStorageWritten, ng/Dialect/Storage.h)
//
// The same for a placeholder written back by the method's output (A3).
// RUN: ng-opt %s -mlir-print-op-generic -mlir-print-debuginfo | sed -e 's/written_placeholders = array<i32: 1>/written_placeholders = array<i32>/' | not ng-opt 2>&1 | FileCheck %s --check-prefix=BACK
// BACK: error: 'ng.method' op the storage of placeholder 'b' is written (the method's output writes it back) but not recorded as written
//
// A record that is not a list of positions.
// RUN: ng-opt %s -mlir-print-op-generic -mlir-print-debuginfo | sed -e 's/written_placeholders = array<i32: 1>/written_placeholders = 7/' | not ng-opt 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: expected the positions of written storages (array<i32: ...>), got 7

ng.method @forward(%x: !ng.tensor<f32[3]>,
                   %b: !ng.tensor<f32[3]> = mutable_buffer "b")
    -> (!ng.tensor<f32[3]>, !ng.tensor<f32[3]>, !ng.tensor<f32[3]>) {
  %c = ng.call "torch.ops.aten.clone.default"(self: %x, memory_format: none) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  %w = ng.call "torch.ops.aten.add_.Tensor"(self: mut %c, other: 1, alpha: 1) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> aliases %c
  %n = ng.call "torch.ops.aten.neg.default"(self: %x) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  ng.output(%w, %n, buffer_mutation "b" %n) : !ng.tensor<f32[3]>, !ng.tensor<f32[3]>, !ng.tensor<f32[3]>
}
