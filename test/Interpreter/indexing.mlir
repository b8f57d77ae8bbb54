// Advanced indexing (none slots, broadcast index tensors), index_put with
// and without accumulate, in place into a mutable buffer, embedding,
// index_copy, cat/stack/split, tril/triu, and tensor creation.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/st.py write %t/in.safetensors 'x=f32[3,4]:0,1,2,3,10,11,12,13,20,21,22,23' 'pos=i64[2]:2,0' 'v=f32[2]:5,6'
// RUN: ng-run %s --inputs=%t/in.safetensors -o %t/out.safetensors
// RUN: %python %S/Inputs/st.py dump %t/out.safetensors | FileCheck %s

// CHECK: accumulated f32 [3] = [12, 0, 10]
// CHECK: arange i64 [4] = [0, 2, 4, 6]
// x[:, pos]: the none slot keeps dim 0.
// CHECK: columns f32 [3, 2] = [2, 0, 12, 10, 22, 20]
// CHECK: copied f32 [3, 4] = [20, 21, 22, 23, 10, 11, 12, 13, 0, 1, 2, 3]
// CHECK: embedded f32 [2, 4] = [20, 21, 22, 23, 0, 1, 2, 3]
// CHECK: full f32 [2] = [0.5, 0.5]
// index_put_ into the mutable buffer: its final value.
// CHECK: kv f32 [3] = [6, 0, 5]
// tril(x, -1): row i keeps the columns j <= i - 1.
// CHECK: lower f32 [3, 4] = [0, 0, 0, 0, 10, 0, 0, 0, 20, 21, 0, 0]
// CHECK: piece f32 [3, 1] = [3, 13, 23]
// CHECK: stacked f32 [2, 2] = [5, 2, 6, 0]
// triu(x, 1): row i keeps the columns j >= i + 1.
// CHECK: upper f32 [3, 4] = [0, 1, 2, 3, 0, 0, 12, 13, 0, 0, 0, 23]

module {
  ng.method @forward(%x: !ng.tensor<f32[3, 4]>, %pos: !ng.tensor<i64[2]>, %v: !ng.tensor<f32[2]>, %b_kv: !ng.tensor<f32[3]> = mutable_buffer "kv") -> (!ng.tensor<f32[3]>, !ng.tensor<i64[4]>, !ng.tensor<f32[3, 2]>, !ng.tensor<f32[3, 4]>, !ng.tensor<f32[2, 4]>, !ng.tensor<f32[2]>, !ng.tensor<f32[3, 1]>, !ng.tensor<f32[2, 2]>, !ng.tensor<f32[3, 4]>, !ng.tensor<f32[3, 4]>) {
    %columns = ng.call "torch.ops.aten.index.Tensor"(self: %x, indices: [none, %pos]) : (!ng.tensor<f32[3, 4]>, !ng.tensor<i64[2]>) -> !ng.tensor<f32[3, 2]>
    %zeros = ng.call "torch.ops.aten.zeros.default"(size: [3], dtype: f32) : () -> !ng.tensor<f32[3]>
    %twice = ng.call "torch.ops.aten.cat.default"(tensors: [%pos, %pos], dim: 0) : (!ng.tensor<i64[2]>, !ng.tensor<i64[2]>) -> !ng.tensor<i64[4]>
    %vv = ng.call "torch.ops.aten.cat.default"(tensors: [%v, %v]) : (!ng.tensor<f32[2]>, !ng.tensor<f32[2]>) -> !ng.tensor<f32[4]>
    %accumulated = ng.call "torch.ops.aten.index_put.default"(self: %zeros, indices: [%twice], values: %vv, accumulate: true) : (!ng.tensor<f32[3]>, !ng.tensor<i64[4]>, !ng.tensor<f32[4]>) -> !ng.tensor<f32[3]>
    %put = ng.call "torch.ops.aten.index_put_.default"(self: mut %b_kv, indices: [%pos], values: %v, accumulate: false) : (!ng.tensor<f32[3]>, !ng.tensor<i64[2]>, !ng.tensor<f32[2]>) -> !ng.tensor<f32[3]> aliases %b_kv
    %arange = ng.call "torch.ops.aten.arange.start_step"(start: 0, end: 8, step: 2) : () -> !ng.tensor<i64[4]>
    %reversed = ng.call "torch.ops.aten.arange.start_step"(start: 2, end: -1, step: -1) : () -> !ng.tensor<i64[3]>
    %copied = ng.call "torch.ops.aten.index_copy.default"(self: %x, dim: 0, index: %reversed, source: %x) : (!ng.tensor<f32[3, 4]>, !ng.tensor<i64[3]>, !ng.tensor<f32[3, 4]>) -> !ng.tensor<f32[3, 4]>
    %embedded = ng.call "torch.ops.aten.embedding.default"(weight: %x, indices: %pos) : (!ng.tensor<f32[3, 4]>, !ng.tensor<i64[2]>) -> !ng.tensor<f32[2, 4]>
    %full = ng.call "torch.ops.aten.full.default"(size: [2], fill_value: 0.5, dtype: none) : () -> !ng.tensor<f32[2]>
    %p0, %piece = ng.call "torch.ops.aten.split_with_sizes_copy.default"(self: %x, split_sizes: [3, 1], dim: 1) {node = "split"} : (!ng.tensor<f32[3, 4]>) -> ([!ng.tensor<f32[3, 3]>, !ng.tensor<f32[3, 1]>])
    %col = ng.call "torch.ops.aten.select.int"(self: %columns, dim: 0, index: 0) : (!ng.tensor<f32[3, 2]>) -> !ng.tensor<f32[2]> aliases %columns
    %stacked = ng.call "torch.ops.aten.stack.default"(tensors: [%v, %col], dim: 1) : (!ng.tensor<f32[2]>, !ng.tensor<f32[2]>) -> !ng.tensor<f32[2, 2]>
    %lower = ng.call "torch.ops.aten.tril.default"(self: %x, diagonal: -1) : (!ng.tensor<f32[3, 4]>) -> !ng.tensor<f32[3, 4]>
    %upper = ng.call "torch.ops.aten.triu.default"(self: %x, diagonal: 1) : (!ng.tensor<f32[3, 4]>) -> !ng.tensor<f32[3, 4]>
    ng.output(%accumulated, %arange, %columns, %copied, %embedded, %full, %piece, %stacked, %lower, %upper) : !ng.tensor<f32[3]>, !ng.tensor<i64[4]>, !ng.tensor<f32[3, 2]>, !ng.tensor<f32[3, 4]>, !ng.tensor<f32[2, 4]>, !ng.tensor<f32[2]>, !ng.tensor<f32[3, 1]>, !ng.tensor<f32[2, 2]>, !ng.tensor<f32[3, 4]>, !ng.tensor<f32[3, 4]>
  }
}
