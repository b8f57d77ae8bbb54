// #ng.int4_packing (NgAttrs.td): an ng.data entry whose bytes are the int4
// packing (F5) of a 2-D int8 resource, tensor<R x C/2 x ui8>, checked
// against the constant that binds it like any other entry (V14).
//
// RUN: split-file %s %t
// RUN: ng-opt %t/errors.mlir -split-input-file -verify-diagnostics
// Text and bytecode round trips keep the packing and its source's bytes.
// RUN: ng-opt %t/valid.mlir > %t/1.mlir && ng-opt %t/1.mlir > %t/2.mlir && diff %t/1.mlir %t/2.mlir
// RUN: ng-opt %t/valid.mlir --emit-bytecode | ng-opt > %t/3.mlir && diff %t/1.mlir %t/3.mlir
// RUN: FileCheck %s < %t/1.mlir
// CHECK: ng.data = {s = dense_resource<s> : tensor<2x1xf32>, w = #ng.int4_packing<dense_resource<w> : tensor<2x4xi8>>, zp = dense_resource<zp> : tensor<2x1xi8>}
// CHECK: w: "0x01000000F8F906070001FF05"
// Materialized: the packed bytes of F5's vector, 10 FE 98 D7.
// RUN: ng-opt %t/valid.mlir --ng-materialize-data | FileCheck %s --check-prefix=STORED
// STORED: w = dense_resource<[[W:[^>]+]]> : tensor<2x2xui8>
// STORED-NOT: int4_packing
// STORED: [[W]]: "0x{{([0-9A-F]{8})}}10FE98D7"
// An out-of-range source (only hand-written IR has one: the fold checks)
// fails where it is packed, naming the key, and writes nothing.
// RUN: not ng-opt %t/out-of-range.mlir --ng-materialize-data -o %t/never.mlir 2>&1 | FileCheck %s --check-prefix=RANGE
// RANGE: error: data 'w' is an #ng.int4_packing whose source has values outside [-8, 7]; they do not pack into 4 bits (F5)
// RUN: not test -e %t/never.mlir
// The export packs as it writes (to a file, where the CRC is patched, to a
// pipe, where it is computed first, and to a safetensors file): the same
// error, and no output.
// RUN: not ng-translate --to-native-graph %t/out-of-range.mlir -o %t/never.ptn 2>&1 | FileCheck %s --check-prefix=EXPORT
// RUN: not test -e %t/never.ptn
// RUN: not ng-translate --to-native-graph --ng-container=package %t/out-of-range.mlir -o - 2>&1 >%t/piped.ptn | FileCheck %s --check-prefix=EXPORT
// RUN: not ng-translate --to-native-graph %t/out-of-range.mlir -o %t/never.nptg --constants=%t/never.safetensors 2>&1 | FileCheck %s --check-prefix=EXPORT
// RUN: not test -e %t/never.nptg
// RUN: not test -e %t/never.safetensors
// ng-run packs it when it loads the weight: the same check.
// RUN: not ng-run %t/out-of-range.mlir --random-inputs=1 -o %t/never.safetensors 2>&1 | FileCheck %s --check-prefix=LOAD
// RUN: not test -e %t/never.safetensors
// Packed on load or stored packed: the same numbers.
// RUN: ng-opt %t/valid.mlir --ng-materialize-data -o %t/stored.mlir
// RUN: ng-run %t/valid.mlir --compare=%t/stored.mlir --random-inputs=1 --trials=2 | FileCheck %s --check-prefix=AGREE
// AGREE: agree on 2 input sets (bit-exact)
// LOAD: error: method 'forward', placeholder 'p_w': its data 'w' is an #ng.int4_packing whose source has values outside [-8, 7] (F5)
// EXPORT: error: constant data 'w' is an #ng.int4_packing whose source has values outside [-8, 7]; they do not pack into 4 bits (F5)

