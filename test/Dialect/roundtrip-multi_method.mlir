// RUN: ng-opt %s | ng-opt -mlir-print-local-scope | FileCheck %s
// RUN: ng-opt %s > %t.1 && ng-opt %t.1 > %t.2 && diff %t.1 %t.2
// RUN: ng-opt %s -mlir-print-op-generic -mlir-print-debuginfo | ng-opt > %t.3 && diff %t.1 %t.3
// (-mlir-print-local-scope: FileCheck sees types inline rather than through
// the dialect's type aliases; the diffs compare the default output.)

// The IR form of conformance/multi_method.json: two methods sharing a
// constant and a mutable buffer.
//
// - One `ng.method` per Method, in wire order; the method name is the symbol
//   (V12: unique and non-empty, the module's symbol table enforces the first).
// - Both bind p_proj_weight to the same data_key "proj.weight" and b_cache
//   to the same fqn "cache": data keys and fqns are program-wide (N3, S9);
//   value names are per method (N1, N2), so both methods use the same names.
// - h has a dynamic dim in prefill (1:16) and a static one in decode.

// CHECK-LABEL: ng.method @prefill(
// CHECK:         %p_proj_weight: !ng.tensor<f32[8, 8]> = parameter "proj.weight"
// CHECK:         %b_cache: !ng.tensor<f32[1, 16, 8]> = mutable_buffer "cache"
// CHECK:         %h: !ng.tensor<f32[1, 1:16, 8]>
// CHECK:         -> (!ng.tensor<f32[1, 16, 8]>, !ng.tensor<f32[1, 1:16, 8]>) {
// CHECK-NEXT:    %aten_linear_default = ng.call "torch.ops.aten.linear.default"(input: %h, weight: %p_proj_weight, bias: none) : (!ng.tensor<f32[1, 1:16, 8]>, !ng.tensor<f32[8, 8]>) -> !ng.tensor<f32[1, 1:16, 8]>
// CHECK-NEXT:    %aten_slice_scatter_default = ng.call "torch.ops.aten.slice_scatter.default"(self: %b_cache, src: %aten_linear_default, dim: 1, start: 0, end: 16, step: 1) : (!ng.tensor<f32[1, 16, 8]>, !ng.tensor<f32[1, 1:16, 8]>) -> !ng.tensor<f32[1, 16, 8]>
// CHECK-NEXT:    ng.output(buffer_mutation "cache" %aten_slice_scatter_default, %aten_linear_default) : !ng.tensor<f32[1, 16, 8]>, !ng.tensor<f32[1, 1:16, 8]>

// CHECK-LABEL: ng.method @decode(
// CHECK:         %p_proj_weight: !ng.tensor<f32[8, 8]> = parameter "proj.weight"
// CHECK:         %b_cache: !ng.tensor<f32[1, 16, 8]> = mutable_buffer "cache"
// CHECK:         %h: !ng.tensor<f32[1, 1, 8]>
// CHECK:         -> (!ng.tensor<f32[1, 16, 8]>, !ng.tensor<f32[1, 1, 8]>) {
// CHECK-NEXT:    %aten_linear_default = ng.call "torch.ops.aten.linear.default"(input: %h, weight: %p_proj_weight, bias: none) : (!ng.tensor<f32[1, 1, 8]>, !ng.tensor<f32[8, 8]>) -> !ng.tensor<f32[1, 1, 8]>
// CHECK-NEXT:    %aten_slice_scatter_default = ng.call "torch.ops.aten.slice_scatter.default"(self: %b_cache, src: %aten_linear_default, dim: 1, start: 0, end: 1, step: 1) : (!ng.tensor<f32[1, 16, 8]>, !ng.tensor<f32[1, 1, 8]>) -> !ng.tensor<f32[1, 16, 8]>
// CHECK-NEXT:    ng.output(buffer_mutation "cache" %aten_slice_scatter_default, %aten_linear_default) : !ng.tensor<f32[1, 16, 8]>, !ng.tensor<f32[1, 1, 8]>

module attributes {ng.version = "1.0"} {
  ng.method @prefill(
      %p_proj_weight: !ng.tensor<f32[8, 8]> = parameter "proj.weight",
      %b_cache: !ng.tensor<f32[1, 16, 8]> = mutable_buffer "cache",
      %h: !ng.tensor<f32[1, 1:16, 8]>)
      -> (!ng.tensor<f32[1, 16, 8]>, !ng.tensor<f32[1, 1:16, 8]>) {
    %aten_linear_default = ng.call "torch.ops.aten.linear.default"(
        input: %h, weight: %p_proj_weight, bias: none)
        : (!ng.tensor<f32[1, 1:16, 8]>, !ng.tensor<f32[8, 8]>) -> !ng.tensor<f32[1, 1:16, 8]>
    %aten_slice_scatter_default = ng.call "torch.ops.aten.slice_scatter.default"(
        self: %b_cache, src: %aten_linear_default, dim: 1, start: 0, end: 16, step: 1)
        : (!ng.tensor<f32[1, 16, 8]>, !ng.tensor<f32[1, 1:16, 8]>) -> !ng.tensor<f32[1, 16, 8]>
    ng.output(buffer_mutation "cache" %aten_slice_scatter_default, %aten_linear_default)
        : !ng.tensor<f32[1, 16, 8]>, !ng.tensor<f32[1, 1:16, 8]>
  }
  ng.method @decode(
      %p_proj_weight: !ng.tensor<f32[8, 8]> = parameter "proj.weight",
      %b_cache: !ng.tensor<f32[1, 16, 8]> = mutable_buffer "cache",
      %h: !ng.tensor<f32[1, 1, 8]>)
      -> (!ng.tensor<f32[1, 16, 8]>, !ng.tensor<f32[1, 1, 8]>) {
    %aten_linear_default = ng.call "torch.ops.aten.linear.default"(
        input: %h, weight: %p_proj_weight, bias: none)
        : (!ng.tensor<f32[1, 1, 8]>, !ng.tensor<f32[8, 8]>) -> !ng.tensor<f32[1, 1, 8]>
    %aten_slice_scatter_default = ng.call "torch.ops.aten.slice_scatter.default"(
        self: %b_cache, src: %aten_linear_default, dim: 1, start: 0, end: 1, step: 1)
        : (!ng.tensor<f32[1, 16, 8]>, !ng.tensor<f32[1, 1, 8]>) -> !ng.tensor<f32[1, 16, 8]>
    ng.output(buffer_mutation "cache" %aten_slice_scatter_default, %aten_linear_default)
        : !ng.tensor<f32[1, 16, 8]>, !ng.tensor<f32[1, 1, 8]>
  }
}
