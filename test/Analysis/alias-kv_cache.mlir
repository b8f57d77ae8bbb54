// RUN: ng-opt %s --ng-test-alias-analysis -o /dev/null 2>&1 | FileCheck %s
//
// The conformance program kv_cache: a functional index_put of the mutable
// buffer k_cache, written back by the OUTPUT node (BUFFER_MUTATION).
//
// - index_put's output is fresh storage: NoAlias with the cache.
// - the OUTPUT node writes the cache back: Mod (it writes without reading
//   the cache).
// - index_put reads the cache, which the write-back writes: Ref.

// CHECK: Testing : "forward"
// CHECK-NEXT: storage classes of 'forward':
// CHECK-NEXT:   b_k_cache (mutable_buffer, written): b_k_cache; written by output
// CHECK-NEXT:   k_new (user_input): k_new
// CHECK-NEXT:   pos (user_input): pos
// CHECK-NEXT:   aten_index_put_default (fresh): aten_index_put_default
// CHECK-NEXT:   aten_sum_dim_int_list (fresh): aten_sum_dim_int_list
// CHECK-NEXT: b_k_cache <-> k_new: NoAlias
// CHECK-NEXT: b_k_cache <-> pos: NoAlias
// CHECK-NEXT: k_new <-> pos: NoAlias
// CHECK-NEXT: b_k_cache <-> aten_index_put_default: NoAlias
// CHECK-NEXT: k_new <-> aten_index_put_default: NoAlias
// CHECK-NEXT: pos <-> aten_index_put_default: NoAlias
// CHECK-NEXT: b_k_cache <-> aten_sum_dim_int_list: NoAlias
// CHECK-NEXT: k_new <-> aten_sum_dim_int_list: NoAlias
// CHECK-NEXT: pos <-> aten_sum_dim_int_list: NoAlias
// CHECK-NEXT: aten_index_put_default <-> aten_sum_dim_int_list: NoAlias
// CHECK-NEXT: aten_index_put_default -> b_k_cache: Ref
// CHECK-NEXT: aten_index_put_default -> k_new: NoModRef
// CHECK-NEXT: aten_index_put_default -> pos: NoModRef
// CHECK-NEXT: aten_index_put_default -> aten_index_put_default: NoModRef
// CHECK-NEXT: aten_index_put_default -> aten_sum_dim_int_list: NoModRef
// CHECK-NEXT: aten_sum_dim_int_list -> b_k_cache: NoModRef
// CHECK-NEXT: aten_sum_dim_int_list -> k_new: NoModRef
// CHECK-NEXT: aten_sum_dim_int_list -> pos: NoModRef
// CHECK-NEXT: aten_sum_dim_int_list -> aten_index_put_default: NoModRef
// CHECK-NEXT: aten_sum_dim_int_list -> aten_sum_dim_int_list: NoModRef
// CHECK-NEXT: output -> b_k_cache: Mod
// CHECK-NEXT: output -> k_new: NoModRef
// CHECK-NEXT: output -> pos: NoModRef
// CHECK-NEXT: output -> aten_index_put_default: NoModRef
// CHECK-NEXT: output -> aten_sum_dim_int_list: NoModRef
// CHECK-NOT: {{.}}

module attributes {ng.version = "1.0"} {
  ng.method @forward(
    %b_k_cache: !ng.tensor<f32[1, 8, 4]> = mutable_buffer "k_cache",
    %k_new: !ng.tensor<f32[1, 1, 4]>,
    %pos: !ng.tensor<i64[1]>
  ) -> (!ng.tensor<f32[1, 8, 4]>, !ng.tensor<f32[1, 4]>) {
    %aten_index_put_default = ng.call "torch.ops.aten.index_put.default"(self: %b_k_cache, indices: [none, %pos], values: %k_new, accumulate: false) : (!ng.tensor<f32[1, 8, 4]>, !ng.tensor<i64[1]>, !ng.tensor<f32[1, 1, 4]>) -> !ng.tensor<f32[1, 8, 4]>
    %aten_sum_dim_int_list = ng.call "torch.ops.aten.sum.dim_IntList"(self: %aten_index_put_default, dim: [1], keepdim: false, dtype: none) : (!ng.tensor<f32[1, 8, 4]>) -> !ng.tensor<f32[1, 4]>
    ng.output(buffer_mutation "k_cache" %aten_index_put_default, %aten_sum_dim_int_list) : !ng.tensor<f32[1, 8, 4]>, !ng.tensor<f32[1, 4]>
  }
}
