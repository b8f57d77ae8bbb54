// RUN: ng-opt %s -split-input-file -verify-diagnostics

// The program-wide data-key rules need no constant data: S9 and V15 hold in
// a module without `ng.data` (ng.method checks them once per module, from
// its first method, after every op verified).

// V15: a user input's scale, not bound in the method.
// expected-error @+1 {{'ng.method' op quantization parameter 's' for 'x' is not bound in method 'forward' (V15: its scale must be a constant of the method)}}
ng.method @forward(%x: !ng.tensor<ui8[2, 4], quant = #ng.affine_group<scale_data_key = "s", scale_dtype = f32, quant_min = -8, quant_max = 7, group_size = 4, zero_point_dtype = i8>>) {
  ng.output()
}

// -----

// S9: two methods bind one data key with different metadata.
ng.method @forward(%p_w: !ng.tensor<f32[4]> = parameter "w") -> !ng.tensor<f32[4]> {
  ng.output(%p_w) : !ng.tensor<f32[4]>
}
// expected-error @+1 {{(S9: one data_key, one tensor)}}
ng.method @decode(%p_w: !ng.tensor<f32[8]> = parameter "w") -> !ng.tensor<f32[8]> {
  ng.output(%p_w) : !ng.tensor<f32[8]>
}

// -----

// Both rules hold: accepted.
ng.method @forward(%x: !ng.tensor<ui8[2, 4], quant = #ng.affine_group<scale_data_key = "s", scale_dtype = f32, quant_min = -8, quant_max = 7, group_size = 4, zero_point_dtype = i8>>,
                   %p_s: !ng.tensor<f32[2, 1]> = parameter "s") {
  ng.output()
}
ng.method @decode(%p_s: !ng.tensor<f32[2, 1]> = parameter "s") {
  ng.output()
}
