// RUN: ng-opt %s --ng-test-alias-analysis -o /dev/null 2>&1 | FileCheck %s
//
// The conformance program cond: a higher-order op with two subgraphs.
//
// - A subgraph's input is a tensor its node was given (N1): MayAlias with
//   the caller's tensors the cond is handed (x, and the predicate, which is
//   an operand too), NoAlias with the others (sum).
// - A value a subgraph makes is new: NoAlias with the caller's values and
//   with the subgraph's inputs.
// - The cond's output may be anything it was given or anything its
//   subgraphs made: MayAlias with those.
// - The subgraphs write nothing, so x is never written and reading it is
//   NoModRef, also for the cond; the cond may do anything to the values of
//   its own subgraphs (ModRef). The OUTPUT node reads the cond's output,
//   which may be anything: Ref.

// CHECK: Testing : "forward"
// CHECK-NEXT: storage classes of 'forward':
// CHECK-NEXT:   x (user_input): x
// CHECK-NEXT:   aten_sum_default (fresh): aten_sum_default
// CHECK-NEXT:   aten_gt_scalar (fresh): aten_gt_scalar
// CHECK-NEXT:   getitem (unknown, written): getitem
// CHECK-NEXT: storage classes of 'cond/true_graph_0':
// CHECK-NEXT:   cond/true_graph_0/x_1 (subgraph_input): cond/true_graph_0/x_1
// CHECK-NEXT:   cond/true_graph_0/aten_cos_default (fresh): cond/true_graph_0/aten_cos_default
// CHECK-NEXT: storage classes of 'cond/false_graph_0':
// CHECK-NEXT:   cond/false_graph_0/x_1 (subgraph_input): cond/false_graph_0/x_1
// CHECK-NEXT:   cond/false_graph_0/aten_sin_default (fresh): cond/false_graph_0/aten_sin_default
// CHECK-NEXT: x <-> aten_sum_default: NoAlias
// CHECK-NEXT: x <-> aten_gt_scalar: NoAlias
// CHECK-NEXT: aten_sum_default <-> aten_gt_scalar: NoAlias
// CHECK-NEXT: x <-> cond/true_graph_0/x_1: MayAlias
// CHECK-NEXT: aten_sum_default <-> cond/true_graph_0/x_1: NoAlias
// CHECK-NEXT: aten_gt_scalar <-> cond/true_graph_0/x_1: MayAlias
// CHECK-NEXT: x <-> cond/true_graph_0/aten_cos_default: NoAlias
// CHECK-NEXT: aten_sum_default <-> cond/true_graph_0/aten_cos_default: NoAlias
// CHECK-NEXT: aten_gt_scalar <-> cond/true_graph_0/aten_cos_default: NoAlias
// CHECK-NEXT: cond/true_graph_0/x_1 <-> cond/true_graph_0/aten_cos_default: NoAlias
// CHECK-NEXT: x <-> cond/false_graph_0/x_1: MayAlias
// CHECK-NEXT: aten_sum_default <-> cond/false_graph_0/x_1: NoAlias
// CHECK-NEXT: aten_gt_scalar <-> cond/false_graph_0/x_1: MayAlias
// CHECK-NEXT: cond/true_graph_0/x_1 <-> cond/false_graph_0/x_1: MayAlias
// CHECK-NEXT: cond/true_graph_0/aten_cos_default <-> cond/false_graph_0/x_1: NoAlias
// CHECK-NEXT: x <-> cond/false_graph_0/aten_sin_default: NoAlias
// CHECK-NEXT: aten_sum_default <-> cond/false_graph_0/aten_sin_default: NoAlias
// CHECK-NEXT: aten_gt_scalar <-> cond/false_graph_0/aten_sin_default: NoAlias
// CHECK-NEXT: cond/true_graph_0/x_1 <-> cond/false_graph_0/aten_sin_default: NoAlias
// CHECK-NEXT: cond/true_graph_0/aten_cos_default <-> cond/false_graph_0/aten_sin_default: NoAlias
// CHECK-NEXT: cond/false_graph_0/x_1 <-> cond/false_graph_0/aten_sin_default: NoAlias
// CHECK-NEXT: x <-> getitem: MayAlias
// CHECK-NEXT: aten_sum_default <-> getitem: NoAlias
// CHECK-NEXT: aten_gt_scalar <-> getitem: MayAlias
// CHECK-NEXT: cond/true_graph_0/x_1 <-> getitem: MayAlias
// CHECK-NEXT: cond/true_graph_0/aten_cos_default <-> getitem: MayAlias
// CHECK-NEXT: cond/false_graph_0/x_1 <-> getitem: MayAlias
// CHECK-NEXT: cond/false_graph_0/aten_sin_default <-> getitem: MayAlias
// CHECK-NEXT: aten_sum_default -> x: NoModRef
// CHECK-NEXT: aten_sum_default -> aten_sum_default: NoModRef
// CHECK-NEXT: aten_sum_default -> aten_gt_scalar: NoModRef
// CHECK-NEXT: aten_sum_default -> cond/true_graph_0/x_1: NoModRef
// CHECK-NEXT: aten_sum_default -> cond/true_graph_0/aten_cos_default: NoModRef
// CHECK-NEXT: aten_sum_default -> cond/false_graph_0/x_1: NoModRef
// CHECK-NEXT: aten_sum_default -> cond/false_graph_0/aten_sin_default: NoModRef
// CHECK-NEXT: aten_sum_default -> getitem: NoModRef
// CHECK-NEXT: aten_gt_scalar -> x: NoModRef
// CHECK-NEXT: aten_gt_scalar -> aten_sum_default: NoModRef
// CHECK-NEXT: aten_gt_scalar -> aten_gt_scalar: NoModRef
// CHECK-NEXT: aten_gt_scalar -> cond/true_graph_0/x_1: NoModRef
// CHECK-NEXT: aten_gt_scalar -> cond/true_graph_0/aten_cos_default: NoModRef
// CHECK-NEXT: aten_gt_scalar -> cond/false_graph_0/x_1: NoModRef
// CHECK-NEXT: aten_gt_scalar -> cond/false_graph_0/aten_sin_default: NoModRef
// CHECK-NEXT: aten_gt_scalar -> getitem: NoModRef
// CHECK-NEXT: cond/true_graph_0/aten_cos_default -> x: NoModRef
// CHECK-NEXT: cond/true_graph_0/aten_cos_default -> aten_sum_default: NoModRef
// CHECK-NEXT: cond/true_graph_0/aten_cos_default -> aten_gt_scalar: NoModRef
// CHECK-NEXT: cond/true_graph_0/aten_cos_default -> cond/true_graph_0/x_1: NoModRef
// CHECK-NEXT: cond/true_graph_0/aten_cos_default -> cond/true_graph_0/aten_cos_default: NoModRef
// CHECK-NEXT: cond/true_graph_0/aten_cos_default -> cond/false_graph_0/x_1: NoModRef
// CHECK-NEXT: cond/true_graph_0/aten_cos_default -> cond/false_graph_0/aten_sin_default: NoModRef
// CHECK-NEXT: cond/true_graph_0/aten_cos_default -> getitem: NoModRef
// CHECK-NEXT: cond/true_graph_0/output -> x: NoModRef
// CHECK-NEXT: cond/true_graph_0/output -> aten_sum_default: NoModRef
// CHECK-NEXT: cond/true_graph_0/output -> aten_gt_scalar: NoModRef
// CHECK-NEXT: cond/true_graph_0/output -> cond/true_graph_0/x_1: NoModRef
// CHECK-NEXT: cond/true_graph_0/output -> cond/true_graph_0/aten_cos_default: NoModRef
// CHECK-NEXT: cond/true_graph_0/output -> cond/false_graph_0/x_1: NoModRef
// CHECK-NEXT: cond/true_graph_0/output -> cond/false_graph_0/aten_sin_default: NoModRef
// CHECK-NEXT: cond/true_graph_0/output -> getitem: NoModRef
// CHECK-NEXT: cond/false_graph_0/aten_sin_default -> x: NoModRef
// CHECK-NEXT: cond/false_graph_0/aten_sin_default -> aten_sum_default: NoModRef
// CHECK-NEXT: cond/false_graph_0/aten_sin_default -> aten_gt_scalar: NoModRef
// CHECK-NEXT: cond/false_graph_0/aten_sin_default -> cond/true_graph_0/x_1: NoModRef
// CHECK-NEXT: cond/false_graph_0/aten_sin_default -> cond/true_graph_0/aten_cos_default: NoModRef
// CHECK-NEXT: cond/false_graph_0/aten_sin_default -> cond/false_graph_0/x_1: NoModRef
// CHECK-NEXT: cond/false_graph_0/aten_sin_default -> cond/false_graph_0/aten_sin_default: NoModRef
// CHECK-NEXT: cond/false_graph_0/aten_sin_default -> getitem: NoModRef
// CHECK-NEXT: cond/false_graph_0/output -> x: NoModRef
// CHECK-NEXT: cond/false_graph_0/output -> aten_sum_default: NoModRef
// CHECK-NEXT: cond/false_graph_0/output -> aten_gt_scalar: NoModRef
// CHECK-NEXT: cond/false_graph_0/output -> cond/true_graph_0/x_1: NoModRef
// CHECK-NEXT: cond/false_graph_0/output -> cond/true_graph_0/aten_cos_default: NoModRef
// CHECK-NEXT: cond/false_graph_0/output -> cond/false_graph_0/x_1: NoModRef
// CHECK-NEXT: cond/false_graph_0/output -> cond/false_graph_0/aten_sin_default: NoModRef
// CHECK-NEXT: cond/false_graph_0/output -> getitem: NoModRef
// CHECK-NEXT: cond -> x: NoModRef
// CHECK-NEXT: cond -> aten_sum_default: NoModRef
// CHECK-NEXT: cond -> aten_gt_scalar: NoModRef
// CHECK-NEXT: cond -> cond/true_graph_0/x_1: ModRef
// CHECK-NEXT: cond -> cond/true_graph_0/aten_cos_default: ModRef
// CHECK-NEXT: cond -> cond/false_graph_0/x_1: ModRef
// CHECK-NEXT: cond -> cond/false_graph_0/aten_sin_default: ModRef
// CHECK-NEXT: cond -> getitem: NoModRef
// CHECK-NEXT: output -> x: Ref
// CHECK-NEXT: output -> aten_sum_default: NoModRef
// CHECK-NEXT: output -> aten_gt_scalar: Ref
// CHECK-NEXT: output -> cond/true_graph_0/x_1: Ref
// CHECK-NEXT: output -> cond/true_graph_0/aten_cos_default: Ref
// CHECK-NEXT: output -> cond/false_graph_0/x_1: Ref
// CHECK-NEXT: output -> cond/false_graph_0/aten_sin_default: Ref
// CHECK-NEXT: output -> getitem: Ref
// CHECK-NOT: {{.}}

module attributes {ng.version = "1.0"} {
  ng.method @forward(%x: !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> {
    %aten_sum_default = ng.call "torch.ops.aten.sum.default"(self: %x, dtype: none) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[]>
    %aten_gt_scalar = ng.call "torch.ops.aten.gt.Scalar"(self: %aten_sum_default, other: 0) : (!ng.tensor<f32[]>) -> !ng.tensor<i1[]>
    %getitem = ng.call "torch.ops.higher_order.cond"(%aten_gt_scalar, graph "true_graph_0"(%x_1: !ng.tensor<f32[3]>) {
      %aten_cos_default = ng.call "torch.ops.aten.cos.default"(self: %x_1) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
      ng.output(%aten_cos_default) : !ng.tensor<f32[3]>
    }, graph "false_graph_0"(%x_1: !ng.tensor<f32[3]>) {
      %aten_sin_default = ng.call "torch.ops.aten.sin.default"(self: %x_1) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
      ng.output(%aten_sin_default) : !ng.tensor<f32[3]>
    }, [%x]) {node = "cond"} : (!ng.tensor<i1[]>, !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
    ng.output(%getitem) : !ng.tensor<f32[3]>
  }
}
