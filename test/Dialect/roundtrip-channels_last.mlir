// RUN: ng-opt %s | ng-opt -mlir-print-local-scope | FileCheck %s
// RUN: ng-opt %s > %t.1 && ng-opt %t.1 > %t.2 && diff %t.1 %t.2
// RUN: ng-opt %s -mlir-print-op-generic -mlir-print-debuginfo | ng-opt > %t.3 && diff %t.1 %t.3
// (-mlir-print-local-scope: FileCheck sees types inline rather than through
// the dialect's type aliases; the diffs compare the default output.)

// The IR form of conformance/channels_last.json: a channels-last input, two
// ways back to contiguous, and a view of the non-contiguous tensor.
//
// - TensorMeta.dim_order [0, 2, 3, 1] (channels_last, D2) is printed; every
//   other tensor here has the identity order, which is omitted (D1).
// - _clone_dim_order takes its target order as an IntListArg (D4).
// - aten.clone keeps memory_format as a StringArg "torch.contiguous_format"
//   (S4, D4: the native backend skips MemoryFormatOpsPass).
// - view_copy of a non-contiguous input is what --ng-legalize-dim-order fixes
//   (D5); the dialect itself accepts it.

// CHECK-LABEL: ng.method @forward(%x: !ng.tensor<f32[1, 3, 8, 8], dim_order = [0, 2, 3, 1]>) -> (!ng.tensor<f32[1, 3, 8, 8]>, !ng.tensor<f32[1, 3, 8, 8]>, !ng.tensor<f32[1, 192]>) {
// CHECK-NEXT:    %dim_order_ops__clone_dim_order_default = ng.call "torch.ops.dim_order_ops._clone_dim_order.default"(self: %x, non_blocking: false, dim_order: [0, 1, 2, 3]) : (!ng.tensor<f32[1, 3, 8, 8], dim_order = [0, 2, 3, 1]>) -> !ng.tensor<f32[1, 3, 8, 8]>
// CHECK-NEXT:    %aten_clone_default = ng.call "torch.ops.aten.clone.default"(self: %x, memory_format: "torch.contiguous_format") : (!ng.tensor<f32[1, 3, 8, 8], dim_order = [0, 2, 3, 1]>) -> !ng.tensor<f32[1, 3, 8, 8]>
// CHECK-NEXT:    %aten_view_copy_default = ng.call "torch.ops.aten.view_copy.default"(self: %x, size: [1, 192]) : (!ng.tensor<f32[1, 3, 8, 8], dim_order = [0, 2, 3, 1]>) -> !ng.tensor<f32[1, 192]>
// CHECK-NEXT:    ng.output(%dim_order_ops__clone_dim_order_default, %aten_clone_default, %aten_view_copy_default) : !ng.tensor<f32[1, 3, 8, 8]>, !ng.tensor<f32[1, 3, 8, 8]>, !ng.tensor<f32[1, 192]>

module attributes {ng.version = "1.0"} {
  ng.method @forward(%x: !ng.tensor<f32[1, 3, 8, 8], dim_order = [0, 2, 3, 1]>)
      -> (!ng.tensor<f32[1, 3, 8, 8]>, !ng.tensor<f32[1, 3, 8, 8]>, !ng.tensor<f32[1, 192]>) {
    %dim_order_ops__clone_dim_order_default =
        ng.call "torch.ops.dim_order_ops._clone_dim_order.default"(
            self: %x, non_blocking: false, dim_order: [0, 1, 2, 3])
        : (!ng.tensor<f32[1, 3, 8, 8], dim_order = [0, 2, 3, 1]>) -> !ng.tensor<f32[1, 3, 8, 8]>
    %aten_clone_default = ng.call "torch.ops.aten.clone.default"(
        self: %x, memory_format: "torch.contiguous_format")
        : (!ng.tensor<f32[1, 3, 8, 8], dim_order = [0, 2, 3, 1]>) -> !ng.tensor<f32[1, 3, 8, 8]>
    %aten_view_copy_default = ng.call "torch.ops.aten.view_copy.default"(self: %x, size: [1, 192])
        : (!ng.tensor<f32[1, 3, 8, 8], dim_order = [0, 2, 3, 1]>) -> !ng.tensor<f32[1, 192]>
    ng.output(%dim_order_ops__clone_dim_order_default, %aten_clone_default, %aten_view_copy_default)
        : !ng.tensor<f32[1, 3, 8, 8]>, !ng.tensor<f32[1, 3, 8, 8]>, !ng.tensor<f32[1, 192]>
  }
}
