// RUN: ng-opt %s -split-input-file -verify-diagnostics

// Malformed ng IR: type, attribute and argument syntax, and the structural
// checks of ng.call / ng.output that the custom syntax would never produce
// but the generic form can. The V rules are in invalid.mlir.

//===----------------------------------------------------------------------===//
// !ng.tensor (TensorMeta)
//===----------------------------------------------------------------------===//

// An unknown field.
// expected-error @+1 {{unknown !ng.tensor field 'layout' (expected dim_order or quant)}}
ng.method @forward(%x: !ng.tensor<f32[2], layout = 3>) {
  ng.output()
}

// -----

// Element types that are no NPTG ScalarType (W3).
// expected-error @+1 {{element type 'si8' is not an NPTG ScalarType}}
ng.method @forward(%x: !ng.tensor<si8[2]>) {
  ng.output()
}

// -----

// expected-error @+1 {{element type 'i4' is not an NPTG ScalarType}}
ng.method @forward(%x: !ng.tensor<i4[2]>) {
  ng.output()
}

// -----

// expected-error @+1 {{element type 'index' is not an NPTG ScalarType}}
ng.method @forward(%x: !ng.tensor<index[2]>) {
  ng.output()
}

// -----

// expected-error @+1 {{element type 'f8E4M3FN' is not an NPTG ScalarType}}
ng.method @forward(%x: !ng.tensor<f8E4M3FN[2]>) {
  ng.output()
}

// -----

// expected-error @+1 {{element type 'complex<f32>' is not an NPTG ScalarType}}
ng.method @forward(%x: !ng.tensor<complex<f32>[2]>) {
  ng.output()
}

// -----

// expected-error @+1 {{element type 'ui1' is not an NPTG ScalarType}}
ng.method @forward(%x: !ng.tensor<ui1[2]>) {
  ng.output()
}

// -----

// expected-error @+1 {{element type '!ng.tensor' is not an NPTG ScalarType}}
ng.method @forward(%x: !ng.tensor<!ng.tensor[2]>) {
  ng.output()
}

// -----

// The sizes are not optional: a rank-0 tensor is `f32[]`.
// expected-error @+1 {{expected '['}}
ng.method @forward(%x: !ng.tensor<f32>) {
  ng.output()
}

// -----

// expected-error @+1 {{expected integer value}}
ng.method @forward(%x: !ng.tensor<f32[2, 3], dim_order = [a, b]>) {
  ng.output()
}

// -----

// quant holds a QuantScheme member only.
// expected-error @+1 {{quant must be #ng.affine_group or #ng.packed, got 3 : i64}}
ng.method @forward(%x: !ng.tensor<f32[2], quant = 3>) {
  ng.output()
}

// -----

// expected-error @+1 {{quant must be #ng.affine_group or #ng.packed, got #ng.constant<parameter, "w">}}
ng.method @forward(%x: !ng.tensor<ui8[2], quant = #ng.constant<parameter, "w">>) {
  ng.output()
}

// -----

//===----------------------------------------------------------------------===//
// Bindings
//===----------------------------------------------------------------------===//

