// --ng-dedup-constants: data entries of one type with the same bytes are
// stored once; export writes the other keys as aliases.json entries
// {duplicate_key: owner_key} (FORMAT.md C1). Data of another type, or
// that a method writes (state), stays its own.
//
// RUN: ng-opt %s --ng-dedup-constants | FileCheck %s
// RUN: ng-opt %s --ng-dedup-constants=report=true -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// Twice is once.
// RUN: ng-opt %s --ng-dedup-constants > %t.once.mlir
// RUN: ng-opt %t.once.mlir --ng-dedup-constants | diff %t.once.mlir -
// The package stores the bytes once, with aliases.json, and reads back
// with the keys sharing them.
// RUN: rm -rf %t.dir && mkdir %t.dir
// RUN: ng-translate --to-native-graph %t.once.mlir -o %t.dir/p.ptn
// RUN: unzip -p %t.dir/p.ptn aliases.json | FileCheck %s --check-prefix=ALIASES
// RUN: ng-translate --from-native-graph %t.dir/p.ptn | FileCheck %s --check-prefix=IMPORT
// Without the pass nothing is shared.
// RUN: ng-translate --to-native-graph %s -o %t.dir/plain.ptn
// RUN: not unzip -p %t.dir/plain.ptn aliases.json

// "b" is "a"'s bytes; "c" has them too but as i32; "state" too, but a
// method writes it.
// CHECK: module attributes {ng.data = {a = dense_resource<a> : tensor<3xf32>, b = dense_resource<a> : tensor<3xf32>, c = dense_resource<c> : tensor<3xi32>, d = dense_resource<d> : tensor<3xf32>, state = dense_resource<state> : tensor<3xf32>}
// REMARK:     remark: data 'b' (12 bytes) is the same as 'a's: stored once, as an alias
// REMARK-NOT: remark
// ALIASES: {"b":"a"}
// IMPORT: module attributes {ng.data = {a = dense_resource<a> : tensor<3xf32>, b = dense_resource<a> : tensor<3xf32>, c = dense_resource<c> : tensor<3xi32>, d = dense_resource<d> : tensor<3xf32>, state = dense_resource<state> : tensor<3xf32>}

module attributes {ng.data = {
    a = dense_resource<a> : tensor<3xf32>,
    b = dense_resource<b> : tensor<3xf32>,
    c = dense_resource<c> : tensor<3xi32>,
    d = dense_resource<d> : tensor<3xf32>,
    state = dense_resource<state> : tensor<3xf32>}} {
  ng.method @forward(
      %a: !ng.tensor<f32[3]> = parameter "a",
      %b: !ng.tensor<f32[3]> = parameter "b",
      %c: !ng.tensor<i32[3]> = constant "c",
      %d: !ng.tensor<f32[3]> = parameter "d",
      %state: !ng.tensor<f32[3]> = buffer "state" mutated)
      -> (!ng.tensor<f32[3]>, !ng.tensor<f32[3]>) {
    %s = ng.call "torch.ops.aten.add.Tensor"(self: %a, other: %b, alpha: 1) : (!ng.tensor<f32[3]>, !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
    %t = ng.call "torch.ops.aten.add.Tensor"(self: %s, other: %d, alpha: 1) : (!ng.tensor<f32[3]>, !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
    %u = ng.call "torch.ops.aten.add_.Tensor"(self: mut %state, other: %t, alpha: 1) : (!ng.tensor<f32[3]>, !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> aliases %state
    %v = ng.call "torch.ops.aten.mul.Tensor"(self: %u, other: %c) : (!ng.tensor<f32[3]>, !ng.tensor<i32[3]>) -> !ng.tensor<f32[3]>
    ng.output(%v, %t) : !ng.tensor<f32[3]>, !ng.tensor<f32[3]>
  }
}

{-#
  dialect_resources: { builtin: {
    a: "0x040000000000803F0000803F0000803F",
    b: "0x040000000000803F0000803F0000803F",
    c: "0x040000000000803F0000803F0000803F",
    d: "0x04000000000000400000803F0000803F",
    state: "0x040000000000803F0000803F0000803F"
  } }
#-}
