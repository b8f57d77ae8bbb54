// RUN: ng-opt %s | ng-opt -mlir-print-local-scope | FileCheck %s
// RUN: ng-opt %s > %t.1 && ng-opt %t.1 > %t.2 && diff %t.1 %t.2
// RUN: ng-opt %s -mlir-print-op-generic -mlir-print-debuginfo | ng-opt > %t.3 && diff %t.1 %t.3
// (-mlir-print-local-scope: FileCheck sees types inline rather than through
// the dialect's type aliases; the diffs compare the default output.)

// Argument and output spellings that the conformance programs do not use
// (the roundtrip-<conformance>.mlir files cover the rest): every
// ArgumentValue kind (W4) in its rarer shapes, scalar refs (S5), outputs
// (S6, S7) and GraphArg corner cases (W5).

// CHECK-LABEL: ng.method @scalars(
ng.method @scalars(%x: !ng.tensor<f32[2]>, %m: !ng.tensor<i1[2]>) -> (!ng.tensor<f32[2]>, i64, i1, f64) {
  // INT / BOOL / FLOAT outputs are i64 / i1 / f64 (S6).
  // CHECK:      %n = ng.call "torch.ops.aten.sym_numel.default"(self: %x) : (!ng.tensor<f32[2]>) -> i64
  // CHECK-NEXT: %b = ng.call "torch.ops.aten.is_nonzero.default"(self: %m) : (!ng.tensor<i1[2]>) -> i1
  // CHECK-NEXT: %f = ng.call "torch.ops.aten.item.default"(self: %x) : (!ng.tensor<f32[2]>) -> f64
  %n = ng.call "torch.ops.aten.sym_numel.default"(self: %x) : (!ng.tensor<f32[2]>) -> i64
  %b = ng.call "torch.ops.aten.is_nonzero.default"(self: %m) : (!ng.tensor<i1[2]>) -> i1
  %f = ng.call "torch.ops.aten.item.default"(self: %x) : (!ng.tensor<f32[2]>) -> f64
  // IntArg/BoolArg/FloatArg with `ref`: the argument is the value (S5). The
  // referenced value's type picks the kind.
  // CHECK-NEXT: %r = ng.call "t"(i: %n, b: %b, f: %f) : (i64, i1, f64) -> !ng.tensor<f32[2]>
  %r = ng.call "t"(i: %n, b: %b, f: %f) : (i64, i1, f64) -> !ng.tensor<f32[2]>
  // Float literals print in the shortest form that reads back the same
  // double; int64 extremes survive (W8: and so do inf, -inf, nan).
  // CHECK-NEXT: %lits = ng.call "t"(a: 1.0e+300, b: 0.1, c: 0.3333333333333333, d: -0.0, e: 1.0, f: -2.5e-07, g: 9223372036854775807, h: -9223372036854775808, i: 0, j: -inf, k: nan) : () -> !ng.tensor<f32[2]>
  %lits = ng.call "t"(a: 1.0e300, b: 0.1, c: 0.3333333333333333, d: -0.0, e: 1.0, f: -2.5e-7,
                      g: 9223372036854775807, h: -9223372036854775808, i: 0, j: -inf, k: nan)
      : () -> !ng.tensor<f32[2]>
  // The OUTPUT node returns refs of every scalar kind (S7).
  // CHECK-NEXT: ng.output(%r, %n, %b, %f) : !ng.tensor<f32[2]>, i64, i1, f64
  ng.output(%r, %n, %b, %f) : !ng.tensor<f32[2]>, i64, i1, f64
}

