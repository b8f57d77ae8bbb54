// RUN: %ng-opt-plugin %s -split-input-file --ng-example-drop-assertions | FileCheck %s
// RUN: %ng-opt-plugin %s -split-input-file --pass-pipeline='builtin.module(ng.method(ng-example-drop-assertions{metadata-only}))' | FileCheck %s --check-prefix=META
// RUN: %ng-opt-plugin %s -split-input-file --ng-example-drop-assertions='remarks' 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// Every assertion goes, in the method and in a subgraph; the computation
// and its in-place write stay.
// CHECK-LABEL: ng.method @forward
// CHECK-NOT:     _assert
// CHECK:         %y = ng.call "torch.ops.aten.add.Tensor"
// CHECK-NOT:     _assert
// CHECK:         ng.output(%y)
// With metadata-only, the value checks stay.
// META-LABEL: ng.method @forward
// META-NOT:     _assert_tensor_metadata
// META:         ng.call "torch.ops.aten._assert_scalar.default"
// META-NOT:     _assert_tensor_metadata
// META:         ng.output(%y)
// REMARK: remark: dropped assertion 'check_x'
// REMARK: remark: dropped assertion 'check_scalar'
ng.method @forward(%x: !ng.tensor<f32[3]>, %p: !ng.tensor<i1[]>) -> !ng.tensor<f32[3]> {
  ng.call "torch.ops.aten._assert_tensor_metadata.default"(a: %x, size: [3], stride: none, dtype: f32, device: none, layout: none) {node = "check_x"} : (!ng.tensor<f32[3]>) -> ()
  ng.call "torch.ops.aten._assert_scalar.default"(self: true, assert_msg: "ok") {node = "check_scalar"} : () -> ()
  %y = ng.call "torch.ops.aten.add.Tensor"(self: %x, other: %x, alpha: 1) : (!ng.tensor<f32[3]>, !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  ng.output(%y) : !ng.tensor<f32[3]>
}

// -----

// A method without assertions is left as it was.
// CHECK-LABEL: ng.method @plain
// CHECK-NEXT:    %n = ng.call "torch.ops.aten.neg.default"(self: %x)
// CHECK-NEXT:    ng.output(%n)
ng.method @plain(%x: !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> {
  %n = ng.call "torch.ops.aten.neg.default"(self: %x) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  ng.output(%n) : !ng.tensor<f32[3]>
}
