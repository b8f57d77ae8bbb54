// RUN: ng-opt %s --ng-replace-copy-with-alias -o %t.once.mlir
// RUN: FileCheck %s --input-file=%t.once.mlir
// RUN: ng-opt %s --ng-replace-copy-with-alias=report=true -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REMARK --implicit-check-not=remark:
//
// A second run changes nothing, run again on the output or twice in one
// pipeline: it only keeps again what the first kept.
// RUN: ng-opt %t.once.mlir --ng-replace-copy-with-alias=report=true -o %t.twice.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=AGAIN
// RUN: diff %t.once.mlir %t.twice.mlir
// RUN: ng-opt %s --ng-replace-copy-with-alias --ng-replace-copy-with-alias | diff %t.once.mlir -
// AGAIN-NOT: remark: replaced
// AGAIN:     remark: kept
// AGAIN-NOT: remark: replaced
//
// --ng-replace-copy-with-alias: aten.<view>_copy.<overload> becomes the
// view aten.<view>.<overload> it materializes (the op facts' view of it),
// its output aliasing `self` (FORMAT.md A1, A2) and laid out as the view
// lays it out (D1, D3), where no reader can tell the view from the copy.
// Each refusal below fails without its check.

// The views: the output aliases `self`, and takes the view's layout
// (permute, transpose and t give a non-contiguous one; a slice or select of
// the outermost dim, a view, an unsqueeze or squeeze, an expand that only
// adds size-1 dims, alias and detach keep the input's). A size list keeps
// its -1: the output's recorded sizes say what it is.
// CHECK-LABEL: ng.method @views(
// CHECK-NEXT:    %p = ng.call "torch.ops.aten.permute.default"(self: %x, dims: [1, 0]) : (!f32_4x6) -> !f32_6x4_perm aliases %x
// CHECK-NEXT:    %tr = ng.call "torch.ops.aten.transpose.int"(self: %x, dim0: -1, dim1: 0) : (!f32_4x6) -> !f32_6x4_perm aliases %x
// CHECK-NEXT:    %t = ng.call "torch.ops.aten.t.default"(self: %x) : (!f32_4x6) -> !f32_6x4_perm aliases %x
// CHECK-NEXT:    %s = ng.call "torch.ops.aten.slice.Tensor"(self: %x, dim: 0, start: 1, end: 3, step: 1) : (!f32_4x6) -> !f32_2x6 aliases %x
// CHECK-NEXT:    %sel = ng.call "torch.ops.aten.select.int"(self: %x, dim: 0, index: 1) : (!f32_4x6) -> !f32_6 aliases %x
// CHECK-NEXT:    %n = ng.call "torch.ops.aten.narrow.default"(self: %x, dim: 0, start: 0, length: 2) : (!f32_4x6) -> !f32_2x6 aliases %x
// CHECK-NEXT:    %v = ng.call "torch.ops.aten.view.default"(self: %x, size: [-1]) : (!f32_4x6) -> !f32_24 aliases %x
// CHECK-NEXT:    %u = ng.call "torch.ops.aten.unsqueeze.default"(self: %x, dim: 1) : (!f32_4x6) -> !f32_4x1x6 aliases %x
// CHECK-NEXT:    %q = ng.call "torch.ops.aten.squeeze.dims"(self: %u, dim: [1]) : (!f32_4x1x6) -> !f32_4x6 aliases %u
// CHECK-NEXT:    %e = ng.call "torch.ops.aten.expand.default"(self: %x, size: [1, -1, -1], implicit: false) : (!f32_4x6) -> !f32_1x4x6 aliases %x
// CHECK-NEXT:    %al = ng.call "torch.ops.aten.alias.default"(self: %x) : (!f32_4x6) -> !f32_4x6 aliases %x
// CHECK-NEXT:    %d = ng.call "torch.ops.aten.detach.default"(self: %x) : (!f32_4x6) -> !f32_4x6 aliases %x
// CHECK-NEXT:    %pp = ng.call "torch.ops.aten.permute.default"(self: %p, dims: [1, 0]) : (!f32_6x4_perm) -> !f32_4x6 aliases %p
// REMARK: remark: replaced aten.permute_copy 'p' by aten.permute, a view of 'x'
// REMARK: remark: replaced aten.transpose_copy 'tr' by aten.transpose, a view of 'x'
// REMARK: remark: replaced aten.t_copy 't' by aten.t, a view of 'x'
// REMARK: remark: replaced aten.slice_copy 's' by aten.slice, a view of 'x'
// REMARK: remark: replaced aten.select_copy 'sel' by aten.select, a view of 'x'
// REMARK: remark: replaced aten.narrow_copy 'n' by aten.narrow, a view of 'x'
// REMARK: remark: replaced aten.view_copy 'v' by aten.view, a view of 'x'
// REMARK: remark: replaced aten.unsqueeze_copy 'u' by aten.unsqueeze, a view of 'x'
// REMARK: remark: replaced aten.squeeze_copy 'q' by aten.squeeze, a view of 'u'
// REMARK: remark: replaced aten.expand_copy 'e' by aten.expand, a view of 'x'
// REMARK: remark: replaced aten.alias_copy 'al' by aten.alias, a view of 'x'
// REMARK: remark: replaced aten.detach_copy 'd' by aten.detach, a view of 'x'
// REMARK: remark: replaced aten.permute_copy 'pp' by aten.permute, a view of 'p'
ng.method @views(%x: !ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[]> {
  %p = ng.call "torch.ops.aten.permute_copy.default"(self: %x, dims: [1, 0]) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[6, 4]>
  %tr = ng.call "torch.ops.aten.transpose_copy.int"(self: %x, dim0: -1, dim1: 0) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[6, 4]>
  %t = ng.call "torch.ops.aten.t_copy.default"(self: %x) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[6, 4]>
  %s = ng.call "torch.ops.aten.slice_copy.Tensor"(self: %x, dim: 0, start: 1, end: 3, step: 1) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[2, 6]>
  %sel = ng.call "torch.ops.aten.select_copy.int"(self: %x, dim: 0, index: 1) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[6]>
  %n = ng.call "torch.ops.aten.narrow_copy.default"(self: %x, dim: 0, start: 0, length: 2) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[2, 6]>
  %v = ng.call "torch.ops.aten.view_copy.default"(self: %x, size: [-1]) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[24]>
  %u = ng.call "torch.ops.aten.unsqueeze_copy.default"(self: %x, dim: 1) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[4, 1, 6]>
  %q = ng.call "torch.ops.aten.squeeze_copy.dims"(self: %u, dim: [1]) : (!ng.tensor<f32[4, 1, 6]>) -> !ng.tensor<f32[4, 6]>
  %e = ng.call "torch.ops.aten.expand_copy.default"(self: %x, size: [1, -1, -1], implicit: false) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[1, 4, 6]>
  %al = ng.call "torch.ops.aten.alias_copy.default"(self: %x) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[4, 6]>
  %d = ng.call "torch.ops.aten.detach_copy.default"(self: %x) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[4, 6]>
  %pp = ng.call "torch.ops.aten.permute_copy.default"(self: %p, dims: [1, 0]) : (!ng.tensor<f32[6, 4]>) -> !ng.tensor<f32[4, 6]>
  %r = ng.call "_test.read"(%p, %tr, %t, %s, %sel, %n, %v, %q, %e, %al, %d, %pp) : (!ng.tensor<f32[6, 4]>, !ng.tensor<f32[6, 4]>, !ng.tensor<f32[6, 4]>, !ng.tensor<f32[2, 6]>, !ng.tensor<f32[6]>, !ng.tensor<f32[2, 6]>, !ng.tensor<f32[24]>, !ng.tensor<f32[4, 6]>, !ng.tensor<f32[1, 4, 6]>, !ng.tensor<f32[4, 6]>, !ng.tensor<f32[4, 6]>, !ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[]>
  ng.output(%r) : !ng.tensor<f32[]>
}

// Not copies of a view the op facts list: _to_copy (a cast: `_to` is no
// view), clone, an aten `_copy` of no listed view, another namespace's
// view_copy. Left alone, without a remark.
// CHECK-LABEL: ng.method @not_view_copies(
// CHECK-NEXT:    "torch.ops.aten._to_copy.default"
// CHECK-NEXT:    "torch.ops.aten.clone.default"
// CHECK-NEXT:    "torch.ops.aten.roll_copy.default"
// CHECK-NEXT:    "torch.ops.my_ops.view_copy.default"
ng.method @not_view_copies(%x: !ng.tensor<f32[4, 6]>) -> (!ng.tensor<f16[4, 6]>, !ng.tensor<f32[4, 6]>, !ng.tensor<f32[4, 6]>, !ng.tensor<f32[24]>) {
  %c = ng.call "torch.ops.aten._to_copy.default"(self: %x, dtype: f16, layout: none, device: none, pin_memory: none, non_blocking: false, memory_format: none) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f16[4, 6]>
  %k = ng.call "torch.ops.aten.clone.default"(self: %x, memory_format: none) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[4, 6]>
  %r = ng.call "torch.ops.aten.roll_copy.default"(self: %x, shifts: [1], dims: [0]) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[4, 6]>
  %m = ng.call "torch.ops.my_ops.view_copy.default"(self: %x, size: [24]) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[24]>
  %n1 = ng.call "torch.ops.aten.neg.default"(self: %c) : (!ng.tensor<f16[4, 6]>) -> !ng.tensor<f16[4, 6]>
  ng.output(%n1, %k, %r, %m) : !ng.tensor<f16[4, 6]>, !ng.tensor<f32[4, 6]>, !ng.tensor<f32[4, 6]>, !ng.tensor<f32[24]>
}

// Views with several outputs stay copies: only a single tensor return
// carries alias_of (A1).
// CHECK-LABEL: ng.method @several_outputs(
// CHECK-NEXT:    "torch.ops.aten.split_copy.Tensor"
// CHECK-NEXT:    "torch.ops.aten.split_with_sizes_copy.default"
// CHECK-NEXT:    "torch.ops.aten.unbind_copy.int"
// REMARK: remark: kept aten.split_copy 'a': it has several outputs
// REMARK: remark: kept aten.split_with_sizes_copy 'b': it has several outputs
// REMARK: remark: kept aten.unbind_copy 'c': it has several outputs
ng.method @several_outputs(%x: !ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[]> {
  %a:2 = ng.call "torch.ops.aten.split_copy.Tensor"(self: %x, split_size: 2, dim: 0) {names = ["a", "a_1"]} : (!ng.tensor<f32[4, 6]>) -> ([!ng.tensor<f32[2, 6]>, !ng.tensor<f32[2, 6]>])
  %b:2 = ng.call "torch.ops.aten.split_with_sizes_copy.default"(self: %x, split_sizes: [1, 3], dim: 0) {names = ["b", "b_1"]} : (!ng.tensor<f32[4, 6]>) -> ([!ng.tensor<f32[1, 6]>, !ng.tensor<f32[3, 6]>])
  %c:4 = ng.call "torch.ops.aten.unbind_copy.int"(self: %x, dim: 0) {names = ["c", "c_1", "c_2", "c_3"]} : (!ng.tensor<f32[4, 6]>) -> ([!ng.tensor<f32[6]>, !ng.tensor<f32[6]>, !ng.tensor<f32[6]>, !ng.tensor<f32[6]>])
  %r = ng.call "_test.read"(%a#0, %b#0, %c#0) : (!ng.tensor<f32[2, 6]>, !ng.tensor<f32[1, 6]>, !ng.tensor<f32[6]>) -> !ng.tensor<f32[]>
  ng.output(%r) : !ng.tensor<f32[]>
}

// Layouts no dim order expresses (the TensorMeta records no strides, D1):
// a slice of an inner dim or with a step, a select of an inner dim, a
// broadcast (stride 0), a view that regroups a non-contiguous tensor; and
// views ng does not lay out (as_strided, diagonal).
// CHECK-LABEL: ng.method @layouts(
// CHECK-NEXT:    "torch.ops.aten.slice_copy.Tensor"(self: %x, dim: 1,
// CHECK-NEXT:    "torch.ops.aten.slice_copy.Tensor"(self: %x, dim: 0, start: 0, end: 4, step: 2)
// CHECK-NEXT:    "torch.ops.aten.select_copy.int"(self: %x, dim: 1,
// CHECK-NEXT:    "torch.ops.aten.expand_copy.default"
// CHECK-NEXT:    "torch.ops.aten.view_copy.default"(self: %y,
// CHECK-NEXT:    "torch.ops.aten.as_strided_copy.default"
// CHECK-NEXT:    "torch.ops.aten.diagonal_copy.default"
// REMARK: remark: kept aten.slice_copy 'inner': no dim order expresses the view's layout
// REMARK: remark: kept aten.slice_copy 'step': no dim order expresses the view's layout
// REMARK: remark: kept aten.select_copy 'col': no dim order expresses the view's layout
// REMARK: remark: kept aten.expand_copy 'bcast': no dim order expresses the view's layout
// REMARK: remark: kept aten.view_copy 'regroup': no dim order expresses the view's layout
// REMARK: remark: kept aten.as_strided_copy 'strided': no dim order expresses the view's layout
// REMARK: remark: kept aten.diagonal_copy 'diag': no dim order expresses the view's layout
ng.method @layouts(%x: !ng.tensor<f32[4, 6]>, %y: !ng.tensor<f32[4, 6], dim_order = [1, 0]>) -> !ng.tensor<f32[]> {
  %inner = ng.call "torch.ops.aten.slice_copy.Tensor"(self: %x, dim: 1, start: 0, end: 3, step: 1) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[4, 3]>
  %step = ng.call "torch.ops.aten.slice_copy.Tensor"(self: %x, dim: 0, start: 0, end: 4, step: 2) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[2, 6]>
  %col = ng.call "torch.ops.aten.select_copy.int"(self: %x, dim: 1, index: 0) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[4]>
  %bcast = ng.call "torch.ops.aten.expand_copy.default"(self: %x, size: [3, 4, 6], implicit: false) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[3, 4, 6]>
  %regroup = ng.call "torch.ops.aten.view_copy.default"(self: %y, size: [24]) : (!ng.tensor<f32[4, 6], dim_order = [1, 0]>) -> !ng.tensor<f32[24]>
  %strided = ng.call "torch.ops.aten.as_strided_copy.default"(self: %x, size: [4, 6], stride: [6, 1], storage_offset: none) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[4, 6]>
  %diag = ng.call "torch.ops.aten.diagonal_copy.default"(self: %x, offset: 0, dim1: 0, dim2: 1) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[4]>
  %r = ng.call "_test.read"(%inner, %step, %col, %bcast, %regroup, %strided, %diag) : (!ng.tensor<f32[4, 3]>, !ng.tensor<f32[2, 6]>, !ng.tensor<f32[4]>, !ng.tensor<f32[3, 4, 6]>, !ng.tensor<f32[24]>, !ng.tensor<f32[4, 6]>, !ng.tensor<f32[4]>) -> !ng.tensor<f32[]>
  ng.output(%r) : !ng.tensor<f32[]>
}

// The result feeds an OUTPUT node, itself or through a view: the caller
// may reuse an output's buffer, which must not be the input's.
// CHECK-LABEL: ng.method @returned(
// CHECK-NEXT:    "torch.ops.aten.slice_copy.Tensor"
// CHECK-NEXT:    "torch.ops.aten.slice_copy.Tensor"
// CHECK-NEXT:    "torch.ops.aten.t.default"
// REMARK: remark: kept aten.slice_copy 'a': it feeds an OUTPUT node (the caller may reuse an output's buffer)
// REMARK: remark: kept aten.slice_copy 'b': it feeds an OUTPUT node (the caller may reuse an output's buffer)
ng.method @returned(%x: !ng.tensor<f32[4, 6]>) -> (!ng.tensor<f32[2, 6]>, !ng.tensor<f32[6, 2], dim_order = [1, 0]>) {
  %a = ng.call "torch.ops.aten.slice_copy.Tensor"(self: %x, dim: 0, start: 0, end: 2, step: 1) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[2, 6]>
  %b = ng.call "torch.ops.aten.slice_copy.Tensor"(self: %x, dim: 0, start: 2, end: 4, step: 1) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[2, 6]>
  %t = ng.call "torch.ops.aten.t.default"(self: %b) : (!ng.tensor<f32[2, 6]>) -> !ng.tensor<f32[6, 2], dim_order = [1, 0]> aliases %b
  ng.output(%a, %t) : !ng.tensor<f32[2, 6]>, !ng.tensor<f32[6, 2], dim_order = [1, 0]>
}

// The result is written in place, itself or through a view: the write
// would land in the source.
// CHECK-LABEL: ng.method @result_written(
// CHECK-NEXT:    %a = ng.call "torch.ops.aten.slice_copy.Tensor"
// CHECK-NEXT:    %w = ng.call "torch.ops.aten.relu_.default"(self: mut %a)
// CHECK-NEXT:    %b = ng.call "torch.ops.aten.slice_copy.Tensor"
// REMARK: remark: kept aten.slice_copy 'a': it is written in place, which would write 'x'
// REMARK: remark: kept aten.slice_copy 'b': it is written in place, which would write 'x'
ng.method @result_written(%x: !ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[]> {
  %a = ng.call "torch.ops.aten.slice_copy.Tensor"(self: %x, dim: 0, start: 0, end: 2, step: 1) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[2, 6]>
  %w = ng.call "torch.ops.aten.relu_.default"(self: mut %a) : (!ng.tensor<f32[2, 6]>) -> !ng.tensor<f32[2, 6]> aliases %a
  %b = ng.call "torch.ops.aten.slice_copy.Tensor"(self: %x, dim: 0, start: 2, end: 4, step: 1) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[2, 6]>
  %row = ng.call "torch.ops.aten.select.int"(self: %b, dim: 0, index: 0) : (!ng.tensor<f32[2, 6]>) -> !ng.tensor<f32[6]> aliases %b
  %rw = ng.call "torch.ops.aten.relu_.default"(self: mut %row) : (!ng.tensor<f32[6]>) -> !ng.tensor<f32[6]> aliases %row
  %r = ng.call "_test.read"(%w, %b) : (!ng.tensor<f32[2, 6]>, !ng.tensor<f32[2, 6]>) -> !ng.tensor<f32[]>
  ng.output(%r) : !ng.tensor<f32[]>
}

// The source is written while the result is read: a copy is a snapshot, a
// view is not. The write is seen through any alias or view of the source
// (here a select of %c, then the in-place op's own result). Written before
// the copy, or after its last reader: the view sees what the copy saw.
// CHECK-LABEL: ng.method @source_written(
// CHECK-NEXT:    %c = ng.call "torch.ops.aten.clone.default"
// CHECK-NEXT:    %before = ng.call "torch.ops.aten.add_.Scalar"(self: mut %c,
// CHECK-NEXT:    %a = ng.call "torch.ops.aten.slice.Tensor"(self: %c, {{.*}} aliases %c
// CHECK-NEXT:    %b = ng.call "torch.ops.aten.slice_copy.Tensor"(self: %c,
// CHECK-NEXT:    %d = ng.call "torch.ops.aten.slice_copy.Tensor"(self: %before,
// CHECK-NEXT:    %ra = ng.call "_test.read"(%a)
// CHECK-NEXT:    %row = ng.call "torch.ops.aten.select.int"(self: %c,
// CHECK-NEXT:    %w = ng.call "torch.ops.aten.relu_.default"(self: mut %row)
// CHECK-NEXT:    %rb = ng.call "_test.read"(%b)
// CHECK-NEXT:    %rd = ng.call "_test.read"(%d)
// REMARK: remark: replaced aten.slice_copy 'a' by aten.slice, a view of 'c'
// REMARK: remark: kept aten.slice_copy 'b': 'c' is written while it is read
// REMARK: remark: kept aten.slice_copy 'd': 'before' is written while it is read
ng.method @source_written(%x: !ng.tensor<f32[4, 6]>) -> (!ng.tensor<f32[]>, !ng.tensor<f32[]>, !ng.tensor<f32[]>) {
  %c = ng.call "torch.ops.aten.clone.default"(self: %x, memory_format: none) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[4, 6]>
  %before = ng.call "torch.ops.aten.add_.Scalar"(self: mut %c, other: 1, alpha: 1) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[4, 6]> aliases %c
  %a = ng.call "torch.ops.aten.slice_copy.Tensor"(self: %c, dim: 0, start: 0, end: 2, step: 1) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[2, 6]>
  %b = ng.call "torch.ops.aten.slice_copy.Tensor"(self: %c, dim: 0, start: 2, end: 4, step: 1) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[2, 6]>
  %d = ng.call "torch.ops.aten.slice_copy.Tensor"(self: %before, dim: 0, start: 2, end: 4, step: 1) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[2, 6]>
  %ra = ng.call "_test.read"(%a) : (!ng.tensor<f32[2, 6]>) -> !ng.tensor<f32[]>
  %row = ng.call "torch.ops.aten.select.int"(self: %c, dim: 0, index: 3) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[6]> aliases %c
  %w = ng.call "torch.ops.aten.relu_.default"(self: mut %row) : (!ng.tensor<f32[6]>) -> !ng.tensor<f32[6]> aliases %row
  %rb = ng.call "_test.read"(%b) : (!ng.tensor<f32[2, 6]>) -> !ng.tensor<f32[]>
  %rd = ng.call "_test.read"(%d) : (!ng.tensor<f32[2, 6]>) -> !ng.tensor<f32[]>
  ng.output(%ra, %rb, %rd) : !ng.tensor<f32[]>, !ng.tensor<f32[]>, !ng.tensor<f32[]>
}

// A buffer the OUTPUT node writes back is written after every reader (A3):
// the view of it sees what the copy saw.
// CHECK-LABEL: ng.method @written_back(
// CHECK-NEXT:    %a = ng.call "torch.ops.aten.slice.Tensor"(self: %b_state, {{.*}} aliases %b_state
// REMARK: remark: replaced aten.slice_copy 'a' by aten.slice, a view of 'b_state'
ng.method @written_back(%b_state: !ng.tensor<f32[4, 6]> = buffer "state" mutated) -> (!ng.tensor<f32[4, 6]>, !ng.tensor<f32[]>) {
  %a = ng.call "torch.ops.aten.slice_copy.Tensor"(self: %b_state, dim: 0, start: 0, end: 2, step: 1) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[2, 6]>
  %r = ng.call "_test.read"(%a) : (!ng.tensor<f32[2, 6]>) -> !ng.tensor<f32[]>
  %new = ng.call "torch.ops.aten.add.Scalar"(self: %b_state, other: 1, alpha: 1) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[4, 6]>
  ng.output(buffer_mutation "state" %new, %r) : !ng.tensor<f32[4, 6]>, !ng.tensor<f32[]>
}

// A new view joins its source's storage: a copy of it is a view of that
// source too, and a write to the source while that one is read keeps it.
// (%a's only reader, %b, comes before the write.)
// CHECK-LABEL: ng.method @joined(
// CHECK-NEXT:    %c = ng.call "torch.ops.aten.clone.default"
// CHECK-NEXT:    %a = ng.call "torch.ops.aten.slice.Tensor"(self: %c, {{.*}} aliases %c
// CHECK-NEXT:    %b = ng.call "torch.ops.aten.view_copy.default"(self: %a,
// REMARK: remark: replaced aten.slice_copy 'a' by aten.slice, a view of 'c'
// REMARK: remark: kept aten.view_copy 'b': 'a' is written while it is read
ng.method @joined(%x: !ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[]> {
  %c = ng.call "torch.ops.aten.clone.default"(self: %x, memory_format: none) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[4, 6]>
  %a = ng.call "torch.ops.aten.slice_copy.Tensor"(self: %c, dim: 0, start: 0, end: 2, step: 1) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[2, 6]>
  %b = ng.call "torch.ops.aten.view_copy.default"(self: %a, size: [12]) : (!ng.tensor<f32[2, 6]>) -> !ng.tensor<f32[12]>
  %w = ng.call "torch.ops.aten.relu_.default"(self: mut %c) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[4, 6]> aliases %c
  %r = ng.call "_test.read"(%b) : (!ng.tensor<f32[12]>) -> !ng.tensor<f32[]>
  ng.output(%r) : !ng.tensor<f32[]>
}

// A changed layout (a permute is not contiguous): kept when a view is taken
// of the result (its recorded layout assumed the copy's), or when an op
// that reads its input linearly reads it (D5): --ng-legalize-dim-order
// would only copy it back. A copy of the permute is a view of the copy.
// CHECK-LABEL: ng.method @layout_changes(
// CHECK-NEXT:    %p = ng.call "torch.ops.aten.permute_copy.default"
// CHECK-NEXT:    %v = ng.call "torch.ops.aten.view.default"(self: %p,
// CHECK-NEXT:    %q = ng.call "torch.ops.aten.permute_copy.default"
// CHECK-NEXT:    %f = ng.call "torch.ops.aten.view.default"(self: %q, {{.*}} aliases %q
// REMARK: remark: kept aten.permute_copy 'p': its layout would change under the views taken of it
// REMARK: remark: kept aten.permute_copy 'q': its layout would not be contiguous, and node 'f' needs a contiguous input (D5)
// REMARK: remark: replaced aten.view_copy 'f' by aten.view, a view of 'q'
ng.method @layout_changes(%x: !ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[]> {
  %p = ng.call "torch.ops.aten.permute_copy.default"(self: %x, dims: [1, 0]) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[6, 4]>
  %v = ng.call "torch.ops.aten.view.default"(self: %p, size: [24]) : (!ng.tensor<f32[6, 4]>) -> !ng.tensor<f32[24]> aliases %p
  %q = ng.call "torch.ops.aten.permute_copy.default"(self: %x, dims: [1, 0]) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[6, 4]>
  %f = ng.call "torch.ops.aten.view_copy.default"(self: %q, size: [24]) : (!ng.tensor<f32[6, 4]>) -> !ng.tensor<f32[24]>
  %r = ng.call "_test.read"(%v, %f) : (!ng.tensor<f32[24]>, !ng.tensor<f32[24]>) -> !ng.tensor<f32[]>
  ng.output(%r) : !ng.tensor<f32[]>
}

// Subgraphs are rewritten like method bodies. A subgraph input whose
// subgraph writes another input may be that input (two inputs can be one
// tensor of the caller), and a higher-order op's output may be a tensor the
// op was given: ng cannot place their writes, so they count as written
// throughout. A result handed to a call with subgraphs stays a copy: what
// the call returns is not followed.
// CHECK-LABEL: ng.method @subgraphs(
// CHECK:         graph "true_graph_0"(%x_1: !f32_4x6) {
// CHECK-NEXT:      %{{.*}} = ng.call "torch.ops.aten.slice.Tensor"(self: %x_1, {{.*}} aliases %x_1
// CHECK:         graph "false_graph_0"(%x_1: !f32_4x6, %y_1: !f32_4x6) {
// CHECK-NEXT:      %w = ng.call "torch.ops.aten.relu_.default"(self: mut %y_1)
// CHECK-NEXT:      %{{.*}} = ng.call "torch.ops.aten.slice_copy.Tensor"(self: %x_1,
// CHECK:         %a = ng.call "torch.ops.aten.slice_copy.Tensor"(self: %h,
// CHECK:         %b = ng.call "torch.ops.aten.slice_copy.Tensor"(self: %x,
// CHECK-NEXT:    %g = ng.call "torch.ops.higher_order.cond"
// REMARK: remark: replaced aten.slice_copy 's' by aten.slice, a view of 'x_1'
// REMARK: remark: kept aten.slice_copy 's': 'x_1' may be written while it is read (ng cannot tell where)
// REMARK: remark: kept aten.slice_copy 'a': 'h' may be written while it is read (ng cannot tell where)
// REMARK: remark: kept aten.slice_copy 'b': it is handed to a call with subgraphs, whose results ng does not follow
ng.method @subgraphs(%x: !ng.tensor<f32[4, 6]>, %y: !ng.tensor<f32[4, 6]>, %p: !ng.tensor<i1[]>) -> (!ng.tensor<f32[]>, !ng.tensor<f32[2, 6]>) {
  %h = ng.call "torch.ops.higher_order.cond"(%p, graph "true_graph_0"(%x_1: !ng.tensor<f32[4, 6]>) {
    %s = ng.call "torch.ops.aten.slice_copy.Tensor"(self: %x_1, dim: 0, start: 0, end: 2, step: 1) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[2, 6]>
    %r = ng.call "_test.read"(%s) : (!ng.tensor<f32[2, 6]>) -> !ng.tensor<f32[]>
    %n = ng.call "torch.ops.aten.neg.default"(self: %x_1) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[4, 6]>
    ng.output(%n) : !ng.tensor<f32[4, 6]>
  }, graph "false_graph_0"(%x_1: !ng.tensor<f32[4, 6]>, %y_1: !ng.tensor<f32[4, 6]>) {
    %w = ng.call "torch.ops.aten.relu_.default"(self: mut %y_1) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[4, 6]> aliases %y_1
    %s = ng.call "torch.ops.aten.slice_copy.Tensor"(self: %x_1, dim: 0, start: 0, end: 2, step: 1) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[2, 6]>
    %r = ng.call "_test.read"(%s) : (!ng.tensor<f32[2, 6]>) -> !ng.tensor<f32[]>
    %n = ng.call "torch.ops.aten.neg.default"(self: %x_1) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[4, 6]>
    ng.output(%n) : !ng.tensor<f32[4, 6]>
  }, [%x, %y]) : (!ng.tensor<i1[]>, !ng.tensor<f32[4, 6]>, !ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[4, 6]>
  %a = ng.call "torch.ops.aten.slice_copy.Tensor"(self: %h, dim: 0, start: 0, end: 2, step: 1) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[2, 6]>
  %ra = ng.call "_test.read"(%a) : (!ng.tensor<f32[2, 6]>) -> !ng.tensor<f32[]>
  %b = ng.call "torch.ops.aten.slice_copy.Tensor"(self: %x, dim: 0, start: 0, end: 2, step: 1) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[2, 6]>
  %g = ng.call "torch.ops.higher_order.cond"(%p, graph "true_graph_1"(%b_1: !ng.tensor<f32[2, 6]>) {
    ng.output(%b_1) : !ng.tensor<f32[2, 6]>
  }, graph "false_graph_1"(%b_1: !ng.tensor<f32[2, 6]>) {
    %n = ng.call "torch.ops.aten.neg.default"(self: %b_1) : (!ng.tensor<f32[2, 6]>) -> !ng.tensor<f32[2, 6]>
    ng.output(%n) : !ng.tensor<f32[2, 6]>
  }, [%b]) : (!ng.tensor<i1[]>, !ng.tensor<f32[2, 6]>) -> !ng.tensor<f32[2, 6]>
  ng.output(%ra, %g) : !ng.tensor<f32[]>, !ng.tensor<f32[2, 6]>
}

// A copy that says it aliases (alias_of) or writes (`mut`) is not the
// functional op the pass knows (A2): left alone, without a remark.
// CHECK-LABEL: ng.method @flagged(
// CHECK-NEXT:    "torch.ops.aten.slice_copy.Tensor"(self: %x, {{.*}} aliases %x
// CHECK-NEXT:    "torch.ops.aten.slice_copy.Tensor"(self: mut %y,
ng.method @flagged(%x: !ng.tensor<f32[4, 6]>, %y: !ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[]> {
  %a = ng.call "torch.ops.aten.slice_copy.Tensor"(self: %x, dim: 0, start: 0, end: 2, step: 1) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[2, 6]> aliases %x
  %b = ng.call "torch.ops.aten.slice_copy.Tensor"(self: mut %y, dim: 0, start: 0, end: 2, step: 1) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[2, 6]>
  %r = ng.call "_test.read"(%a, %b) : (!ng.tensor<f32[2, 6]>, !ng.tensor<f32[2, 6]>) -> !ng.tensor<f32[]>
  ng.output(%r) : !ng.tensor<f32[]>
}
