// RUN: ng-opt %s -split-input-file -verify-diagnostics

// FORMAT.md section 4 (V rules) and W7 on ng IR: one rejecting case per
// rule or clause, each message naming the node or value at fault. Cases
// marked "accepted" sit right next to a rule and must NOT be rejected.
// Rules that SSA form or the op structure guarantee by construction
// (lib/Dialect/GraphVerifier.cpp, header) are shown through the error MLIR
// itself gives for the equivalent IR. Syntax errors are in
// invalid-syntax.mlir.

//===----------------------------------------------------------------------===//
// V1 (node names unique) and V2 (values defined once) are rules of the file,
// not of the IR: wire names are hints (include/ng/Dialect/WireNames.h). The
// importer rejects a file that breaks them (test/Target/NativeGraph/
// invalid-rules.test); IR with repeated or missing names is valid, and the
// exporter makes the names unique (test/Target/NativeGraph/export-names.test).
//===----------------------------------------------------------------------===//

// Accepted: node names are per graph. Two methods, and a subgraph, may reuse
// the names of another graph (N1); the OUTPUT node may be renamed.
ng.method @prefill(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  %neg = ng.call "torch.ops.aten.neg.default"(self: %x) : (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
  ng.output(%neg) : !ng.tensor<f32[2]>
}
ng.method @decode(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  %neg = ng.call "torch.ops.higher_order.cond"(true, graph "g"(%a: !ng.tensor<f32[2]>) {
    %neg = ng.call "torch.ops.aten.neg.default"(self: %a) : (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
    ng.output(%neg) : !ng.tensor<f32[2]>
  }, [%x]) : (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
  %output = ng.call "torch.ops.aten.neg.default"(self: %neg) : (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
  ng.output(%output) {node = "output_1"} : !ng.tensor<f32[2]>
}

// -----

// Accepted: a subgraph input may reuse a parent value's name (its own
// namespace, N1). The parser forbids shadowing SSA names, so the wire name
// is given through `graph_arg_names`.
ng.method @forward(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  %r = ng.call "torch.ops.higher_order.cond"(true, graph "g"(%x_0: !ng.tensor<f32[2]>) {
    ng.output(%x_0) : !ng.tensor<f32[2]>
  }, [%x]) {graph_arg_names = [["x"]]} : (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
  ng.output(%r) : !ng.tensor<f32[2]>
}

// -----

//===----------------------------------------------------------------------===//
// V3: every reference resolves to a value defined earlier in the same graph.
// Guaranteed by SSA form: a reference is an SSA use, and MLIR's dominance
// check rejects forward references and cycles; "" is never a reference.
//===----------------------------------------------------------------------===//

// A forward reference.
ng.method @forward(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  // expected-error @+1 {{operand #0 does not dominate this use}}
  %a = ng.call "torch.ops.aten.neg.default"(self: %b) : (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
  // expected-note @+1 {{operand defined here}}
  %b = ng.call "torch.ops.aten.neg.default"(self: %x) : (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
  ng.output(%a) : !ng.tensor<f32[2]>
}

// -----

// A cycle: a node reading its own output.
ng.method @forward(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  // expected-error @+2 {{operand #0 does not dominate this use}}
  // expected-note @+1 {{operand defined here}}
  %a = ng.call "torch.ops.aten.neg.default"(self: %a) : (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
  ng.output(%a) : !ng.tensor<f32[2]>
}

// -----

// A reference that resolves nowhere.
ng.method @forward(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  // expected-error @+1 {{use of undeclared SSA value name}}
  %a = ng.call "torch.ops.aten.neg.default"(self: %nowhere) : (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
  ng.output(%a) : !ng.tensor<f32[2]>
}

// -----

//===----------------------------------------------------------------------===//
// V4: a PLACEHOLDER restates an input or a binding. Guaranteed by
// construction: placeholders are the method's block arguments, each a user
// input (no `ng.binding`) or bound (#ng.constant / #ng.mutable_buffer). What
// remains to check is that a placeholder is a tensor with a known role.
//===----------------------------------------------------------------------===//

// expected-error @+1 {{'ng.method' op placeholder 'x' must be a tensor, not 'i64'}}
ng.method @forward(%x: i64) -> i64 {
  ng.output(%x) : i64
}

// -----

// expected-error @+1 {{placeholder 'x' has binding "x"; expected #ng.constant or #ng.mutable_buffer}}
ng.method @forward(%x: !ng.tensor<f32[2]> {ng.binding = "x"}) -> !ng.tensor<f32[2]> {
  ng.output(%x) : !ng.tensor<f32[2]>
}

// -----

//===----------------------------------------------------------------------===//
// V5: OptionalTensorListArg names/has_value have equal length; IntListArg
// refs is empty or parallel to values. In IR both lists are one element
// list, `[%a, none]` / `[%s, 4]`, so the custom syntax cannot break V5; the
// generic form can.
//===----------------------------------------------------------------------===//

ng.method @forward(%x: !ng.tensor<f32[2]>, %s: !ng.tensor<i64[1]>) -> !ng.tensor<f32[2]> {
  // expected-error @+1 {{int_list refs has 1 entries for 2 values (V5)}}
  %a = "ng.call"(%x) <{args = [#ng.arg<kind = tensor, name = "self">, #ng.arg<kind = int_list, name = "size", value = array<i64: 0, 2>, mask = [true]>], target = "torch.ops.aten.view.default"}> : (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
  ng.output(%a) : !ng.tensor<f32[2]>
}

// -----

// has_value (the mask) says two values are present, but only one operand is
// given for them.
ng.method @forward(%x: !ng.tensor<f32[2]>, %i: !ng.tensor<i64[1]>) -> !ng.tensor<f32[2]> {
  // expected-error @+1 {{'ng.call' op has fewer operands than its arguments reference}}
  %a = "ng.call"(%x, %i) <{args = [#ng.arg<kind = tensor, name = "self">, #ng.arg<kind = optional_tensor_list, name = "indices", mask = [true, true]>], target = "torch.ops.aten.index.Tensor"}> : (!ng.tensor<f32[2]>, !ng.tensor<i64[1]>) -> !ng.tensor<f32[2]>
  ng.output(%a) : !ng.tensor<f32[2]>
}

// -----

// A TensorListArg has no holes (only the optional list does).
ng.method @forward(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  // expected-error @+1 {{a tensor_list cannot have holes}}
  %a = "ng.call"(%x) <{args = [#ng.arg<kind = tensor_list, name = "tensors", mask = [true, false]>], target = "torch.ops.aten.cat.default"}> : (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
  ng.output(%a) : !ng.tensor<f32[2]>
}

// -----

//===----------------------------------------------------------------------===//
// V6: Output.alias_of resolves, is not the output itself, names an input of
// the same node; alias chains are acyclic (acyclicity: SSA, see V3).
//===----------------------------------------------------------------------===//

// Names a value that is not an operand of the node.
ng.method @forward(%x: !ng.tensor<f32[2]>, %y: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  // expected-error @+2 {{'aliases' must name an operand of this node (Output.alias_of, V6)}}
  %v = ng.call "torch.ops.aten.alias.default"(self: %x)
      : (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> aliases %y
  ng.output(%v) : !ng.tensor<f32[2]>
}

// -----

// Names the output itself.
ng.method @forward(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  // expected-error @+2 {{'aliases' must name an operand of this node (Output.alias_of, V6)}}
  %v = ng.call "torch.ops.aten.alias.default"(self: %x)
      : (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> aliases %v
  ng.output(%v) : !ng.tensor<f32[2]>
}

// -----

// Names an operand that is not a tensor (an IntArg ref).
ng.method @forward(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  %s = ng.call "torch.ops.aten.sym_size.int"(self: %x, dim: 0) : (!ng.tensor<f32[2]>) -> i64
  // expected-error @+1 {{'ng.call' op node 'v': alias_of must name a tensor input of the same node (V6)}}
  %v = ng.call "torch.ops.aten.view.default"(self: %x, size: [%s])
      : (!ng.tensor<f32[2]>, i64) -> !ng.tensor<f32[2]> aliases %s
  ng.output(%v) : !ng.tensor<f32[2]>
}

// -----

// A1: only a single-tensor return carries alias_of; an INT output aliases
// nothing.
ng.method @forward(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  // expected-error @+1 {{'ng.call' op node 's': output #0 has alias_of but is not a tensor; only a tensor output aliases an input (A1)}}
  %s = ng.call "torch.ops.aten.sym_size.int"(self: %x, dim: 0) : (!ng.tensor<f32[2]>) -> i64 aliases %x
  ng.output(%x) : !ng.tensor<f32[2]>
}

// -----

// A1: nor does a TENSOR_LIST output (generic form: output_groups makes the
// two results one Output).
ng.method @forward(%x: !ng.tensor<f32[4]>) -> !ng.tensor<f32[4]> {
  // expected-error @+1 {{node '<unnamed>': output #0 has alias_of but is not a tensor; only a tensor output aliases an input (A1)}}
  %a:2 = "ng.call"(%x) <{alias_of = array<i32: 0>, output_groups = array<i32: 2>, args = [#ng.arg<kind = tensor, name = "self">, #ng.arg<kind = int, name = "split_size", value = 2>], target = "torch.ops.aten.split.Tensor"}> : (!ng.tensor<f32[4]>) -> (!ng.tensor<f32[2]>, !ng.tensor<f32[2]>)
  ng.output(%x) : !ng.tensor<f32[4]>
}

// -----

// Generic form: an operand index out of range.
ng.method @forward(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  // expected-error @+1 {{node '<unnamed>': alias_of must name a tensor input of the same node (V6)}}
  %v = "ng.call"(%x) <{alias_of = array<i32: 1>, args = [#ng.arg<kind = tensor, name = "self">], target = "torch.ops.aten.alias.default"}> : (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
  ng.output(%v) : !ng.tensor<f32[2]>
}

// -----

// Generic form: alias_of has one entry per Output.
ng.method @forward(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  // expected-error @+1 {{'ng.call' op alias_of has 2 entries for 1 outputs}}
  %v = "ng.call"(%x) <{alias_of = array<i32: 0, 0>, args = [#ng.arg<kind = tensor, name = "self">], target = "torch.ops.aten.alias.default"}> : (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
  ng.output(%v) : !ng.tensor<f32[2]>
}

// -----

//===----------------------------------------------------------------------===//
// V7: inputs, outputs and bindings have tensor metadata (`!ng.tensor` alone
// has none).
//===----------------------------------------------------------------------===//

// expected-error @+1 {{'ng.method' op input 'x' has no tensor metadata (V7)}}
ng.method @forward(%x: !ng.tensor) -> !ng.tensor<f32[2]> {
  %a = ng.call "torch.ops.aten.neg.default"(self: %x) : (!ng.tensor) -> !ng.tensor<f32[2]>
  ng.output(%a) : !ng.tensor<f32[2]>
}

// -----

ng.method @forward(%x: !ng.tensor<f32[2]>) -> !ng.tensor {
  %a = ng.call "torch.ops.aten.neg.default"(self: %x) : (!ng.tensor<f32[2]>) -> !ng.tensor
  // expected-error @+1 {{'ng.output' op output 'a' has no tensor metadata (V7)}}
  ng.output(%a) : !ng.tensor
}

// -----

// A constant (NamedTensorRef.meta is required on the wire).
// expected-error @+1 {{'ng.method' op constant 'p_w' has no tensor metadata (V7)}}
ng.method @forward(%x: !ng.tensor<f32[2]>,
                   %p_w: !ng.tensor = parameter "w")
    -> !ng.tensor<f32[2]> {
  ng.output(%x) : !ng.tensor<f32[2]>
}

// -----

// A mutable buffer (its metadata is a tensor_values entry, S3).
// expected-error @+1 {{'ng.method' op mutable buffer 'b_k' (fqn 'k') has no tensor metadata (V7)}}
ng.method @forward(%x: !ng.tensor<f32[2]>,
                   %b_k: !ng.tensor = mutable_buffer "k")
    -> !ng.tensor<f32[2]> {
  ng.output(%x) : !ng.tensor<f32[2]>
}

// -----

// A subgraph's Graph.inputs (V7 through V9).
ng.method @forward(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  // expected-error @+1 {{'ng.call' op graph 'g': input 'a' has no tensor metadata (V7)}}
  %r = ng.call "torch.ops.higher_order.cond"(true, graph "g"(%a: !ng.tensor) {
    %n = ng.call "torch.ops.aten.neg.default"(self: %a) : (!ng.tensor) -> !ng.tensor<f32[2]>
    ng.output(%n) : !ng.tensor<f32[2]>
  }, [%x]) : (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
  ng.output(%r) : !ng.tensor<f32[2]>
}

// -----

// A subgraph's Graph.outputs.
ng.method @forward(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  %r = ng.call "torch.ops.higher_order.cond"(true, graph "g"(%a: !ng.tensor<f32[2]>) {
    %n = ng.call "torch.ops.aten.neg.default"(self: %a) : (!ng.tensor<f32[2]>) -> !ng.tensor
    // expected-error @+1 {{'ng.output' op output 'n' has no tensor metadata (V7)}}
    ng.output(%n) : !ng.tensor
  }, [%x]) : (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
  ng.output(%r) : !ng.tensor<f32[2]>
}

// -----

// Accepted: an intermediate value without metadata, and scalar (INT/FLOAT)
// outputs, which are not tensors.
ng.method @forward(%x: !ng.tensor<f32[2]>) -> (!ng.tensor<f32[2]>, i64, f64) {
  %a = ng.call "torch.ops.aten.neg.default"(self: %x) : (!ng.tensor<f32[2]>) -> !ng.tensor
  %b = ng.call "torch.ops.aten.neg.default"(self: %a) : (!ng.tensor) -> !ng.tensor<f32[2]>
  %s = ng.call "torch.ops.aten.sym_size.int"(self: %b, dim: 0) : (!ng.tensor<f32[2]>) -> i64
  %f = ng.call "torch.ops.aten.item.default"(self: %b) : (!ng.tensor<f32[2]>) -> f64
  ng.output(%b, %s, %f) : !ng.tensor<f32[2]>, i64, f64
}

// -----

//===----------------------------------------------------------------------===//
// V8: dim_order is empty or a permutation of 0..rank-1 (reported by the op
// that defines the value).
//===----------------------------------------------------------------------===//

// A repeated dim, on a placeholder.
// expected-error @+1 {{'ng.method' op value 'x' has dim_order [0, 0], which is not a permutation of 0..1 (V8)}}
ng.method @forward(%x: !ng.tensor<f32[2, 3], dim_order = [0, 0]>) -> !ng.tensor<f32[2, 3], dim_order = [0, 0]> {
  ng.output(%x) : !ng.tensor<f32[2, 3], dim_order = [0, 0]>
}

// -----

// Too short, on a node output.
ng.method @forward(%x: !ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3]> {
  // expected-error @+1 {{'ng.call' op value 'a' has dim_order [1], which is not a permutation of 0..1 (V8)}}
  %a = ng.call "torch.ops.aten.clone.default"(self: %x, memory_format: none)
      : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3], dim_order = [1]>
  ng.output(%x) : !ng.tensor<f32[2, 3]>
}

// -----

// Out of range.
ng.method @forward(%x: !ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3]> {
  // expected-error @+1 {{value 'a' has dim_order [0, 2], which is not a permutation of 0..1 (V8)}}
  %a = ng.call "torch.ops.aten.clone.default"(self: %x, memory_format: none)
      : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3], dim_order = [0, 2]>
  ng.output(%x) : !ng.tensor<f32[2, 3]>
}

// -----

// Negative.
ng.method @forward(%x: !ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3]> {
  // expected-error @+1 {{value 'a' has dim_order [-1, 0], which is not a permutation of 0..1 (V8)}}
  %a = ng.call "torch.ops.aten.clone.default"(self: %x, memory_format: none)
      : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3], dim_order = [-1, 0]>
  ng.output(%x) : !ng.tensor<f32[2, 3]>
}

// -----

// Too long, on a rank-0 value.
ng.method @forward(%x: !ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3]> {
  // expected-error @+1 {{value 's' has dim_order [0], but a rank-0 tensor has no dims to order (V8)}}
  %s = ng.call "torch.ops.aten.sum.default"(self: %x, dtype: none)
      : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[], dim_order = [0]>
  ng.output(%x) : !ng.tensor<f32[2, 3]>
}

// -----

// On a subgraph input (V8 through V9).
ng.method @forward(%x: !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> {
  // expected-error @+1 {{'ng.call' op value 'a' has dim_order [1], which is not a permutation of 0..0 (V8)}}
  %r = ng.call "torch.ops.higher_order.cond"(true, graph "g"(%a: !ng.tensor<f32[3], dim_order = [1]>) {
    ng.output(%a) : !ng.tensor<f32[3], dim_order = [1]>
  }, [%x]) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  ng.output(%r) : !ng.tensor<f32[3]>
}

// -----

// Accepted: empty (`[]`), absent (`none`) and permutations.
ng.method @forward(%x: !ng.tensor<f32[2, 3], dim_order = []>,
                   %y: !ng.tensor<f32[2, 3], dim_order = none>,
                   %z: !ng.tensor<f32[1, 3, 8, 8], dim_order = [0, 2, 3, 1]>)
    -> !ng.tensor<f32[1, 3, 8, 8], dim_order = [0, 2, 3, 1]> {
  ng.output(%z) : !ng.tensor<f32[1, 3, 8, 8], dim_order = [0, 2, 3, 1]>
}

// -----

//===----------------------------------------------------------------------===//
// V9: subgraphs are validated recursively as self-contained graphs (N1).
// Self-containedness is IsolatedFromAbove on ng.call; the V rules inside a
// subgraph are checked like a method's (see the V1, V7, V8 cases too).
//===----------------------------------------------------------------------===//

// A subgraph that references a value of its parent.
ng.method @forward(%x: !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> {
  // expected-note @+1 {{required by region isolation constraints}}
  %r = ng.call "torch.ops.higher_order.cond"(true, graph "g"(%a: !ng.tensor<f32[3]>) {
    // expected-error @+1 {{'ng.call' op using value defined outside the region}}
    %n = ng.call "torch.ops.aten.neg.default"(self: %x) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
    ng.output(%n) : !ng.tensor<f32[3]>
  }, [%x]) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  ng.output(%r) : !ng.tensor<f32[3]>
}

// -----

// V9 recursion reaches a subgraph nested in a subgraph.
ng.method @forward(%x: !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> {
  %r = ng.call "torch.ops.higher_order.cond"(true, graph "outer"(%a: !ng.tensor<f32[3]>) {
    %s = ng.call "torch.ops.higher_order.cond"(false, graph "inner"(%b: !ng.tensor<f32[3]>) {
      // expected-error @+1 {{value 'n' has dim_order [0, 0], which is not a permutation of 0..1 (V8)}}
      %n = ng.call "torch.ops.aten.neg.default"(self: %b) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3, 1], dim_order = [0, 0]>
      ng.output(%b) : !ng.tensor<f32[3]>
    }, [%a]) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
    ng.output(%s) : !ng.tensor<f32[3]>
  }, [%x]) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  ng.output(%r) : !ng.tensor<f32[3]>
}

// -----

//===----------------------------------------------------------------------===//
// V10: Graph.outputs equals the OUTPUT node's tensor references (by
// construction: Graph.outputs IS the list of ng.output's tensor operands);
// output_specs has one entry per Graph.outputs name. The custom syntax puts
// a spec on an output operand, so only the generic form can miscount.
//===----------------------------------------------------------------------===//

ng.method @forward(%x: !ng.tensor<f32[3]>) -> (!ng.tensor<f32[3]>, i64) {
  // expected-error @+1 {{'ng.output' op has 2 output specs for 1 tensor outputs (V10)}}
  "ng.output"(%x) <{args = [#ng.arg<kind = tensor>, #ng.arg<kind = int, value = 7 : i64>], specs = [#ng.output_spec<user_output>, #ng.output_spec<user_output>]}> : (!ng.tensor<f32[3]>) -> ()
}

// -----

ng.method @forward(%x: !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> {
  // expected-error @+1 {{has 0 output specs for 1 tensor outputs (V10)}}
  "ng.output"(%x) <{args = [#ng.arg<kind = tensor>], specs = []}> : (!ng.tensor<f32[3]>) -> ()
}

// -----

// A spec belongs to a tensor output: a literal in the OUTPUT node has none.
ng.method @forward(%x: !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> {
  // expected-error @+1 {{an output spec applies to a tensor output only}}
  ng.output(%x, buffer_mutation "k" 7) : !ng.tensor<f32[3]>
}

// -----

// output_specs are a Method's; a subgraph has none.
ng.method @forward(%x: !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> {
  %r = ng.call "torch.ops.higher_order.cond"(true, graph "g"(%a: !ng.tensor<f32[3]>) {
    // expected-error @+1 {{'ng.output' op output specs belong to a method's output only}}
    ng.output(user_input_mutation "a" %a) : !ng.tensor<f32[3]>
  }, [%x]) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  ng.output(%r) : !ng.tensor<f32[3]>
}

// -----

// The method's result types are the OUTPUT node's operand types.
ng.method @forward(%x: !ng.tensor<f32[3]>) -> !ng.tensor<f32[2]> {
  // expected-error @+1 {{'ng.output' op operand types must match the method's result types}}
  ng.output(%x) : !ng.tensor<f32[3]>
}

// -----

//===----------------------------------------------------------------------===//
// V11: what an OutputSpec's target names.
//===----------------------------------------------------------------------===//

// BUFFER_MUTATION of an fqn the method has no buffer for.
ng.method @forward(%x: !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> {
  // expected-error @+1 {{'ng.output' op output 'x' mutates buffer 'missing', which is not a buffer of method 'forward' (V11)}}
  ng.output(buffer_mutation "missing" %x) : !ng.tensor<f32[3]>
}

// -----

// BUFFER_MUTATION of a parameter's data key (a parameter is no buffer).
ng.method @forward(%x: !ng.tensor<f32[3]>,
                   %p_w: !ng.tensor<f32[3]> = parameter "w")
    -> !ng.tensor<f32[3]> {
  // expected-error @+1 {{output 'x' mutates buffer 'w', which is not a buffer of method 'forward' (V11)}}
  ng.output(buffer_mutation "w" %x) : !ng.tensor<f32[3]>
}

// -----

// BUFFER_MUTATION names an fqn (N5), not the buffer placeholder's name.
ng.method @forward(%b_count: !ng.tensor<f32[1]> = buffer "count" mutated,
                   %x: !ng.tensor<f32[1]>)
    -> !ng.tensor<f32[1]> {
  // expected-error @+1 {{output 'x' mutates buffer 'b_count', which is not a buffer of method 'forward' (V11)}}
  ng.output(buffer_mutation "b_count" %x) : !ng.tensor<f32[1]>
}

// -----

// USER_INPUT_MUTATION of something that is not a user input (a buffer).
ng.method @forward(%x: !ng.tensor<f32[3]>,
                   %b_k: !ng.tensor<f32[3]> = mutable_buffer "k")
    -> !ng.tensor<f32[3]> {
  // expected-error @+1 {{'ng.output' op output 'x' mutates input 'b_k', which is not a user input (V11)}}
  ng.output(user_input_mutation "b_k" %x) : !ng.tensor<f32[3]>
}

// -----

// USER_INPUT_MUTATION of a name that does not exist: the input is a
// placeholder, found by its wire name or SSA name when the method is parsed.
// expected-error @+1 {{user_input_mutation names 'y', which is not a placeholder of this method (V11)}}
ng.method @forward(%x: !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> {
  ng.output(user_input_mutation "y" %x) : !ng.tensor<f32[3]>
}

// -----

// expected-error @+1 {{user_input_mutation names %y, which is not a placeholder of this method (V11)}}
ng.method @forward(%x: !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> {
  ng.output(user_input_mutation %y %x) : !ng.tensor<f32[3]>
}

// -----

// The generic form names the placeholder by position.
"ng.method"() <{arg_bindings = [unit], function_type = (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>, sym_name = "forward"}> ({
^bb0(%arg0: !ng.tensor<f32[3]>):
  // expected-error @+1 {{'ng.output' op output '<unnamed>' mutates an input, but its spec names no placeholder of method 'forward' (V11)}}
  "ng.output"(%arg0) <{args = [#ng.arg<kind = tensor>], specs = [#ng.output_spec<user_input_mutation, input = 1>]}> : (!ng.tensor<f32[3]>) -> ()
}) : () -> ()

// -----

// USER_OUTPUT with a target.
ng.method @forward(%x: !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> {
  // expected-error @+1 {{'ng.output' op user output 'x' has target 'x'; a USER_OUTPUT has none (V11)}}
  ng.output(user_output "x" %x) : !ng.tensor<f32[3]>
}

// -----

// Accepted: each kind with a right target: a mutable buffer's fqn, a
// persistent buffer's data key (mutated or not), a user input, and a
// USER_OUTPUT spelled out with an empty target.
ng.method @forward(%b_k: !ng.tensor<f32[3]> = mutable_buffer "kv.k",
                   %b_m: !ng.tensor<f32[3]> = buffer "bn.mean" mutated,
                   %b_v: !ng.tensor<f32[3]> = buffer "bn.var",
                   %x: !ng.tensor<f32[3]>)
    -> (!ng.tensor<f32[3]>, !ng.tensor<f32[3]>, !ng.tensor<f32[3]>, !ng.tensor<f32[3]>, !ng.tensor<f32[3]>) {
  ng.output(buffer_mutation "kv.k" %x, buffer_mutation "bn.mean" %x, buffer_mutation "bn.var" %x,
            user_input_mutation "x" %x, user_output "" %x)
      : !ng.tensor<f32[3]>, !ng.tensor<f32[3]>, !ng.tensor<f32[3]>, !ng.tensor<f32[3]>, !ng.tensor<f32[3]>
}

// -----

//===----------------------------------------------------------------------===//
// V12: binding and method-name rules.
//===----------------------------------------------------------------------===//

// NamedTensorRef.mutated on a PARAMETER.
// expected-error @+1 {{'ng.method' op constant 'p_w' is marked mutated but is a parameter; only a buffer can be (V12)}}
ng.method @forward(%x: !ng.tensor<f32[3]>,
                   %p_w: !ng.tensor<f32[3]> = parameter "w" mutated)
    -> !ng.tensor<f32[3]> {
  ng.output(%x) : !ng.tensor<f32[3]>
}

// -----

// NamedTensorRef.mutated on a CONSTANT_TENSOR.
// expected-error @+1 {{constant 'c' is marked mutated but is a constant; only a buffer can be (V12)}}
ng.method @forward(%x: !ng.tensor<f32[3]>,
                   %c: !ng.tensor<f32[3]> = constant "c" mutated)
    -> !ng.tensor<f32[3]> {
  ng.output(%x) : !ng.tensor<f32[3]>
}

// -----

// NamedTensorRef.mutated on kind USER_INPUT (the wire's default kind, W6).
// expected-error @+1 {{constant 'u' is marked mutated but is a user_input; only a buffer can be (V12)}}
ng.method @forward(%x: !ng.tensor<f32[3]>,
                   %u: !ng.tensor<f32[3]> = user_input "u" mutated)
    -> !ng.tensor<f32[3]> {
  ng.output(%x) : !ng.tensor<f32[3]>
}

// -----

// A MutableBufferSpec name that is also a constant / a value with two
// bindings: by construction a placeholder has ONE `ng.binding`; writing two
// is a duplicate key, which MLIR rejects.
// expected-error @+2 {{duplicate key 'ng.binding' in dictionary attribute}}
ng.method @forward(%x: !ng.tensor<f32[3]>,
                   %b: !ng.tensor<f32[3]> {ng.binding = #ng.constant<buffer, "b">, ng.binding = #ng.mutable_buffer<"b">})
    -> !ng.tensor<f32[3]> {
  ng.output(%x) : !ng.tensor<f32[3]>
}

// -----

// The same with the binding spelled after `=` and again as `ng.binding`.
// expected-error @+2 {{placeholder 'b' is bound twice: by `= buffer ...` and by `ng.binding`}}
ng.method @forward(%x: !ng.tensor<f32[3]>,
                   %b: !ng.tensor<f32[3]> = buffer "b" {ng.binding = #ng.mutable_buffer<"b">})
    -> !ng.tensor<f32[3]> {
  ng.output(%x) : !ng.tensor<f32[3]>
}

// -----

// Method names are unique: the module's symbol table rejects a duplicate.
// expected-note @+1 {{see existing symbol definition here}}
ng.method @forward(%x: !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> {
  ng.output(%x) : !ng.tensor<f32[3]>
}
// expected-error @+1 {{redefinition of symbol named 'forward'}}
ng.method @forward(%x: !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> {
  ng.output(%x) : !ng.tensor<f32[3]>
}

// -----

// Method names are non-empty.
// expected-error @+1 {{'ng.method' op method name must not be empty (V12)}}
ng.method @""(%x: !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> {
  ng.output(%x) : !ng.tensor<f32[3]>
}

// -----

// Accepted: a mutated persistent buffer; the same data key bound twice in
// one method (two placeholders may read one constant).
ng.method @forward(%b: !ng.tensor<f32[3]> = buffer "b" mutated,
                   %p1: !ng.tensor<f32[3]> = parameter "shared",
                   %p2: !ng.tensor<f32[3]> = parameter "shared")
    -> !ng.tensor<f32[3]> {
  ng.output(buffer_mutation "b" %p1) : !ng.tensor<f32[3]>
}

// -----

//===----------------------------------------------------------------------===//
// V13: no in-place write to a PARAMETER or CONSTANT_TENSOR, following
// alias_of back to the storage.
//===----------------------------------------------------------------------===//

// Directly, on a parameter.
ng.method @forward(%x: !ng.tensor<f32[3]>,
                   %p_w: !ng.tensor<f32[3]> = parameter "w")
    -> !ng.tensor<f32[3]> {
  // expected-error @+1 {{'ng.call' op node 'aten_add__tensor' writes a read-only tensor in place: argument 'self' is stored in parameter 'p_w' (V13)}}
  %aten_add__tensor = ng.call "torch.ops.aten.add_.Tensor"(self: mut %p_w, other: %x, alpha: 1)
      : (!ng.tensor<f32[3]>, !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> aliases %p_w
  ng.output(%aten_add__tensor) : !ng.tensor<f32[3]>
}

// -----

// Directly, on a constant tensor, through a positional argument.
ng.method @forward(%x: !ng.tensor<f32[3]>,
                   %c: !ng.tensor<f32[3]> = constant "c")
    -> !ng.tensor<f32[3]> {
  // expected-error @+1 {{node 'copy' writes a read-only tensor in place: argument #0 is stored in constant 'c' (V13)}}
  %copy = ng.call "torch.ops.aten.copy_.default"(mut %c, %x)
      : (!ng.tensor<f32[3]>, !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> aliases %c
  ng.output(%copy) : !ng.tensor<f32[3]>
}

// -----

// Through an alias_of chain: view -> alias -> add_ (A2).
ng.method @forward(%x: !ng.tensor<f32[3]>,
                   %c: !ng.tensor<f32[3]> = constant "c")
    -> !ng.tensor<f32[3]> {
  %v = ng.call "torch.ops.aten.view.default"(self: %c, size: [3])
      : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> aliases %c
  %t = ng.call "torch.ops.aten.alias.default"(self: %v)
      : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> aliases %v
  // expected-error @+1 {{node 'a' writes a read-only tensor in place: argument 'self' is stored in constant 'c' (V13)}}
  %a = ng.call "torch.ops.aten.add_.Tensor"(self: mut %t, other: %x, alpha: 1)
      : (!ng.tensor<f32[3]>, !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> aliases %t
  ng.output(%a) : !ng.tensor<f32[3]>
}

// -----

// Through a chain of in-place ops: the second add_ writes the first's
// output, which aliases the parameter.
ng.method @forward(%x: !ng.tensor<f32[3]>,
                   %b: !ng.tensor<f32[3]> = buffer "b",
                   %p: !ng.tensor<f32[3]> = parameter "p")
    -> !ng.tensor<f32[3]> {
  %t = ng.call "torch.ops.aten.t.default"(self: %p)
      : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> aliases %p
  // expected-error @+1 {{node 'a' writes a read-only tensor in place: argument 'self' is stored in parameter 'p' (V13)}}
  %a = ng.call "torch.ops.aten.add_.Tensor"(self: mut %t, other: %b, alpha: 1)
      : (!ng.tensor<f32[3]>, !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> aliases %t
  ng.output(%a) : !ng.tensor<f32[3]>
}

// -----

// A written list argument containing a parameter.
ng.method @forward(%x: !ng.tensor<f32[3]>,
                   %p: !ng.tensor<f32[3]> = parameter "p")
    -> !ng.tensor<f32[3]> {
  // expected-error @+1 {{node 'foreach' writes a read-only tensor in place: argument 'self' is stored in parameter 'p' (V13)}}
  ng.call "torch.ops.aten._foreach_add_.Scalar"(self: mut [%x, %p], scalar: 1) {node = "foreach"}
      : (!ng.tensor<f32[3]>, !ng.tensor<f32[3]>) -> ()
  ng.output(%x) : !ng.tensor<f32[3]>
}

// -----

// Accepted: writes to a persistent buffer, a mutable buffer, a user input, a
// view of a user input, and a copy (no alias_of) of a parameter; a view of a
// parameter that nothing writes.
ng.method @forward(%x: !ng.tensor<f32[3]>,
                   %b: !ng.tensor<f32[3]> = buffer "b" mutated,
                   %b_k: !ng.tensor<f32[3]> = mutable_buffer "k",
                   %p: !ng.tensor<f32[3]> = parameter "p")
    -> !ng.tensor<f32[3]> {
  %w1 = ng.call "torch.ops.aten.add_.Tensor"(self: mut %b, other: %x, alpha: 1)
      : (!ng.tensor<f32[3]>, !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> aliases %b
  %w2 = ng.call "torch.ops.aten.add_.Tensor"(self: mut %b_k, other: %x, alpha: 1)
      : (!ng.tensor<f32[3]>, !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> aliases %b_k
  %v = ng.call "torch.ops.aten.view.default"(self: %x, size: [3])
      : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> aliases %x
  %w3 = ng.call "torch.ops.aten.mul_.Scalar"(self: mut %v, other: 2.0)
      : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> aliases %v
  %copy = ng.call "torch.ops.aten.clone.default"(self: %p, memory_format: none)
      : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  %w4 = ng.call "torch.ops.aten.mul_.Scalar"(self: mut %copy, other: 2.0)
      : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> aliases %copy
  %pv = ng.call "torch.ops.aten.view.default"(self: %p, size: [3])
      : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> aliases %p
  %r = ng.call "torch.ops.aten.add.Tensor"(self: %pv, other: %w4, alpha: 1)
      : (!ng.tensor<f32[3]>, !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  ng.output(%r) : !ng.tensor<f32[3]>
}

// -----

// Accepted: inside a subgraph the inputs are the subgraph's own (V9), even
// when the parent passes a parameter in; V13 applies to the method's graph.
ng.method @forward(%p: !ng.tensor<f32[3]> = parameter "p",
                   %x: !ng.tensor<f32[3]>)
    -> !ng.tensor<f32[3]> {
  %r = ng.call "torch.ops.higher_order.cond"(true, graph "g"(%a: !ng.tensor<f32[3]>) {
    %w = ng.call "torch.ops.aten.neg_.default"(self: mut %a)
        : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> aliases %a
    ng.output(%w) : !ng.tensor<f32[3]>
  }, [%p]) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  ng.output(%r) : !ng.tensor<f32[3]>
}

// -----

//===----------------------------------------------------------------------===//
// W7: Program.version "1" and "1.0" load; anything else is rejected, naming
// the version. An absent version is 1.0.
//===----------------------------------------------------------------------===//

// expected-error @+1 {{unsupported program version '2.0' (this tool reads "1" and "1.0")}}
module attributes {ng.version = "2.0"} {}

// -----

// expected-error @+1 {{unsupported program version '1.1'}}
module attributes {ng.version = "1.1"} {}

// -----

// expected-error @+1 {{unsupported program version ''}}
module attributes {ng.version = ""} {}

// -----

// expected-error @+1 {{unsupported program version '1.x'}}
module attributes {ng.version = "1.x"} {}

// -----

// expected-error @+1 {{'ng.version' must be a string}}
module attributes {ng.version = 1} {}

// -----

// Accepted: "1", "1.0" and no version at all.
module attributes {ng.version = "1"} {}
module attributes {ng.version = "1.0"} {}
module {}

// -----

// Other `ng.` attributes on an operation are not part of the dialect.
// expected-error @+1 {{unknown ng attribute}}
module attributes {ng.versions = "1.0"} {}
