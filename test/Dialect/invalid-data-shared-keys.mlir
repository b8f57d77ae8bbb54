// RUN: ng-opt %s -split-input-file -verify-diagnostics

// S9 (FORMAT.md section 3): methods share constants by data_key (same key,
// same data: the key names one tensor) and mutable buffers by fqn (a
// shared buffer has identical metadata). So every binding of one key
// declares the same tensor metadata: dtype, sizes, dim_order and quant.
// The reference serializer raises on either conflict; two methods could
// declare them differently here.

// A mutable buffer of one fqn with two shapes.
module attributes {ng.data = {}} {
  ng.method @prefill(%b_cache: !ng.tensor<f32[1, 4]> = mutable_buffer "cache") {
    ng.output()
  }
  // expected-error @+1 {{'ng.method' op mutable buffer 'k' (fqn 'cache') of method 'decode' is '!ng.tensor<f32[1, 8]>', but mutable buffer 'b_cache' of method 'prefill' declares 'cache' as '!ng.tensor<f32[1, 4]>' (S9: one fqn, one tensor)}}
  ng.method @decode(%k: !ng.tensor<f32[1, 8]> = mutable_buffer "cache") {
    ng.output()
  }
}

// -----

// ... or two dtypes.
module attributes {ng.data = {}} {
  ng.method @prefill(%b_cache: !ng.tensor<f32[1, 4]> = mutable_buffer "cache") {
    ng.output()
  }
  // expected-error @+1 {{mutable buffer 'b_cache' (fqn 'cache') of method 'decode' is '!ng.tensor<f16[1, 4]>', but mutable buffer 'b_cache' of method 'prefill' declares 'cache' as '!ng.tensor<f32[1, 4]>' (S9: one fqn, one tensor)}}
  ng.method @decode(%b_cache: !ng.tensor<f16[1, 4]> = mutable_buffer "cache") {
    ng.output()
  }
}

// -----

// ... or two dim orders.
module attributes {ng.data = {}} {
  ng.method @prefill(%b_cache: !ng.tensor<f32[1, 2, 2, 3]> = mutable_buffer "cache") {
    ng.output()
  }
  // expected-error @+1 {{mutable buffer 'b_cache' (fqn 'cache') of method 'decode' is '!ng.tensor<f32[1, 2, 2, 3], dim_order = [0, 2, 3, 1]>', but mutable buffer 'b_cache' of method 'prefill' declares 'cache' as '!ng.tensor<f32[1, 2, 2, 3]>' (S9: one fqn, one tensor)}}
  ng.method @decode(%b_cache: !ng.tensor<f32[1, 2, 2, 3], dim_order = [0, 2, 3, 1]> = mutable_buffer "cache") {
    ng.output()
  }
}

// -----

// A constant key with two shapes of the same bytes (both match the data's
// size, so V14 alone accepted them).
module attributes {ng.data = {w = dense_resource<w> : tensor<4xf32>}} {
  ng.method @prefill(%p_w: !ng.tensor<f32[4]> = parameter "w") {
    ng.output()
  }
  // expected-error @+1 {{constant 'p_w' (data_key 'w') of method 'decode' is '!ng.tensor<f32[2, 2]>', but constant 'p_w' of method 'prefill' declares 'w' as '!ng.tensor<f32[4]>' (S9: one data_key, one tensor)}}
  ng.method @decode(%p_w: !ng.tensor<f32[2, 2]> = parameter "w") {
    ng.output()
  }
}
{-#
  dialect_resources: { builtin: { w: "0x040000000000803F000000400000404000008040" } }
#-}

// -----

// ... or quantized in one method only.
module attributes {ng.data = {s = dense_resource<s> : tensor<2xf32>, w = dense_resource<w> : tensor<2x2xui8>}} {
  ng.method @prefill(%p_w: !ng.tensor<ui8[2, 2]> = parameter "w") {
    ng.output()
  }
  // expected-error @+1 {{constant 'p_w' (data_key 'w') of method 'decode' is '!ng.tensor<ui8[2, 4], quant = #ng.affine_group<scale_data_key = "s", scale_dtype = f32, quant_min = -8, quant_max = 7, group_size = 4, zero_point_dtype = i8>>', but constant 'p_w' of method 'prefill' declares 'w' as '!ng.tensor<ui8[2, 2]>' (S9: one data_key, one tensor)}}
  ng.method @decode(%p_w: !ng.tensor<ui8[2, 4], quant = #ng.affine_group<scale_data_key = "s", scale_dtype = f32, quant_min = -8, quant_max = 7, group_size = 4, zero_point_dtype = i8>> = parameter "w",
                    %c_s: !ng.tensor<f32[2]> = constant "s") {
    ng.output()
  }
}
{-#
  dialect_resources: { builtin: { s: "0x040000000000803F00000040", w: "0x0100000010FE98D7" } }
#-}

// -----

// One key twice in one method: the same rule.
module attributes {ng.data = {w = dense_resource<w> : tensor<4xf32>}} {
  // expected-error @+1 {{constant 'p_b' (data_key 'w') of method 'forward' is '!ng.tensor<f32[2, 2]>', but constant 'p_a' of method 'forward' declares 'w' as '!ng.tensor<f32[4]>' (S9: one data_key, one tensor)}}
  ng.method @forward(%p_a: !ng.tensor<f32[4]> = parameter "w",
                     %p_b: !ng.tensor<f32[2, 2]> = parameter "w") {
    ng.output()
  }
}
{-#
  dialect_resources: { builtin: { w: "0x040000000000803F000000400000404000008040" } }
#-}

// -----

// Accepted: the same metadata under different placeholder names and
// kinds (S9 is about the tensor, not how each method binds it), and the
// same buffer in both methods.
module attributes {ng.data = {w = dense_resource<w> : tensor<4xf32>}} {
  ng.method @prefill(%p_w: !ng.tensor<f32[4]> = parameter "w",
                     %b_cache: !ng.tensor<f32[1, 4]> = mutable_buffer "cache") {
    ng.output()
  }
  ng.method @decode(%c_w: !ng.tensor<f32[4]> = constant "w",
                    %k: !ng.tensor<f32[1, 4]> = mutable_buffer "cache") {
    ng.output()
  }
}
{-#
  dialect_resources: { builtin: { w: "0x040000000000803F000000400000404000008040" } }
#-}
