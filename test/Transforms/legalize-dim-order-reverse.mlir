// RUN: ng-opt %s -split-input-file --ng-legalize-dim-order=reverse=true -mlir-print-local-scope | FileCheck %s
// RUN: ng-opt %s -split-input-file --ng-legalize-dim-order=reverse=true > %t1 && ng-opt %t1 -split-input-file --ng-legalize-dim-order=reverse=true > %t2 && diff %t1 %t2
// Forward then reverse lands where reverse alone does, except that the
// forward direction made `none` explicit first (ROUND).
// RUN: ng-opt %s -split-input-file --ng-legalize-dim-order | ng-opt -split-input-file --ng-legalize-dim-order=reverse=true -mlir-print-local-scope | FileCheck %s --check-prefix=ROUND

// --ng-legalize-dim-order=reverse=true: step (c) runs the other way, for
// consumers that want aten copies with a memory_format string (what the
// native backend keeps, D4). dim_order maps back through D2, up to D3:
//   contiguous -> "torch.contiguous_format", [0, 2, 3, 1] (rank 4) ->
//   "torch.channels_last", [0, 2, 3, 4, 1] (rank 5) ->
//   "torch.channels_last_3d", for a copy the input's own order ->
//   "torch.preserve_format", `none` -> `none` (PyTorch's default means what
//   the dim-order op's `none` means).
// _clone_dim_order's non_blocking (false) is dropped: aten.clone has none.

// CHECK-LABEL: ng.method @reverse(
// CHECK:         %a = ng.call "torch.ops.aten.clone.default"(self: %cl, memory_format: "torch.contiguous_format") {metadata = {{\[\["stack_trace", "m.py:1"\]\]}}} : (!ng.tensor<f32[2, 3, 8, 8], dim_order = [0, 2, 3, 1]>) -> !ng.tensor<f32[2, 3, 8, 8]>
// CHECK-NEXT:    %b = ng.call "torch.ops.aten.clone.default"(self: %x, memory_format: "torch.channels_last") : (!ng.tensor<f32[2, 3, 8, 8]>) -> !ng.tensor<f32[2, 3, 8, 8], dim_order = [0, 2, 3, 1]>
// channels_last with a size-1 channel is contiguous (D3).
// CHECK-NEXT:    %c = ng.call "torch.ops.aten.clone.default"(self: %c1, memory_format: "torch.contiguous_format") : (!ng.tensor<f32[2, 1, 8, 8]>) -> !ng.tensor<f32[2, 1, 8, 8]>
// A transposed cache copied as it is: preserve_format.
// CHECK-NEXT:    %d = ng.call "torch.ops.aten.clone.default"(self: %kt, memory_format: "torch.preserve_format") : (!ng.tensor<f32[2, 4, 6, 8], dim_order = [1, 0, 2, 3]>) -> !ng.tensor<f32[2, 4, 6, 8], dim_order = [1, 0, 2, 3]>
// CHECK-NEXT:    %e = ng.call "torch.ops.aten.clone.default"(self: %kt, memory_format: none) : (!ng.tensor<f32[2, 4, 6, 8], dim_order = [1, 0, 2, 3]>) -> !ng.tensor<f32[2, 4, 6, 8], dim_order = [1, 0, 2, 3]>
// CHECK-NEXT:    %f = ng.call "torch.ops.aten._to_copy.default"(self: %v, dtype: f16, layout: none, device: "cpu", pin_memory: none, non_blocking: false, memory_format: "torch.channels_last_3d") : (!ng.tensor<f32[2, 3, 4, 4, 4]>) -> !ng.tensor<f16[2, 3, 4, 4, 4], dim_order = [0, 2, 3, 4, 1]>
// CHECK-NEXT:    %g = ng.call "torch.ops.aten.empty.memory_format"(size: [2, 3, 4], dtype: f32, layout: none, device: none, pin_memory: none, memory_format: "torch.contiguous_format") : () -> !ng.tensor<f32[2, 3, 4]>
// CHECK-NEXT:    %h = ng.call "torch.ops.aten.empty.memory_format"(size: [2, 3, 4], dtype: f32, layout: none, device: none, pin_memory: none, memory_format: none) : () -> !ng.tensor<f32[2, 3, 4]>
// aten copies already in aten form stay as they are.
// CHECK-NEXT:    %i = ng.call "torch.ops.aten.clone.default"(self: %x, memory_format: "torch.channels_last") : (!ng.tensor<f32[2, 3, 8, 8]>) -> !ng.tensor<f32[2, 3, 8, 8], dim_order = [0, 2, 3, 1]>
// CHECK-NEXT:    ng.output

