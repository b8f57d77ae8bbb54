// Placeholders print through a hand-written path (MethodOp::print): type,
// `= binding`, other attributes; with --mlir-print-debuginfo their
// locations must still follow all of that and read back.
//
// RUN: ng-opt --mlir-print-debuginfo %s > %t.1.mlir
// RUN: ng-opt --mlir-print-debuginfo %t.1.mlir > %t.2.mlir
// RUN: diff %t.1.mlir %t.2.mlir
// RUN: FileCheck %s < %t.1.mlir
// RUN: ng-opt %t.1.mlir | ng-opt | FileCheck %s --check-prefix=PLAIN

// A placeholder's location records its wire name (a NameLoc around where
// it was written, include/ng/Dialect/WireNames.h).
// CHECK-DAG: #[[F:loc[0-9]*]] = loc("{{.*}}roundtrip-debuginfo.mlir":[[@LINE+17]]:5)
// CHECK-DAG: #[[W:loc[0-9]*]] = loc("p_w"(#[[F]]))
// CHECK-DAG: #[[X:loc[0-9]*]] = loc("x"(
// CHECK-LABEL: ng.method @forward(
// CHECK-NEXT: %p_w: !f32_2 = parameter "w" loc(#[[W]]),
// CHECK-NEXT: %b_s: !f32_2 = buffer "s" mutated loc(
// CHECK-NEXT: %v_w: !f32_2 = parameter "v" {ng.name = "v w"} loc(
// CHECK-NEXT: %x: !f32_2 loc(#[[X]]),
// CHECK-NEXT: %y: !f32_2 {foo.bar = 1 : i64} loc(
// CHECK: ng.call "torch.ops.aten.add.Tensor"{{.*}} loc(#[[ADD:loc[0-9]*]])
// CHECK: ng.output{{.*}} loc(#[[OUT:loc[0-9]*]])
// CHECK-DAG: #[[ADD]] = loc("aten_add_tensor"(
// CHECK-DAG: #[[OUT]] = loc("output"(
// PLAIN: %p_w: !f32_2 = parameter "w",
// PLAIN: %v_w: !f32_2 = parameter "v" {ng.name = "v w"},
// PLAIN: %y: !f32_2 {foo.bar = 1 : i64}
ng.method @forward(
    %p_w: !ng.tensor<f32[2]> = parameter "w",
    %b_s: !ng.tensor<f32[2]> = buffer "s" mutated,
    %p_v: !ng.tensor<f32[2]> = parameter "v" {ng.name = "v w"},
    %x: !ng.tensor<f32[2]>,
    %y: !ng.tensor<f32[2]> {foo.bar = 1 : i64}) -> !ng.tensor<f32[2]> {
  %aten_add_tensor = ng.call "torch.ops.aten.add.Tensor"(self: %x, other: %p_w) : (!ng.tensor<f32[2]>, !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
  ng.output(%aten_add_tensor) : !ng.tensor<f32[2]>
}
