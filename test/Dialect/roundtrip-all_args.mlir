// RUN: ng-opt %s | ng-opt -mlir-print-local-scope | FileCheck %s
// RUN: ng-opt %s > %t.1 && ng-opt %t.1 > %t.2 && diff %t.1 %t.2
// RUN: ng-opt %s -mlir-print-op-generic -mlir-print-debuginfo | ng-opt > %t.3 && diff %t.1 %t.3
// (-mlir-print-local-scope: FileCheck sees types inline rather than through
// the dialect's type aliases; the diffs compare the default output.)

// The IR form of conformance/all_args.json: the ArgumentValue kinds (W4),
// non-finite doubles (W8), node metadata (KeyValue) and string escapes.
// (GraphArg is in roundtrip-cond.mlir; Int/Float/BoolArg refs and IntListArg
// refs in roundtrip-dynamic_view.mlir and roundtrip-multi_output.mlir.)
//
//   TensorArg              self: %x
//   NoneArg                layout: none
//   IntArg                 big: -9223372036854775808 (int64 min survives)
//   FloatArg               min: -inf, max: inf, fill_value: nan,
//                          eps: 1.0e-05, tiny: 5.0e-324 (a denormal), alpha: 1.0
//   BoolArg                pin_memory: false
//   StringArg              device: "cpu"; mode: quotes, a backslash and UTF-8
//   ScalarTypeArg          dtype: f16 (HALF 5), dtype: f32 (FLOAT 6)
//   IntListArg             size: [2, 3], empty: `ints[]`
//   FloatListArg           scales: [2.0, -inf, 0.25]
//   BoolListArg            flags: [true, false, true]
//   TensorListArg          empty: `tensors[]`
//   OptionalTensorListArg  indices: [%idx, none]
//
// - Node.metadata is kept in order as `metadata = [["key", "value"], ...]`.
// - native_layer_norm returns a 3-tuple whose first element is read through
//   getitem: results getitem, <node>_out1, <node>_out2 (S6) and
//   `node = "aten_native_layer_norm_default"`.
// - aten_upsample_like calls a custom op: the node name is not derived from
//   the target and round-trips as is.

// CHECK-LABEL: ng.method @forward(%x: !ng.tensor<f32[2, 3]>, %idx: !ng.tensor<i64[2]>) -> !ng.tensor<f32[2, 3]> {
// CHECK-NEXT:    %aten_clamp_default = ng.call "torch.ops.aten.clamp.default"(self: %x, min: -inf, max: inf) {metadata = {{\[\["stack_trace", "model.py:12"\], \["nn_module_stack", "L__self__"\]\]}}} : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3]>
// CHECK-NEXT:    %aten_full_default = ng.call "torch.ops.aten.full.default"(size: [2, 3], fill_value: nan, dtype: f16, layout: "torch.strided", device: "cpu", pin_memory: false) : () -> !ng.tensor<f16[2, 3]>
// CHECK-NEXT:    %aten__to_copy_default = ng.call "torch.ops.aten._to_copy.default"(self: %aten_full_default, dtype: f32, layout: none, device: none, pin_memory: none, non_blocking: false, memory_format: none) : (!ng.tensor<f16[2, 3]>) -> !ng.tensor<f32[2, 3]>
// CHECK-NEXT:    %aten_index_tensor = ng.call "torch.ops.aten.index.Tensor"(self: %aten_clamp_default, indices: [%idx, none]) : (!ng.tensor<f32[2, 3]>, !ng.tensor<i64[2]>) -> !ng.tensor<f32[2, 3]>
// CHECK-NEXT:    %getitem, %aten_native_layer_norm_default_out1, %aten_native_layer_norm_default_out2 = ng.call "torch.ops.aten.native_layer_norm.default"(input: %aten_index_tensor, normalized_shape: [3], weight: none, bias: none, eps: 1.0e-05) {node = "aten_native_layer_norm_default"} : (!ng.tensor<f32[2, 3]>) -> (!ng.tensor<f32[2, 3]>, !ng.tensor<f32[2, 1]>, !ng.tensor<f32[2, 1]>)
// CHECK-NEXT:    %aten_upsample_like = ng.call "torch.ops.my_ns.custom_op.default"(self: %getitem, scales: [2.0, -inf, 0.25], flags: [true, false, true], empty_ints: ints[], empty_tensors: tensors[], mode: "bilinear \22quoted\22 \\ and unicode \C3\A9", big: -9223372036854775808, tiny: 5.0e-324, pred: true) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3]>
// CHECK-NEXT:    %aten_add_tensor = ng.call "torch.ops.aten.add.Tensor"(self: %aten_upsample_like, other: %aten__to_copy_default, alpha: 1.0) : (!ng.tensor<f32[2, 3]>, !ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3]>
// CHECK-NEXT:    ng.output(%aten_add_tensor) : !ng.tensor<f32[2, 3]>

module attributes {ng.version = "1.0"} {
  ng.method @forward(%x: !ng.tensor<f32[2, 3]>, %idx: !ng.tensor<i64[2]>) -> !ng.tensor<f32[2, 3]> {
    %aten_clamp_default = ng.call "torch.ops.aten.clamp.default"(self: %x, min: -inf, max: inf)
        {metadata = [["stack_trace", "model.py:12"], ["nn_module_stack", "L__self__"]]}
        : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3]>
    %aten_full_default = ng.call "torch.ops.aten.full.default"(
        size: [2, 3], fill_value: nan, dtype: f16, layout: "torch.strided", device: "cpu",
        pin_memory: false) : () -> !ng.tensor<f16[2, 3]>
    %aten__to_copy_default = ng.call "torch.ops.aten._to_copy.default"(
        self: %aten_full_default, dtype: f32, layout: none, device: none, pin_memory: none,
        non_blocking: false, memory_format: none)
        : (!ng.tensor<f16[2, 3]>) -> !ng.tensor<f32[2, 3]>
    %aten_index_tensor = ng.call "torch.ops.aten.index.Tensor"(
        self: %aten_clamp_default, indices: [%idx, none])
        : (!ng.tensor<f32[2, 3]>, !ng.tensor<i64[2]>) -> !ng.tensor<f32[2, 3]>
    %getitem, %aten_native_layer_norm_default_out1, %aten_native_layer_norm_default_out2 =
        ng.call "torch.ops.aten.native_layer_norm.default"(
            input: %aten_index_tensor, normalized_shape: [3], weight: none, bias: none, eps: 1.0e-05)
        {node = "aten_native_layer_norm_default"}
        : (!ng.tensor<f32[2, 3]>)
        -> (!ng.tensor<f32[2, 3]>, !ng.tensor<f32[2, 1]>, !ng.tensor<f32[2, 1]>)
    %aten_upsample_like = ng.call "torch.ops.my_ns.custom_op.default"(
        self: %getitem, scales: [2.0, -inf, 0.25], flags: [true, false, true],
        empty_ints: ints[], empty_tensors: tensors[],
        mode: "bilinear \"quoted\" \\ and unicode é",
        big: -9223372036854775808, tiny: 5.0e-324, pred: true)
        : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3]>
    %aten_add_tensor = ng.call "torch.ops.aten.add.Tensor"(
        self: %aten_upsample_like, other: %aten__to_copy_default, alpha: 1.0)
        : (!ng.tensor<f32[2, 3]>, !ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3]>
    ng.output(%aten_add_tensor) : !ng.tensor<f32[2, 3]>
  }
}
