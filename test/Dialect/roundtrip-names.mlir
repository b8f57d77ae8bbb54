// RUN: ng-opt %s | ng-opt -mlir-print-local-scope | FileCheck %s
// RUN: ng-opt %s > %t.1 && ng-opt %t.1 > %t.2 && diff %t.1 %t.2
// RUN: ng-opt %s -mlir-print-op-generic -mlir-print-debuginfo | ng-opt > %t.3 && diff %t.1 %t.3
// RUN: ng-opt %s -emit-bytecode | ng-opt > %t.4 && diff %t.1 %t.4
// (-mlir-print-local-scope: FileCheck sees types inline rather than through
// the dialect's type aliases; the diffs compare the default output.)

// Wire names (N1-N4) in IR. A value's wire name is its SSA name; it is a
// hint kept in a location (include/ng/Dialect/WireNames.h): the block
// argument's for placeholders and subgraph inputs (`ng.name` and
// `graph_arg_names` in the custom form), the node's for its outputs
// (`names`), and printed only when the printed SSA name cannot show it:
// names MLIR sanitizes, a subgraph reusing a name the printer already gave
// out. The empty name is no name: `%0`, or `names = [""]` when the SSA name
// cannot show it (export names such a value, V2). Node.name is the first
// output's name unless `node` says otherwise (`node = ""`: none).

// CHECK-LABEL: ng.method @"method with space"(
// CHECK:         %a.b: !ng.tensor<f32[2]>
// CHECK:         %a-b: !ng.tensor<f32[2]>
// CHECK:         %a$b: !ng.tensor<f32[2]>
// CHECK:         %_0: !ng.tensor<f32[2]> {ng.name = "0"}
// CHECK:         %has_space: !ng.tensor<f32[2]> {ng.name = "has space"}
// CHECK:         -> !ng.tensor<f32[2]> {
// CHECK-NEXT:    %x_y = ng.call "t"(%a.b, %a-b, %a$b, %_0, %has_space) {names = ["x y"], node = ""} : (!ng.tensor<f32[2]>, !ng.tensor<f32[2]>, !ng.tensor<f32[2]>, !ng.tensor<f32[2]>, !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
// CHECK-NEXT:    %0 = ng.call "t"(%x_y) {node = "e"} : (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
// CHECK-NEXT:    %r = ng.call "t"(%0) {node = "q"} : (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
// CHECK-NEXT:    %_E29C93 = ng.call "t"(%r) {names = ["\E2\9C\93"]} : (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
// CHECK-NEXT:    ng.output(%_E29C93) : !ng.tensor<f32[2]>
module attributes {ng.version = "1.0"} {
  ng.method @"method with space"(
      %x: !ng.tensor<f32[2]> {ng.name = "a.b"},
      %y: !ng.tensor<f32[2]> {ng.name = "a-b"},
      %z: !ng.tensor<f32[2]> {ng.name = "a$b"},
      %v: !ng.tensor<f32[2]> {ng.name = "0"},
      %has_space: !ng.tensor<f32[2]> {ng.name = "has space"}) -> !ng.tensor<f32[2]> {
    // A node without a name; its output's name has a space.
    %r = ng.call "t"(%x, %y, %z, %v, %has_space) {names = ["x y"], node = ""}
        : (!ng.tensor<f32[2]>, !ng.tensor<f32[2]>, !ng.tensor<f32[2]>, !ng.tensor<f32[2]>,
           !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
    // An output without a name.
    %e = ng.call "t"(%r) {names = [""], node = "e"} : (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
    // `names` equal to what the SSA name shows is not printed.
    %q = ng.call "t"(%e) {names = ["r"], node = "q"} : (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
    // Non-ASCII (U+2713).
    %u = ng.call "t"(%q) {names = ["\E2\9C\93"]} : (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
    ng.output(%u) : !ng.tensor<f32[2]>
  }

// Each subgraph has its own namespace (N1). A subgraph name that the parent
// also uses before the subgraph gets a fresh SSA name and its wire name in
// `graph_arg_names` / `names`; sibling subgraphs may share names.
// CHECK-LABEL: ng.method @scopes(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
// CHECK-NEXT:    %neg = ng.call "torch.ops.higher_order.cond"(true, graph "a"(%x_0: !ng.tensor<f32[2]>) {
// CHECK-NEXT:      %neg_1 = ng.call "torch.ops.aten.neg.default"(self: %x_0) {names = ["neg"]} : (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
// CHECK-NEXT:      ng.output(%neg_1) : !ng.tensor<f32[2]>
// CHECK-NEXT:    }, graph "b"(%y: !ng.tensor<f32[2]>) {
// CHECK-NEXT:      ng.output(%y) : !ng.tensor<f32[2]>
// CHECK-NEXT:    }, [%x]) {graph_arg_names = {{\[\["x"\], \["y"\]\]}}} : (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
// CHECK-NEXT:    ng.output(%neg) : !ng.tensor<f32[2]>
  ng.method @scopes(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
    %neg = ng.call "torch.ops.higher_order.cond"(true,
      graph "a"(%x_in: !ng.tensor<f32[2]>) {
        %neg_in = ng.call "torch.ops.aten.neg.default"(self: %x_in) {names = ["neg"]}
            : (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
        ng.output(%neg_in) : !ng.tensor<f32[2]>
      },
      graph "b"(%y: !ng.tensor<f32[2]>) {
        ng.output(%y) : !ng.tensor<f32[2]>
      }, [%x]) {graph_arg_names = [["x"], ["y"]]} : (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
    ng.output(%neg) : !ng.tensor<f32[2]>
  }
}
