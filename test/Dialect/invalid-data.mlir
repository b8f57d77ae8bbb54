// RUN: ng-opt %s -split-input-file -verify-diagnostics

// V14 (FORMAT.md section 4) on ng IR: with constant data available (the
// module attribute `ng.data`, bytes in dialect_resources), every data key
// has data of the size and dtype its metadata implies. One rejecting case
// per clause, then accepted programs (no diagnostics expected) right next
// to each clause.

//===----------------------------------------------------------------------===//
// Every data_key has data.
//===----------------------------------------------------------------------===//

// A constant's data_key has no entry in ng.data.
module attributes {ng.data = {other = dense_resource<other> : tensor<2xf32>}} {
  // expected-error @+1 {{'ng.method' op constant 'p_w' (data_key 'w') has no data under key 'w' (V14)}}
  ng.method @forward(%p_w: !ng.tensor<f32[2]> = parameter "w") -> !ng.tensor<f32[2]> {
    ng.output(%p_w) : !ng.tensor<f32[2]>
  }
}
{-#
  dialect_resources: {
    builtin: {
      other: "0x040000000000803F00000040"
    }
  }
#-}

// -----

// The entry names a resource whose blob is missing from dialect_resources.
module attributes {ng.data = {w = dense_resource<w> : tensor<2xf32>}} {
  // expected-error @+1 {{constant 'p_w' (data_key 'w'): the data under key 'w' has no bytes (its dialect_resources entry is missing) (V14)}}
  ng.method @forward(%p_w: !ng.tensor<f32[2]> = parameter "w") -> !ng.tensor<f32[2]> {
    ng.output(%p_w) : !ng.tensor<f32[2]>
  }
}

// -----

// Data keys are program-wide (N3): the second method's key must have data
// too, although the first method's has.
module attributes {ng.data = {w = dense_resource<w> : tensor<2xf32>}} {
  ng.method @prefill(%p_w: !ng.tensor<f32[2]> = parameter "w") -> !ng.tensor<f32[2]> {
    ng.output(%p_w) : !ng.tensor<f32[2]>
  }
  // expected-error @+1 {{constant 'p_b' (data_key 'b') has no data under key 'b' (V14)}}
  ng.method @decode(%p_b: !ng.tensor<f32[2]> = buffer "b") -> !ng.tensor<f32[2]> {
    ng.output(%p_b) : !ng.tensor<f32[2]>
  }
}
{-#
  dialect_resources: {
    builtin: {
      w: "0x040000000000803F00000040"
    }
  }
#-}

// -----

// A constant of kind USER_INPUT (a NamedTensorRef all the same) needs data.
module attributes {ng.data = {}} {
  // expected-error @+1 {{constant 'k' (data_key 'user.k') has no data under key 'user.k' (V14)}}
  ng.method @forward(%k: !ng.tensor<f32[2]> = user_input "user.k") -> !ng.tensor<f32[2]> {
    ng.output(%k) : !ng.tensor<f32[2]>
  }
}

// -----

// Accepted: a program without ng.data carries no data and is not checked
// (V14 applies "with constant data available").
module {
  ng.method @forward(%p_w: !ng.tensor<f32[2]> = parameter "w") -> !ng.tensor<f32[2]> {
    ng.output(%p_w) : !ng.tensor<f32[2]>
  }
}

// -----

// Accepted: data no constant uses, keys shared by two methods and by two
// keys (an alias: one resource under two keys), and a mutable buffer, which
// has no data (S3).
module attributes {ng.data = {a = dense_resource<w> : tensor<2xf32>, unused = dense_resource<unused> : tensor<1xi64>, w = dense_resource<w> : tensor<2xf32>}} {
  ng.method @prefill(%p_w: !ng.tensor<f32[2]> = parameter "w",
                     %p_a: !ng.tensor<f32[2]> = parameter "a",
                     %b_cache: !ng.tensor<f32[4]> = mutable_buffer "cache") -> !ng.tensor<f32[2]> {
    ng.output(%p_w) : !ng.tensor<f32[2]>
  }
  ng.method @decode(%p_w: !ng.tensor<f32[2]> = parameter "w") -> !ng.tensor<f32[2]> {
    ng.output(%p_w) : !ng.tensor<f32[2]>
  }
}
{-#
  dialect_resources: {
    builtin: {
      unused: "0x080000000700000000000000",
      w: "0x040000000000803F00000040"
    }
  }
#-}

//===----------------------------------------------------------------------===//
// Unquantized data matches dtype x sizes.
//===----------------------------------------------------------------------===//

// -----

// Too few bytes: f32[2, 4] needs 32, the blob has 24.
module attributes {ng.data = {w = dense_resource<w> : tensor<2x3xf32>}} {
  // expected-error @+1 {{constant 'p_w' (data_key 'w'): data is 24 bytes of 'f32', expected 32 bytes of 'f32' (V14)}}
  ng.method @forward(%p_w: !ng.tensor<f32[2, 4]> = parameter "w") -> !ng.tensor<f32[2, 4]> {
    ng.output(%p_w) : !ng.tensor<f32[2, 4]>
  }
}
{-#
  dialect_resources: {
    builtin: {
      w: "0x04000000000000000000000000000000000000000000000000000000"
    }
  }
#-}

// -----

// The blob disagrees with its own dense_resource type: the bytes count.
module attributes {ng.data = {w = dense_resource<w> : tensor<2xf32>}} {
  // expected-error @+1 {{constant 'p_w' (data_key 'w'): data is 4 bytes of 'f32', expected 8 bytes of 'f32' (V14)}}
  ng.method @forward(%p_w: !ng.tensor<f32[2]> = parameter "w") -> !ng.tensor<f32[2]> {
    ng.output(%p_w) : !ng.tensor<f32[2]>
  }
}
{-#
  dialect_resources: {
    builtin: {
      w: "0x040000000000803F"
    }
  }
#-}

// -----

// Right byte count, wrong dtype: i32 data for an f32 constant.
module attributes {ng.data = {w = dense_resource<w> : tensor<2xi32>}} {
  // expected-error @+1 {{constant 'p_w' (data_key 'w'): data is 8 bytes of 'i32', expected 8 bytes of 'f32' (V14)}}
  ng.method @forward(%p_w: !ng.tensor<f32[2]> = parameter "w") -> !ng.tensor<f32[2]> {
    ng.output(%p_w) : !ng.tensor<f32[2]>
  }
}
{-#
  dialect_resources: {
    builtin: {
      w: "0x040000000000803F00000040"
    }
  }
#-}

// -----

// Signedness counts: ui8 data for an i8 constant.
module attributes {ng.data = {w = dense_resource<w> : tensor<2xui8>}} {
  // expected-error @+1 {{constant 'p_w' (data_key 'w'): data is 2 bytes of 'ui8', expected 2 bytes of 'i8' (V14)}}
  ng.method @forward(%p_w: !ng.tensor<i8[2]> = parameter "w") -> !ng.tensor<i8[2]> {
    ng.output(%p_w) : !ng.tensor<i8[2]>
  }
}
{-#
  dialect_resources: {
    builtin: {
      w: "0x010000000102"
    }
  }
#-}

// -----

// The shape itself may differ when the bytes and dtype agree (the bytes
// are what V14 compares): data 4xf32 for a constant f32[2, 2] is accepted.
// A dynamic dim, though, has no byte count.
module attributes {ng.data = {v = dense_resource<v> : tensor<4xf32>, w = dense_resource<v> : tensor<4xf32>}} {
  ng.method @accepted(%p_v: !ng.tensor<f32[2, 2]> = parameter "v") -> !ng.tensor<f32[2, 2]> {
    ng.output(%p_v) : !ng.tensor<f32[2, 2]>
  }
  // expected-error @+1 {{constant 'p_w' (data_key 'w') has a dynamic or negative dim; constant data needs a static shape (V14)}}
  ng.method @dynamic(%p_w: !ng.tensor<f32[1:4]> = parameter "w") -> !ng.tensor<f32[1:4]> {
    ng.output(%p_w) : !ng.tensor<f32[1:4]>
  }
}
{-#
  dialect_resources: {
    builtin: {
      v: "0x040000000000803F000000400000404000008040"
    }
  }
#-}

// -----

// Accepted: every dtype safetensors stores (C2), rank 0, and empty tensors.
module attributes {ng.data = {
    bf16 = dense_resource<bf16> : tensor<2xbf16>, bool = dense_resource<bool> : tensor<3xi1>,
    empty = dense_resource<empty> : tensor<0x4xf32>, f16 = dense_resource<f16> : tensor<2xf16>,
    f32 = dense_resource<f32> : tensor<f32>, f64 = dense_resource<f64> : tensor<1xf64>,
    i16 = dense_resource<i16> : tensor<2xi16>, i32 = dense_resource<i32> : tensor<1xi32>,
    i64 = dense_resource<i64> : tensor<1xi64>, i8 = dense_resource<i8> : tensor<3xi8>,
    u16 = dense_resource<u16> : tensor<1xui16>, u32 = dense_resource<u32> : tensor<1xui32>,
    u64 = dense_resource<u64> : tensor<1xui64>, u8 = dense_resource<u8> : tensor<3xui8>}} {
  ng.method @forward(
      %bf16: !ng.tensor<bf16[2]> = constant "bf16",
      %bool: !ng.tensor<i1[3]> = constant "bool",
      %empty: !ng.tensor<f32[0, 4]> = constant "empty",
      %f16: !ng.tensor<f16[2]> = constant "f16",
      %f32: !ng.tensor<f32[]> = constant "f32",
      %f64: !ng.tensor<f64[1]> = constant "f64",
      %i16: !ng.tensor<i16[2]> = constant "i16",
      %i32: !ng.tensor<i32[1]> = constant "i32",
      %i64: !ng.tensor<i64[1]> = constant "i64",
      %i8: !ng.tensor<i8[3]> = constant "i8",
      %u16: !ng.tensor<ui16[1]> = constant "u16",
      %u32: !ng.tensor<ui32[1]> = constant "u32",
      %u64: !ng.tensor<ui64[1]> = constant "u64",
      %u8: !ng.tensor<ui8[3]> = constant "u8") {
    ng.output()
  }
}
{-#
  dialect_resources: {
    builtin: {
      bf16: "0x02000000803F0040",
      bool: "0x01000000010001",
      empty: "0x04000000",
      f16: "0x02000000003C0040",
      f32: "0x040000000000803F",
      f64: "0x08000000000000000000F03F",
      i16: "0x02000000FFFF0100",
      i32: "0x04000000FFFFFFFF",
      i64: "0x08000000FFFFFFFFFFFFFFFF",
      i8: "0x0100000080007F",
      u16: "0x02000000FFFF",
      u32: "0x04000000FFFFFFFF",
      u64: "0x08000000FFFFFFFFFFFFFFFF",
      u8: "0x0100000000807F"
    }
  }
#-}

//===----------------------------------------------------------------------===//
// AffineGroup data: BYTE, ceil(numel * bits / 8) bytes, bits =
// log2(quant_max - quant_min + 1), a power of two <= 256 levels.
//===----------------------------------------------------------------------===//

// -----

// The packed bytes are not BYTE (U8).
module attributes {ng.data = {s = dense_resource<s> : tensor<2xf32>, w = dense_resource<w> : tensor<2x2xi8>}} {
  // expected-error @+1 {{constant 'p_w' (data_key 'w'): packed data must be BYTE (U8), not 'i8' (V14)}}
  ng.method @forward(%p_w: !ng.tensor<ui8[2, 4], dim_order = none, quant = #ng.affine_group<scale_data_key = "s", scale_dtype = f32, quant_min = -8, quant_max = 7, group_size = 4, zero_point_dtype = i8>> = parameter "w",
                     %c_s: !ng.tensor<f32[2]> = constant "s") {
    ng.output()
  }
}
{-#
  dialect_resources: {
    builtin: {
      s: "0x040000000000803F00000040",
      w: "0x0100000010FE98D7"
    }
  }
#-}

// -----

// 8 q4 values need 4 bytes; the data holds 8 (unpacked int8 data).
module attributes {ng.data = {s = dense_resource<s> : tensor<2xf32>, w = dense_resource<w> : tensor<2x4xui8>}} {
  // expected-error @+1 {{constant 'p_w' (data_key 'w'): data is 8 bytes, expected 4 for 8 4-bit values (V14)}}
  ng.method @forward(%p_w: !ng.tensor<ui8[2, 4], dim_order = none, quant = #ng.affine_group<scale_data_key = "s", scale_dtype = f32, quant_min = -8, quant_max = 7, group_size = 4, zero_point_dtype = i8>> = parameter "w",
                     %c_s: !ng.tensor<f32[2]> = constant "s") {
    ng.output()
  }
}
{-#
  dialect_resources: {
    builtin: {
      s: "0x040000000000803F00000040",
      w: "0x01000000F8F906070001FF05"
    }
  }
#-}

// -----

// Rounding up: 3 q4 values take ceil(12 / 8) = 2 bytes, not 1.
module attributes {ng.data = {s = dense_resource<s> : tensor<1xf32>, w = dense_resource<w> : tensor<1xui8>}} {
  // expected-error @+1 {{constant 'p_w' (data_key 'w'): data is 1 bytes, expected 2 for 3 4-bit values (V14)}}
  ng.method @forward(%p_w: !ng.tensor<ui8[3], quant = #ng.affine_group<scale_data_key = "s", scale_dtype = f32, quant_min = -8, quant_max = 7, group_size = 0, zero_point_dtype = i8>> = parameter "w",
                     %c_s: !ng.tensor<f32[1]> = constant "s") {
    ng.output()
  }
}
{-#
  dialect_resources: {
    builtin: {
      s: "0x040000000000803F",
      w: "0x0100000010"
    }
  }
#-}

// -----

// 15 levels ([-8, 6]) is not a power of two.
module attributes {ng.data = {s = dense_resource<s> : tensor<2xf32>, w = dense_resource<w> : tensor<2x2xui8>}} {
  // expected-error @+1 {{constant 'p_w' (data_key 'w'): quant range [-8, 6] is not a power-of-two number of levels up to 256 (V14)}}
  ng.method @forward(%p_w: !ng.tensor<ui8[2, 4], dim_order = none, quant = #ng.affine_group<scale_data_key = "s", scale_dtype = f32, quant_min = -8, quant_max = 6, group_size = 4, zero_point_dtype = i8>> = parameter "w",
                     %c_s: !ng.tensor<f32[2]> = constant "s") {
    ng.output()
  }
}
{-#
  dialect_resources: {
    builtin: {
      s: "0x040000000000803F00000040",
      w: "0x0100000010FE98D7"
    }
  }
#-}

// -----

// 512 levels ([0, 511]) is a power of two, but more than 256.
module attributes {ng.data = {s = dense_resource<s> : tensor<2xf32>, w = dense_resource<w> : tensor<9xui8>}} {
  // expected-error @+1 {{constant 'p_w' (data_key 'w'): quant range [0, 511] is not a power-of-two number of levels up to 256 (V14)}}
  ng.method @forward(%p_w: !ng.tensor<ui8[2, 4], dim_order = none, quant = #ng.affine_group<scale_data_key = "s", scale_dtype = f32, quant_min = 0, quant_max = 511, group_size = 4, zero_point_dtype = i8>> = parameter "w",
                     %c_s: !ng.tensor<f32[2]> = constant "s") {
    ng.output()
  }
}
{-#
  dialect_resources: {
    builtin: {
      s: "0x040000000000803F00000040",
      w: "0x01000000000000000000000000"
    }
  }
#-}

// -----

// One level ([3, 3]) carries no bits; an empty range ([7, -8]) no levels.
module attributes {ng.data = {s = dense_resource<s> : tensor<2xf32>, w = dense_resource<w> : tensor<0xui8>}} {
  // expected-error @+1 {{constant 'p_w' (data_key 'w'): quant range [3, 3] is not a power-of-two number of levels up to 256 (V14)}}
  ng.method @one(%p_w: !ng.tensor<ui8[2, 4], dim_order = none, quant = #ng.affine_group<scale_data_key = "s", scale_dtype = f32, quant_min = 3, quant_max = 3, group_size = 4, zero_point_dtype = i8>> = parameter "w",
                     %c_s: !ng.tensor<f32[2]> = constant "s") {
    ng.output()
  }
}
{-#
  dialect_resources: {
    builtin: {
      s: "0x040000000000803F00000040",
      w: "0x01000000"
    }
  }
#-}

// -----

module attributes {ng.data = {s = dense_resource<s> : tensor<2xf32>, w = dense_resource<w> : tensor<0xui8>}} {
  // expected-error @+1 {{constant 'p_w' (data_key 'w'): quant range [7, -8] is not a power-of-two number of levels up to 256 (V14)}}
  ng.method @empty_range(%p_w: !ng.tensor<ui8[2, 4], dim_order = none, quant = #ng.affine_group<scale_data_key = "s", scale_dtype = f32, quant_min = 7, quant_max = -8, group_size = 4, zero_point_dtype = i8>> = parameter "w",
                     %c_s: !ng.tensor<f32[2]> = constant "s") {
    ng.output()
  }
}
{-#
  dialect_resources: {
    builtin: {
      s: "0x040000000000803F00000040",
      w: "0x01000000"
    }
  }
#-}

// -----

// Accepted: 8-bit ([-128, 127], one byte a value), 2-bit ([0, 3], four
// values a byte, 6 values in 2 bytes), 1-bit ([0, 1], 9 values in 2 bytes).
module attributes {ng.data = {s = dense_resource<s> : tensor<1xf32>, w1 = dense_resource<w1> : tensor<2xui8>, w2 = dense_resource<w2> : tensor<2xui8>, w8 = dense_resource<w8> : tensor<3xui8>}} {
  ng.method @forward(
      %w8: !ng.tensor<ui8[3], quant = #ng.affine_group<scale_data_key = "s", scale_dtype = f32, quant_min = -128, quant_max = 127, group_size = 0, zero_point_dtype = i8>> = parameter "w8",
      %w2: !ng.tensor<ui8[6], quant = #ng.affine_group<scale_data_key = "s", scale_dtype = f32, quant_min = 0, quant_max = 3, group_size = 0, zero_point_dtype = i8>> = parameter "w2",
      %w1: !ng.tensor<ui8[9], quant = #ng.affine_group<scale_data_key = "s", scale_dtype = f32, quant_min = 0, quant_max = 1, group_size = 0, zero_point_dtype = i8>> = parameter "w1",
      %c_s: !ng.tensor<f32[1]> = constant "s") {
    ng.output()
  }
}
{-#
  dialect_resources: {
    builtin: {
      s: "0x040000000000803F",
      w1: "0x01000000FF01",
      w2: "0x01000000E41B",
      w8: "0x01000000807F00"
    }
  }
#-}

//===----------------------------------------------------------------------===//
// group_size 0 (the whole last axis) or dividing the last dim.
//===----------------------------------------------------------------------===//

// -----

module attributes {ng.data = {s = dense_resource<s> : tensor<2xf32>, w = dense_resource<w> : tensor<2x2xui8>}} {
  // expected-error @+1 {{constant 'p_w' (data_key 'w'): group_size 3 does not divide the last dim 4 (V14)}}
  ng.method @forward(%p_w: !ng.tensor<ui8[2, 4], dim_order = none, quant = #ng.affine_group<scale_data_key = "s", scale_dtype = f32, quant_min = -8, quant_max = 7, group_size = 3, zero_point_dtype = i8>> = parameter "w",
                     %c_s: !ng.tensor<f32[2]> = constant "s") {
    ng.output()
  }
}
{-#
  dialect_resources: {
    builtin: {
      s: "0x040000000000803F00000040",
      w: "0x0100000010FE98D7"
    }
  }
#-}

// -----

// A group size larger than the last dim does not divide it either.
module attributes {ng.data = {s = dense_resource<s> : tensor<1xf32>, w = dense_resource<w> : tensor<2x2xui8>}} {
  // expected-error @+1 {{constant 'p_w' (data_key 'w'): group_size 8 does not divide the last dim 4 (V14)}}
  ng.method @forward(%p_w: !ng.tensor<ui8[2, 4], dim_order = none, quant = #ng.affine_group<scale_data_key = "s", scale_dtype = f32, quant_min = -8, quant_max = 7, group_size = 8, zero_point_dtype = i8>> = parameter "w",
                     %c_s: !ng.tensor<f32[1]> = constant "s") {
    ng.output()
  }
}
{-#
  dialect_resources: {
    builtin: {
      s: "0x040000000000803F",
      w: "0x0100000010FE98D7"
    }
  }
#-}

// -----

// A negative group size.
module attributes {ng.data = {s = dense_resource<s> : tensor<2xf32>, w = dense_resource<w> : tensor<2x2xui8>}} {
  // expected-error @+1 {{constant 'p_w' (data_key 'w'): group_size -4 does not divide the last dim 4 (V14)}}
  ng.method @forward(%p_w: !ng.tensor<ui8[2, 4], dim_order = none, quant = #ng.affine_group<scale_data_key = "s", scale_dtype = f32, quant_min = -8, quant_max = 7, group_size = -4, zero_point_dtype = i8>> = parameter "w",
                     %c_s: !ng.tensor<f32[2]> = constant "s") {
    ng.output()
  }
}
{-#
  dialect_resources: {
    builtin: {
      s: "0x040000000000803F00000040",
      w: "0x0100000010FE98D7"
    }
  }
#-}

// -----

// A grouped tensor needs a last axis: rank 0.
module attributes {ng.data = {s = dense_resource<s> : tensor<1xf32>, w = dense_resource<w> : tensor<1xui8>}} {
  // expected-error @+1 {{constant 'p_w' (data_key 'w'): a grouped tensor needs a last axis (V14)}}
  ng.method @forward(%p_w: !ng.tensor<ui8[], quant = #ng.affine_group<scale_data_key = "s", scale_dtype = f32, quant_min = -8, quant_max = 7, group_size = 0, zero_point_dtype = i8>> = parameter "w",
                     %c_s: !ng.tensor<f32[1]> = constant "s") {
    ng.output()
  }
}
{-#
  dialect_resources: {
    builtin: {
      s: "0x040000000000803F",
      w: "0x0100000008"
    }
  }
#-}

// -----

// Accepted: group_size 0 is the whole last axis (one scale a row), a group
// size equal to the last dim likewise, and a zero point whose key is absent.
// (Two data keys: one key's bindings declare one tensor, S9.)
module attributes {ng.data = {s = dense_resource<s> : tensor<2xf32>, w = dense_resource<w> : tensor<2x2xui8>, w4 = dense_resource<w> : tensor<2x2xui8>}} {
  ng.method @forward(
      %p_w0: !ng.tensor<ui8[2, 4], dim_order = none, quant = #ng.affine_group<scale_data_key = "s", scale_dtype = f32, quant_min = -8, quant_max = 7, group_size = 0, zero_point_dtype = i8>> = parameter "w",
      %p_w4: !ng.tensor<ui8[2, 4], dim_order = none, quant = #ng.affine_group<scale_data_key = "s", scale_dtype = f32, quant_min = -8, quant_max = 7, group_size = 4, zero_point_dtype = i8>> = parameter "w4",
      %c_s: !ng.tensor<f32[2]> = constant "s") {
    ng.output()
  }
}
{-#
  dialect_resources: {
    builtin: {
      s: "0x040000000000803F00000040",
      w: "0x0100000010FE98D7"
    }
  }
#-}

//===----------------------------------------------------------------------===//
// Scale and zero point: numel / group_size elements of their dtype.
//===----------------------------------------------------------------------===//

// -----

// The scale key has no data.
module attributes {ng.data = {w = dense_resource<w> : tensor<2x2xui8>}} {
  // expected-error @+1 {{constant 'p_w' (data_key 'w') scale has no data under key 's' (V14)}}
  ng.method @forward(%p_w: !ng.tensor<ui8[2, 4], dim_order = none, quant = #ng.affine_group<scale_data_key = "s", scale_dtype = f32, quant_min = -8, quant_max = 7, group_size = 2, zero_point_data_key = "zp", zero_point_dtype = i8>> = parameter "w") {
    ng.output()
  }
}
{-#
  dialect_resources: {
    builtin: {
      w: "0x0100000010FE98D7"
    }
  }
#-}

// -----

// Group size 2 over 8 values: 4 scales, the data holds 2.
module attributes {ng.data = {s = dense_resource<s> : tensor<2xf32>, w = dense_resource<w> : tensor<2x2xui8>, zp = dense_resource<zp> : tensor<4xi8>}} {
  // expected-error @+1 {{constant 'p_w' (data_key 'w'): scale 's' is 8 bytes of 'f32', expected 4 values of 'f32' (V14)}}
  ng.method @forward(%p_w: !ng.tensor<ui8[2, 4], dim_order = none, quant = #ng.affine_group<scale_data_key = "s", scale_dtype = f32, quant_min = -8, quant_max = 7, group_size = 2, zero_point_data_key = "zp", zero_point_dtype = i8>> = parameter "w") {
    ng.output()
  }
}
{-#
  dialect_resources: {
    builtin: {
      s: "0x040000000000803F00000040",
      w: "0x0100000010FE98D7",
      zp: "0x0100000000000000"
    }
  }
#-}

// -----

// The scale has the right byte count (4 x f16 = 2 x f32) but not the dtype
// the AffineGroup says.
module attributes {ng.data = {s = dense_resource<s> : tensor<4xf16>, w = dense_resource<w> : tensor<2x2xui8>}} {
  // expected-error @+1 {{constant 'p_w' (data_key 'w'): scale 's' is 8 bytes of 'f16', expected 2 values of 'f32' (V14)}}
  ng.method @forward(%p_w: !ng.tensor<ui8[2, 4], dim_order = none, quant = #ng.affine_group<scale_data_key = "s", scale_dtype = f32, quant_min = -8, quant_max = 7, group_size = 4, zero_point_dtype = i8>> = parameter "w") {
    ng.output()
  }
}
{-#
  dialect_resources: {
    builtin: {
      s: "0x02000000003C003C003C003C",
      w: "0x0100000010FE98D7"
    }
  }
#-}

// -----

// The zero point key has no data.
module attributes {ng.data = {s = dense_resource<s> : tensor<2xf32>, w = dense_resource<w> : tensor<2x2xui8>}} {
  // expected-error @+1 {{constant 'p_w' (data_key 'w') zero point has no data under key 'zp' (V14)}}
  ng.method @forward(%p_w: !ng.tensor<ui8[2, 4], dim_order = none, quant = #ng.affine_group<scale_data_key = "s", scale_dtype = f32, quant_min = -8, quant_max = 7, group_size = 4, zero_point_data_key = "zp", zero_point_dtype = i8>> = parameter "w") {
    ng.output()
  }
}
{-#
  dialect_resources: {
    builtin: {
      s: "0x040000000000803F00000040",
      w: "0x0100000010FE98D7"
    }
  }
#-}

// -----

// The zero point has 3 values, not numel / group_size = 2.
module attributes {ng.data = {s = dense_resource<s> : tensor<2xf32>, w = dense_resource<w> : tensor<2x2xui8>, zp = dense_resource<zp> : tensor<3xi8>}} {
  // expected-error @+1 {{constant 'p_w' (data_key 'w'): zero point 'zp' is 3 bytes of 'i8', expected 2 values of 'i8' (V14)}}
  ng.method @forward(%p_w: !ng.tensor<ui8[2, 4], dim_order = none, quant = #ng.affine_group<scale_data_key = "s", scale_dtype = f32, quant_min = -8, quant_max = 7, group_size = 4, zero_point_data_key = "zp", zero_point_dtype = i8>> = parameter "w") {
    ng.output()
  }
}
{-#
  dialect_resources: {
    builtin: {
      s: "0x040000000000803F00000040",
      w: "0x0100000010FE98D7",
      zp: "0x01000000000000"
    }
  }
#-}

// -----

// The zero point is ui8, the AffineGroup says i8.
module attributes {ng.data = {s = dense_resource<s> : tensor<2xf32>, w = dense_resource<w> : tensor<2x2xui8>, zp = dense_resource<zp> : tensor<2xui8>}} {
  // expected-error @+1 {{constant 'p_w' (data_key 'w'): zero point 'zp' is 2 bytes of 'ui8', expected 2 values of 'i8' (V14)}}
  ng.method @forward(%p_w: !ng.tensor<ui8[2, 4], dim_order = none, quant = #ng.affine_group<scale_data_key = "s", scale_dtype = f32, quant_min = -8, quant_max = 7, group_size = 4, zero_point_data_key = "zp", zero_point_dtype = i8>> = parameter "w") {
    ng.output()
  }
}
{-#
  dialect_resources: {
    builtin: {
      s: "0x040000000000803F00000040",
      w: "0x0100000010FE98D7",
      zp: "0x010000000000"
    }
  }
#-}

// -----

// Quantization keys on any value need data too (not only on constants): a
// node output typed with an AffineGroup whose scale is a constant of the
// method (V15) without data.
module attributes {ng.data = {}} {
  // expected-error @+1 {{constant 'c_s' (data_key 's') has no data under key 's' (V14)}}
  ng.method @forward(%x: !ng.tensor<f32[2, 4]>, %c_s: !ng.tensor<f32[2]> = constant "s") -> !ng.tensor<ui8[2, 4], quant = #ng.affine_group<scale_data_key = "s", scale_dtype = f32, quant_min = -8, quant_max = 7, group_size = 4, zero_point_dtype = i8>> {
    %q = ng.call "torch.ops.quant.pack.default"(self: %x) : (!ng.tensor<f32[2, 4]>) -> !ng.tensor<ui8[2, 4], quant = #ng.affine_group<scale_data_key = "s", scale_dtype = f32, quant_min = -8, quant_max = 7, group_size = 4, zero_point_dtype = i8>>
    ng.output(%q) : !ng.tensor<ui8[2, 4], quant = #ng.affine_group<scale_data_key = "s", scale_dtype = f32, quant_min = -8, quant_max = 7, group_size = 4, zero_point_dtype = i8>>
  }
}

// -----

// ... and its zero point key.
module attributes {ng.data = {s = dense_resource<s> : tensor<2xf32>}} {
  // expected-error @+1 {{constant 'c_zp' (data_key 'zp') has no data under key 'zp' (V14)}}
  ng.method @forward(%x: !ng.tensor<f32[2, 4]>, %c_s: !ng.tensor<f32[2]> = constant "s", %c_zp: !ng.tensor<i8[2]> = constant "zp") -> !ng.tensor<ui8[2, 4], quant = #ng.affine_group<scale_data_key = "s", scale_dtype = f32, quant_min = -8, quant_max = 7, group_size = 4, zero_point_data_key = "zp", zero_point_dtype = i8>> {
    %q = ng.call "torch.ops.quant.pack.default"(self: %x) : (!ng.tensor<f32[2, 4]>) -> !ng.tensor<ui8[2, 4], quant = #ng.affine_group<scale_data_key = "s", scale_dtype = f32, quant_min = -8, quant_max = 7, group_size = 4, zero_point_data_key = "zp", zero_point_dtype = i8>>
    ng.output(%q) : !ng.tensor<ui8[2, 4], quant = #ng.affine_group<scale_data_key = "s", scale_dtype = f32, quant_min = -8, quant_max = 7, group_size = 4, zero_point_data_key = "zp", zero_point_dtype = i8>>
  }
}
{-#
  dialect_resources: {
    builtin: {
      s: "0x040000000000803F00000040"
    }
  }
#-}

// -----

// Accepted: the folded q4 weight of FORMAT.md F4 with its scale (bf16) and
// zero point (i32) data, group size 2 (4 groups).
module attributes {ng.data = {s = dense_resource<s> : tensor<2x2xbf16>, w = dense_resource<w> : tensor<2x2xui8>, zp = dense_resource<zp> : tensor<2x2xi32>}} {
  ng.method @forward(
      %p_w: !ng.tensor<ui8[2, 4], dim_order = none, quant = #ng.affine_group<scale_data_key = "s", scale_dtype = bf16, quant_min = -8, quant_max = 7, group_size = 2, zero_point_data_key = "zp", zero_point_dtype = i32>> = parameter "w",
      %c_s: !ng.tensor<bf16[2, 2]> = constant "s",
      %c_zp: !ng.tensor<i32[2, 2]> = constant "zp",
      %x: !ng.tensor<f32[1, 4]>) -> !ng.tensor<f32[1, 2]> {
    %y = ng.call "torch.ops.aten.linear.default"(input: %x, weight: %p_w, bias: none) : (!ng.tensor<f32[1, 4]>, !ng.tensor<ui8[2, 4], dim_order = none, quant = #ng.affine_group<scale_data_key = "s", scale_dtype = bf16, quant_min = -8, quant_max = 7, group_size = 2, zero_point_data_key = "zp", zero_point_dtype = i32>>) -> !ng.tensor<f32[1, 2]>
    ng.output(%y) : !ng.tensor<f32[1, 2]>
  }
}
{-#
  dialect_resources: {
    builtin: {
      s: "0x02000000803F803F803F803F",
      w: "0x0100000010FE98D7",
      zp: "0x0400000000000000000000000000000000000000"
    }
  }
#-}

//===----------------------------------------------------------------------===//
// PackedQuant data is BYTE with a non-empty codec.
//===----------------------------------------------------------------------===//

// -----

module attributes {ng.data = {w = dense_resource<w> : tensor<2x18xi8>}} {
  // expected-error @+1 {{constant 'p_w' (data_key 'w'): packed data must be BYTE (U8), not 'i8' (V14)}}
  ng.method @forward(%p_w: !ng.tensor<ui8[2, 32], dim_order = none, quant = #ng.packed<"gguf:q4_0">> = parameter "w") {
    ng.output()
  }
}
{-#
  dialect_resources: {
    builtin: {
      w: "0x01000000000000000000000000000000000000000000000000000000000000000000000000000000"
    }
  }
#-}

// -----

module attributes {ng.data = {w = dense_resource<w> : tensor<2x18xui8>}} {
  // expected-error @+1 {{constant 'p_w' (data_key 'w') has an empty codec (V14)}}
  ng.method @forward(%p_w: !ng.tensor<ui8[2, 32], dim_order = none, quant = #ng.packed<"">> = parameter "w") {
    ng.output()
  }
}
{-#
  dialect_resources: {
    builtin: {
      w: "0x01000000000000000000000000000000000000000000000000000000000000000000000000000000"
    }
  }
#-}

// -----

// Accepted: the codec says how many bytes there are, so any BYTE data goes
// (the GGUF fold of F1: raw (2, 18) q4_0 blocks for logical (2, 32)).
module attributes {ng.data = {w = dense_resource<w> : tensor<2x18xui8>, x = dense_resource<x> : tensor<3xui8>}} {
  ng.method @forward(%p_w: !ng.tensor<ui8[2, 32], dim_order = none, quant = #ng.packed<"gguf:q4_0">> = parameter "w",
                     %p_x: !ng.tensor<f32[100], quant = #ng.packed<"custom">> = parameter "x") {
    ng.output()
  }
}
{-#
  dialect_resources: {
    builtin: {
      w: "0x01000000000000000000000000000000000000000000000000000000000000000000000000000000",
      x: "0x01000000010203"
    }
  }
#-}

//===----------------------------------------------------------------------===//
// ng.data itself.
//===----------------------------------------------------------------------===//

// -----

// expected-error @+1 {{'ng.data' entry 'w' must be a dense_resource}}
module attributes {ng.data = {w = dense<[1.0, 2.0]> : tensor<2xf32>}} {
  ng.method @forward(%p_w: !ng.tensor<f32[2]> = parameter "w") -> !ng.tensor<f32[2]> {
    ng.output(%p_w) : !ng.tensor<f32[2]>
  }
}

// -----

// expected-error @+1 {{data 'w' has element type 'i4', which safetensors cannot store (C2)}}
module attributes {ng.data = {w = dense_resource<w> : tensor<2xi4>}} {
}
{-#
  dialect_resources: {
    builtin: {
      w: "0x010000000102"
    }
  }
#-}

// -----

// expected-error @+1 {{'ng.data' must be a dictionary on the module}}
module attributes {ng.data = [1, 2]} {
}

// -----

module {
  // expected-error @+1 {{'ng.data' must be a dictionary on the module}}
  ng.method @forward() attributes {ng.data = {}} {
    ng.output()
  }
}
