// RUN: ng-opt %s -split-input-file --ng-test-alias-analysis -o /dev/null 2>&1 | FileCheck %s
// RUN: ng-opt %s -split-input-file --ng-test-alias-analysis="alias=false mod-ref=false" -o /dev/null 2>&1 | FileCheck %s --check-prefix=CLASSES
//
// One program per corner of the model (docs/Aliasing.md). Each query kind
// appears here and in the conformance programs (alias-<name>.mlir):
// MustAlias, PartialAlias, NoAlias, MayAlias; NoModRef, Ref, Mod, ModRef.

// Views: two partial views of one storage (two slices) may not overlap:
// MayAlias. A covering view (t) overlaps everything its source overlaps:
// PartialAlias. aten.alias is its source: MustAlias. Placeholders bound to
// one key are one storage: MustAlias. A USER_INPUT_MUTATION output writes
// the user input back: Mod on it and on all its views.

// CHECK-LABEL: Testing : "views"
// CHECK-NEXT: storage classes of 'views':
// CHECK-NEXT:   x (user_input, written): x, s1, s2, t, ts, a; written by output
// CHECK-NEXT:   b1 (buffer, written): b1, b2, w; written by w
// CHECK-NEXT:   p (parameter): p
// CHECK-NEXT:   n (fresh): n
// CHECK-NEXT:   r (fresh): r
// CHECK-NEXT:   nx (fresh): nx
// CHECK-NEXT: x <-> b1: NoAlias
// CHECK:      b1 <-> b2: MustAlias
// CHECK:      x <-> s1: PartialAlias
// CHECK:      s1 <-> s2: MayAlias
// CHECK:      s1 <-> t: PartialAlias
// CHECK:      s2 <-> t: PartialAlias
// CHECK:      s1 <-> ts: MayAlias
// CHECK:      t <-> ts: PartialAlias
// CHECK:      s1 <-> a: MustAlias
// CHECK:      b1 <-> w: MustAlias
// CHECK-NEXT: b2 <-> w: MustAlias
// CHECK:      w -> b2: ModRef
// CHECK:      w -> p: NoModRef
// CHECK:      r -> b1: Ref
// CHECK:      r -> p: NoModRef
// CHECK:      output -> x: Mod
// CHECK-NEXT: output -> b1: NoModRef
// CHECK:      output -> ts: Mod
ng.method @views(%x: !ng.tensor<f32[4, 6]>,
                 %b1: !ng.tensor<f32[3]> = buffer "b",
                 %b2: !ng.tensor<f32[3]> = buffer "b",
                 %p: !ng.tensor<f32[3]> = parameter "p")
    -> (!ng.tensor<f32[4, 6]>, !ng.tensor<f32[3]>) {
  %s1 = ng.call "torch.ops.aten.slice.Tensor"(self: %x, dim: 0, start: 0, end: 2, step: 1) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[2, 6]> aliases %x
  %s2 = ng.call "torch.ops.aten.slice.Tensor"(self: %x, dim: 0, start: 2, end: 4, step: 1) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[2, 6]> aliases %x
  %t = ng.call "torch.ops.aten.t.default"(self: %x) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[6, 4]> aliases %x
  %ts = ng.call "torch.ops.aten.select.int"(self: %t, dim: 0, index: 1) : (!ng.tensor<f32[6, 4]>) -> !ng.tensor<f32[4]> aliases %t
  %a = ng.call "torch.ops.aten.alias.default"(self: %s1) : (!ng.tensor<f32[2, 6]>) -> !ng.tensor<f32[2, 6]> aliases %s1
  %n = ng.call "torch.ops.aten.neg.default"(self: %s2) : (!ng.tensor<f32[2, 6]>) -> !ng.tensor<f32[2, 6]>
  %w = ng.call "torch.ops.aten.add_.Tensor"(self: mut %b1, other: %p, alpha: 1) : (!ng.tensor<f32[3]>, !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> aliases %b1
  %r = ng.call "torch.ops.aten.add.Tensor"(self: %b2, other: %p, alpha: 1) : (!ng.tensor<f32[3]>, !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  %nx = ng.call "torch.ops.aten.neg.default"(self: %x) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[4, 6]>
  ng.output(user_input_mutation "x" %nx, %r) : !ng.tensor<f32[4, 6]>, !ng.tensor<f32[3]>
}

// -----

// A subgraph that writes its input: the higher-order op may write whatever
// it is given (x, passed twice), not what it is not given (p, s). The two
// subgraph inputs may be one tensor: MayAlias, and both count as written.
// What the subgraph makes (c) is new. The op's output may be x or c.

// CHECK-LABEL: Testing : "hop"
// CHECK-NEXT: storage classes of 'hop':
// CHECK-NEXT:   p (parameter): p
// CHECK-NEXT:   x (user_input, written): x; written by r
// CHECK-NEXT:   s (fresh): s
// CHECK-NEXT:   r (unknown, written): r
// CHECK-NEXT:   after (fresh): after
// CHECK-NEXT: storage classes of 'r/g':
// CHECK-NEXT:   r/g/a (subgraph_input, written): r/g/a, r/g/w; written by r/g/w
// CHECK-NEXT:   r/g/b (subgraph_input, written): r/g/b
// CHECK-NEXT:   r/g/c (fresh): r/g/c
// CHECK:      p <-> r/g/a: NoAlias
// CHECK-NEXT: x <-> r/g/a: MayAlias
// CHECK-NEXT: s <-> r/g/a: NoAlias
// CHECK:      r/g/a <-> r/g/b: MayAlias
// CHECK:      r/g/a <-> r/g/w: MustAlias
// CHECK:      r/g/b <-> r/g/c: NoAlias
// CHECK:      p <-> r: NoAlias
// CHECK-NEXT: x <-> r: MayAlias
// CHECK-NEXT: s <-> r: NoAlias
// CHECK:      r/g/c <-> r: MayAlias
// CHECK:      x <-> after: NoAlias
// CHECK:      r <-> after: NoAlias
// CHECK:      s -> x: Ref
// CHECK:      r/g/w -> r/g/b: ModRef
// CHECK:      r -> p: NoModRef
// CHECK-NEXT: r -> x: ModRef
// CHECK-NEXT: r -> s: NoModRef
ng.method @hop(%p: !ng.tensor<f32[3]> = parameter "p",
               %x: !ng.tensor<f32[3]>)
    -> (!ng.tensor<f32[3]>, !ng.tensor<f32[]>, !ng.tensor<f32[3]>) {
  %s = ng.call "torch.ops.aten.sum.default"(self: %x, dtype: none) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[]>
  %r = ng.call "torch.ops.higher_order.cond"(true, graph "g"(%a: !ng.tensor<f32[3]>, %b: !ng.tensor<f32[3]>) {
    %w = ng.call "torch.ops.aten.neg_.default"(self: mut %a)
        : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> aliases %a
    %c = ng.call "torch.ops.aten.clone.default"(self: %b, memory_format: none) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
    ng.output(%c) : !ng.tensor<f32[3]>
  }, [%x, %x]) : (!ng.tensor<f32[3]>, !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  %after = ng.call "torch.ops.aten.add.Tensor"(self: %p, other: %p, alpha: 1) : (!ng.tensor<f32[3]>, !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  ng.output(%r, %s, %after) : !ng.tensor<f32[3]>, !ng.tensor<f32[]>, !ng.tensor<f32[3]>
}

// -----

// Something writes an output of a higher-order op whose subgraph writes
// nothing: the output may be the tensor the op was given, so that tensor
// counts as written (and its readers as Ref).

// CHECK-LABEL: Testing : "hop_output_written"
// CHECK-NEXT: storage classes of 'hop_output_written':
// CHECK-NEXT:   x (user_input, written): x; written by r
// CHECK-NEXT:   s (fresh): s
// CHECK-NEXT:   r (unknown, written): r, w; written by w
// CHECK:      x <-> w: MayAlias
// CHECK:      s -> x: Ref
// CHECK:      w -> x: ModRef
ng.method @hop_output_written(%x: !ng.tensor<f32[3]>)
    -> (!ng.tensor<f32[3]>, !ng.tensor<f32[]>) {
  %s = ng.call "torch.ops.aten.sum.default"(self: %x, dtype: none) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[]>
  %r = ng.call "torch.ops.higher_order.cond"(true, graph "g"(%a: !ng.tensor<f32[3]>) {
    ng.output(%a) : !ng.tensor<f32[3]>
  }, [%x]) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  %w = ng.call "torch.ops.aten.neg_.default"(self: mut %r)
      : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> aliases %r
  ng.output(%w, %s) : !ng.tensor<f32[3]>, !ng.tensor<f32[]>
}

// -----

// Only the classes (alias=false mod-ref=false): a constant is read-only, a
// mutable buffer written back is written.

// CLASSES-LABEL: Testing : "options"
// CLASSES-NEXT: storage classes of 'options':
// CLASSES-NEXT:   x (user_input): x
// CLASSES-NEXT:   c (constant): c
// CLASSES-NEXT:   m (mutable_buffer, written): m; written by output
// CLASSES-NEXT:   v (fresh): v
// CLASSES-NOT:  {{<->| -> }}
ng.method @options(%x: !ng.tensor<f32[3]>,
                   %c: !ng.tensor<f32[3]> = constant "c",
                   %m: !ng.tensor<f32[3]> = mutable_buffer "m")
    -> !ng.tensor<f32[3]> {
  %v = ng.call "torch.ops.aten.add.Tensor"(self: %x, other: %c, alpha: 1) : (!ng.tensor<f32[3]>, !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  ng.output(buffer_mutation "m" %v) : !ng.tensor<f32[3]>
}
