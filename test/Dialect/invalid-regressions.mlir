// RUN: ng-opt %s -split-input-file -verify-diagnostics

// Invalid IR found by the test sweep (each was once accepted and exported
// with wrong bytes); kept as regressions.

// A ScalarTypeArg's dtype must be an NPTG ScalarType (W3), in the custom form too.
ng.method @forward(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  // expected-error @+1 {{an argument of kind scalar_type needs an NPTG dtype, got i4}}
  %a = ng.call "torch.ops.aten.full.default"(size: [2], fill_value: 0.0, dtype: i4)
      : () -> !ng.tensor<f32[2]>
  ng.output(%a) : !ng.tensor<f32[2]>
}

// -----

// ... and a dtype that is not even a scalar type.
ng.method @forward(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  // expected-error @+1 {{an argument of kind scalar_type needs an NPTG dtype, got !ng.tensor}}
  %a = ng.call "torch.ops.aten._to_copy.default"(self: %x, dtype: !ng.tensor)
      : (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
  ng.output(%a) : !ng.tensor<f32[2]>
}

// -----

// #ng.affine_group's scale_dtype must be an NPTG ScalarType.
// expected-error @+1 {{scale_dtype 'i4' is not an NPTG ScalarType}}
ng.method @forward(%w: !ng.tensor<ui8[2, 8], quant = #ng.affine_group<scale_data_key = "s", scale_dtype = i4, quant_min = -8, quant_max = 7, group_size = 0, zero_point_dtype = i8>>
                       = parameter "w") {
  ng.output()
}

// -----

// #ng.affine_group's zero_point_dtype must be an NPTG ScalarType.
// expected-error @+1 {{zero_point_dtype '!ng.tensor' is not an NPTG ScalarType}}
ng.method @forward(%w: !ng.tensor<ui8[2, 8], quant = #ng.affine_group<scale_data_key = "s", scale_dtype = f32, quant_min = -8, quant_max = 7, group_size = 0, zero_point_dtype = !ng.tensor>>
                       = parameter "w") {
  ng.output()
}

// -----

// V13 covers the OUTPUT node's arguments too.
ng.method @forward(%x: !ng.tensor<f32[3]>,
                   %p_w: !ng.tensor<f32[3]> = parameter "w")
    -> !ng.tensor<f32[3]> {
  // expected-error @+1 {{writes a read-only tensor in place}}
  ng.output(mut %p_w) : !ng.tensor<f32[3]>
}

// -----

// Found by the IR fuzzer (a null dereference): the method's parser reads
// which storages are written off its graph before the verifier runs, so it
// meets calls that break their own invariants. A call with no target that
// writes in place, nested in a subgraph (mayWriteOperands asks its facts) ...
ng.method @forward(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  %y = ng.call "torch.ops.higher_order.cond"(true, graph "g"(%c: !ng.tensor<f32[2]>) {
    // expected-error @+1 {{'ng.call' op requires attribute 'target'}}
    %a = "ng.call"(%c) <{args = [#ng.arg<kind = tensor, name = "self", mutated = true>]}> : (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
    ng.output(%a) : !ng.tensor<f32[2]>
  }, [%x]) : (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
  ng.output(%y) : !ng.tensor<f32[2]>
}

// -----

// ... the same call in the body itself ...
ng.method @forward(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  // expected-error @+1 {{'ng.call' op requires attribute 'target'}}
  %a = "ng.call"(%x) <{args = [#ng.arg<kind = tensor, name = "self", mutated = true>]}> : (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
  ng.output(%a) : !ng.tensor<f32[2]>
}

// -----

// ... an OUTPUT node whose specs are not output specs ...
ng.method @forward(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  // expected-error @+1 {{'ng.output' op attribute 'specs' failed to satisfy constraint: output specs}}
  "ng.output"(%x) <{args = [#ng.arg<kind = tensor>], specs = [1 : i64]}> : (!ng.tensor<f32[2]>) -> ()
}

// -----

// ... and a call whose arguments, output groups and alias_of all reach past
// its operands and results.
ng.method @forward(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  // expected-error @+1 {{'ng.call' op has fewer operands than its arguments reference}}
  %a = "ng.call"(%x) <{target = "torch.ops.aten.add_.Tensor", args = [#ng.arg<kind = tensor, name = "self">, #ng.arg<kind = tensor, name = "other">], output_groups = array<i32: 5>, alias_of = array<i32: 7>}> : (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
  ng.output(%a) : !ng.tensor<f32[2]>
}
