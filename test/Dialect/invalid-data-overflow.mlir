// RUN: ng-opt %s -split-input-file -verify-diagnostics

// V14 byte counts are overflow-checked: a shape whose byte count does not
// fit in 64 bits is rejected, never wrapped around to match the data (a
// constant declared f64[2^61] with 0 bytes of data was accepted: 2^61 * 8
// wraps to 0). Likewise each ng.data entry's bytes against its own type,
// which export writes as the safetensors shape (C2).
//
// A constant's own type can no longer get there: its extents are at most
// 2^31-1 and its size at most 2^40 bytes (C4, the type's verifier), which
// the first cases now meet first. V14's overflow checks stay behind them.

// 2^61 elements of f64 would be 2^64 bytes: 0 after wrapping.
module attributes {ng.data = {w = dense_resource<w> : tensor<0xf64>}} {
  // expected-error @+1 {{dim #0 extent 2305843009213693952 exceeds the limit of 2^31-1 (C4)}}
  ng.method @forward(%p_w: !ng.tensor<f64[2305843009213693952]> = parameter "w") {
    ng.output()
  }
}
{-#
  dialect_resources: { builtin: { w: "0x08000000" } }
#-}

// -----

// The element count itself overflows: 2^32 * 2^32.
module attributes {ng.data = {w = dense_resource<w> : tensor<0xui8>}} {
  // expected-error @+1 {{dim #0 extent 4294967296 exceeds the limit of 2^31-1 (C4)}}
  ng.method @forward(%p_w: !ng.tensor<ui8[4294967296, 4294967296]> = parameter "w") {
    ng.output()
  }
}
{-#
  dialect_resources: { builtin: { w: "0x01000000" } }
#-}

// -----

// Accepted: an empty dim makes the tensor empty, however large the others.
module attributes {ng.data = {w = dense_resource<w> : tensor<0xf64>}} {
  ng.method @forward(%p_w: !ng.tensor<f64[2147483647, 2147483647, 0]> = parameter "w") {
    ng.output()
  }
}
{-#
  dialect_resources: { builtin: { w: "0x08000000" } }
#-}

// -----

// AffineGroup: 2^63 4-bit values are 2^62 bytes (numel * bits wrapped to
// 0, so 0 bytes were expected), and the 2^61 f64 scales 2^64 bytes.
module attributes {ng.data = {s = dense_resource<s> : tensor<0xf64>, w = dense_resource<w> : tensor<0xui8>}} {
  // expected-error @+1 {{dim #0 extent 2305843009213693952 exceeds the limit of 2^31-1 (C4)}}
  ng.method @forward(%p_w: !ng.tensor<ui8[2305843009213693952, 4], quant = #ng.affine_group<scale_data_key = "s", scale_dtype = f64, quant_min = -8, quant_max = 7, group_size = 0, zero_point_dtype = i8>> = parameter "w",
                     %c_s: !ng.tensor<f64[0]> = constant "s") {
    ng.output()
  }
}
{-#
  dialect_resources: { builtin: { s: "0x08000000", w: "0x01000000" } }
#-}

// -----

// Accepted: a 3-bit range (8 levels) takes ceil(numel * 3 / 8) bytes: 3
// bytes for 7 values.
module attributes {ng.data = {s = dense_resource<s> : tensor<1xf32>, w = dense_resource<w> : tensor<3xui8>}} {
  ng.method @forward(%p_w: !ng.tensor<ui8[7], quant = #ng.affine_group<scale_data_key = "s", scale_dtype = f32, quant_min = 0, quant_max = 7, group_size = 0, zero_point_dtype = i8>> = parameter "w",
                     %c_s: !ng.tensor<f32[1]> = constant "s") {
    ng.output()
  }
}
{-#
  dialect_resources: { builtin: { s: "0x040000000000803F", w: "0x01000000010203" } }
#-}

// -----

// An ng.data entry's own type: 2^61 f64 in 0 bytes (export would write
// that shape and no data).
// expected-error @+1 {{data 'w' holds 0 bytes, but its type 'tensor<2305843009213693952xf64>' needs more than 2^64}}
module attributes {ng.data = {w = dense_resource<w> : tensor<2305843009213693952xf64>}} {
  ng.method @forward(%p_w: !ng.tensor<f64[0]> = parameter "w") {
    ng.output()
  }
}
{-#
  dialect_resources: { builtin: { w: "0x08000000" } }
#-}

// -----

// ... or simply the wrong number of bytes, for an entry no constant reads.
// expected-error @+1 {{data 'unused' holds 4 bytes, but its type 'tensor<2xf32>' needs 8}}
module attributes {ng.data = {unused = dense_resource<unused> : tensor<2xf32>}} {
  ng.method @forward() {
    ng.output()
  }
}
{-#
  dialect_resources: { builtin: { unused: "0x040000000000803F" } }
#-}
