// RUN: ng-opt %s | FileCheck %s
// RUN: ng-opt %s -mlir-print-op-generic -mlir-print-debuginfo | FileCheck %s --check-prefix=GENERIC
// RUN: ng-opt %s > %t.1 && ng-opt %t.1 > %t.2 && diff %t.1 %t.2
// RUN: ng-opt %s -mlir-print-op-generic -mlir-print-debuginfo | ng-opt > %t.3 && diff %t.1 %t.3
// RUN: ng-opt %s -emit-bytecode | ng-opt > %t.4 && diff %t.1 %t.4
// RUN: sed -n '/^\/\/ OLD-SPELLING-BEGIN/,/^\/\/ OLD-SPELLING-END/p' %s | sed -e 1d -e '$d' -e 's|^// ||' | ng-opt > %t.5
// RUN: diff %t.1 %t.5

// A placeholder's binding is an ng.method property (`arg_bindings`), its
// wire name a hint in the block argument's location (a NameLoc); the custom
// form spells the binding after the type (`= parameter "w"`) and the name,
// when the SSA name cannot show it, as `ng.name` among the argument's
// attributes. Any other argument attribute (a dialect attribute, as for any
// function) is kept in `arg_attrs` and prints beside `ng.name`, in name
// order. (NPTG has no place for those: export rejects them,
// test/Target/NativeGraph/export-invalid.test.)

// CHECK-LABEL: ng.method @forward(
// CHECK-NEXT:    %x: !f32_2 {a.doc = "user input"},
// CHECK-NEXT:    %p_w: !f32_2 = parameter "w",
// CHECK-NEXT:    %has_space: !f32_2 = mutable_buffer "kv" {a.note = 1 : i64, ng.name = "has space", z.note}
// GENERIC: arg_attrs = [{a.doc = "user input"}, {}, {a.note = 1 : i64, z.note}]
// GENERIC-SAME: arg_bindings = [unit, #ng.constant<parameter, "w">, #ng.mutable_buffer<"kv">]
// GENERIC-NEXT: ^bb0(%arg0: !f32_2 loc("x"({{.*}})), %arg1: !f32_2 loc("p_w"({{.*}})), %arg2: !f32_2 loc("has space"({{.*}}))):
ng.method @forward(%x: !ng.tensor<f32[2]> {a.doc = "user input"},
                   %p_w: !ng.tensor<f32[2]> = parameter "w",
                   %kv: !ng.tensor<f32[2]> = mutable_buffer "kv" {z.note, ng.name = "has space", a.note = 1})
    -> !ng.tensor<f32[2]> {
  %aten_add_tensor = ng.call "torch.ops.aten.add.Tensor"(self: %x, other: %p_w) : (!ng.tensor<f32[2]>, !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
  ng.output(%aten_add_tensor) : !ng.tensor<f32[2]>
}

// The older spelling, each binding as an `ng.binding` attribute among the
// argument's attributes, still reads (files written before the `=` form),
// as the same IR: the RUN lines above parse it and diff the result with
// the program above.
// OLD-SPELLING-BEGIN
// ng.method @forward(%x: !ng.tensor<f32[2]> {a.doc = "user input"},
//                    %p_w: !ng.tensor<f32[2]> {ng.binding = #ng.constant<parameter, "w">},
//                    %kv: !ng.tensor<f32[2]> {z.note, ng.binding = #ng.mutable_buffer<"kv">, ng.name = "has space", a.note = 1})
//     -> !ng.tensor<f32[2]> {
//   %aten_add_tensor = ng.call "torch.ops.aten.add.Tensor"(self: %x, other: %p_w) : (!ng.tensor<f32[2]>, !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
//   ng.output(%aten_add_tensor) : !ng.tensor<f32[2]>
// }
// OLD-SPELLING-END
