// --ng-remove-runtime-asserts' output through export and import: the kept
// assertion (zero outputs, its name as the node's, S6) and its comparison
// survive, the dropped ones and what only they read are not on the wire, and
// a second run of the pass on the re-imported program changes nothing, on
// the IR and on the bytes.
//
// RUN: rm -rf %t && mkdir %t
// RUN: ng-opt %s --ng-remove-runtime-asserts | ng-translate --to-native-graph -o %t/out.nptg
// RUN: ng-translate --from-native-graph %t/out.nptg -o %t/out.mlir
// RUN: FileCheck %s --input-file=%t/out.mlir
// RUN: ng-opt %t/out.mlir -o %t/parsed.mlir
// RUN: ng-opt --ng-remove-runtime-asserts %t/out.mlir -o %t/again.mlir
// RUN: diff %t/parsed.mlir %t/again.mlir
// RUN: ng-translate --to-native-graph %t/again.mlir -o %t/again.nptg
// RUN: cmp %t/out.nptg %t/again.nptg

// CHECK:      %sym_size_int = ng.call "torch.ops.aten.sym_size.int"(self: %x, dim: 1)
// CHECK-NEXT: %ge = ng.call "_operator.ge"(%sym_size_int, "": 2) : (i64) -> i1
// CHECK-NEXT: ng.call "torch.ops.aten._assert_scalar.default"(self: %ge, assert_msg: "s0 >= 2") {node = "aten__assert_scalar_default_1"} : (i1) -> ()
// CHECK-NEXT: %aten_view_copy_default = ng.call "torch.ops.aten.view_copy.default"(self: %x, size: [2, %sym_size_int])
// CHECK-NEXT: ng.output(%aten_view_copy_default)

module attributes {ng.version = "1.0"} {
  ng.method @forward(%x: !ng.tensor<f32[2, 1:64]>) -> !ng.tensor<f32[2, 1:64]> {
    ng.call "torch.ops.aten._assert_tensor_metadata.default"(a: %x, size: none, stride: none, dtype: f32, device: none, layout: none) {node = "aten__assert_tensor_metadata_default"} : (!ng.tensor<f32[2, 1:64]>) -> ()
    %sym_size_int = ng.call "torch.ops.aten.sym_size.int"(self: %x, dim: 1) : (!ng.tensor<f32[2, 1:64]>) -> i64
    %gt = ng.call "_operator.gt"(%sym_size_int, "": 0) : (i64) -> i1
    ng.call "torch.ops.aten._assert_scalar.default"(self: %gt, assert_msg: "s0 > 0") {node = "aten__assert_scalar_default"} : (i1) -> ()
    %ge = ng.call "_operator.ge"(%sym_size_int, "": 2) : (i64) -> i1
    ng.call "torch.ops.aten._assert_scalar.default"(self: %ge, assert_msg: "s0 >= 2") {node = "aten__assert_scalar_default_1"} : (i1) -> ()
    %aten_view_copy_default = ng.call "torch.ops.aten.view_copy.default"(self: %x, size: [2, %sym_size_int]) : (!ng.tensor<f32[2, 1:64]>, i64) -> !ng.tensor<f32[2, 1:64]>
    ng.output(%aten_view_copy_default) : !ng.tensor<f32[2, 1:64]>
  }
}
