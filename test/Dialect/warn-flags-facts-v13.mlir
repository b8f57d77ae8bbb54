// RUN: ng-opt %s -split-input-file -verify-diagnostics
//
// V13 is a rule of the file's flags: a write the facts know of, to a
// parameter, or through a view the facts know of, is a warning, not the
// V13 error (the reference loader accepts both files). With the flags
// filled in (--ng-infer-aliases) V13 rejects them (infer-aliases-errors.mlir).
ng.method @read_only(%x: !ng.tensor<f32[3]>,
                     %p_w: !ng.tensor<f32[3]> = parameter "w",
                     %p_b: !ng.tensor<f32[3]> = parameter "b")
    -> (!ng.tensor<f32[3]>, !ng.tensor<f32[3]>) {
  // expected-warning @+1 {{node 'w' (torch.ops.aten.add_.Tensor): 'self' is written in place but not marked `mut`}}
  %w = ng.call "torch.ops.aten.add_.Tensor"(self: %p_w, other: %x, alpha: 1) : (!ng.tensor<f32[3]>, !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> aliases %p_w
  // expected-warning @+1 {{node 'view' (torch.ops.aten.alias.default): the output aliases 'self' but has no alias_of}}
  %view = ng.call "torch.ops.aten.alias.default"(self: %p_b) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  %b = ng.call "torch.ops.aten.mul_.Tensor"(self: mut %view, other: %x) : (!ng.tensor<f32[3]>, !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> aliases %view
  ng.output(%w, %b) : !ng.tensor<f32[3]>, !ng.tensor<f32[3]>
}