// CHECK-LABEL: ng.method @lists(
ng.method @lists(%x: !ng.tensor<f32[2]>, %i: !ng.tensor<i64[1]>) -> !ng.tensor<f32[2]> {
  %s = ng.call "torch.ops.aten.sym_size.int"(self: %x, dim: 0) : (!ng.tensor<f32[2]>) -> i64
  // IntListArg: without refs `[1, 2]` / `ints[]`; with refs `[%s, 2]`, and
  // with a present refs vector that holds only literals ("" each):
  // `symints[1, 2]` / `symints[]`.
  // CHECK:      %a = ng.call "t"(p: [1, 2], q: ints[], r: [%s, 2], s: [2, %s, %s], t: symints[1, 2], u: symints[]) : (i64, i64, i64) -> !ng.tensor<f32[2]>
  %a = ng.call "t"(p: [1, 2], q: ints[], r: [%s, 2], s: [2, %s, %s], t: symints[1, 2], u: symints[])
      : (i64, i64, i64) -> !ng.tensor<f32[2]>
  // FloatListArg, BoolListArg, each also empty.
  // CHECK-NEXT: %b = ng.call "t"(p: [1.5, -0.0, inf, nan], q: floats[], r: [false], s: bools[]) : () -> !ng.tensor<f32[2]>
  %b = ng.call "t"(p: [1.5, -0.0, inf, nan], q: floats[], r: [false], s: bools[]) : () -> !ng.tensor<f32[2]>
  // TensorListArg: `[%a, %b]`, `tensors[]`. OptionalTensorListArg: with a
  // hole `[%a, none]`, all holes `[none]`, no hole `optional_tensors[%a]`,
  // empty `optional_tensors[]`.
  // CHECK-NEXT: %c = ng.call "t"(p: [%x, %x], q: tensors[], r: [none, %i], s: [none], t: optional_tensors[%i], u: optional_tensors[]) : (!ng.tensor<f32[2]>, !ng.tensor<f32[2]>, !ng.tensor<i64[1]>, !ng.tensor<i64[1]>) -> !ng.tensor<f32[2]>
  %c = ng.call "t"(p: [%x, %x], q: tensors[], r: [none, %i], s: [none], t: optional_tensors[%i], u: optional_tensors[])
      : (!ng.tensor<f32[2]>, !ng.tensor<f32[2]>, !ng.tensor<i64[1]>, !ng.tensor<i64[1]>) -> !ng.tensor<f32[2]>
  // Explicit list keywords that say no more than the elements print bare.
  // CHECK-NEXT: %d = ng.call "t"(p: [1], q: [1.0], r: [true], s: [%x], t: [%s]) : (!ng.tensor<f32[2]>, i64) -> !ng.tensor<f32[2]>
  %d = ng.call "t"(p: ints[1], q: floats[1], r: bools[true], s: tensors[%x], t: ints[%s])
      : (!ng.tensor<f32[2]>, i64) -> !ng.tensor<f32[2]>
  ng.output(%a) : !ng.tensor<f32[2]>
}

