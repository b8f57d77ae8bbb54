// torchao.dequantize_affine, torchao.dequantize_gguf (Q8_0 and Q4_0 blocks,
// ggml-quants.c's layouts), higher_order.cond on a run-time predicate,
// SymInt functions, and checked assertions.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/st.py write %t/in.safetensors 'q=i8[2,4]:-8,-7,6,7,0,1,2,3' 'scale=f32[2,2]:0.5,1,2,4' 'zp=i8[2,2]:0,1,-1,0' 'q8=ui8[1,34]:0,56,240,241,242,243,244,245,246,247,248,249,250,251,252,253,254,255,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15' 'q4=ui8[1,18]:0,60,128,129,130,131,132,133,134,135,136,137,138,139,140,141,142,143' 'x=f32[3]:1,2,3'
// RUN: ng-run %s --inputs=%t/in.safetensors -o %t/out.safetensors
// RUN: %python %S/Inputs/st.py dump %t/out.safetensors | FileCheck %s

// (q - zp) * scale per group of 2 along the last dim.
// CHECK: affine f32 [2, 4] = [-4, -3.5, 5, 6, 2, 4, 8, 12]
// sum(x) = 6 > 5: the true branch, x * 2.
// CHECK: branch f32 [3] = [2, 4, 6]
// Q4_0: d = 1 (0x3c00); byte j = 0x80 | j: low nibble j - 8, high 8 - 8.
// CHECK: q4d f32 [1, 32] = [-8, -7, -6, -5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5, 6, 7, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
// Q8_0: d = 0.5 (0x3800), values -16..15.
// CHECK: q8d f32 [1, 32] = [-8, -7.5, -7, -6.5, -6, -5.5, -5, -4.5, -4, -3.5, -3, -2.5, -2, -1.5, -1, -0.5, 0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5, 5.5, 6, 6.5, 7, 7.5]
// sym_size(x, 0) * 2 + 1, as a tensor.
// CHECK: size i64 [] = [7]

module {
  ng.method @forward(%q: !ng.tensor<i8[2, 4]>, %scale: !ng.tensor<f32[2, 2]>, %zp: !ng.tensor<i8[2, 2]>, %q8: !ng.tensor<ui8[1, 34]>, %q4: !ng.tensor<ui8[1, 18]>, %x: !ng.tensor<f32[3]>) -> (!ng.tensor<f32[2, 4]>, !ng.tensor<f32[3]>, !ng.tensor<f32[1, 32]>, !ng.tensor<f32[1, 32]>, !ng.tensor<i64[]>) {
    %affine = ng.call "torch.ops.torchao.dequantize_affine.default"(%q, [1, 2], %scale, %zp, i8, -8, 7, output_dtype: f32) : (!ng.tensor<i8[2, 4]>, !ng.tensor<f32[2, 2]>, !ng.tensor<i8[2, 2]>) -> !ng.tensor<f32[2, 4]>
    %q8d = ng.call "torch.ops.torchao.dequantize_gguf.default"(%q8, "q8_0", f32) : (!ng.tensor<ui8[1, 34]>) -> !ng.tensor<f32[1, 32]>
    %q4d = ng.call "torch.ops.torchao.dequantize_gguf.default"(%q4, "q4_0", f32) : (!ng.tensor<ui8[1, 18]>) -> !ng.tensor<f32[1, 32]>
    %sum = ng.call "torch.ops.aten.sum.default"(self: %x) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[]>
    %pred = ng.call "torch.ops.aten.gt.Scalar"(self: %sum, other: 5) : (!ng.tensor<f32[]>) -> !ng.tensor<i1[]>
    %branch = ng.call "torch.ops.higher_order.cond"(%pred,
      graph "true_graph_0"(%x_1: !ng.tensor<f32[3]>) {
        %m = ng.call "torch.ops.aten.mul.Scalar"(self: %x_1, other: 2) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
        ng.output(%m) : !ng.tensor<f32[3]>
      },
      graph "false_graph_0"(%x_1: !ng.tensor<f32[3]>) {
        %n = ng.call "torch.ops.aten.neg.default"(self: %x_1) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
        ng.output(%n) : !ng.tensor<f32[3]>
      },
      [%x]) {node = "cond"} : (!ng.tensor<i1[]>, !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
    %n = ng.call "torch.ops.aten.sym_size.int"(self: %x, dim: 0) : (!ng.tensor<f32[3]>) -> i64
    %twice = ng.call "_operator.mul"(%n, 2) : (i64) -> i64
    %plus = ng.call "_operator.add"(%twice, 1) : (i64) -> i64
    %ok = ng.call "_operator.ge"(%plus, 7) : (i64) -> i1
    ng.call "torch.ops.aten._assert_scalar.default"(self: %ok, assert_msg: "size is at least 7") {node = "check"} : (i1) -> ()
    %size = ng.call "torch.ops.aten.scalar_tensor.default"(s: %plus, dtype: i64) : (i64) -> !ng.tensor<i64[]>
    ng.output(%affine, %branch, %q4d, %q8d, %size) : !ng.tensor<f32[2, 4]>, !ng.tensor<f32[3]>, !ng.tensor<f32[1, 32]>, !ng.tensor<f32[1, 32]>, !ng.tensor<i64[]>
  }
}
