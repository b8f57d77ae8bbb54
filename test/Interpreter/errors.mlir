// ng-run's errors: each names the method, the node (and target) or the
// input at fault, never a crash, and leaves no output file.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/st.py write %t/x.safetensors 'x=f32[2,3]:1,2,3,4,5,6'
// RUN: %python %S/Inputs/st.py write %t/i.safetensors 'i=i64[2]:0,5'

// A node without a kernel is found before anything runs: the failing
// assertion before it is never reached.
// RUN: not ng-run %s --method=no_kernel --inputs=%t/x.safetensors -o %t/out.safetensors 2>&1 | FileCheck --check-prefix=NO-KERNEL %s
// RUN: test ! -e %t/out.safetensors
// NO-KERNEL: error: method 'no_kernel', node 'custom' (torch.ops.my_ns.custom_op.default): ng-run has no kernel for 'torch.ops.my_ns.custom_op.default'
// NO-KERNEL-NOT: assertion

// RUN: not ng-run %s --method=assertion --inputs=%t/x.safetensors -o %t/out.safetensors 2>&1 | FileCheck --check-prefix=ASSERT %s
// ASSERT: error: method 'assertion', node 'check' (torch.ops.aten._assert_scalar.default): assertion failed: x is empty

// RUN: not ng-run %s --method=out_of_bounds --inputs=%t/i.safetensors -o %t/out.safetensors 2>&1 | FileCheck --check-prefix=BOUNDS %s
// BOUNDS: error: method 'out_of_bounds', node 'picked' (torch.ops.aten.index.Tensor): index 5 is out of bounds for dim 0 of size 3

// A view of a transposed tensor that strides cannot express (torch's view
// fails the same way; reshape would copy).
// RUN: not ng-run %s --method=bad_view --inputs=%t/x.safetensors -o %t/out.safetensors 2>&1 | FileCheck --check-prefix=VIEW %s
// VIEW: error: method 'bad_view', node 'flat' (torch.ops.aten.view.default): view size [6] is not compatible with the input's size and stride (use reshape)

// The program's type says f16, the op computes f32.
// RUN: not ng-run %s --method=wrong_type --inputs=%t/x.safetensors -o %t/out.safetensors 2>&1 | FileCheck --check-prefix=TYPE %s
// TYPE: error: method 'wrong_type', node 'sum' (torch.ops.aten.add.Tensor): output 'sum' has dtype f32, but the program says f16

// RUN: not ng-run %s --method=bad_broadcast --inputs=%t/x.safetensors -o %t/out.safetensors 2>&1 | FileCheck --check-prefix=BROADCAST %s
// BROADCAST: error: method 'bad_broadcast', node 'bad' (torch.ops.aten.mul.Tensor): cannot broadcast [2, 3] with [2]

// An in-place op whose result would not fit `self`; an output the program
// says aliases an operand that the kernel makes new storage for.
// RUN: not ng-run %s --method=in_place --inputs=%t/x.safetensors -o %t/out.safetensors 2>&1 | FileCheck --check-prefix=IN-PLACE %s
// IN-PLACE: error: method 'in_place', node 'grown' (torch.ops.aten.add_.Tensor): the in-place form's result does not have the sizes of 'self'
// RUN: not ng-run %s --method=alias --inputs=%t/x.safetensors -o %t/out.safetensors 2>&1 | FileCheck --check-prefix=ALIAS %s
// ALIAS: error: method 'alias', node 'copy' (torch.ops.aten.clone.default): output 'copy' aliases 'x' in the program, but ng-run's kernel makes new storage for it

// Inputs: the wrong sizes, a missing one, an unknown method.
// RUN: %python %S/Inputs/st.py write %t/x4.safetensors 'x=f32[4]:1,2,3,4'
// RUN: not ng-run %s --method=assertion --inputs=%t/x4.safetensors -o %t/out.safetensors 2>&1 | FileCheck --check-prefix=SIZES %s
// SIZES: error: method 'assertion': user input 'x' is f32[4], which its type '!ng.tensor<f32[2, 3]>' does not allow
// RUN: not ng-run %s --method=out_of_bounds --inputs=%t/x.safetensors -o %t/out.safetensors 2>&1 | FileCheck --check-prefix=MISSING %s
// MISSING: error: '{{.*}}x.safetensors' has no tensor for user input 'i'
// RUN: not ng-run %s --inputs=%t/x.safetensors -o %t/out.safetensors 2>&1 | FileCheck --check-prefix=METHOD %s
// METHOD: error: the program has no method 'forward' (it has 'no_kernel', 'assertion', {{.*}}; choose one with --method)

// Hostile files: a truncated safetensors, a program that is not one.
// RUN: head -c 20 %t/x.safetensors > %t/short.safetensors
// RUN: not ng-run %s --method=assertion --inputs=%t/short.safetensors -o %t/out.safetensors 2>&1 | FileCheck --check-prefix=SHORT %s
// SHORT: error: '{{.*}}short.safetensors': {{.*}}
// RUN: not ng-run %t/x.safetensors --random-inputs=1 -o %t/out.safetensors 2>&1 | FileCheck --check-prefix=NOT-PROGRAM %s
// NOT-PROGRAM: error:
// RUN: test ! -e %t/out.safetensors

