// RUN: ng-opt %s -split-input-file --ng-infer-aliases -verify-diagnostics | FileCheck %s
//
// --ng-infer-aliases fills in alias_of (`aliases %v`) and `mut` for the aten
// ops its table knows (FORMAT.md A1, A2), where the program lacks them; it
// leaves unknown targets alone and warns where the program disagrees with
// the table.

// The conformance program views_inplace without its aliasing facts gets
// them back: the views alias `self`, the in-place mul_ writes `self` and
// returns it.
// CHECK-LABEL: ng.method @views_inplace
// CHECK-NEXT:    %aten_clone_default = ng.call "torch.ops.aten.clone.default"(self: %x, memory_format: none) : (!f32_4x6) -> !f32_4x6{{$}}
// CHECK-NEXT:    %aten_transpose_int = ng.call "torch.ops.aten.transpose.int"(self: %aten_clone_default, dim0: 0, dim1: 1) : (!f32_4x6) -> !f32_6x4_perm aliases %aten_clone_default
// CHECK-NEXT:    %aten_slice_tensor = ng.call "torch.ops.aten.slice.Tensor"(self: %aten_clone_default, dim: 0, start: 0, end: 2, step: 1) : (!f32_4x6) -> !f32_2x6 aliases %aten_clone_default
// CHECK-NEXT:    %aten_mul__tensor = ng.call "torch.ops.aten.mul_.Tensor"(self: mut %aten_slice_tensor, other: 2.0) : (!f32_2x6) -> !f32_2x6 aliases %aten_slice_tensor
// CHECK-NEXT:    %aten_sum_default = ng.call "torch.ops.aten.sum.default"(self: %aten_transpose_int, dtype: none) : (!f32_6x4_perm) -> !f32_scalar{{$}}
ng.method @views_inplace(%x: !ng.tensor<f32[4, 6]>) -> (!ng.tensor<f32[4, 6]>, !ng.tensor<f32[]>) {
  %aten_clone_default = ng.call "torch.ops.aten.clone.default"(self: %x, memory_format: none) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[4, 6]>
  // expected-warning @+1 {{the output aliases 'self' but has no alias_of}}
  %aten_transpose_int = ng.call "torch.ops.aten.transpose.int"(self: %aten_clone_default, dim0: 0, dim1: 1) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[6, 4], dim_order = [1, 0]>
  // expected-warning @+1 {{the output aliases 'self' but has no alias_of}}
  %aten_slice_tensor = ng.call "torch.ops.aten.slice.Tensor"(self: %aten_clone_default, dim: 0, start: 0, end: 2, step: 1) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[2, 6]>
  // expected-warning @+1 {{'self' is written in place but not marked `mut`, and the output aliases 'self' but has no alias_of}}
  %aten_mul__tensor = ng.call "torch.ops.aten.mul_.Tensor"(self: %aten_slice_tensor, other: 2.0) : (!ng.tensor<f32[2, 6]>) -> !ng.tensor<f32[2, 6]>
  %aten_sum_default = ng.call "torch.ops.aten.sum.default"(self: %aten_transpose_int, dtype: none) : (!ng.tensor<f32[6, 4], dim_order = [1, 0]>) -> !ng.tensor<f32[]>
  ng.output(%aten_clone_default, %aten_sum_default) : !ng.tensor<f32[4, 6]>, !ng.tensor<f32[]>
}

// -----

