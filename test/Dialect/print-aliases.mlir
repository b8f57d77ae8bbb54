// RUN: ng-opt %s | FileCheck %s
// RUN: ng-opt %s > %t.1 && ng-opt %t.1 > %t.2 && diff %t.1 %t.2

// MLIR prints an op twice: first with a printer that only collects the
// types and attributes that get aliases, then for real. ng.method and
// ng.call take a short path in the first pass (NgOps.cpp,
// isCollectingAliases) that must still visit everything the real pass
// prints. Each type below is reached through a different part of the
// printers, and each must get its alias and be printed through it:
//   f32_1  placeholders                  f32_5  a subgraph's inputs only
//   f32_2  the method's results          f32_6  a type inside an attribute
//   f32_3  call results and operands     f32_7  a call's result only
//   f32_4  nodes inside a subgraph only

// CHECK-DAG: !f32_1 = !ng.tensor<f32[1]>
// CHECK-DAG: !f32_2 = !ng.tensor<f32[2]>
// CHECK-DAG: !f32_3 = !ng.tensor<f32[3]>
// CHECK-DAG: !f32_4 = !ng.tensor<f32[4]>
// CHECK-DAG: !f32_5 = !ng.tensor<f32[5]>
// CHECK-DAG: !f32_6 = !ng.tensor<f32[6]>
// CHECK-DAG: !f32_7 = !ng.tensor<f32[7]>
// CHECK-LABEL: ng.method @forward(%x: !f32_1) -> !f32_2 {
// CHECK: ng.call "torch.ops.aten.neg.default"(self: %x) : (!f32_1) -> !f32_3
// CHECK: graph "g"(%y: !f32_5) {
// CHECK: ng.call "torch.ops.aten.neg.default"(self: %y) : (!f32_5) -> !f32_4
// CHECK: {extra.type = !f32_6} : (!f32_3) -> !f32_7
// CHECK: ng.output(%b) : !f32_2

module {
  ng.method @forward(%x: !ng.tensor<f32[1]>) -> !ng.tensor<f32[2]> {
    %a = ng.call "torch.ops.aten.neg.default"(self: %x)
        : (!ng.tensor<f32[1]>) -> !ng.tensor<f32[3]>
    %c = ng.call "torch.ops.higher_order.map"(
      graph "g"(%y: !ng.tensor<f32[5]>) {
        %z = ng.call "torch.ops.aten.neg.default"(self: %y)
            : (!ng.tensor<f32[5]>) -> !ng.tensor<f32[4]>
        ng.output(%z) : !ng.tensor<f32[4]>
      }, [%a]) {extra.type = !ng.tensor<f32[6]>}
        : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[7]>
    %b = ng.call "torch.ops.aten.neg.default"(self: %x)
        : (!ng.tensor<f32[1]>) -> !ng.tensor<f32[2]>
    ng.output(%b) : !ng.tensor<f32[2]>
  }
}