// Usage.
// RUN: not ng-run %s --method=assertion -o %t/out.safetensors 2>&1 | FileCheck --check-prefix=NO-INPUTS %s
// NO-INPUTS: error: give the user inputs: --inputs=FILE or --random-inputs=SEED
// RUN: not ng-run %s --method=assertion --random-inputs=1 2>&1 | FileCheck --check-prefix=NOTHING %s
// NOTHING: error: nothing to do: give -o FILE, or --compare=PROGRAM
// RUN: not ng-run %s --method=dynamic --random-inputs=1 --dim x.0=99 -o %t/out.safetensors 2>&1 | FileCheck --check-prefix=DIM %s
// DIM: error: --dim: 99 is outside the range 1:8 of dim 0 of user input 'x'
// RUN: not ng-run %s --method=dynamic --random-inputs=1 --dim x.0 -o %t/out.safetensors 2>&1 | FileCheck --check-prefix=DIM-SYNTAX %s
// DIM-SYNTAX: error: --dim 'x.0' is not NAME=N with N >= 0
// RUN: not ng-run %s --method=unbounded --random-inputs=1 -o %t/out.safetensors 2>&1 | FileCheck --check-prefix=UNBOUNDED %s
// UNBOUNDED: error: user input 'x' dim 0 has no upper bound: give it a size with --dim x.0=N
// A dynamic dim: its max by default, or what --dim says.
// RUN: ng-run %s --method=dynamic --random-inputs=1 --dim '1:8=3' -o %t/dyn.safetensors
// RUN: %python %S/Inputs/st.py dump %t/dyn.safetensors | FileCheck --check-prefix=DYN %s
// DYN: n i64 [] = [3]

// native.rope's operands: an odd head dim, position_ids that are not
// [batch, seq], inv_freq that is not [head_dim / 2].
// RUN: not ng-run %s --method=rope_odd --random-inputs=1 -o %t/out.safetensors 2>&1 | FileCheck --check-prefix=ROPE-ODD %s
// ROPE-ODD: error: method 'rope_odd', node 'y' (torch.ops.native.rope.default): head_dim 5 is odd: the rotation turns pairs of elements
// RUN: not ng-run %s --method=rope_positions --random-inputs=1 -o %t/out.safetensors 2>&1 | FileCheck --check-prefix=ROPE-POS %s
// ROPE-POS: error: method 'rope_positions', node 'y' (torch.ops.native.rope.default): 'position_ids' [1, 3] must be [batch, seq] = [1, 2] (or [1, seq])
// RUN: not ng-run %s --method=rope_freq --random-inputs=1 -o %t/out.safetensors 2>&1 | FileCheck --check-prefix=ROPE-FREQ %s
// ROPE-FREQ: error: method 'rope_freq', node 'y' (torch.ops.native.rope.default): 'inv_freq' [4] must be [head_dim / 2] = [2]
// RUN: test ! -e %t/out.safetensors