// CHECK-LABEL: ng.method @names_and_flags(
ng.method @names_and_flags(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  // NamedArgument.name: a keyword, a quoted string, the empty string ""
  // (present but empty) and no name at all (positional, S4) are four
  // different wire values. `mut` marks NamedArgument.mutated on any kind.
  // CHECK:      %a = ng.call "t"(self: mut %x, "has space": 1, "": 2, 3, mut none, mut: "mut", none: f16) : (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> aliases %x
  %a = ng.call "t"(self: mut %x, "has space": 1, "": 2, 3, mut none, "mut": "mut", "none": f16)
      : (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> aliases %x
  // Every ScalarTypeArg dtype (W3).
  // CHECK-NEXT: %d = ng.call "t"(ui8, i8, i16, i32, i64, f16, f32, f64, i1, bf16, ui16, ui32, ui64) : () -> !ng.tensor<f32[2]>
  %d = ng.call "t"(ui8, i8, i16, i32, i64, f16, f32, f64, i1, bf16, ui16, ui32, ui64) : () -> !ng.tensor<f32[2]>
  // StringArg escapes.
  // CHECK-NEXT: %s = ng.call "t"(s: "tab\09newline\0Aquote\22backslash\\", e: "") : () -> !ng.tensor<f32[2]>
  %s = ng.call "t"(s: "tab\tnewline\nquote\"backslash\\", e: "") : () -> !ng.tensor<f32[2]>
  ng.output(%a) : !ng.tensor<f32[2]>
}

// CHECK-LABEL: ng.method @outputs(
ng.method @outputs(%x: !ng.tensor<f32[4]>) -> (!ng.tensor<f32[4]>, !ng.tensor<f32[2]>) {
  // Outputs in one node: a tensor, a TENSOR_LIST (bracketed), an empty
  // TENSOR_LIST `[]`, a scalar; alias_of on a single tensor Output (A1).
  // CHECK:      %v, %p, %q, %n = ng.call "t"(self: %x) {node = "multi"} : (!ng.tensor<f32[4]>) -> (!ng.tensor<f32[4]> aliases %x, [!ng.tensor<f32[2]>, !ng.tensor<f32[2]>], [], i64)
  %v, %p, %q, %n = ng.call "t"(self: %x) {node = "multi"}
      : (!ng.tensor<f32[4]>) -> (!ng.tensor<f32[4]> aliases %x, [!ng.tensor<f32[2]>, !ng.tensor<f32[2]>], [], i64)
  // A single TENSOR_LIST output still prints in parentheses.
  // CHECK-NEXT: %l0, %l1 = ng.call "t"(%x) {node = "split"} : (!ng.tensor<f32[4]>) -> ([!ng.tensor<f32[2]>, !ng.tensor<f32[2]>])
  %l0, %l1 = ng.call "t"(%x) {node = "split"} : (!ng.tensor<f32[4]>) -> ([!ng.tensor<f32[2]>, !ng.tensor<f32[2]>])
  // A zero-return op that writes its argument (S6, A1).
  // CHECK-NEXT: ng.call "torch.ops.aten._foreach_mul_.Scalar"(self: mut [%l0, %l1], scalar: 2.0) {node = "foreach"} : (!ng.tensor<f32[2]>, !ng.tensor<f32[2]>) -> ()
  ng.call "torch.ops.aten._foreach_mul_.Scalar"(self: mut [%l0, %l1], scalar: 2.0) {node = "foreach"}
      : (!ng.tensor<f32[2]>, !ng.tensor<f32[2]>) -> ()
  // The OUTPUT node: a renamed node with metadata, literals of each scalar
  // kind and `none` among the results (S7), an explicit USER_OUTPUT with an
  // empty target (OutputSpec.target "" rather than absent).
  // CHECK-NEXT: ng.output(user_output "" %v, 7, 2.5, true, none, "s", %p) {metadata = {{\[\["k", "v"\]\]}}, node = "out"} : !ng.tensor<f32[4]>, !ng.tensor<f32[2]>
  ng.output(user_output "" %v, 7, 2.5, true, none, "s", %p) {node = "out", metadata = [["k", "v"]]}
      : !ng.tensor<f32[4]>, !ng.tensor<f32[2]>
}

// A method without outputs.
// CHECK-LABEL: ng.method @no_outputs(%x: !ng.tensor<f32[2]>) {
// CHECK-NEXT:    ng.output()
ng.method @no_outputs(%x: !ng.tensor<f32[2]>) {
  ng.output()
}

// CHECK-LABEL: ng.method @graphs(
ng.method @graphs(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  // GraphArg: named or positional, any label (even ""), zero inputs, and a
  // subgraph holding a subgraph (W5, V9).
  // CHECK:      %r = ng.call "torch.ops.higher_order.cond"(pred: false, true_fn: graph "t \22x\22"() {
  // CHECK-NEXT:   %z = ng.call "torch.ops.aten.zeros.default"(size: [2]) : () -> !ng.tensor<f32[2]>
  // CHECK-NEXT:   ng.output(%z) : !ng.tensor<f32[2]>
  // CHECK-NEXT: }, false_fn: graph ""() {
  // CHECK-NEXT:   %o = ng.call "torch.ops.higher_order.cond"(true, graph "inner"() {
  // CHECK-NEXT:     %z = ng.call "torch.ops.aten.ones.default"(size: [2]) : () -> !ng.tensor<f32[2]>
  // CHECK-NEXT:     ng.output(%z) : !ng.tensor<f32[2]>
  // CHECK-NEXT:   }, graph "inner"() {
  // CHECK-NEXT:     %z = ng.call "torch.ops.aten.zeros.default"(size: [2]) : () -> !ng.tensor<f32[2]>
  // CHECK-NEXT:     ng.output(%z) : !ng.tensor<f32[2]>
  // CHECK-NEXT:   }, tensors[]) : () -> !ng.tensor<f32[2]>
  // CHECK-NEXT:   ng.output(%o) {node = "out"} : !ng.tensor<f32[2]>
  // CHECK-NEXT: }, operands: tensors[]) : () -> !ng.tensor<f32[2]>
  %r = ng.call "torch.ops.higher_order.cond"(pred: false,
    true_fn: graph "t \"x\""() {
      %z = ng.call "torch.ops.aten.zeros.default"(size: [2]) : () -> !ng.tensor<f32[2]>
      ng.output(%z) : !ng.tensor<f32[2]>
    },
    false_fn: graph ""() {
      %o = ng.call "torch.ops.higher_order.cond"(true,
        graph "inner"() {
          %z = ng.call "torch.ops.aten.ones.default"(size: [2]) : () -> !ng.tensor<f32[2]>
          ng.output(%z) : !ng.tensor<f32[2]>
        },
        graph "inner"() {
          %z = ng.call "torch.ops.aten.zeros.default"(size: [2]) : () -> !ng.tensor<f32[2]>
          ng.output(%z) : !ng.tensor<f32[2]>
        }, tensors[]) : () -> !ng.tensor<f32[2]>
      ng.output(%o) {node = "out"} : !ng.tensor<f32[2]>
    },
    operands: tensors[]) : () -> !ng.tensor<f32[2]>
  ng.output(%r) : !ng.tensor<f32[2]>
}
