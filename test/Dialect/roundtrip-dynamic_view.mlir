// RUN: ng-opt %s | ng-opt -mlir-print-local-scope | FileCheck %s
// RUN: ng-opt %s > %t.1 && ng-opt %t.1 > %t.2 && diff %t.1 %t.2
// RUN: ng-opt %s -mlir-print-op-generic -mlir-print-debuginfo | ng-opt > %t.3 && diff %t.1 %t.3
// (-mlir-print-local-scope: FileCheck sees types inline rather than through
// the dialect's type aliases; the diffs compare the default output.)

// The IR form of conformance/dynamic_view.json: dynamic dims, an INT output
// and an IntListArg that mixes a reference and a literal.
//
// - Dim{min 1, max 64} prints as `1:64`; a static Dim (min == max) as one
//   number (S8, W4 Dim).
// - sym_size_int has one Output of kind INT (W3 OutputValueKind): an i64
//   result (S6).
// - `size: [%sym_size_int, -1]` is IntListArg{values [0, -1], refs
//   ["sym_size_int", ""]} (S5): a `%v` element is a ref slot, a number a
//   literal slot ("" ref). V5 (refs parallel to values) holds by construction.
// - `other: 0.5` is a FloatArg literal.

// CHECK-LABEL: ng.method @forward(%x: !ng.tensor<f32[1:64, 8, 4]>) -> !ng.tensor<f32[1:64, 32]> {
// CHECK-NEXT:    %sym_size_int = ng.call "torch.ops.aten.sym_size.int"(self: %x, dim: 0) : (!ng.tensor<f32[1:64, 8, 4]>) -> i64
// CHECK-NEXT:    %aten_view_copy_default = ng.call "torch.ops.aten.view_copy.default"(self: %x, size: [%sym_size_int, -1]) : (!ng.tensor<f32[1:64, 8, 4]>, i64) -> !ng.tensor<f32[1:64, 32]>
// CHECK-NEXT:    %aten_mul_scalar = ng.call "torch.ops.aten.mul.Scalar"(self: %aten_view_copy_default, other: 0.5) : (!ng.tensor<f32[1:64, 32]>) -> !ng.tensor<f32[1:64, 32]>
// CHECK-NEXT:    ng.output(%aten_mul_scalar) : !ng.tensor<f32[1:64, 32]>

module attributes {ng.version = "1.0"} {
  ng.method @forward(%x: !ng.tensor<f32[1:64, 8, 4]>) -> !ng.tensor<f32[1:64, 32]> {
    %sym_size_int = ng.call "torch.ops.aten.sym_size.int"(self: %x, dim: 0)
        : (!ng.tensor<f32[1:64, 8, 4]>) -> i64
    %aten_view_copy_default = ng.call "torch.ops.aten.view_copy.default"(
        self: %x, size: [%sym_size_int, -1])
        : (!ng.tensor<f32[1:64, 8, 4]>, i64) -> !ng.tensor<f32[1:64, 32]>
    %aten_mul_scalar = ng.call "torch.ops.aten.mul.Scalar"(self: %aten_view_copy_default, other: 0.5)
        : (!ng.tensor<f32[1:64, 32]>) -> !ng.tensor<f32[1:64, 32]>
    ng.output(%aten_mul_scalar) : !ng.tensor<f32[1:64, 32]>
  }
}