// Every A2 view, and the other views of the table.
// CHECK-LABEL: ng.method @views
// CHECK-NEXT:    %view = {{.*}} aliases %x
// CHECK-NEXT:    %permute = {{.*}} aliases %x
// CHECK-NEXT:    %select = {{.*}} aliases %x
// CHECK-NEXT:    %expand = {{.*}} aliases %x
// CHECK-NEXT:    %unsqueeze = {{.*}} aliases %x
// CHECK-NEXT:    %squeeze = {{.*}} aliases %unsqueeze
// CHECK-NEXT:    %alias = {{.*}} aliases %x
// CHECK-NEXT:    %t = {{.*}} aliases %x
// CHECK-NEXT:    %as_strided = {{.*}} aliases %x
// CHECK-NEXT:    %narrow = {{.*}} aliases %x
// CHECK-NEXT:    %detach = {{.*}} aliases %x
// (Eleven views without alias_of: the verifier shows the first ten and
// counts the rest, warn-flags-facts-cap.mlir.)
// expected-warning @+1 {{1 more node of method 'views' says less in its wire flags than ng knows of its target}}
ng.method @views(%x: !ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3]> {
  // expected-warning @+1 {{the output aliases 'self' but has no alias_of}}
  %view = ng.call "torch.ops.aten.view.default"(self: %x, size: [6]) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[6]>
  // expected-warning @+1 {{the output aliases 'self' but has no alias_of}}
  %permute = ng.call "torch.ops.aten.permute.default"(self: %x, dims: [1, 0]) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[3, 2]>
  // expected-warning @+1 {{the output aliases 'self' but has no alias_of}}
  %select = ng.call "torch.ops.aten.select.int"(self: %x, dim: 0, index: 1) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[3]>
  // expected-warning @+1 {{the output aliases 'self' but has no alias_of}}
  %expand = ng.call "torch.ops.aten.expand.default"(self: %x, size: [2, 2, 3], implicit: false) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 2, 3]>
  // expected-warning @+1 {{the output aliases 'self' but has no alias_of}}
  %unsqueeze = ng.call "torch.ops.aten.unsqueeze.default"(self: %x, dim: 0) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[1, 2, 3]>
  // expected-warning @+1 {{the output aliases 'self' but has no alias_of}}
  %squeeze = ng.call "torch.ops.aten.squeeze.dim"(self: %unsqueeze, dim: 0) : (!ng.tensor<f32[1, 2, 3]>) -> !ng.tensor<f32[2, 3]>
  // expected-warning @+1 {{the output aliases 'self' but has no alias_of}}
  %alias = ng.call "torch.ops.aten.alias.default"(self: %x) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3]>
  // expected-warning @+1 {{the output aliases 'self' but has no alias_of}}
  %t = ng.call "torch.ops.aten.t.default"(self: %x) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[3, 2]>
  // expected-warning @+1 {{the output aliases 'self' but has no alias_of}}
  %as_strided = ng.call "torch.ops.aten.as_strided.default"(self: %x, size: [2], stride: [1], storage_offset: none) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2]>
  // expected-warning @+1 {{the output aliases 'self' but has no alias_of}}
  %narrow = ng.call "torch.ops.aten.narrow.default"(self: %x, dim: 0, start: 0, length: 1) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[1, 3]>
  %detach = ng.call "torch.ops.aten.detach.default"(self: %x) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3]>
  ng.output(%x) : !ng.tensor<f32[2, 3]>
}

// -----

