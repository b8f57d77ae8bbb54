// RUN: ng-opt %s -split-input-file "--ng-legalize-dim-order=contiguous-ops=torch.ops.aten.add_.Tensor" -verify-diagnostics
// RUN: echo 'module {}' | not ng-opt "--ng-legalize-dim-order=contiguous-ops=a,,b" 2>&1 | FileCheck %s --check-prefix=OPTION

// Step (d) of --ng-legalize-dim-order cannot give an op a contiguous copy of an
// argument the op writes in place (`mut`): the write would land in the copy,
// not in the tensor the program goes on to read. That only happens with a
// `contiguous-ops=...` target (no built-in D5 op writes its input). (The
// pass fails, so there is no output to run twice.)

// OPTION: error: --ng-legalize-dim-order: contiguous-ops has an empty target

module {
  ng.method @in_place(%x: !ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[6, 4], dim_order = [1, 0]> {
    %t = ng.call "torch.ops.aten.t_copy.default"(self: %x) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[6, 4], dim_order = [1, 0]>
    // expected-error @+1 {{node 'a' (torch.ops.aten.add_.Tensor) needs a contiguous input, but writes 't' in place; a copy would not receive the write (D5)}}
    %a = ng.call "torch.ops.aten.add_.Tensor"(self: mut %t, other: %t, alpha: 1) : (!ng.tensor<f32[6, 4], dim_order = [1, 0]>, !ng.tensor<f32[6, 4], dim_order = [1, 0]>) -> !ng.tensor<f32[6, 4], dim_order = [1, 0]> aliases %t
    ng.output(%a) : !ng.tensor<f32[6, 4], dim_order = [1, 0]>
  }
}
