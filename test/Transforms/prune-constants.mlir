// --ng-prune-constants: constant placeholders nothing reads go, with the
// data no method binds any more; what is read, written back, named by
// quantization metadata (V15), marked mutated or bound by another method
// stays.
//
// RUN: ng-opt %s --ng-prune-constants | FileCheck %s
// RUN: ng-opt %s --ng-prune-constants=report=true -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// Twice is once.
// RUN: ng-opt %s --ng-prune-constants > %t.once.mlir
// RUN: ng-opt %t.once.mlir --ng-prune-constants | diff %t.once.mlir -
// The package no longer holds the pruned data (C1, C2), and reads back.
// RUN: ng-translate --to-native-graph %t.once.mlir -o %t.ptn
// RUN: ng-translate --from-native-graph %t.ptn | FileCheck %s --check-prefix=PACKAGE

// The data of "dead" (read by no method) goes; "shared" stays, as @other
// still reads it.
// CHECK: module attributes {ng.data = {scale = dense_resource<scale> : tensor<1xf32>, shared = dense_resource<shared> : tensor<3xf32>, state = dense_resource<state> : tensor<3xf32>, w = dense_resource<w> : tensor<3xf32>}
// PACKAGE: module attributes {ng.data = {scale = {{.*}}, shared = {{.*}}, state = {{.*}}, w = {{.*}}}

// REMARK-DAG: remark: method 'forward': removed constant 'dead' (data_key 'dead'): nothing reads it
// REMARK-DAG: remark: method 'forward': removed constant 'shared' (data_key 'shared'): nothing reads it
// REMARK-DAG: remark: dropped the data of 'dead': no method binds it
// REMARK-NOT: removed constant 'w'
// REMARK-NOT: dropped the data of 'shared'

module attributes {ng.data = {
    dead = dense_resource<dead> : tensor<3xf32>,
    scale = dense_resource<scale> : tensor<1xf32>,
    shared = dense_resource<shared> : tensor<3xf32>,
    state = dense_resource<state> : tensor<3xf32>,
    w = dense_resource<w> : tensor<3xf32>}} {
  // The user_input_mutation spec names %x by position: it follows %x from
  // #4 to #2 as the two placeholders before it go (A3).
  // CHECK-LABEL: ng.method @forward(
  // CHECK-NEXT:    %w: !f32_3 = parameter "w",
  // CHECK-NEXT:    %scale: !f32_1 = constant "scale",
  // CHECK-NEXT:    %x: !f32_3,
  // CHECK-NEXT:    %state: !f32_3 = buffer "state" mutated
  // CHECK-NEXT:  ) -> (!f32_3, !f32_3, !ui8_3_affine) {
  // CHECK:       ng.output(user_input_mutation %x %a, buffer_mutation "state" %a, %q)
  ng.method @forward(
      %dead: !ng.tensor<f32[3]> = parameter "dead",
      %w: !ng.tensor<f32[3]> = parameter "w",
      %shared: !ng.tensor<f32[3]> = parameter "shared",
      %scale: !ng.tensor<f32[1]> = constant "scale",
      %x: !ng.tensor<f32[3]>,
      %state: !ng.tensor<f32[3]> = buffer "state" mutated)
      -> (!ng.tensor<f32[3]>, !ng.tensor<f32[3]>, !ng.tensor<ui8[3], quant = #ng.affine_group<scale_data_key = "scale", scale_dtype = f32, quant_min = -8, quant_max = 7, group_size = 3, zero_point_data_key = "", zero_point_dtype = f32>>) {
    %a = ng.call "torch.ops.aten.add.Tensor"(self: %x, other: %w, alpha: 1) : (!ng.tensor<f32[3]>, !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
    // Nothing reads %scale, but this result's metadata names it (V15).
    %q = ng.call "torch.ops.aten.empty.memory_format"(size: [3]) : () -> !ng.tensor<ui8[3], quant = #ng.affine_group<scale_data_key = "scale", scale_dtype = f32, quant_min = -8, quant_max = 7, group_size = 3, zero_point_data_key = "", zero_point_dtype = f32>>
    ng.output(user_input_mutation "x" %a, buffer_mutation "state" %a, %q) : !ng.tensor<f32[3]>, !ng.tensor<f32[3]>, !ng.tensor<ui8[3], quant = #ng.affine_group<scale_data_key = "scale", scale_dtype = f32, quant_min = -8, quant_max = 7, group_size = 3, zero_point_data_key = "", zero_point_dtype = f32>>
  }

  // A buffer nothing reads but the output writes back stays (A3), marked
  // mutated or not.
  // CHECK-LABEL: ng.method @writeback(%kept: !f32_3 = buffer "state"
  ng.method @writeback(%kept: !ng.tensor<f32[3]> = buffer "state",
                       %y: !ng.tensor<f32[3]>) -> (!ng.tensor<f32[3]>) {
    ng.output(buffer_mutation "state" %y) : !ng.tensor<f32[3]>
  }

  // CHECK-LABEL: ng.method @other(%s: !f32_3 = parameter "shared")
  ng.method @other(%s: !ng.tensor<f32[3]> = parameter "shared") -> (!ng.tensor<f32[3]>) {
    %n = ng.call "torch.ops.aten.neg.default"(self: %s) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
    ng.output(%n) : !ng.tensor<f32[3]>
  }
}

{-#
  dialect_resources: { builtin: {
    dead: "0x04000000000000000000000000000000",
    scale: "0x040000000000803F",
    shared: "0x040000000000803F0000803F0000803F",
    state: "0x04000000000000400000004000000040",
    w: "0x04000000000040400000404000004040"
  } }
#-}