module {
  ng.method @no_kernel(%x: !ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3]> {
    ng.call "torch.ops.aten._assert_scalar.default"(self: false, assert_msg: "never checked") {node = "check"} : () -> ()
    %custom = ng.call "torch.ops.my_ns.custom_op.default"(self: %x) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3]>
    ng.output(%custom) : !ng.tensor<f32[2, 3]>
  }
  ng.method @assertion(%x: !ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3]> {
    %n = ng.call "torch.ops.aten.sym_size.int"(self: %x, dim: 0) : (!ng.tensor<f32[2, 3]>) -> i64
    %empty = ng.call "_operator.eq"(%n, 0) : (i64) -> i1
    ng.call "torch.ops.aten._assert_scalar.default"(self: %empty, assert_msg: "x is empty") {node = "check"} : (i1) -> ()
    ng.output(%x) : !ng.tensor<f32[2, 3]>
  }
  ng.method @out_of_bounds(%i: !ng.tensor<i64[2]>) -> !ng.tensor<f32[2]> {
    %table = ng.call "torch.ops.aten.arange.default"(end: 3, dtype: f32) : () -> !ng.tensor<f32[3]>
    %picked = ng.call "torch.ops.aten.index.Tensor"(self: %table, indices: [%i]) : (!ng.tensor<f32[3]>, !ng.tensor<i64[2]>) -> !ng.tensor<f32[2]>
    ng.output(%picked) : !ng.tensor<f32[2]>
  }
  ng.method @bad_view(%x: !ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[6]> {
    %t = ng.call "torch.ops.aten.t.default"(self: %x) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[3, 2], dim_order = [1, 0]> aliases %x
    %flat = ng.call "torch.ops.aten.view.default"(self: %t, size: [6]) : (!ng.tensor<f32[3, 2], dim_order = [1, 0]>) -> !ng.tensor<f32[6]> aliases %t
    ng.output(%flat) : !ng.tensor<f32[6]>
  }
  ng.method @wrong_type(%x: !ng.tensor<f32[2, 3]>) -> !ng.tensor<f16[2, 3]> {
    %sum = ng.call "torch.ops.aten.add.Tensor"(self: %x, other: %x) : (!ng.tensor<f32[2, 3]>, !ng.tensor<f32[2, 3]>) -> !ng.tensor<f16[2, 3]>
    ng.output(%sum) : !ng.tensor<f16[2, 3]>
  }
  ng.method @bad_broadcast(%x: !ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3]> {
    %half = ng.call "torch.ops.aten.slice.Tensor"(self: %x, dim: 1, start: 0, end: 2) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 2]> aliases %x
    %row = ng.call "torch.ops.aten.select.int"(self: %half, dim: 0, index: 0) : (!ng.tensor<f32[2, 2]>) -> !ng.tensor<f32[2]> aliases %half
    %bad = ng.call "torch.ops.aten.mul.Tensor"(self: %x, other: %row) : (!ng.tensor<f32[2, 3]>, !ng.tensor<f32[2]>) -> !ng.tensor<f32[2, 3]>
    ng.output(%bad) : !ng.tensor<f32[2, 3]>
  }
  ng.method @in_place(%x: !ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3]> {
    %row = ng.call "torch.ops.aten.select.int"(self: %x, dim: 0, index: 0) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[3]> aliases %x
    %grown = ng.call "torch.ops.aten.add_.Tensor"(self: mut %row, other: %x) : (!ng.tensor<f32[3]>, !ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[3]> aliases %row
    ng.output(%x) : !ng.tensor<f32[2, 3]>
  }
  ng.method @alias(%x: !ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3]> {
    %copy = ng.call "torch.ops.aten.clone.default"(self: %x) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3]> aliases %x
    ng.output(%copy) : !ng.tensor<f32[2, 3]>
  }
  ng.method @dynamic(%x: !ng.tensor<f32[1:8]>) -> !ng.tensor<i64[]> {
    %size = ng.call "torch.ops.aten.sym_size.int"(self: %x, dim: 0) : (!ng.tensor<f32[1:8]>) -> i64
    %n = ng.call "torch.ops.aten.scalar_tensor.default"(s: %size, dtype: i64) : (i64) -> !ng.tensor<i64[]>
    ng.output(%n) : !ng.tensor<i64[]>
  }
  ng.method @unbounded(%x: !ng.tensor<f32[1:?]>) -> !ng.tensor<f32[1:?]> {
    ng.output(%x) : !ng.tensor<f32[1:?]>
  }
  ng.method @rope_odd(%x: !ng.tensor<f32[1, 1, 2, 5]>, %p: !ng.tensor<i64[1, 2]>, %f: !ng.tensor<f32[2]>) -> !ng.tensor<f32[1, 1, 2, 5]> {
    %y = ng.call "torch.ops.native.rope.default"(input: %x, position_ids: %p, inv_freq: %f, interleaved: false, attention_scale: 1.0) : (!ng.tensor<f32[1, 1, 2, 5]>, !ng.tensor<i64[1, 2]>, !ng.tensor<f32[2]>) -> !ng.tensor<f32[1, 1, 2, 5]>
    ng.output(%y) : !ng.tensor<f32[1, 1, 2, 5]>
  }
  ng.method @rope_positions(%x: !ng.tensor<f32[1, 1, 2, 4]>, %p: !ng.tensor<i64[1, 3]>, %f: !ng.tensor<f32[2]>) -> !ng.tensor<f32[1, 1, 2, 4]> {
    %y = ng.call "torch.ops.native.rope.default"(input: %x, position_ids: %p, inv_freq: %f, interleaved: false, attention_scale: 1.0) : (!ng.tensor<f32[1, 1, 2, 4]>, !ng.tensor<i64[1, 3]>, !ng.tensor<f32[2]>) -> !ng.tensor<f32[1, 1, 2, 4]>
    ng.output(%y) : !ng.tensor<f32[1, 1, 2, 4]>
  }
  ng.method @rope_freq(%x: !ng.tensor<f32[1, 1, 2, 4]>, %p: !ng.tensor<i64[1, 2]>, %f: !ng.tensor<f32[4]>) -> !ng.tensor<f32[1, 1, 2, 4]> {
    %y = ng.call "torch.ops.native.rope.default"(input: %x, position_ids: %p, inv_freq: %f, interleaved: false, attention_scale: 1.0) : (!ng.tensor<f32[1, 1, 2, 4]>, !ng.tensor<i64[1, 2]>, !ng.tensor<f32[4]>) -> !ng.tensor<f32[1, 1, 2, 4]>
    ng.output(%y) : !ng.tensor<f32[1, 1, 2, 4]>
  }
}
