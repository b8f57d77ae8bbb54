// The example's passes built into a driver of its own
// (tools/ng-example-opt.cpp, over ng::optMain from ng's package): no plugin
// to load, ng's passes beside the example's, ng-opt's handling of -o (a
// failed run keeps the old file), and none of ng-opt's test passes, which
// are no part of the library.
// RUN: %ng-example-opt %s --ng-example-drop-assertions --ng-print-summary | FileCheck %s
// RUN: %ng-example-opt %s --ng-example-drop-assertions -o %t.mlir
// RUN: FileCheck %s --check-prefix=IR < %t.mlir
// RUN: not %ng-example-opt %t.missing.mlir --ng-example-drop-assertions -o %t.mlir 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: FileCheck %s --check-prefix=IR < %t.mlir
// RUN: not %ng-example-opt %s --ng-test-alias-analysis 2>&1 | FileCheck %s --check-prefix=NOTEST

// CHECK: method 'forward': 3 nodes (1 placeholders, 1 calls, 1 output)
// CHECK: ng.method @forward
// CHECK-NOT: _assert
// CHECK: ng.output(%y)

// IR: ng.method @forward
// IR-NOT: _assert
// IR: %y = ng.call "torch.ops.aten.add.Tensor"
// IR-NOT: _assert

// MISSING: error: {{.*}}missing.mlir{{.*}}
// NOTEST: Unknown command line argument '--ng-test-alias-analysis'
ng.method @forward(%x: !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> {
  ng.call "torch.ops.aten._assert_tensor_metadata.default"(a: %x, size: [3], stride: none, dtype: f32, device: none, layout: none) {node = "check_x"} : (!ng.tensor<f32[3]>) -> ()
  %y = ng.call "torch.ops.aten.add.Tensor"(self: %x, other: %x, alpha: 1) : (!ng.tensor<f32[3]>, !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  ng.output(%y) : !ng.tensor<f32[3]>
}
