// RUN: ng-opt %s -split-input-file -verify-diagnostics
// Warnings, not errors: the program still loads, verifies and prints.
// RUN: ng-opt %s -split-input-file 2>/dev/null | FileCheck %s --check-prefix=KEPT
// Once per op, however often a pass re-verifies the IR (here after
// --canonicalize drops the unused neg, and --cse).
// RUN: ng-opt %s -split-input-file --canonicalize --cse -o /dev/null 2>&1 | FileCheck %s --check-prefix=ONCE
// --ng-infer-aliases records what the warnings say: its output verifies
// without a warning (-verify-diagnostics fails on an unexpected one).
// RUN: ng-opt %s -split-input-file --ng-infer-aliases 2>/dev/null | ng-opt -split-input-file -verify-diagnostics
//
// ng.call warns where its wire flags (FORMAT.md A1: `mutated`, alias_of)
// say less than ng knows about the target (A2, OpFacts.td): a known
// in-place argument without `mut`, a known view's output without alias_of.
// The effects assume what the op does either way (docs/Aliasing.md).

// KEPT-LABEL: ng.method @stripped
// ONCE-COUNT-1: warning: node 'add' (torch.ops.aten.add_.Tensor): 'self' is written in place
// ONCE-NOT: warning: node 'add'
ng.method @stripped(%x: !ng.tensor<f32[3]>, %y: !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> {
  %c = ng.call "torch.ops.aten.clone.default"(self: %x, memory_format: none) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  %n = ng.call "torch.ops.aten.neg.default"(self: %x) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  // expected-warning @+1 {{node 'add' (torch.ops.aten.add_.Tensor): 'self' is written in place but not marked `mut`, and the output aliases 'self' but has no alias_of (FORMAT.md A1, A2); ng assumes what the op does (--ng-infer-aliases records it)}}
  %add = ng.call "torch.ops.aten.add_.Tensor"(self: %c, other: %y, alpha: 1) : (!ng.tensor<f32[3]>, !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  ng.output(%add) : !ng.tensor<f32[3]>
}

// -----

// One flag of two missing.
ng.method @half(%x: !ng.tensor<f32[3]>) -> (!ng.tensor<f32[3]>, !ng.tensor<f32[3]>) {
  %c = ng.call "torch.ops.aten.clone.default"(self: %x, memory_format: none) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  // expected-warning @+1 {{node 'm' (torch.ops.aten.mul_.Scalar): the output aliases 'self' but has no alias_of (FORMAT.md A1, A2)}}
  %m = ng.call "torch.ops.aten.mul_.Scalar"(self: mut %c, other: 2.0) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  // expected-warning @+1 {{node 'a' (torch.ops.aten.add_.Scalar): 'self' is written in place but not marked `mut` (FORMAT.md A1, A2)}}
  %a = ng.call "torch.ops.aten.add_.Scalar"(self: %m, other: 1, alpha: 1) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> aliases %m
  ng.output(%a, %c) : !ng.tensor<f32[3]>, !ng.tensor<f32[3]>
}

// -----

// Views, an in-place op without outputs, an op writing two arguments.
ng.method @kinds(%x: !ng.tensor<f32[2, 3]>, %y: !ng.tensor<f32[3]>,
                 %m: !ng.tensor<f32[1]> = buffer "m",
                 %v: !ng.tensor<f32[1]> = buffer "v")
    -> (!ng.tensor<f32[3, 2]>, !ng.tensor<f32[3]>) {
  // expected-warning @+1 {{node 't' (torch.ops.aten.t.default): the output aliases 'self' but has no alias_of}}
  %t = ng.call "torch.ops.aten.t.default"(self: %x) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[3, 2]>
  // expected-warning @+1 {{node 'foreach' (torch.ops.aten._foreach_add_.Scalar): 'self' is written in place but not marked `mut` (FORMAT.md A1, A2)}}
  ng.call "torch.ops.aten._foreach_add_.Scalar"(self: [%y], scalar: 1) {node = "foreach"} : (!ng.tensor<f32[3]>) -> ()
  // expected-warning @+1 {{node 'bn' (torch.ops.aten._native_batch_norm_legit.default): 'running_mean' and 'running_var' are written in place but not marked `mut` (FORMAT.md A1, A2)}}
  %bn, %bn_1, %bn_2 = ng.call "torch.ops.aten._native_batch_norm_legit.default"(input: %y, weight: none, bias: none, running_mean: %m, running_var: %v, training: true, momentum: 0.1, eps: 1.0e-05) : (!ng.tensor<f32[3]>, !ng.tensor<f32[1]>, !ng.tensor<f32[1]>) -> (!ng.tensor<f32[3]>, !ng.tensor<f32[1]>, !ng.tensor<f32[1]>)
  ng.output(%t, %bn) : !ng.tensor<f32[3, 2]>, !ng.tensor<f32[3]>
}

// -----

// No warning: the flags are all there; targets whose facts ask for no flag
// (functional ops, `*_copy` variants, functional dunders, an RNG, a copy
// op); targets ng knows nothing about (other namespaces, unknown aten
// ops); an in-place op whose schema argument is not named `self` (the
// facts do not apply to a schema they do not know).
ng.method @quiet(%x: !ng.tensor<f32[3]>, %b: !ng.tensor<i1[3]>) -> !ng.tensor<f32[3]> {
  %c = ng.call "torch.ops.aten.clone.default"(self: %x, memory_format: none) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  %a = ng.call "torch.ops.aten.add_.Tensor"(self: mut %c, other: %x, alpha: 1) : (!ng.tensor<f32[3]>, !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> aliases %c
  %v = ng.call "torch.ops.aten.view.default"(self: %a, size: [3]) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> aliases %a
  %vc = ng.call "torch.ops.aten.view_copy.default"(self: %v, size: [3]) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  %and = ng.call "torch.ops.aten.__and__.Tensor"(self: %b, other: %b) : (!ng.tensor<i1[3]>, !ng.tensor<i1[3]>) -> !ng.tensor<i1[3]>
  %r = ng.call "torch.ops.aten.rand.default"(size: [3], dtype: none, layout: none, device: none, pin_memory: none) : () -> !ng.tensor<f32[3]>
  %u = ng.call "torch.ops.mylib.scale_.default"(self: %vc) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  %f = ng.call "torch.ops.aten.frobnicate_.default"(input: %u) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  ng.output(%f) : !ng.tensor<f32[3]>
}
