// RUN: ng-opt %s -verify-diagnostics
// RUN: ng-opt %s --mlir-disable-threading 2>&1 >/dev/null | FileCheck %s
// RUN: ng-opt %s 2>&1 >/dev/null | FileCheck %s

// A program stripped of its flags (FORMAT.md A1) gets a warning per node
// whose flags say less than ng knows, but a few lines, not one a node: the
// first 10 of a method, in graph order (the same with and without
// threads), then one warning on the method counting the rest.
// CHECK-COUNT-10: warning: node
// CHECK-NOT: warning: node
// CHECK: warning: 2 more nodes of method 'forward' say less in their wire flags than ng knows of their targets (only the first 10 are shown); --ng-infer-aliases records what they do
// CHECK-NOT: warning:

// expected-warning @+1 {{2 more nodes of method 'forward' say less in their wire flags than ng knows of their targets (only the first 10 are shown)}}
ng.method @forward(%x: !ng.tensor<f32[4]>) -> !ng.tensor<f32[4]> {
  %c = ng.call "torch.ops.aten.clone.default"(self: %x, memory_format: none) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
  // expected-warning @+1 {{node 'a0' (torch.ops.aten.add_.Tensor): 'self' is written in place but not marked `mut`}}
  %a0 = ng.call "torch.ops.aten.add_.Tensor"(self: %c, other: 1, alpha: 1) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
  // expected-warning @+1 {{node 'a1' (torch.ops.aten.add_.Tensor): 'self' is written in place but not marked `mut`}}
  %a1 = ng.call "torch.ops.aten.add_.Tensor"(self: %c, other: 1, alpha: 1) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
  // expected-warning @+1 {{node 'a2' (torch.ops.aten.add_.Tensor): 'self' is written in place but not marked `mut`}}
  %a2 = ng.call "torch.ops.aten.add_.Tensor"(self: %c, other: 1, alpha: 1) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
  // expected-warning @+1 {{node 'a3' (torch.ops.aten.add_.Tensor): 'self' is written in place but not marked `mut`}}
  %a3 = ng.call "torch.ops.aten.add_.Tensor"(self: %c, other: 1, alpha: 1) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
  // expected-warning @+1 {{node 'a4' (torch.ops.aten.add_.Tensor): 'self' is written in place but not marked `mut`}}
  %a4 = ng.call "torch.ops.aten.add_.Tensor"(self: %c, other: 1, alpha: 1) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
  // expected-warning @+1 {{node 'a5' (torch.ops.aten.add_.Tensor): 'self' is written in place but not marked `mut`}}
  %a5 = ng.call "torch.ops.aten.add_.Tensor"(self: %c, other: 1, alpha: 1) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
  // expected-warning @+1 {{node 'a6' (torch.ops.aten.add_.Tensor): 'self' is written in place but not marked `mut`}}
  %a6 = ng.call "torch.ops.aten.add_.Tensor"(self: %c, other: 1, alpha: 1) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
  // expected-warning @+1 {{node 'a7' (torch.ops.aten.add_.Tensor): 'self' is written in place but not marked `mut`}}
  %a7 = ng.call "torch.ops.aten.add_.Tensor"(self: %c, other: 1, alpha: 1) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
  // expected-warning @+1 {{node 'a8' (torch.ops.aten.add_.Tensor): 'self' is written in place but not marked `mut`}}
  %a8 = ng.call "torch.ops.aten.add_.Tensor"(self: %c, other: 1, alpha: 1) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
  // expected-warning @+1 {{node 'a9' (torch.ops.aten.add_.Tensor): 'self' is written in place but not marked `mut`}}
  %a9 = ng.call "torch.ops.aten.add_.Tensor"(self: %c, other: 1, alpha: 1) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
  %a10 = ng.call "torch.ops.aten.add_.Tensor"(self: %c, other: 1, alpha: 1) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
  %a11 = ng.call "torch.ops.aten.add_.Tensor"(self: %c, other: 1, alpha: 1) : (!ng.tensor<f32[4]>) -> !ng.tensor<f32[4]>
  ng.output(%c) : !ng.tensor<f32[4]>
}