// expected-error @+1 {{unknown input kind 'weights' (expected user_input, parameter, buffer or constant)}}
ng.method @forward(%x: !ng.tensor<f32[2]> {ng.binding = #ng.constant<weights, "w">}) {
  ng.output()
}

// -----

// The same after `=`, the binding's usual spelling.
// expected-error @+1 {{unknown placeholder binding 'weights' (expected user_input, parameter, buffer, constant or mutable_buffer)}}
ng.method @forward(%x: !ng.tensor<f32[2]> = weights "w") {
  ng.output()
}

// -----

// A binding names its data key (or fqn) as a string.
// expected-error @+1 {{expected string}}
ng.method @forward(%x: !ng.tensor<f32[2]> = parameter w) {
  ng.output()
}

// -----

// No binding after `=`.
// expected-error @+1 {{expected valid keyword}}
ng.method @forward(%x: !ng.tensor<f32[2]> = ) {
  ng.output()
}

// -----

// `mutated` is a constant's; a mutable buffer is written by definition.
// expected-error @+1 {{expected ')'}}
ng.method @forward(%x: !ng.tensor<f32[2]> = mutable_buffer "k" mutated) {
  ng.output()
}

// -----

//===----------------------------------------------------------------------===//
// Argument lists
//===----------------------------------------------------------------------===//

// An empty list does not say which list it is.
ng.method @forward(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  // expected-error @+1 {{an empty list needs its kind: ints[], floats[], bools[], tensors[] or optional_tensors[]}}
  %a = ng.call "torch.ops.aten.sum.dim_IntList"(self: %x, dim: [], keepdim: false, dtype: none)
      : (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
  ng.output(%a) : !ng.tensor<f32[2]>
}

// -----

// A referenced value's type selects the argument kind (tensor -> TensorArg,
// i64/f64/i1 -> Int/Float/BoolArg ref); other types have no kind.
ng.method @forward(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  %s = ng.call "t"() : () -> i32
  // expected-error @+1 {{a referenced value must be a tensor, i64, f64 or i1, not 'i32'}}
  %a = ng.call "torch.ops.aten.mul.Scalar"(self: %x, other: %s)
      : (!ng.tensor<f32[2]>, i32) -> !ng.tensor<f32[2]>
  ng.output(%a) : !ng.tensor<f32[2]>
}

// -----

// A list element references a tensor or an i64 (IntListArg.refs); not a bool.
ng.method @forward(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  %b = ng.call "torch.ops.aten.is_nonzero.default"(self: %x) : (!ng.tensor<f32[2]>) -> i1
  // expected-error @+1 {{a list element must reference a tensor or an i64, not 'i1'}}
  %a = ng.call "torch.ops.aten.view.default"(self: %x, size: [%b, 1])
      : (!ng.tensor<f32[2]>, i1) -> !ng.tensor<f32[2]>
  ng.output(%a) : !ng.tensor<f32[2]>
}

// -----

// nor an f64.
ng.method @forward(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  %f = ng.call "torch.ops.aten.item.default"(self: %x) : (!ng.tensor<f32[2]>) -> f64
  // expected-error @+1 {{a list element must reference a tensor or an i64, not 'f64'}}
  %a = ng.call "torch.ops.aten.upsample.default"(self: %x, scales: [%f])
      : (!ng.tensor<f32[2]>, f64) -> !ng.tensor<f32[2]>
  ng.output(%a) : !ng.tensor<f32[2]>
}

// -----

// An int list cannot reference a tensor.
ng.method @forward(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  // expected-error @+1 {{an argument of kind int_list can only hold integers and i64 values}}
  %a = ng.call "torch.ops.aten.view.default"(self: %x, size: ints[%x])
      : (!ng.tensor<f32[2]>, !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
  ng.output(%a) : !ng.tensor<f32[2]>
}

// -----

// A tensor list cannot hold a literal.
ng.method @forward(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  // expected-error @+1 {{an argument of kind tensor_list can only hold tensors}}
  %a = ng.call "torch.ops.aten.cat.default"(tensors: [%x, 1], dim: 0)
      : (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
  ng.output(%a) : !ng.tensor<f32[2]>
}

// -----

// nor a hole (`none` makes it an optional tensor list, which holds no ints).
ng.method @forward(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  // expected-error @+1 {{an argument of kind tensor_list can only hold tensors}}
  %a = ng.call "torch.ops.aten.cat.default"(tensors: tensors[%x, none], dim: 0)
      : (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
  ng.output(%a) : !ng.tensor<f32[2]>
}

// -----

ng.method @forward(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  // expected-error @+1 {{an argument of kind optional_tensor_list can only hold tensors and none}}
  %a = ng.call "torch.ops.aten.index.Tensor"(self: %x, indices: [none, 1])
      : (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
  ng.output(%a) : !ng.tensor<f32[2]>
}

// -----

ng.method @forward(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  // expected-error @+1 {{an argument of kind bool_list can only hold true and false}}
  %a = ng.call "t"(self: %x, flags: bools[1]) : (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
  ng.output(%a) : !ng.tensor<f32[2]>
}

// -----

ng.method @forward(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  // expected-error @+1 {{an argument of kind float_list can only hold float literals}}
  %a = ng.call "t"(self: %x, scales: floats[true]) : (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
  ng.output(%a) : !ng.tensor<f32[2]>
}

// -----

// IntArg is an int64.
ng.method @forward(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  // expected-error @+1 {{integer literal does not fit in int64}}
  %a = ng.call "t"(self: %x, n: 9223372036854775808) : (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
  ng.output(%a) : !ng.tensor<f32[2]>
}

// -----

ng.method @forward(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  // expected-error @+1 {{integer literal does not fit in 64 bits}}
  %a = ng.call "t"(self: %x, n: [1, 99999999999999999999]) : (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
  ng.output(%a) : !ng.tensor<f32[2]>
}

// -----

// A bare word that is no value.
ng.method @forward(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  // expected-error @+1 {{unexpected 'frobnicate' in an argument list}}
  %a = ng.call "t"(self: %x, mode: frobnicate) : (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
  ng.output(%a) : !ng.tensor<f32[2]>
}

// -----

// Output specs are written on ng.output only.
ng.method @forward(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  // expected-error @+1 {{'buffer_mutation' is only allowed on ng.output}}
  %a = ng.call "t"(self: buffer_mutation "k" %x) : (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
  ng.output(%a) : !ng.tensor<f32[2]>
}

// -----

// A GraphArg is a region of an ng.call; the OUTPUT node has none.
ng.method @forward(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  // expected-error @+1 {{a graph argument is only allowed on ng.call}}
  ng.output(%x, graph "g"() { ng.output() }) : !ng.tensor<f32[2]>
}

// -----

// One type per referenced value.
ng.method @forward(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  // expected-error @+1 {{expected 1 operand types, one per referenced value, got 2}}
  %a = ng.call "t"(self: %x) : (!ng.tensor<f32[2]>, !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
  ng.output(%a) : !ng.tensor<f32[2]>
}

// -----

ng.method @forward(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  // The error points at the token after the missing type list.
  // expected-error @+2 {{expected 1 operand types, one per referenced value, got 0}}
  ng.output(%x)
}

// -----

// Outputs are tensors or INT/BOOL/FLOAT scalars (i64, i1, f64): ODS says
// it (Ng_NodeValue).
ng.method @forward(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  // expected-error @+1 {{'ng.call' op result #0 must be variadic of a tensor, or an INT, FLOAT or BOOL value (i64, f64, i1), but got 'i32'}}
  %r = ng.call "t"(self: %x) : (!ng.tensor<f32[2]>) -> i32
  ng.output(%x) : !ng.tensor<f32[2]>
}

// -----

// INT is a signless i64 and BOOL an i1: an unsigned or signed one is none of
// them (it would come back from the wire as i64 / i1; found by ng-fuzz-ir).
ng.method @forward(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  // expected-error @+1 {{'ng.call' op result #0 must be variadic of a tensor, or an INT, FLOAT or BOOL value (i64, f64, i1), but got 'ui64'}}
  %r = ng.call "t"(self: %x) : (!ng.tensor<f32[2]>) -> ui64
  ng.output(%x) : !ng.tensor<f32[2]>
}

// -----

ng.method @forward(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  // expected-error @+1 {{'ng.call' op result #0 must be variadic of a tensor, or an INT, FLOAT or BOOL value (i64, f64, i1), but got 'si1'}}
  %r = ng.call "t"(self: %x) : (!ng.tensor<f32[2]>) -> si1
  ng.output(%x) : !ng.tensor<f32[2]>
}

// -----

// A TENSOR_LIST output holds tensors only.
ng.method @forward(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  // expected-error @+1 {{'ng.call' op result 'a' has type 'i64'; outputs are tensors}}
  %a, %b = ng.call "t"(self: %x) : (!ng.tensor<f32[2]>) -> ([i64, i64])
  ng.output(%x) : !ng.tensor<f32[2]>
}

// -----

// Node.metadata is a list of KeyValue pairs.
ng.method @forward(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  // expected-error @+1 {{'ng.call' op metadata entries must be ["key", "value"] pairs}}
  %a = ng.call "t"(self: %x) {metadata = [["stack_trace"]]} : (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
  ng.output(%a) : !ng.tensor<f32[2]>
}

// -----

ng.method @forward(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  // expected-error @+1 {{'ng.output' op metadata entries must be ["key", "value"] pairs}}
  ng.output(%x) {metadata = [["k", 1]]} : !ng.tensor<f32[2]>
}

// -----

//===----------------------------------------------------------------------===//
// The generic form: #ng.arg and the op's attributes must agree.
//===----------------------------------------------------------------------===//

// An argument kind referencing a value of another kind.
ng.method @forward(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  %s = ng.call "torch.ops.aten.sym_size.int"(self: %x, dim: 0) : (!ng.tensor<f32[2]>) -> i64
  // expected-error @+1 {{'ng.call' op argument 'self' (tensor) must reference a tensor, but 's' is 'i64'}}
  %a = "ng.call"(%s) <{args = [#ng.arg<kind = tensor, name = "self">], target = "t"}> : (i64) -> !ng.tensor<f32[2]>
  ng.output(%a) : !ng.tensor<f32[2]>
}

// -----

ng.method @forward(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  // expected-error @+1 {{'ng.call' op argument 'dim' (int) must reference an INT value (i64), but 'x' is '!ng.tensor<f32[2]>'}}
  %a = "ng.call"(%x) <{args = [#ng.arg<kind = int, name = "dim">], target = "t"}> : (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
  ng.output(%a) : !ng.tensor<f32[2]>
}

// -----

ng.method @forward(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  // expected-error @+1 {{argument #0 (float) must reference a FLOAT value (f64), but 'x' is '!ng.tensor<f32[2]>'}}
  %a = "ng.call"(%x) <{args = [#ng.arg<kind = float>], target = "t"}> : (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
  ng.output(%a) : !ng.tensor<f32[2]>
}

// -----

ng.method @forward(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  %s = ng.call "torch.ops.aten.sym_size.int"(self: %x, dim: 0) : (!ng.tensor<f32[2]>) -> i64
  // expected-error @+1 {{argument 'pred' (bool) must reference a BOOL value (i1), but 's' is 'i64'}}
  %a = "ng.call"(%s) <{args = [#ng.arg<kind = bool, name = "pred">], target = "t"}> : (i64) -> !ng.tensor<f32[2]>
  ng.output(%a) : !ng.tensor<f32[2]>
}

// -----

// An operand is a node value too: an i32 (here a subgraph input, which the
// subgraph's verifier would reject after its nodes) is none.
ng.method @forward(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  %y = ng.call "torch.ops.higher_order.cond"(true, graph "g"(%c: i32) {
    // expected-error @+1 {{'ng.call' op operand #0 must be variadic of a tensor, or an INT, FLOAT or BOOL value (i64, f64, i1), but got 'i32'}}
    %a = "ng.call"(%c) <{args = [#ng.arg<kind = int, name = "n">], target = "t"}> : (i32) -> !ng.tensor<f32[2]>
    ng.output(%a) : !ng.tensor<f32[2]>
  }, [%x]) : (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
  ng.output(%y) : !ng.tensor<f32[2]>
}

// -----

ng.method @forward(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  %y = ng.call "torch.ops.higher_order.cond"(true, graph "g"(%c: f32) {
    // expected-error @+1 {{'ng.output' op operand #0 must be variadic of a tensor, or an INT, FLOAT or BOOL value (i64, f64, i1), but got 'f32'}}
    "ng.output"(%c) <{args = [#ng.arg<kind = float>]}> : (f32) -> ()
  }, [%x]) : (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
  ng.output(%y) : !ng.tensor<f32[2]>
}

// -----

// More operands than the arguments reference.
ng.method @forward(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  // expected-error @+1 {{'ng.call' op has 2 operands but its arguments reference 1}}
  %a = "ng.call"(%x, %x) <{args = [#ng.arg<kind = tensor, name = "self">], target = "t"}> : (!ng.tensor<f32[2]>, !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
  ng.output(%a) : !ng.tensor<f32[2]>
}

// -----

// #ng.arg's own checks.
ng.method @forward(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  // expected-error @+1 {{an argument of kind none takes no literal value}}
  %a = "ng.call"() <{args = [#ng.arg<kind = none, value = 1 : i64>], target = "t"}> : () -> !ng.tensor<f32[2]>
  ng.output(%a) : !ng.tensor<f32[2]>
}

// -----

ng.method @forward(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  // expected-error @+1 {{an argument of kind tensor takes no mask}}
  %a = "ng.call"(%x) <{args = [#ng.arg<kind = tensor, mask = [true]>], target = "t"}> : (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
  ng.output(%a) : !ng.tensor<f32[2]>
}

// -----

ng.method @forward(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  // expected-error @+1 {{an argument of kind int needs an i64 literal or a reference, got 1 : i32}}
  %a = "ng.call"() <{args = [#ng.arg<kind = int, value = 1 : i32>], target = "t"}> : () -> !ng.tensor<f32[2]>
  ng.output(%a) : !ng.tensor<f32[2]>
}

// -----

ng.method @forward(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  // expected-error @+1 {{an argument of kind scalar_type needs an NPTG dtype, got i4}}
  %a = "ng.call"() <{args = [#ng.arg<kind = scalar_type, name = "dtype", value = i4>], target = "t"}> : () -> !ng.tensor<f32[2]>
  ng.output(%a) : !ng.tensor<f32[2]>
}

// -----

ng.method @forward(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  // expected-error @+1 {{an argument of kind optional_tensor_list needs a mask}}
  %a = "ng.call"() <{args = [#ng.arg<kind = optional_tensor_list>], target = "t"}> : () -> !ng.tensor<f32[2]>
  ng.output(%a) : !ng.tensor<f32[2]>
}

// -----

// output_groups covers the results (a TENSOR_LIST group or -1 per Output).
ng.method @forward(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  // expected-error @+1 {{'ng.call' op output_groups cover 2 results, but the op has 1}}
  %a = "ng.call"(%x) <{args = [#ng.arg<kind = tensor>], output_groups = array<i32: 2>, target = "t"}> : (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
  ng.output(%a) : !ng.tensor<f32[2]>
}

// -----

// One region per graph argument.
ng.method @forward(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  // expected-error @+1 {{'ng.call' op has 1 graph arguments but 0 regions}}
  %a = "ng.call"(%x) <{args = [#ng.arg<kind = tensor>, #ng.arg<kind = graph, value = "g">], target = "t"}> : (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
  ng.output(%a) : !ng.tensor<f32[2]>
}

