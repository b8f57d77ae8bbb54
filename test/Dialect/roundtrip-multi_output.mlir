// RUN: ng-opt %s | ng-opt -mlir-print-local-scope | FileCheck %s
// RUN: ng-opt %s > %t.1 && ng-opt %t.1 > %t.2 && diff %t.1 %t.2
// RUN: ng-opt %s -mlir-print-op-generic -mlir-print-debuginfo | ng-opt > %t.3 && diff %t.1 %t.3
// (-mlir-print-local-scope: FileCheck sees types inline rather than through
// the dialect's type aliases; the diffs compare the default output.)

// The IR form of conformance/multi_output.json: every shape of Node.outputs
// (S6) and a literal in the OUTPUT node (S7).
//
// - topk returns a tuple: one Output per element, named by its getitem user,
//   so the op has two results; the node's own name differs from its first
//   result's and is kept as `node = "aten_topk_default"`.
// - split_with_sizes_copy returns Tensor[]: ONE Output of kind TENSOR_LIST
//   with an empty name and the element names in `names`. It prints as a
//   bracketed group of results `-> ([T, T])`.
// - sym_numel returns a SymInt: an Output of kind INT, an i64 result.
// - _assert_scalar returns nothing: a zero-result op; its name must be given
//   as `node`.
// - `tensors: [%getitem, %getitem_2]` is a TensorListArg.
// - The OUTPUT node lists tensor refs, an IntArg ref (%sym_numel_default) and
//   an IntArg literal (7); Graph.outputs (and output_specs, V10) are only the
//   two tensors, while the method's result types list every referenced value.

// CHECK-LABEL: ng.method @forward(%x: !ng.tensor<f32[4, 6]>) -> (!ng.tensor<f32[4, 4]>, !ng.tensor<i64[4, 2]>, i64) {
// CHECK-NEXT:    %getitem, %getitem_1 = ng.call "torch.ops.aten.topk.default"(self: %x, k: 2, dim: -1, largest: true, sorted: true) {node = "aten_topk_default"} : (!ng.tensor<f32[4, 6]>) -> (!ng.tensor<f32[4, 2]>, !ng.tensor<i64[4, 2]>)
// CHECK-NEXT:    %getitem_2, %aten_split_with_sizes_copy_default_out1 = ng.call "torch.ops.aten.split_with_sizes_copy.default"(self: %x, split_sizes: [2, 4], dim: 1) {node = "aten_split_with_sizes_copy_default"} : (!ng.tensor<f32[4, 6]>) -> ([!ng.tensor<f32[4, 2]>, !ng.tensor<f32[4, 4]>])
// CHECK-NEXT:    %sym_numel_default = ng.call "torch.ops.aten.sym_numel.default"(self: %x) : (!ng.tensor<f32[4, 6]>) -> i64
// CHECK-NEXT:    ng.call "torch.ops.aten._assert_scalar.default"(self: true, assert_msg: "x must be non-empty") {node = "aten__assert_scalar_default"} : () -> ()
// CHECK-NEXT:    %aten_cat_default = ng.call "torch.ops.aten.cat.default"(tensors: [%getitem, %getitem_2], dim: 1) : (!ng.tensor<f32[4, 2]>, !ng.tensor<f32[4, 2]>) -> !ng.tensor<f32[4, 4]>
// CHECK-NEXT:    ng.output(%aten_cat_default, %getitem_1, %sym_numel_default, 7) : !ng.tensor<f32[4, 4]>, !ng.tensor<i64[4, 2]>, i64

module attributes {ng.version = "1.0"} {
  ng.method @forward(%x: !ng.tensor<f32[4, 6]>)
      -> (!ng.tensor<f32[4, 4]>, !ng.tensor<i64[4, 2]>, i64) {
    %getitem, %getitem_1 = ng.call "torch.ops.aten.topk.default"(
        self: %x, k: 2, dim: -1, largest: true, sorted: true) {node = "aten_topk_default"}
        : (!ng.tensor<f32[4, 6]>) -> (!ng.tensor<f32[4, 2]>, !ng.tensor<i64[4, 2]>)
    %getitem_2, %aten_split_with_sizes_copy_default_out1 =
        ng.call "torch.ops.aten.split_with_sizes_copy.default"(self: %x, split_sizes: [2, 4], dim: 1)
        {node = "aten_split_with_sizes_copy_default"}
        : (!ng.tensor<f32[4, 6]>) -> ([!ng.tensor<f32[4, 2]>, !ng.tensor<f32[4, 4]>])
    %sym_numel_default = ng.call "torch.ops.aten.sym_numel.default"(self: %x)
        : (!ng.tensor<f32[4, 6]>) -> i64
    ng.call "torch.ops.aten._assert_scalar.default"(self: true, assert_msg: "x must be non-empty")
        {node = "aten__assert_scalar_default"} : () -> ()
    %aten_cat_default = ng.call "torch.ops.aten.cat.default"(tensors: [%getitem, %getitem_2], dim: 1)
        : (!ng.tensor<f32[4, 2]>, !ng.tensor<f32[4, 2]>) -> !ng.tensor<f32[4, 4]>
    ng.output(%aten_cat_default, %getitem_1, %sym_numel_default, 7)
        : !ng.tensor<f32[4, 4]>, !ng.tensor<i64[4, 2]>, i64
  }
}
