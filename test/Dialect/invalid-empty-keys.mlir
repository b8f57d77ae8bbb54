// RUN: ng-opt %s -split-input-file -verify-diagnostics

// Data keys are fqns (N3): an empty one is rejected in IR as on import, so
// ng never exports a file it would refuse to read.

// expected-error @+1 {{'ng.method' op constant 'p_w' has an empty data key; data keys are fqns (N3)}}
ng.method @forward(%p_w: !ng.tensor<f32[3]> = parameter "")
    -> !ng.tensor<f32[3]> {
  ng.output(%p_w) : !ng.tensor<f32[3]>
}

// -----

// expected-error @+1 {{'ng.method' op mutable buffer 'b' has an empty fqn; data keys are fqns (N3)}}
ng.method @forward(%b: !ng.tensor<f32[3]> = mutable_buffer "")
    -> !ng.tensor<f32[3]> {
  ng.output(%b) : !ng.tensor<f32[3]>
}

// -----

// expected-error @+1 {{scale_data_key is empty; data keys are fqns (N3)}}
ng.method @forward(%w: !ng.tensor<ui8[2, 8], quant = #ng.affine_group<scale_data_key = "", scale_dtype = f32, quant_min = -8, quant_max = 7, group_size = 0, zero_point_dtype = i8>>
                       = parameter "w") {
  ng.output()
}