//--- valid.mlir
module attributes {ng.data = {s = dense_resource<s> : tensor<2x1xf32>, w = #ng.int4_packing<dense_resource<w> : tensor<2x4xi8>>, zp = dense_resource<zp> : tensor<2x1xi8>}} {
  ng.method @linear(
    %p_weight: !ng.tensor<ui8[2, 4], dim_order = none, quant = #ng.affine_group<scale_data_key = "s", scale_dtype = f32, quant_min = -8, quant_max = 7, group_size = 4, zero_point_data_key = "zp", zero_point_dtype = i8>> = parameter "w",
    %c_scale: !ng.tensor<f32[2, 1]> = constant "s",
    %c_zero_point: !ng.tensor<i8[2, 1]> = constant "zp",
    %x: !ng.tensor<f32[1, 4]>
  ) -> !ng.tensor<f32[1, 2]> {
    %y = ng.call "torch.ops.aten.linear.default"(input: %x, weight: %p_weight, bias: none) : (!ng.tensor<f32[1, 4]>, !ng.tensor<ui8[2, 4], dim_order = none, quant = #ng.affine_group<scale_data_key = "s", scale_dtype = f32, quant_min = -8, quant_max = 7, group_size = 4, zero_point_data_key = "zp", zero_point_dtype = i8>>) -> !ng.tensor<f32[1, 2]>
    ng.output(%y) : !ng.tensor<f32[1, 2]>
  }
}
{-#
  dialect_resources: {
    builtin: {
      s: "0x040000000000803F00000040",
      w: "0x01000000F8F906070001FF05",
      zp: "0x010000000001"
    }
  }
#-}

//--- out-of-range.mlir
module attributes {ng.data = {w = #ng.int4_packing<dense_resource<w> : tensor<1x2xi8>>}} {
  ng.method @forward(%p_w: !ng.tensor<ui8[1, 1]> = parameter "w") -> !ng.tensor<ui8[1, 1]> {
    ng.output(%p_w) : !ng.tensor<ui8[1, 1]>
  }
}
{-#
  dialect_resources: {
    builtin: {
      w: "0x010000000809"
    }
  }
#-}

//--- errors.mlir

// expected-error @+1 {{source must be a 2-D int8 tensor with an even inner dim, two values to a byte (F5); it is 'tensor<2x3xi8>'}}
module attributes {ng.data = {w = #ng.int4_packing<dense_resource<w> : tensor<2x3xi8>>}} {
}

// -----

// expected-error @+1 {{source must be a 2-D int8 tensor with an even inner dim, two values to a byte (F5); it is 'tensor<4xi8>'}}
module attributes {ng.data = {w = #ng.int4_packing<dense_resource<w> : tensor<4xi8>>}} {
}

// -----

// expected-error @+1 {{source must be a 2-D int8 tensor with an even inner dim, two values to a byte (F5); it is 'tensor<2x4xui8>'}}
module attributes {ng.data = {w = #ng.int4_packing<dense_resource<w> : tensor<2x4xui8>>}} {
}

// -----

// The source's bytes must be its type's (C2).
// expected-error @+1 {{data 'w''s source holds 4 bytes, but its type 'tensor<2x4xi8>' needs 8}}
module attributes {ng.data = {w = #ng.int4_packing<dense_resource<w> : tensor<2x4xi8>>}} {
}
{-#
  dialect_resources: {
    builtin: {
      w: "0x0100000001020304"
    }
  }
#-}

// -----

// V14: a packing of 2x4 values is 4 bytes; a constant of 16 4-bit values
// needs 8.
module attributes {ng.data = {s = dense_resource<s> : tensor<4x1xf32>, w = #ng.int4_packing<dense_resource<w> : tensor<2x4xi8>>}} {
  // expected-error @+1 {{constant 'p_weight' (data_key 'w'): data is 4 bytes, expected 8 for 16 4-bit values (V14)}}
  ng.method @linear(
    %p_weight: !ng.tensor<ui8[4, 4], dim_order = none, quant = #ng.affine_group<scale_data_key = "s", scale_dtype = f32, quant_min = -8, quant_max = 7, group_size = 4, zero_point_data_key = "", zero_point_dtype = i8>> = parameter "w",
    %c_scale: !ng.tensor<f32[4, 1]> = constant "s"
  ) -> !ng.tensor<ui8[4, 4], dim_order = none, quant = #ng.affine_group<scale_data_key = "s", scale_dtype = f32, quant_min = -8, quant_max = 7, group_size = 4, zero_point_data_key = "", zero_point_dtype = i8>> {
    ng.output(%p_weight) : !ng.tensor<ui8[4, 4], dim_order = none, quant = #ng.affine_group<scale_data_key = "s", scale_dtype = f32, quant_min = -8, quant_max = 7, group_size = 4, zero_point_data_key = "", zero_point_dtype = i8>>
  }
}
{-#
  dialect_resources: {
    builtin: {
      s: "0x040000000000803F0000004000004040000080C0",
      w: "0x01000000F8F906070001FF05"
    }
  }
#-}
