// RUN: ng-opt %s -split-input-file --ng-remove-runtime-asserts=report=true -verify-diagnostics -mlir-print-local-scope | FileCheck %s
//
// A second run changes nothing:
// RUN: ng-opt %s -split-input-file --ng-remove-runtime-asserts -o %t.once
// RUN: ng-opt %t.once -split-input-file -o %t.parsed
// RUN: ng-opt %t.once -split-input-file --ng-remove-runtime-asserts -o %t.twice
// RUN: diff %t.parsed %t.twice
//
// --ng-remove-runtime-asserts drops aten._assert_tensor_metadata always, and
// aten._assert_scalar and aten.sym_constrain_range(_for_size) only when the
// ranges ng knows of the symbolic ints they check (the DimRanges of the dims
// they come from, FORMAT.md S8) prove them true. Each remark says why.

// The metadata checks go, whatever they say: the types carry the metadata.
// So does an _assert_scalar of `true`. A check in a subgraph too.
// CHECK-LABEL: ng.method @dropped_always
// CHECK-NOT:     _assert
// CHECK:         ng.output
ng.method @dropped_always(%x: !ng.tensor<f32[3]>, %p: !ng.tensor<i1[]>) -> (!ng.tensor<f32[3]>, !ng.tensor<f32[3]>) {
  // expected-remark @+1 {{dropped assertion 'check_x' (aten._assert_tensor_metadata): the tensor's type carries its metadata}}
  ng.call "torch.ops.aten._assert_tensor_metadata.default"(a: %x, size: [3], stride: none, dtype: f32, device: none, layout: none) {node = "check_x"} : (!ng.tensor<f32[3]>) -> ()
  // expected-remark @+1 {{dropped assertion 'check_true' (aten._assert_scalar): 'self' is true}}
  ng.call "torch.ops.aten._assert_scalar.default"(self: true, assert_msg: "always") {node = "check_true"} : () -> ()
  %h = ng.call "torch.ops.higher_order.cond"(%p, graph "true_graph_0"(%x_1: !ng.tensor<f32[3]>) {
    // expected-remark @+1 {{dropped assertion 'check_inner' (aten._assert_tensor_metadata)}}
    ng.call "torch.ops.aten._assert_tensor_metadata.default"(a: %x_1, size: none, stride: none, dtype: f32, device: none, layout: none) {node = "check_inner"} : (!ng.tensor<f32[3]>) -> ()
    ng.output(%x_1) : !ng.tensor<f32[3]>
  }, graph "false_graph_0"(%x_2: !ng.tensor<f32[3]>) {
    ng.output(%x_2) : !ng.tensor<f32[3]>
  }, [%x]) {node = "cond"} : (!ng.tensor<i1[]>, !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  ng.output(%x, %h) : !ng.tensor<f32[3]>, !ng.tensor<f32[3]>
}

// -----

// torch.export's guards on a dynamic dim (1:64): a comparison the range
// decides, arithmetic on the size, a range constraint that holds, one for a
// size (min 0, max unbounded by default). The comparisons and the sym_size
// only the assertions read go with them.
// CHECK-LABEL: ng.method @proven
// CHECK-NOT:     _assert_scalar
// CHECK-NOT:     sym_constrain_range
// CHECK-NOT:     _operator
// CHECK-NOT:     sym_size
// CHECK:         %y = ng.call "torch.ops.aten.neg.default"
// CHECK-NEXT:    ng.output(%y)
ng.method @proven(%x: !ng.tensor<f32[2, 1:64]>) -> !ng.tensor<f32[2, 1:64]> {
  %s = ng.call "torch.ops.aten.sym_size.int"(self: %x, dim: 1) : (!ng.tensor<f32[2, 1:64]>) -> i64
  %ge = ng.call "_operator.ge"(%s, 1) : (i64) -> i1
  // expected-remark @+1 {{dropped assertion 'check_ge' (aten._assert_scalar): 'self' is true}}
  ng.call "torch.ops.aten._assert_scalar.default"(self: %ge, assert_msg: "Runtime assertion failed for expression s0 >= 1") {node = "check_ge"} : (i1) -> ()
  %plus = ng.call "_operator.add"(%s, 1) : (i64) -> i64
  %le = ng.call "_operator.le"(%plus, 65) : (i64) -> i1
  // expected-remark @+1 {{dropped assertion 'check_le' (aten._assert_scalar): 'self' is true}}
  ng.call "torch.ops.aten._assert_scalar.default"(self: %le, assert_msg: "s0 + 1 <= 65") {node = "check_le"} : (i1) -> ()
  // expected-remark @+1 {{dropped assertion 'constrain' (aten.sym_constrain_range): 'size' is in [1, 64], within [1, 64]}}
  ng.call "torch.ops.aten.sym_constrain_range.default"(size: %s, min: 1, max: 64) {node = "constrain"} : (i64) -> ()
  // expected-remark @+1 {{dropped assertion 'constrain_size' (aten.sym_constrain_range_for_size): 'size' is in [1, 64], within [0, inf]}}
  ng.call "torch.ops.aten.sym_constrain_range_for_size.default"(size: %s, min: none, max: none) {node = "constrain_size"} : (i64) -> ()
  // expected-remark @+1 {{dropped assertion 'constrain_literal' (aten.sym_constrain_range): 'size' is in [5, 5], within [0, 10]}}
  ng.call "torch.ops.aten.sym_constrain_range.default"(size: 5, min: 0, max: 10) {node = "constrain_literal"} : () -> ()
  %y = ng.call "torch.ops.aten.neg.default"(self: %x) : (!ng.tensor<f32[2, 1:64]>) -> !ng.tensor<f32[2, 1:64]>
  ng.output(%y) : !ng.tensor<f32[2, 1:64]>
}

// -----

// What the ranges do not prove stays, with what it reads.
// CHECK-LABEL: ng.method @kept
// CHECK:         %s = ng.call "torch.ops.aten.sym_size.int"
// CHECK:         %ge2 = ng.call "_operator.ge"(%s, 2)
// CHECK:         ng.call "torch.ops.aten._assert_scalar.default"(self: %ge2,
// CHECK:         ng.call "torch.ops.aten._assert_scalar.default"(self: false,
// CHECK:         %item = ng.call "torch.ops.aten.item.default"
// CHECK:         %eq = ng.call "_operator.eq"(%item, 3)
// CHECK:         ng.call "torch.ops.aten._assert_scalar.default"(self: %eq,
// CHECK:         %nz = ng.call "torch.ops.aten.ne.Scalar"
// CHECK:         ng.call "torch.ops.aten._assert_async.msg"(self: %nz,
// CHECK:         ng.call "torch.ops.aten.sym_constrain_range_for_size.default"(size: %item, min: none, max: none)
// CHECK:         ng.call "torch.ops.aten.sym_constrain_range.default"(size: %s, min: 2, max: 64)
// CHECK:         ng.call "torch.ops.aten.sym_constrain_range.default"(size: %s, min: 1, max: %s)
// CHECK:         ng.call "torch.ops.aten.sym_constrain_range.default"(size: 5, min: 10, max: 3)
// CHECK:         ng.call "torch.ops.aten.sym_constrain_range_for_size.default"(size: 1, min: none, max: 2)
ng.method @kept(%x: !ng.tensor<f32[2, 1:64]>, %t: !ng.tensor<i64[]>) -> !ng.tensor<f32[2, 1:64]> {
  %s = ng.call "torch.ops.aten.sym_size.int"(self: %x, dim: 1) : (!ng.tensor<f32[2, 1:64]>) -> i64
  %ge2 = ng.call "_operator.ge"(%s, 2) : (i64) -> i1
  // expected-remark @+1 {{kept assertion 'check_ge2' (aten._assert_scalar): ng cannot evaluate 'self'}}
  ng.call "torch.ops.aten._assert_scalar.default"(self: %ge2, assert_msg: "s0 >= 2") {node = "check_ge2"} : (i1) -> ()
  // expected-remark @+1 {{kept assertion 'check_false' (aten._assert_scalar): 'self' is false: the check fails when it runs}}
  ng.call "torch.ops.aten._assert_scalar.default"(self: false, assert_msg: "never") {node = "check_false"} : () -> ()
  // An unbacked int: nothing in the IR bounds it.
  %item = ng.call "torch.ops.aten.item.default"(self: %t) : (!ng.tensor<i64[]>) -> i64
  %eq = ng.call "_operator.eq"(%item, 3) : (i64) -> i1
  // expected-remark @+1 {{kept assertion 'check_item' (aten._assert_scalar): ng cannot evaluate 'self'}}
  ng.call "torch.ops.aten._assert_scalar.default"(self: %eq, assert_msg: "u0 == 3") {node = "check_item"} : (i1) -> ()
  // A check of a tensor's data.
  %nz = ng.call "torch.ops.aten.ne.Scalar"(self: %t, other: 0) : (!ng.tensor<i64[]>) -> !ng.tensor<i1[]>
  // expected-remark @+1 {{kept assertion 'check_async' (aten._assert_async): ng cannot evaluate what it checks}}
  ng.call "torch.ops.aten._assert_async.msg"(self: %nz, assert_msg: "t != 0") {node = "check_async"} : (!ng.tensor<i1[]>) -> ()
  // expected-remark @+1 {{kept assertion 'constrain_item' (aten.sym_constrain_range_for_size): ng cannot bound 'size'}}
  ng.call "torch.ops.aten.sym_constrain_range_for_size.default"(size: %item, min: none, max: none) {node = "constrain_item"} : (i64) -> ()
  // expected-remark @+1 {{kept assertion 'constrain_min' (aten.sym_constrain_range): 'size' is in [1, 64], which may leave [2, 64]}}
  ng.call "torch.ops.aten.sym_constrain_range.default"(size: %s, min: 2, max: 64) {node = "constrain_min"} : (i64) -> ()
  // expected-remark @+1 {{kept assertion 'constrain_ref' (aten.sym_constrain_range): its 'min' or 'max' is not a literal}}
  ng.call "torch.ops.aten.sym_constrain_range.default"(size: %s, min: 1, max: %s) {node = "constrain_ref"} : (i64, i64) -> ()
  // expected-remark @+1 {{kept assertion 'constrain_empty' (aten.sym_constrain_range): its min is greater than its max, which the check rejects}}
  ng.call "torch.ops.aten.sym_constrain_range.default"(size: 5, min: 10, max: 3) {node = "constrain_empty"} : () -> ()
  // expected-remark @+1 {{kept assertion 'constrain_small' (aten.sym_constrain_range_for_size): its max 2 is 2 or less, which the check rejects}}
  ng.call "torch.ops.aten.sym_constrain_range_for_size.default"(size: 1, min: none, max: 2) {node = "constrain_small"} : () -> ()
  ng.output(%x) : !ng.tensor<f32[2, 1:64]>
}

// -----

// A comparison also read by something else stays when its assertion goes.
// CHECK-LABEL: ng.method @shared
// CHECK:         %s = ng.call "torch.ops.aten.sym_size.int"
// CHECK-NEXT:    %ge = ng.call "_operator.ge"(%s, 1)
// CHECK-NEXT:    ng.output(%x, %ge)
ng.method @shared(%x: !ng.tensor<f32[1:8]>) -> (!ng.tensor<f32[1:8]>, i1) {
  %s = ng.call "torch.ops.aten.sym_size.int"(self: %x, dim: 0) : (!ng.tensor<f32[1:8]>) -> i64
  %ge = ng.call "_operator.ge"(%s, 1) : (i64) -> i1
  // expected-remark @+1 {{dropped assertion 'check' (aten._assert_scalar): 'self' is true}}
  ng.call "torch.ops.aten._assert_scalar.default"(self: %ge, assert_msg: "s0 >= 1") {node = "check"} : (i1) -> ()
  ng.output(%x, %ge) : !ng.tensor<f32[1:8]>, i1
}

// -----

// A method without assertions is left as it was.
// CHECK-LABEL: ng.method @plain
// CHECK-NEXT:    %n = ng.call "torch.ops.aten.neg.default"(self: %x)
// CHECK-NEXT:    ng.output(%n)
ng.method @plain(%x: !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> {
  %n = ng.call "torch.ops.aten.neg.default"(self: %x) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  ng.output(%n) : !ng.tensor<f32[3]>
}
