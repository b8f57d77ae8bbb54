// RUN: ng-opt %s -split-input-file -verify-diagnostics

// Invalid IR that the dialect currently ACCEPTS. Every case asserts the
// correct behaviour and is marked FIXME(bug); this file fails until the
// dialect is fixed (then fold the cases into invalid.mlir /
// invalid-syntax.mlir and delete the file). Each case was also exported with
// `ng-translate --to-native-graph`: the program is written without an error
// and the bytes are wrong.

// FIXME(bug): the custom argument syntax builds #ng.arg with ArgAttr::get,
// which skips ArgAttr::verify, so a ScalarTypeArg whose dtype is no NPTG
// ScalarType (W3) is accepted (i4 here; likewise ui1, i2, !ng.tensor). The
// generic form of the same op is rejected with the message below, and
// --to-native-graph writes an arbitrary ScalarType byte (seen: 80), which
// --from-native-graph then rejects. Fix: build the attribute with
// ArgAttr::getChecked(parser-emitError, ...) in resolveArguments
// (lib/Dialect/ArgumentSyntax.cpp), or check the dtype in dtypeKeyword's
// callers.
ng.method @forward(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  // expected-error @+1 {{scalar_type argument needs an NPTG dtype, got i4}}
  %a = ng.call "torch.ops.aten.full.default"(size: [2], fill_value: 0.0, dtype: i4)
      : () -> !ng.tensor<f32[2]>
  ng.output(%a) : !ng.tensor<f32[2]>
}

// -----

// FIXME(bug): same as above, with a type that is not even scalar.
ng.method @forward(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  // expected-error @+1 {{scalar_type argument needs an NPTG dtype, got !ng.tensor}}
  %a = ng.call "torch.ops.aten._to_copy.default"(self: %x, dtype: !ng.tensor)
      : (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
  ng.output(%a) : !ng.tensor<f32[2]>
}

// -----

// FIXME(bug): #ng.affine_group's scale_dtype and zero_point_dtype are plain
// `Type` parameters without a verifier, so any type is accepted although
// both are ScalarType fields on the wire (W4 AffineGroup). Export calls
// `*getScalarTypeId(type)` on them (lib/Target/NativeGraph/Export.cpp,
// scalarType), i.e. dereferences an empty optional; the file written
// re-imports with scale_dtype = zero_point_dtype = ui16. Fix: genVerifyDecl
// on Ng_AffineGroupAttr checking getScalarTypeId for both dtypes (the
// expected message below is a suggestion: any message containing it works).
// expected-error @+1 {{not an NPTG ScalarType}}
ng.method @forward(%w: !ng.tensor<ui8[2, 8], quant = #ng.affine_group<scale_data_key = "s", scale_dtype = i4, quant_min = -8, quant_max = 7, group_size = 0, zero_point_dtype = i8>>
                       {ng.binding = #ng.constant<parameter, "w">}) {
  ng.output()
}

// -----

// FIXME(bug): as above, for zero_point_dtype.
// expected-error @+1 {{not an NPTG ScalarType}}
ng.method @forward(%w: !ng.tensor<ui8[2, 8], quant = #ng.affine_group<scale_data_key = "s", scale_dtype = f32, quant_min = -8, quant_max = 7, group_size = 0, zero_point_dtype = !ng.tensor>>
                       {ng.binding = #ng.constant<parameter, "w">}) {
  ng.output()
}

// -----

// FIXME(bug): V13 is checked on ng.call only. The OUTPUT node's arguments
// are NamedArguments too and may carry `mutated` (the syntax accepts `mut`
// there); V13 speaks of any mutated argument, so an OUTPUT node that marks a
// parameter written must be rejected like a call that does. Fix: run the V13
// walk in verifyMethodGraph over the method's ng.output as well.
ng.method @forward(%x: !ng.tensor<f32[3]>,
                   %p_w: !ng.tensor<f32[3]> {ng.binding = #ng.constant<parameter, "w">})
    -> !ng.tensor<f32[3]> {
  // expected-error @+1 {{writes a read-only tensor in place}}
  ng.output(mut %p_w) : !ng.tensor<f32[3]>
}