// In-place ops: `self` is written and returned. A list `self` (_foreach_*_)
// is written; an op without a tensor return aliases nothing. __iand__ is
// in place, __and__ is not. Batch norm updates its running statistics.
// CHECK-LABEL: ng.method @inplace
// CHECK:         %add = ng.call "torch.ops.aten.add_.Tensor"(self: mut %x, other: %y, alpha: 1) : ({{.*}}) -> !f32_3 aliases %x
// CHECK-NEXT:    %put = ng.call "torch.ops.aten.index_put_.default"(self: mut %add, indices: [%i], values: %y, accumulate: false) : ({{.*}}) -> !f32_3 aliases %add
// CHECK-NEXT:    ng.call "torch.ops.aten._foreach_add_.Scalar"(self: mut [%x, %y], scalar: 1) {node = "foreach"} : ({{.*}}) -> (){{$}}
// CHECK-NEXT:    %iand = ng.call "torch.ops.aten.__iand__.Tensor"(self: mut %b, other: %b) : ({{.*}}) -> !i1_3 aliases %b
// CHECK-NEXT:    %and = ng.call "torch.ops.aten.__and__.Tensor"(self: %b, other: %b) : ({{.*}}) -> !i1_3{{$}}
// CHECK-NEXT:    %bn, %bn_1, %bn_2 = ng.call "torch.ops.aten._native_batch_norm_legit.default"(input: %y, weight: none, bias: none, running_mean: mut %m, running_var: mut %v, training: true, momentum: 0.1, eps: 1.0e-05) : ({{.*}}) -> (!f32_3, !f32_1, !f32_1){{$}}
ng.method @inplace(%x: !ng.tensor<f32[3]>, %y: !ng.tensor<f32[3]>,
                   %i: !ng.tensor<i64[1]>, %b: !ng.tensor<i1[3]>,
                   %m: !ng.tensor<f32[1]> = buffer "m",
                   %v: !ng.tensor<f32[1]> = buffer "v")
    -> !ng.tensor<f32[3]> {
  // expected-warning @+1 {{'self' is written in place but not marked `mut`, and the output aliases 'self' but has no alias_of}}
  %add = ng.call "torch.ops.aten.add_.Tensor"(self: %x, other: %y, alpha: 1) : (!ng.tensor<f32[3]>, !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  // expected-warning @+1 {{'self' is written in place but not marked `mut`, and the output aliases 'self' but has no alias_of}}
  %put = ng.call "torch.ops.aten.index_put_.default"(self: %add, indices: [%i], values: %y, accumulate: false) : (!ng.tensor<f32[3]>, !ng.tensor<i64[1]>, !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  // expected-warning @+1 {{'self' is written in place but not marked `mut`}}
  ng.call "torch.ops.aten._foreach_add_.Scalar"(self: [%x, %y], scalar: 1) {node = "foreach"} : (!ng.tensor<f32[3]>, !ng.tensor<f32[3]>) -> ()
  // expected-warning @+1 {{'self' is written in place but not marked `mut`, and the output aliases 'self' but has no alias_of}}
  %iand = ng.call "torch.ops.aten.__iand__.Tensor"(self: %b, other: %b) : (!ng.tensor<i1[3]>, !ng.tensor<i1[3]>) -> !ng.tensor<i1[3]>
  %and = ng.call "torch.ops.aten.__and__.Tensor"(self: %b, other: %b) : (!ng.tensor<i1[3]>, !ng.tensor<i1[3]>) -> !ng.tensor<i1[3]>
  // expected-warning @+1 {{'running_mean' and 'running_var' are written in place but not marked `mut`}}
  %bn, %bn_1, %bn_2 = ng.call "torch.ops.aten._native_batch_norm_legit.default"(input: %y, weight: none, bias: none, running_mean: %m, running_var: %v, training: true, momentum: 0.1, eps: 1.0e-05) : (!ng.tensor<f32[3]>, !ng.tensor<f32[1]>, !ng.tensor<f32[1]>) -> (!ng.tensor<f32[3]>, !ng.tensor<f32[1]>, !ng.tensor<f32[1]>)
  ng.output(%put) : !ng.tensor<f32[3]>
}

// -----

// Left alone: functional ops, `*_copy` variants, unknown targets (also
// ones that look in place), and what the program already says.
// CHECK-LABEL: ng.method @alone
// CHECK-NEXT:    %clone = ng.call "torch.ops.aten.clone.default"(self: %x, memory_format: none) : (!f32_3) -> !f32_3{{$}}
// CHECK-NEXT:    %view_copy = ng.call "torch.ops.aten.view_copy.default"(self: %x, size: [3]) : (!f32_3) -> !f32_3{{$}}
// CHECK-NEXT:    %custom = ng.call "my_ops.scale_.default"(self: %x) : (!f32_3) -> !f32_3{{$}}
// CHECK-NEXT:    %getitem = ng.call "_operator.getitem"(%x, 0) : (!f32_3) -> !f32_scalar{{$}}
// CHECK-NEXT:    %view = ng.call "torch.ops.aten.view.default"(self: %x, size: [3]) : (!f32_3) -> !f32_3 aliases %x
// CHECK-NEXT:    %add = ng.call "torch.ops.aten.add_.Tensor"(self: mut %view, other: %x, alpha: 1) : (!f32_3, !f32_3) -> !f32_3 aliases %view
ng.method @alone(%x: !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> {
  %clone = ng.call "torch.ops.aten.clone.default"(self: %x, memory_format: none) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  %view_copy = ng.call "torch.ops.aten.view_copy.default"(self: %x, size: [3]) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  %custom = ng.call "my_ops.scale_.default"(self: %x) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  %getitem = ng.call "_operator.getitem"(%x, 0) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[]>
  %view = ng.call "torch.ops.aten.view.default"(self: %x, size: [3]) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> aliases %x
  %add = ng.call "torch.ops.aten.add_.Tensor"(self: mut %view, other: %x, alpha: 1) : (!ng.tensor<f32[3]>, !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> aliases %view
  ng.output(%add) : !ng.tensor<f32[3]>
}

// -----

// Subgraphs are filled in too.
// CHECK-LABEL: ng.method @subgraph
// CHECK:         %w = ng.call "torch.ops.aten.neg_.default"(self: mut %a) : (!f32_3) -> !f32_3 aliases %a
ng.method @subgraph(%x: !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> {
  %r = ng.call "torch.ops.higher_order.cond"(true, graph "g"(%a: !ng.tensor<f32[3]>) {
    // expected-warning @+1 {{'self' is written in place but not marked `mut`, and the output aliases 'self' but has no alias_of}}
    %w = ng.call "torch.ops.aten.neg_.default"(self: %a) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
    ng.output(%w) : !ng.tensor<f32[3]>
  }, [%x]) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  ng.output(%r) : !ng.tensor<f32[3]>
}

// -----

// Disagreements: the program's facts are kept, with a warning.
// CHECK-LABEL: ng.method @disagree
// CHECK-NEXT:    %copy = ng.call "torch.ops.aten.permute_copy.default"(self: %x, dims: [0]) : (!f32_3) -> !f32_3 aliases %x
// CHECK-NEXT:    %add = ng.call "torch.ops.aten.add_.Tensor"(self: mut %x, other: %y, alpha: 1) : (!f32_3, !f32_3) -> !f32_3 aliases %y
// CHECK-NEXT:    %view = ng.call "torch.ops.aten.view.default"(self: mut %y, size: [3]) : (!f32_3) -> !f32_3 aliases %y
ng.method @disagree(%x: !ng.tensor<f32[3]>, %y: !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> {
  // expected-warning @+1 {{node 'copy' (torch.ops.aten.permute_copy.default): the program says output #0 aliases 'self', but the op's outputs alias nothing (FORMAT.md A2); keeping the program's}}
  %copy = ng.call "torch.ops.aten.permute_copy.default"(self: %x, dims: [0]) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> aliases %x
  // expected-warning @+2 {{'self' is written in place but not marked `mut` (FORMAT.md A1, A2); ng assumes what the op does (--ng-infer-aliases records it)}}
  // expected-warning @+1 {{node 'add' (torch.ops.aten.add_.Tensor): the program says the output aliases 'other', but the op's output aliases 'self' (FORMAT.md A2); keeping the program's}}
  %add = ng.call "torch.ops.aten.add_.Tensor"(self: %x, other: %y, alpha: 1) : (!ng.tensor<f32[3]>, !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> aliases %y
  // expected-warning @+1 {{node 'view' (torch.ops.aten.view.default): the program marks argument 'self' mutated, but the op writes no argument (FORMAT.md A1, A2); keeping the program's}}
  %view = ng.call "torch.ops.aten.view.default"(self: mut %y, size: [3]) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> aliases %y
  ng.output(%view) : !ng.tensor<f32[3]>
}

// -----

// A written argument the op does not write.
ng.method @disagree_mut(%x: !ng.tensor<f32[3]>, %y: !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> {
  // expected-warning @+1 {{node 'add' (torch.ops.aten.add_.Tensor): the program marks argument 'other' mutated, but the op writes only 'self' (FORMAT.md A1, A2); keeping the program's}}
  %add = ng.call "torch.ops.aten.add_.Tensor"(self: mut %x, other: mut %y, alpha: 1) : (!ng.tensor<f32[3]>, !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> aliases %x
  ng.output(%add) : !ng.tensor<f32[3]>
}
