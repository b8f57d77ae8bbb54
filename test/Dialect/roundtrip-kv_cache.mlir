// RUN: ng-opt %s | ng-opt -mlir-print-local-scope | FileCheck %s
// RUN: ng-opt %s > %t.1 && ng-opt %t.1 > %t.2 && diff %t.1 %t.2
// RUN: ng-opt %s -mlir-print-op-generic -mlir-print-debuginfo | ng-opt > %t.3 && diff %t.1 %t.3
// (-mlir-print-local-scope: FileCheck sees types inline rather than through
// the dialect's type aliases; the diffs compare the default output.)

// The IR form of conformance/kv_cache.json: a non-persistent mutable buffer
// and an OptionalTensorListArg with a hole.
//
// - b_k_cache is a MutableBufferSpec{name "b_k_cache", fqn "k_cache"} (S3):
//   #ng.mutable_buffer<"k_cache">. Its metadata comes from tensor_values
//   (V7) and is the argument type.
// - `indices: [none, %pos]` is OptionalTensorListArg{names ["", "pos"],
//   has_value [false, true]}: a `none` element is a slot without a value
//   (V5: names and has_value stay parallel by construction).
// - `dim: [1]` is an IntListArg without refs; `dtype: none` a NoneArg.
// - The write-back names the buffer's fqn: `buffer_mutation "k_cache"` (N5, V11).

// CHECK-LABEL: ng.method @forward(
// CHECK:         %b_k_cache: !ng.tensor<f32[1, 8, 4]> = mutable_buffer "k_cache"
// CHECK:         %k_new: !ng.tensor<f32[1, 1, 4]>
// CHECK:         %pos: !ng.tensor<i64[1]>
// CHECK:         -> (!ng.tensor<f32[1, 8, 4]>, !ng.tensor<f32[1, 4]>) {
// CHECK-NEXT:    %aten_index_put_default = ng.call "torch.ops.aten.index_put.default"(self: %b_k_cache, indices: [none, %pos], values: %k_new, accumulate: false) : (!ng.tensor<f32[1, 8, 4]>, !ng.tensor<i64[1]>, !ng.tensor<f32[1, 1, 4]>) -> !ng.tensor<f32[1, 8, 4]>
// CHECK-NEXT:    %aten_sum_dim_int_list = ng.call "torch.ops.aten.sum.dim_IntList"(self: %aten_index_put_default, dim: [1], keepdim: false, dtype: none) : (!ng.tensor<f32[1, 8, 4]>) -> !ng.tensor<f32[1, 4]>
// CHECK-NEXT:    ng.output(buffer_mutation "k_cache" %aten_index_put_default, %aten_sum_dim_int_list) : !ng.tensor<f32[1, 8, 4]>, !ng.tensor<f32[1, 4]>

module attributes {ng.version = "1.0"} {
  ng.method @forward(
      %b_k_cache: !ng.tensor<f32[1, 8, 4]> = mutable_buffer "k_cache",
      %k_new: !ng.tensor<f32[1, 1, 4]>,
      %pos: !ng.tensor<i64[1]>) -> (!ng.tensor<f32[1, 8, 4]>, !ng.tensor<f32[1, 4]>) {
    %aten_index_put_default = ng.call "torch.ops.aten.index_put.default"(
        self: %b_k_cache, indices: [none, %pos], values: %k_new, accumulate: false)
        : (!ng.tensor<f32[1, 8, 4]>, !ng.tensor<i64[1]>, !ng.tensor<f32[1, 1, 4]>)
        -> !ng.tensor<f32[1, 8, 4]>
    %aten_sum_dim_int_list = ng.call "torch.ops.aten.sum.dim_IntList"(
        self: %aten_index_put_default, dim: [1], keepdim: false, dtype: none)
        : (!ng.tensor<f32[1, 8, 4]>) -> !ng.tensor<f32[1, 4]>
    ng.output(buffer_mutation "k_cache" %aten_index_put_default, %aten_sum_dim_int_list)
        : !ng.tensor<f32[1, 8, 4]>, !ng.tensor<f32[1, 4]>
  }
}
