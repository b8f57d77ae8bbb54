// RUN: ng-opt %s -split-input-file -verify-diagnostics

// V15 (FORMAT.md section 4, the newest upstream loader): every AffineGroup
// scale key, and zero-point key when non-empty, on ANY value (placeholder,
// mutable buffer, subgraph input, node output) names a constant bound in
// the same method, not mutated, not itself quantized, of the declared
// dtype. An empty zero_point_data_key means symmetric: no key. One case
// per condition, each value kind, then accepted programs.
//
// (V14, "every scale / zero-point key has data", only looked at node
// outputs, and took an empty zero-point key for a key. With V15 each key is
// a bound constant, whose data V14 checks.)

//===----------------------------------------------------------------------===//
// Not bound in the method.
//===----------------------------------------------------------------------===//

// A user input's scale.
module attributes {ng.data = {}} {
  // expected-error @+1 {{'ng.method' op quantization parameter 's' for 'x' is not bound in method 'forward' (V15: its scale must be a constant of the method)}}
  ng.method @forward(%x: !ng.tensor<ui8[2, 4], quant = #ng.affine_group<scale_data_key = "s", scale_dtype = f32, quant_min = -8, quant_max = 7, group_size = 4, zero_point_dtype = i8>>) {
    ng.output()
  }
}

// -----