// ROUND-LABEL: ng.method @reverse(
// ROUND:         %a = ng.call "torch.ops.aten.clone.default"(self: %cl, memory_format: "torch.contiguous_format")
// ROUND-NEXT:    %b = ng.call "torch.ops.aten.clone.default"(self: %x, memory_format: "torch.channels_last")
// ROUND-NEXT:    %c = ng.call "torch.ops.aten.clone.default"(self: %c1, memory_format: "torch.contiguous_format")
// ROUND-NEXT:    %d = ng.call "torch.ops.aten.clone.default"(self: %kt, memory_format: "torch.preserve_format")
// ROUND-NEXT:    %e = ng.call "torch.ops.aten.clone.default"(self: %kt, memory_format: "torch.preserve_format")
// ROUND-NEXT:    %f = ng.call "torch.ops.aten._to_copy.default"(self: %v, dtype: f16, layout: none, device: "cpu", pin_memory: none, non_blocking: false, memory_format: "torch.channels_last_3d")
// ROUND-NEXT:    %g = ng.call "torch.ops.aten.empty.memory_format"(size: [2, 3, 4], dtype: f32, layout: none, device: none, pin_memory: none, memory_format: "torch.contiguous_format")
// ROUND-NEXT:    %h = ng.call "torch.ops.aten.empty.memory_format"(size: [2, 3, 4], dtype: f32, layout: none, device: none, pin_memory: none, memory_format: "torch.contiguous_format")
// ROUND-NEXT:    %i = ng.call "torch.ops.aten.clone.default"(self: %x, memory_format: "torch.channels_last")
// ROUND-NEXT:    ng.output
// ROUND-LABEL: ng.method @view(
// ROUND:         %t_contiguous = ng.call "torch.ops.aten.clone.default"(self: %t, memory_format: "torch.contiguous_format")
// ROUND-NEXT:    %v = ng.call "torch.ops.aten.view.default"(self: %t_contiguous, size: [24])

