// RUN: ng-opt %s -split-input-file -verify-diagnostics

// A wire name is recorded, never inferred from an SSA name: a placeholder
// without `ng.name` (or a subgraph input without `graph_arg_names`) would
// print as %arg0 and read back named "arg0", changing the exported program.
// The verifier therefore requires the attribute (its value may be "").

// expected-error @+1 {{placeholder #0 has no recorded wire name}}
"ng.method"() <{function_type = (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>, sym_name = "forward"}> ({
^bb0(%arg0: !ng.tensor<f32[2]>):
  "ng.output"(%arg0) <{args = [#ng.arg<kind = tensor>]}> : (!ng.tensor<f32[2]>) -> ()
}) : () -> ()

// -----

"ng.method"() <{arg_attrs = [{ng.name = "x"}], function_type = (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>, sym_name = "forward"}> ({
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
"ng.method"() <{arg_attrs = [{ng.name = ""}], function_type = (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>, sym_name = "forward"}> ({
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
