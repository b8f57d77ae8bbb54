// RUN: ng-opt %s -split-input-file -verify-diagnostics

// A wire name is recorded, never inferred from an SSA name: a placeholder
// without an `arg_names` entry (or a subgraph input without
// `graph_arg_names`) would print as %arg0 and read back named "arg0",
// changing the exported program. The verifier therefore requires one entry
// per placeholder (its value may be "").

// expected-error @+1 {{placeholder #0 has no recorded wire name (`arg_names` has 0 entries for 1 placeholders)}}
"ng.method"() <{function_type = (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>, sym_name = "forward"}> ({
^bb0(%arg0: !ng.tensor<f32[2]>):
  "ng.output"(%arg0) <{args = [#ng.arg<kind = tensor>]}> : (!ng.tensor<f32[2]>) -> ()
}) : () -> ()

// -----

"ng.method"() <{arg_bindings = [unit], arg_names = ["x"], function_type = (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>, sym_name = "forward"}> ({
^bb0(%arg0: !ng.tensor<f32[2]>):
  // expected-error @+1 {{placeholder #0 has no recorded wire name}}
  %0 = "ng.call"(%arg0) <{args = [#ng.arg<kind = bool, value = true>, #ng.arg<kind = graph, value = "g">, #ng.arg<kind = tensor_list, mask = [true]>], names = ["cond"], target = "torch.ops.higher_order.cond"}> ({
  ^bb0(%a: !ng.tensor<f32[2]>):
    "ng.output"(%a) <{args = [#ng.arg<kind = tensor>]}> : (!ng.tensor<f32[2]>) -> ()
  }) : (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
  "ng.output"(%0) <{args = [#ng.arg<kind = tensor>]}> : (!ng.tensor<f32[2]>) -> ()
}) : () -> ()

// -----

// An empty wire name is legal and survives the custom form.
// RUN: ng-opt %s -split-input-file -verify-diagnostics | FileCheck %s --check-prefix=EMPTY
// EMPTY: ng.method @forward(%arg0: !f32_2 {ng.name = ""})
"ng.method"() <{arg_bindings = [unit], arg_names = [""], function_type = (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>, sym_name = "forward"}> ({
^bb0(%arg0: !ng.tensor<f32[2]>):
  "ng.output"(%arg0) <{args = [#ng.arg<kind = tensor>]}> : (!ng.tensor<f32[2]>) -> ()
}) : () -> ()

// -----

// `names` in the custom form's attribute dictionary is the wire-name
// property: it must be a list of strings.
ng.method @forward(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  // expected-error @+1 {{`names` must be an array of strings, got 5 : i64}}
  %y = ng.call "torch.ops.aten.neg.default"(self: %x) {names = 5} : (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
  ng.output(%y) : (!ng.tensor<f32[2]>)
}

// -----

ng.method @forward(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  // expected-error @+1 {{`names` must be an array of strings, got ["y", 1]}}
  %y = ng.call "torch.ops.aten.neg.default"(self: %x) {names = ["y", 1]} : (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
  ng.output(%y) : (!ng.tensor<f32[2]>)
}

// -----

// One binding per placeholder too (unit for a user input).
// expected-error @+1 {{placeholder #1 has no recorded binding (`arg_bindings` has 1 entries for 2 placeholders)}}
"ng.method"() <{arg_bindings = [unit], arg_names = ["x", "y"], function_type = (!ng.tensor<f32[2]>, !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>, sym_name = "forward"}> ({
^bb0(%arg0: !ng.tensor<f32[2]>, %arg1: !ng.tensor<f32[2]>):
  "ng.output"(%arg0) <{args = [#ng.arg<kind = tensor>]}> : (!ng.tensor<f32[2]>) -> ()
}) : () -> ()

// -----

// expected-error @+1 {{`arg_names` has 2 entries for 1 placeholders}}
"ng.method"() <{arg_bindings = [unit], arg_names = ["x", "y"], function_type = (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>, sym_name = "forward"}> ({
^bb0(%arg0: !ng.tensor<f32[2]>):
  "ng.output"(%arg0) <{args = [#ng.arg<kind = tensor>]}> : (!ng.tensor<f32[2]>) -> ()
}) : () -> ()

// -----

// A binding is #ng.constant, #ng.mutable_buffer or unit.
// expected-error @+1 {{expected #ng.constant, #ng.mutable_buffer or unit (a user input) as a placeholder binding, got "w"}}
"ng.method"() <{arg_bindings = ["w"], arg_names = ["x"], function_type = (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>, sym_name = "forward"}> ({
^bb0(%arg0: !ng.tensor<f32[2]>):
  "ng.output"(%arg0) <{args = [#ng.arg<kind = tensor>]}> : (!ng.tensor<f32[2]>) -> ()
}) : () -> ()

// -----

// In the custom form `ng.name` is the placeholder's wire name: a string.
// expected-error @+1 {{`ng.name` must be a string, not 5 : i64}}
ng.method @forward(%x: !ng.tensor<f32[2]> {ng.name = 5}) -> !ng.tensor<f32[2]> {
  ng.output(%x) : (!ng.tensor<f32[2]>)
}
