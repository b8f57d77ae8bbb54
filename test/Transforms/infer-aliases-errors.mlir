// RUN: ng-opt %s -split-input-file --ng-infer-aliases -verify-diagnostics
//
// Filling in `mut` can reveal an in-place write to read-only storage, which
// the verifier then rejects (V13) with its usual message.

ng.method @forward(%x: !ng.tensor<f32[3]>,
                   %p_w: !ng.tensor<f32[3]> = parameter "w")
    -> !ng.tensor<f32[3]> {
  // expected-warning @+1 {{the output aliases 'self' but has no alias_of}}
  %t = ng.call "torch.ops.aten.t.default"(self: %p_w) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  // expected-error @+2 {{node 'add' writes a read-only tensor in place: argument 'self' is stored in parameter 'p_w' (V13)}}
  // expected-warning @+1 {{'self' is written in place but not marked `mut`, and the output aliases 'self' but has no alias_of}}
  %add = ng.call "torch.ops.aten.add_.Tensor"(self: %t, other: %x, alpha: 1)
      : (!ng.tensor<f32[3]>, !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  ng.output(%add) : !ng.tensor<f32[3]>
}
