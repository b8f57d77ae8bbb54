// RUN: ng-opt %s -split-input-file -verify-diagnostics

// An alias_of chain that is a cycle through a value's own use. Only IR that
// breaks dominance can say this (an operand defined by its own node, or
// later), but the V13 storage walk runs before dominance is checked: it
// must end, and the IR is then rejected for dominance.

// A node whose written operand is its own result, which aliases it.
ng.method @forward(%x: !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> {
  // expected-error @+2 {{operand #0 does not dominate this use}}
  // expected-note @+1 {{operand defined here}}
  %a = ng.call "torch.ops.aten.add_.Tensor"(self: mut %a, other: %x, alpha: 1)
      : (!ng.tensor<f32[3]>, !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> aliases %a
  ng.output(%a) : !ng.tensor<f32[3]>
}

// -----

// Two nodes, each aliasing the other's result.
ng.method @forward(%x: !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> {
  // expected-error @+1 {{operand #0 does not dominate this use}}
  %a = ng.call "torch.ops.aten.add_.Tensor"(self: mut %b, other: %x, alpha: 1)
      : (!ng.tensor<f32[3]>, !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> aliases %b
  // expected-note @+1 {{operand defined here}}
  %b = ng.call "torch.ops.aten.add_.Tensor"(self: mut %a, other: %x, alpha: 1)
      : (!ng.tensor<f32[3]>, !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> aliases %a
  ng.output(%b) : !ng.tensor<f32[3]>
}

// -----

// A cycle of three, written through a view.
ng.method @forward(%x: !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> {
  // expected-error @+1 {{operand #0 does not dominate this use}}
  %a = ng.call "torch.ops.aten.add_.Tensor"(self: mut %c, other: %x, alpha: 1)
      : (!ng.tensor<f32[3]>, !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> aliases %c
  %b = ng.call "torch.ops.aten.view.default"(self: %a, size: [3])
      : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> aliases %a
  // expected-note @+1 {{operand defined here}}
  %c = ng.call "torch.ops.aten.view.default"(self: %b, size: [3])
      : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> aliases %b
  ng.output(%c) : !ng.tensor<f32[3]>
}