// A mutable buffer's zero point (its scale is bound).
module attributes {ng.data = {s = dense_resource<s> : tensor<2xf32>}} {
  // expected-error @+1 {{'ng.method' op quantization parameter 'zp' for 'b_cache' is not bound in method 'forward' (V15: its zero point must be a constant of the method)}}
  ng.method @forward(%c_s: !ng.tensor<f32[2]> = constant "s",
                     %b_cache: !ng.tensor<ui8[2, 4], quant = #ng.affine_group<scale_data_key = "s", scale_dtype = f32, quant_min = -8, quant_max = 7, group_size = 4, zero_point_data_key = "zp", zero_point_dtype = i8>> = mutable_buffer "cache") {
    ng.output()
  }
}
{-#
  dialect_resources: { builtin: { s: "0x040000000000803F00000040" } }
#-}

// -----

// A subgraph input's scale (a subgraph has no bindings of its own: the key
// must be a constant of the enclosing method).
module attributes {ng.data = {}} {
  ng.method @forward(%p: !ng.tensor<i1[]>, %x: !ng.tensor<ui8[2, 4]>) -> !ng.tensor<ui8[2, 4]> {
    // expected-error @+1 {{'ng.call' op quantization parameter 's' for 'x_1' is not bound in method 'forward' (V15: its scale must be a constant of the method)}}
    %r = ng.call "torch.ops.higher_order.cond"(%p, graph "true_graph_0"(%x_1: !ng.tensor<ui8[2, 4], quant = #ng.affine_group<scale_data_key = "s", scale_dtype = f32, quant_min = -8, quant_max = 7, group_size = 4, zero_point_dtype = i8>>) {
      ng.output(%x_1) : !ng.tensor<ui8[2, 4], quant = #ng.affine_group<scale_data_key = "s", scale_dtype = f32, quant_min = -8, quant_max = 7, group_size = 4, zero_point_dtype = i8>>
    }, graph "false_graph_0"(%x_2: !ng.tensor<ui8[2, 4]>) {
      ng.output(%x_2) : !ng.tensor<ui8[2, 4]>
    }, [%x]) {node = "cond"} : (!ng.tensor<i1[]>, !ng.tensor<ui8[2, 4]>) -> !ng.tensor<ui8[2, 4]>
    ng.output(%r) : !ng.tensor<ui8[2, 4]>
  }
}

// -----

// A node output's scale, bound in another method only: bindings are per
// method.
module attributes {ng.data = {s = dense_resource<s> : tensor<2xf32>}} {
  ng.method @prefill(%c_s: !ng.tensor<f32[2]> = constant "s") {
    ng.output()
  }
  ng.method @decode(%x: !ng.tensor<f32[2, 4]>) -> !ng.tensor<ui8[2, 4], quant = #ng.affine_group<scale_data_key = "s", scale_dtype = f32, quant_min = -8, quant_max = 7, group_size = 4, zero_point_dtype = i8>> {
    // expected-error @+1 {{'ng.call' op quantization parameter 's' for 'q' is not bound in method 'decode' (V15: its scale must be a constant of the method)}}
    %q = ng.call "torch.ops.quant.pack.default"(self: %x) : (!ng.tensor<f32[2, 4]>) -> !ng.tensor<ui8[2, 4], quant = #ng.affine_group<scale_data_key = "s", scale_dtype = f32, quant_min = -8, quant_max = 7, group_size = 4, zero_point_dtype = i8>>
    ng.output(%q) : !ng.tensor<ui8[2, 4], quant = #ng.affine_group<scale_data_key = "s", scale_dtype = f32, quant_min = -8, quant_max = 7, group_size = 4, zero_point_dtype = i8>>
  }
}
{-#
  dialect_resources: { builtin: { s: "0x040000000000803F00000040" } }
#-}

// -----

// The key is a mutable buffer's fqn, not a constant's data key.
module attributes {ng.data = {}} {
  // expected-error @+1 {{'ng.method' op quantization parameter 's' for 'x' is not bound in method 'forward' (V15: its scale must be a constant of the method)}}
  ng.method @forward(%b_s: !ng.tensor<f32[2]> = mutable_buffer "s", %x: !ng.tensor<ui8[2, 4], quant = #ng.affine_group<scale_data_key = "s", scale_dtype = f32, quant_min = -8, quant_max = 7, group_size = 4, zero_point_dtype = i8>>) {
    ng.output()
  }
}

// -----

//===----------------------------------------------------------------------===//
// Not mutated.
//===----------------------------------------------------------------------===//

module attributes {ng.data = {s = dense_resource<s> : tensor<2xf32>}} {
  // expected-error @+1 {{'ng.method' op quantization parameter 's' for 'x' is constant 'b_s' of method 'forward', which is mutated (V15: quantization parameters are read-only)}}
  ng.method @forward(%b_s: !ng.tensor<f32[2]> = buffer "s" mutated, %x: !ng.tensor<ui8[2, 4], quant = #ng.affine_group<scale_data_key = "s", scale_dtype = f32, quant_min = -8, quant_max = 7, group_size = 4, zero_point_dtype = i8>>) {
    ng.output()
  }
}
{-#
  dialect_resources: { builtin: { s: "0x040000000000803F00000040" } }
#-}

// -----

//===----------------------------------------------------------------------===//
// Not itself quantized.
//===----------------------------------------------------------------------===//

module attributes {ng.data = {s = dense_resource<s> : tensor<8xui8>}} {
  // expected-error @+1 {{'ng.method' op quantization parameter 's' for 'x' is constant 'c_s' of method 'forward', which is itself quantized (V15)}}
  ng.method @forward(%c_s: !ng.tensor<f32[2], quant = #ng.packed<"custom">> = constant "s", %x: !ng.tensor<ui8[2, 4], quant = #ng.affine_group<scale_data_key = "s", scale_dtype = f32, quant_min = -8, quant_max = 7, group_size = 4, zero_point_dtype = i8>>) {
    ng.output()
  }
}
{-#
  dialect_resources: { builtin: { s: "0x010000000000000000000000" } }
#-}

// -----

//===----------------------------------------------------------------------===//
// Of the declared dtype.
//===----------------------------------------------------------------------===//

// The scale constant is f16, the AffineGroup says f32.
module attributes {ng.data = {s = dense_resource<s> : tensor<2xf16>}} {
  // expected-error @+1 {{'ng.method' op quantization parameter 's' for 'x' is constant 'c_s' of method 'forward' of 'f16', but the scale dtype is 'f32' (V15)}}
  ng.method @forward(%c_s: !ng.tensor<f16[2]> = constant "s", %x: !ng.tensor<ui8[2, 4], quant = #ng.affine_group<scale_data_key = "s", scale_dtype = f32, quant_min = -8, quant_max = 7, group_size = 4, zero_point_dtype = i8>>) {
    ng.output()
  }
}
{-#
  dialect_resources: { builtin: { s: "0x02000000003C003C" } }
#-}

// -----

// The zero point constant is i32, the AffineGroup says i8.
module attributes {ng.data = {s = dense_resource<s> : tensor<2xf32>, zp = dense_resource<zp> : tensor<2xi32>}} {
  // expected-error @+1 {{'ng.method' op quantization parameter 'zp' for 'x' is constant 'c_zp' of method 'forward' of 'i32', but the zero point dtype is 'i8' (V15)}}
  ng.method @forward(%c_s: !ng.tensor<f32[2]> = constant "s",
                     %c_zp: !ng.tensor<i32[2]> = constant "zp",
                     %x: !ng.tensor<ui8[2, 4], quant = #ng.affine_group<scale_data_key = "s", scale_dtype = f32, quant_min = -8, quant_max = 7, group_size = 4, zero_point_data_key = "zp", zero_point_dtype = i8>>) {
    ng.output()
  }
}
{-#
  dialect_resources: { builtin: { s: "0x040000000000803F00000040", zp: "0x040000000000000000000000" } }
#-}

// -----

//===----------------------------------------------------------------------===//
// Accepted.
//===----------------------------------------------------------------------===//

// Every kind of value, its parameters bound as constants of the method.
module attributes {ng.data = {s = dense_resource<s> : tensor<2xf32>, zp = dense_resource<zp> : tensor<2xi8>}} {
  ng.method @forward(%c_s: !ng.tensor<f32[2]> = constant "s",
                     %c_zp: !ng.tensor<i8[2]> = constant "zp",
                     %b_cache: !ng.tensor<ui8[2, 4], quant = #ng.affine_group<scale_data_key = "s", scale_dtype = f32, quant_min = -8, quant_max = 7, group_size = 4, zero_point_data_key = "zp", zero_point_dtype = i8>> = mutable_buffer "cache",
                     %p: !ng.tensor<i1[]>, %x: !ng.tensor<ui8[2, 4], quant = #ng.affine_group<scale_data_key = "s", scale_dtype = f32, quant_min = -8, quant_max = 7, group_size = 4, zero_point_dtype = i8>>) -> !ng.tensor<ui8[2, 4], quant = #ng.affine_group<scale_data_key = "s", scale_dtype = f32, quant_min = -8, quant_max = 7, group_size = 4, zero_point_dtype = i8>> {
    %r = ng.call "torch.ops.higher_order.cond"(%p, graph "true_graph_0"(%x_1: !ng.tensor<ui8[2, 4], quant = #ng.affine_group<scale_data_key = "s", scale_dtype = f32, quant_min = -8, quant_max = 7, group_size = 4, zero_point_dtype = i8>>) {
      ng.output(%x_1) : !ng.tensor<ui8[2, 4], quant = #ng.affine_group<scale_data_key = "s", scale_dtype = f32, quant_min = -8, quant_max = 7, group_size = 4, zero_point_dtype = i8>>
    }, graph "false_graph_0"(%x_2: !ng.tensor<ui8[2, 4], quant = #ng.affine_group<scale_data_key = "s", scale_dtype = f32, quant_min = -8, quant_max = 7, group_size = 4, zero_point_dtype = i8>>) {
      ng.output(%x_2) : !ng.tensor<ui8[2, 4], quant = #ng.affine_group<scale_data_key = "s", scale_dtype = f32, quant_min = -8, quant_max = 7, group_size = 4, zero_point_dtype = i8>>
    }, [%x]) {node = "cond"} : (!ng.tensor<i1[]>, !ng.tensor<ui8[2, 4], quant = #ng.affine_group<scale_data_key = "s", scale_dtype = f32, quant_min = -8, quant_max = 7, group_size = 4, zero_point_dtype = i8>>) -> !ng.tensor<ui8[2, 4], quant = #ng.affine_group<scale_data_key = "s", scale_dtype = f32, quant_min = -8, quant_max = 7, group_size = 4, zero_point_dtype = i8>>
    ng.output(%r) : !ng.tensor<ui8[2, 4], quant = #ng.affine_group<scale_data_key = "s", scale_dtype = f32, quant_min = -8, quant_max = 7, group_size = 4, zero_point_dtype = i8>>
  }
}
{-#
  dialect_resources: { builtin: { s: "0x040000000000803F00000040", zp: "0x010000000000" } }
#-}

// -----

// An empty zero_point_data_key is no key (symmetric quantization): neither
// bound (V15) nor looked up in the data (V14), on a user input or on a
// constant weight.
module attributes {ng.data = {s = dense_resource<s> : tensor<2xf32>, w = dense_resource<w> : tensor<2x2xui8>}} {
  ng.method @forward(%c_s: !ng.tensor<f32[2]> = constant "s",
                     %p_w: !ng.tensor<ui8[2, 4], quant = #ng.affine_group<scale_data_key = "s", scale_dtype = f32, quant_min = -8, quant_max = 7, group_size = 4, zero_point_data_key = "", zero_point_dtype = i8>> = parameter "w",
                     %x: !ng.tensor<ui8[2, 4], quant = #ng.affine_group<scale_data_key = "s", scale_dtype = f32, quant_min = -8, quant_max = 7, group_size = 4, zero_point_data_key = "", zero_point_dtype = i8>>) {
    ng.output()
  }
}
{-#
  dialect_resources: { builtin: { s: "0x040000000000803F00000040", w: "0x0100000010FE98D7" } }
#-}
