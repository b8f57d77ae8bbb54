// RUN: ng-opt %s -split-input-file -verify-diagnostics

// Wire names are hints in locations (include/ng/Dialect/WireNames.h): a
// placeholder or node without one is valid IR, and the exporter names it
// (test/Target/NativeGraph/export-names.test). What must hold is the
// spelling of the names the custom form writes explicitly.

// RUN: ng-opt %s -split-input-file -verify-diagnostics | FileCheck %s --check-prefix=UNNAMED
// UNNAMED-LABEL: ng.method @forward(%arg0: !f32_2) -> !f32_2 {
// UNNAMED-NEXT:    %0 = ng.call "torch.ops.aten.neg.default"(self: %arg0) : (!f32_2) -> !f32_2
// UNNAMED-NEXT:    ng.output(%0) : !f32_2
"ng.method"() <{arg_bindings = [unit], function_type = (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>, sym_name = "forward"}> ({
^bb0(%arg0: !ng.tensor<f32[2]>):
  %0 = "ng.call"(%arg0) <{args = [#ng.arg<kind = tensor, name = "self">], target = "torch.ops.aten.neg.default"}> : (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
  "ng.output"(%0) <{args = [#ng.arg<kind = tensor>]}> : (!ng.tensor<f32[2]>) -> ()
}) : () -> ()

// -----

// `names` in the custom form's attribute dictionary is the results' wire
// names: a list of strings, one per result.
ng.method @forward(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  // expected-error @+1 {{`names` must be an array of 1 strings, one per result, got 5 : i64}}
  %y = ng.call "torch.ops.aten.neg.default"(self: %x) {names = 5} : (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
  ng.output(%y) : (!ng.tensor<f32[2]>)
}

// -----

ng.method @forward(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  // expected-error @+1 {{`names` must be an array of 1 strings, one per result, got ["y", 1]}}
  %y = ng.call "torch.ops.aten.neg.default"(self: %x) {names = ["y", 1]} : (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
  ng.output(%y) : (!ng.tensor<f32[2]>)
}

// -----

ng.method @forward(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  // expected-error @+1 {{`names` must be an array of 1 strings, one per result, got ["y", "z"]}}
  %y = ng.call "torch.ops.aten.neg.default"(self: %x) {names = ["y", "z"]} : (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
  ng.output(%y) : (!ng.tensor<f32[2]>)
}

// -----

ng.method @forward(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  // expected-error @+1 {{`node` must be a string, got 1 : i64}}
  %y = ng.call "torch.ops.aten.neg.default"(self: %x) {node = 1} : (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
  ng.output(%y) : (!ng.tensor<f32[2]>)
}

// -----

ng.method @forward(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  // expected-error @+1 {{`node` must be a string, got 1 : i64}}
  ng.output(%x) {node = 1} : !ng.tensor<f32[2]>
}

// -----

ng.method @forward(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  // expected-error @+3 {{`graph_arg_names` must list the names of each graph's inputs, got [["a", "b"]]}}
  %y = ng.call "torch.ops.higher_order.cond"(true, graph "g"(%a: !ng.tensor<f32[2]>) {
    ng.output(%a) : !ng.tensor<f32[2]>
  }, [%x]) {graph_arg_names = [["a", "b"]]} : (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
  ng.output(%y) : (!ng.tensor<f32[2]>)
}

// -----

// One binding per placeholder (unit for a user input).
// expected-error @+1 {{placeholder #1 has no recorded binding (`arg_bindings` has 1 entries for 2 placeholders)}}
"ng.method"() <{arg_bindings = [unit], function_type = (!ng.tensor<f32[2]>, !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>, sym_name = "forward"}> ({
^bb0(%arg0: !ng.tensor<f32[2]>, %arg1: !ng.tensor<f32[2]>):
  "ng.output"(%arg0) <{args = [#ng.arg<kind = tensor>]}> : (!ng.tensor<f32[2]>) -> ()
}) : () -> ()

// -----

// expected-error @+1 {{`arg_bindings` has 2 entries for 1 placeholders}}
"ng.method"() <{arg_bindings = [unit, unit], function_type = (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>, sym_name = "forward"}> ({
^bb0(%arg0: !ng.tensor<f32[2]>):
  "ng.output"(%arg0) <{args = [#ng.arg<kind = tensor>]}> : (!ng.tensor<f32[2]>) -> ()
}) : () -> ()

// -----

// A binding is #ng.constant, #ng.mutable_buffer or unit.
// expected-error @+1 {{expected #ng.constant, #ng.mutable_buffer or unit (a user input) as a placeholder binding, got "w"}}
"ng.method"() <{arg_bindings = ["w"], function_type = (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>, sym_name = "forward"}> ({
^bb0(%arg0: !ng.tensor<f32[2]>):
  "ng.output"(%arg0) <{args = [#ng.arg<kind = tensor>]}> : (!ng.tensor<f32[2]>) -> ()
}) : () -> ()

// -----

// In the custom form `ng.name` is the placeholder's wire name: a string.
// expected-error @+1 {{`ng.name` must be a string, not 5 : i64}}
ng.method @forward(%x: !ng.tensor<f32[2]> {ng.name = 5}) -> !ng.tensor<f32[2]> {
  ng.output(%x) : (!ng.tensor<f32[2]>)
}
