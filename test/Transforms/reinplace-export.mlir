// --ng-reinplace's output through export and import: the wire carries the
// in-place targets, `mutated` on `self` and each output's alias_of (A1), the
// file re-imports (so it verifies: V6, V13), and a second run of the pass on
// the re-imported program changes nothing, on the IR and on the bytes.
//
// RUN: rm -rf %t && mkdir %t
// RUN: ng-opt %s --ng-reinplace | ng-translate --to-native-graph -o %t/out.nptg
// RUN: ng-translate --from-native-graph %t/out.nptg -o %t/out.mlir
// RUN: FileCheck %s --input-file=%t/out.mlir
// RUN: %flatc --json --strict-json --defaults-json -o %t %schema -- %t/out.nptg
// RUN: FileCheck %s --check-prefix=WIRE --input-file=%t/out.json
// RUN: ng-opt %t/out.mlir -o %t/parsed.mlir
// RUN: ng-opt --ng-reinplace %t/out.mlir -o %t/again.mlir
// RUN: diff %t/parsed.mlir %t/again.mlir
// RUN: ng-translate --to-native-graph %t/again.mlir -o %t/again.nptg
// RUN: cmp %t/out.nptg %t/again.nptg

// CHECK:      %aten_index_put_default = ng.call "torch.ops.aten.index_put_.default"(self: mut %b_k_cache, indices: [none, %pos], values: %k_new, accumulate: false) : {{.*}} aliases %b_k_cache
// CHECK-NEXT: %aten_sum_dim_int_list = ng.call "torch.ops.aten.sum.dim_IntList"(self: %aten_index_put_default,
// CHECK-NEXT: %aten_relu_default = ng.call "torch.ops.aten.relu_.default"(self: mut %aten_sum_dim_int_list) : {{.*}} aliases %aten_sum_dim_int_list
// CHECK-NEXT: ng.output(buffer_mutation "k_cache" %aten_index_put_default, %aten_relu_default)

// WIRE:      "target": "torch.ops.aten.index_put_.default",
// WIRE:        "name": "self",
// WIRE:            "name": "b_k_cache"
// WIRE:        "mutated": true
// WIRE:      "outputs": [
// WIRE:          "name": "aten_index_put_default",
// WIRE-NEXT:     "alias_of": "b_k_cache",
// WIRE:      "target": "torch.ops.aten.relu_.default",
// WIRE:        "mutated": true
// WIRE:          "alias_of": "aten_sum_dim_int_list",

module attributes {ng.version = "1.0"} {
  ng.method @forward(%b_k_cache: !ng.tensor<f32[1, 8, 4]> = mutable_buffer "k_cache", %k_new: !ng.tensor<f32[1, 1, 4]>, %pos: !ng.tensor<i64[1]>) -> (!ng.tensor<f32[1, 8, 4]>, !ng.tensor<f32[1, 4]>) {
    %aten_index_put_default = ng.call "torch.ops.aten.index_put.default"(self: %b_k_cache, indices: [none, %pos], values: %k_new, accumulate: false) : (!ng.tensor<f32[1, 8, 4]>, !ng.tensor<i64[1]>, !ng.tensor<f32[1, 1, 4]>) -> !ng.tensor<f32[1, 8, 4]>
    %aten_sum_dim_int_list = ng.call "torch.ops.aten.sum.dim_IntList"(self: %aten_index_put_default, dim: [1], keepdim: false, dtype: none) : (!ng.tensor<f32[1, 8, 4]>) -> !ng.tensor<f32[1, 4]>
    %aten_relu_default = ng.call "torch.ops.aten.relu.default"(self: %aten_sum_dim_int_list) : (!ng.tensor<f32[1, 4]>) -> !ng.tensor<f32[1, 4]>
    ng.output(buffer_mutation "k_cache" %aten_index_put_default, %aten_relu_default) : !ng.tensor<f32[1, 8, 4]>, !ng.tensor<f32[1, 4]>
  }
}