module {
  ng.method @reverse(
    %x: !ng.tensor<f32[2, 3, 8, 8]>,
    %cl: !ng.tensor<f32[2, 3, 8, 8], dim_order = [0, 2, 3, 1]>,
    %c1: !ng.tensor<f32[2, 1, 8, 8]>,
    %kt: !ng.tensor<f32[2, 4, 6, 8], dim_order = [1, 0, 2, 3]>,
    %v: !ng.tensor<f32[2, 3, 4, 4, 4]>
  ) -> (!ng.tensor<f32[2, 3, 8, 8]>, !ng.tensor<f32[2, 3, 8, 8], dim_order = [0, 2, 3, 1]>, !ng.tensor<f32[2, 1, 8, 8], dim_order = [0, 2, 3, 1]>, !ng.tensor<f32[2, 4, 6, 8], dim_order = [1, 0, 2, 3]>, !ng.tensor<f32[2, 4, 6, 8], dim_order = [1, 0, 2, 3]>, !ng.tensor<f16[2, 3, 4, 4, 4], dim_order = [0, 2, 3, 4, 1]>, !ng.tensor<f32[2, 3, 4]>, !ng.tensor<f32[2, 3, 4]>, !ng.tensor<f32[2, 3, 8, 8], dim_order = [0, 2, 3, 1]>) {
    %a = ng.call "torch.ops.dim_order_ops._clone_dim_order.default"(self: %cl, non_blocking: false, dim_order: [0, 1, 2, 3]) {metadata = [["stack_trace", "m.py:1"]]} : (!ng.tensor<f32[2, 3, 8, 8], dim_order = [0, 2, 3, 1]>) -> !ng.tensor<f32[2, 3, 8, 8]>
    %b = ng.call "torch.ops.dim_order_ops._clone_dim_order.default"(self: %x, non_blocking: false, dim_order: [0, 2, 3, 1]) : (!ng.tensor<f32[2, 3, 8, 8]>) -> !ng.tensor<f32[2, 3, 8, 8], dim_order = [0, 2, 3, 1]>
    %c = ng.call "torch.ops.dim_order_ops._clone_dim_order.default"(self: %c1, non_blocking: false, dim_order: [0, 2, 3, 1]) : (!ng.tensor<f32[2, 1, 8, 8]>) -> !ng.tensor<f32[2, 1, 8, 8], dim_order = [0, 2, 3, 1]>
    %d = ng.call "torch.ops.dim_order_ops._clone_dim_order.default"(self: %kt, non_blocking: false, dim_order: [1, 0, 2, 3]) : (!ng.tensor<f32[2, 4, 6, 8], dim_order = [1, 0, 2, 3]>) -> !ng.tensor<f32[2, 4, 6, 8], dim_order = [1, 0, 2, 3]>
    %e = ng.call "torch.ops.dim_order_ops._clone_dim_order.default"(self: %kt, non_blocking: false, dim_order: none) : (!ng.tensor<f32[2, 4, 6, 8], dim_order = [1, 0, 2, 3]>) -> !ng.tensor<f32[2, 4, 6, 8], dim_order = [1, 0, 2, 3]>
    %f = ng.call "torch.ops.dim_order_ops._to_dim_order_copy.default"(self: %v, dtype: f16, layout: none, device: "cpu", pin_memory: none, non_blocking: false, dim_order: [0, 2, 3, 4, 1]) : (!ng.tensor<f32[2, 3, 4, 4, 4]>) -> !ng.tensor<f16[2, 3, 4, 4, 4], dim_order = [0, 2, 3, 4, 1]>
    %g = ng.call "torch.ops.dim_order_ops._empty_dim_order.default"(size: [2, 3, 4], dtype: f32, layout: none, device: none, pin_memory: none, dim_order: [0, 1, 2]) : () -> !ng.tensor<f32[2, 3, 4]>
    %h = ng.call "torch.ops.dim_order_ops._empty_dim_order.default"(size: [2, 3, 4], dtype: f32, layout: none, device: none, pin_memory: none, dim_order: none) : () -> !ng.tensor<f32[2, 3, 4]>
    %i = ng.call "torch.ops.aten.clone.default"(self: %x, memory_format: "torch.channels_last") : (!ng.tensor<f32[2, 3, 8, 8]>) -> !ng.tensor<f32[2, 3, 8, 8], dim_order = [0, 2, 3, 1]>
    ng.output(%a, %b, %c, %d, %e, %f, %g, %h, %i) : !ng.tensor<f32[2, 3, 8, 8]>, !ng.tensor<f32[2, 3, 8, 8], dim_order = [0, 2, 3, 1]>, !ng.tensor<f32[2, 1, 8, 8], dim_order = [0, 2, 3, 1]>, !ng.tensor<f32[2, 4, 6, 8], dim_order = [1, 0, 2, 3]>, !ng.tensor<f32[2, 4, 6, 8], dim_order = [1, 0, 2, 3]>, !ng.tensor<f16[2, 3, 4, 4, 4], dim_order = [0, 2, 3, 4, 1]>, !ng.tensor<f32[2, 3, 4]>, !ng.tensor<f32[2, 3, 4]>, !ng.tensor<f32[2, 3, 8, 8], dim_order = [0, 2, 3, 1]>
  }
}

// -----

// In reverse mode, the contiguous copy step (d) inserts an aten.clone with
// "torch.contiguous_format" in front of a view of a permuted tensor.

// CHECK-LABEL: ng.method @view(
// CHECK:         %t_contiguous = ng.call "torch.ops.aten.clone.default"(self: %t, memory_format: "torch.contiguous_format") : (!ng.tensor<f32[4, 6], dim_order = [1, 0]>) -> !ng.tensor<f32[4, 6]>
// CHECK-NEXT:    %v = ng.call "torch.ops.aten.view.default"(self: %t_contiguous, size: [24]) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[24]> aliases %t_contiguous

module {
  ng.method @view(%x: !ng.tensor<f32[6, 4]>) -> !ng.tensor<f32[24]> {
    %t = ng.call "torch.ops.aten.t.default"(self: %x) : (!ng.tensor<f32[6, 4]>) -> !ng.tensor<f32[4, 6], dim_order = [1, 0]> aliases %x
    %v = ng.call "torch.ops.aten.view.default"(self: %t, size: [24]) : (!ng.tensor<f32[4, 6], dim_order = [1, 0]>) -> !ng.tensor<f32[24]> aliases %t
    ng.output(%v) : !ng.tensor<f32[24]>
  }
}
