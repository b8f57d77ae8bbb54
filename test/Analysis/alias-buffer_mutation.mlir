// RUN: ng-opt %s --ng-test-alias-analysis -o /dev/null 2>&1 | FileCheck %s
//
// The conformance program buffer_mutation: a persistent buffer (mutated)
// read by an add and written back by the OUTPUT node.
//
// - the OUTPUT node writes b_count back: Mod.
// - the add reads b_count, which is written: Ref.
// - the other values are never written: NoModRef everywhere.

// CHECK: Testing : "forward"
// CHECK-NEXT: storage classes of 'forward':
// CHECK-NEXT:   b_count (buffer, written): b_count; written by output
// CHECK-NEXT:   x (user_input): x
// CHECK-NEXT:   aten_add_tensor (fresh): aten_add_tensor
// CHECK-NEXT:   aten_add_tensor_1 (fresh): aten_add_tensor_1
// CHECK-NEXT: b_count <-> x: NoAlias
// CHECK-NEXT: b_count <-> aten_add_tensor: NoAlias
// CHECK-NEXT: x <-> aten_add_tensor: NoAlias
// CHECK-NEXT: b_count <-> aten_add_tensor_1: NoAlias
// CHECK-NEXT: x <-> aten_add_tensor_1: NoAlias
// CHECK-NEXT: aten_add_tensor <-> aten_add_tensor_1: NoAlias
// CHECK-NEXT: aten_add_tensor -> b_count: Ref
// CHECK-NEXT: aten_add_tensor -> x: NoModRef
// CHECK-NEXT: aten_add_tensor -> aten_add_tensor: NoModRef
// CHECK-NEXT: aten_add_tensor -> aten_add_tensor_1: NoModRef
// CHECK-NEXT: aten_add_tensor_1 -> b_count: NoModRef
// CHECK-NEXT: aten_add_tensor_1 -> x: NoModRef
// CHECK-NEXT: aten_add_tensor_1 -> aten_add_tensor: NoModRef
// CHECK-NEXT: aten_add_tensor_1 -> aten_add_tensor_1: NoModRef
// CHECK-NEXT: output -> b_count: Mod
// CHECK-NEXT: output -> x: NoModRef
// CHECK-NEXT: output -> aten_add_tensor: NoModRef
// CHECK-NEXT: output -> aten_add_tensor_1: NoModRef
// CHECK-NOT: {{.}}

module attributes {ng.version = "1.0"} {
  ng.method @forward(%b_count: !ng.tensor<f32[1]> = buffer "count" mutated, %x: !ng.tensor<f32[3]>) -> (!ng.tensor<f32[1]>, !ng.tensor<f32[3]>) {
    %aten_add_tensor = ng.call "torch.ops.aten.add.Tensor"(self: %b_count, other: 1, alpha: 1) : (!ng.tensor<f32[1]>) -> !ng.tensor<f32[1]>
    %aten_add_tensor_1 = ng.call "torch.ops.aten.add.Tensor"(self: %x, other: %aten_add_tensor, alpha: 1) : (!ng.tensor<f32[3]>, !ng.tensor<f32[1]>) -> !ng.tensor<f32[3]>
    ng.output(buffer_mutation "count" %aten_add_tensor, %aten_add_tensor_1) : !ng.tensor<f32[1]>, !ng.tensor<f32[3]>
  }
}
