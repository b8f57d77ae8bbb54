// The storage model (docs/Aliasing.md): views share their source's storage,
// a `mut` write through one is seen through every alias, mutable buffers
// start as zeros and their final values are written under their fqn, a
// BUFFER_MUTATION output is written back after everything else (A3), and a
// `*_copy` view gets storage of its own.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/st.py write %t/in.safetensors 'x=f32[2,3]:1,2,3,4,5,6' 'y=f32[3]:7,8,9'
// RUN: ng-run %s --inputs=%t/in.safetensors -o %t/out.safetensors
// RUN: %python %S/Inputs/st.py dump %t/out.safetensors | FileCheck %s

// The clone, written through a slice of it (row 0 doubled), is seen by
// the transpose's sum too; the slice_copy was taken before and is not.
// CHECK: cache f32 [2, 3] = [0, 0, 0, 7, 8, 9]
// CHECK: clone f32 [2, 3] = [2, 4, 6, 4, 5, 6]
// The write-back to `state` comes after the outputs are taken: `before`
// still reads the buffer's old value.
// CHECK: copied f32 [3] = [1, 2, 3]
// CHECK: state f32 [3] = [3, 6, 9]
// CHECK: sum f32 [] = [27]
// CHECK: viewed f32 [3] = [0, 0, 0]

module {
  ng.method @forward(%x: !ng.tensor<f32[2, 3]>, %y: !ng.tensor<f32[3]>, %b_cache: !ng.tensor<f32[2, 3]> = mutable_buffer "cache", %b_state: !ng.tensor<f32[3]> = mutable_buffer "state") -> (!ng.tensor<f32[2, 3]>, !ng.tensor<f32[]>, !ng.tensor<f32[3]>, !ng.tensor<f32[3]>, !ng.tensor<f32[3]>) {
    %clone = ng.call "torch.ops.aten.clone.default"(self: %x) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3]>
    %t = ng.call "torch.ops.aten.transpose.int"(self: %clone, dim0: 0, dim1: 1) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[3, 2], dim_order = [1, 0]> aliases %clone
    %copied = ng.call "torch.ops.aten.select_copy.int"(self: %clone, dim: 0, index: 0) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[3]>
    %row = ng.call "torch.ops.aten.select.int"(self: %clone, dim: 0, index: 0) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[3]> aliases %clone
    %doubled = ng.call "torch.ops.aten.mul_.Tensor"(self: mut %row, other: 2.0) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> aliases %row
    %sum = ng.call "torch.ops.aten.sum.default"(self: %t) : (!ng.tensor<f32[3, 2], dim_order = [1, 0]>) -> !ng.tensor<f32[]>
    %slot = ng.call "torch.ops.aten.select.int"(self: %b_cache, dim: 0, index: 1) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[3]> aliases %b_cache
    %written = ng.call "torch.ops.aten.copy_.default"(self: mut %slot, src: %y) : (!ng.tensor<f32[3]>, !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> aliases %slot
    %viewed = ng.call "torch.ops.aten.alias.default"(self: %b_state) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> aliases %b_state
    %next = ng.call "torch.ops.aten.add.Tensor"(self: %clone, other: %x) : (!ng.tensor<f32[2, 3]>, !ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3]>
    %new_state = ng.call "torch.ops.aten.select.int"(self: %next, dim: 0, index: 0) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[3]> aliases %next
    ng.output(%clone, %sum, %copied, %viewed, buffer_mutation "state" %new_state) : !ng.tensor<f32[2, 3]>, !ng.tensor<f32[]>, !ng.tensor<f32[3]>, !ng.tensor<f32[3]>, !ng.tensor<f32[3]>
  }
}
