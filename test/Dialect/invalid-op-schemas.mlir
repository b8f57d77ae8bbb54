// RUN: ng-opt %s -split-input-file -verify-diagnostics

// The verifier on argument names and kinds: they must agree with the
// target's operator schema when the table knows it (ng/Dialect/OpSchemas.h,
// lib/Dialect/OpSchemas.txt), as the runtime's kernel registry requires.
// Unknown targets (--ng-check-runtime and --ng-report name them),
// positional arguments and schema-less higher-order ops are not checked.
// The import verifies the same way and also warns on an unknown target of a
// covered namespace (test/Target/NativeGraph/import-op-schemas.test).
// Cases marked "accepted" must not be rejected.

// A misspelled argument name.
ng.method @forward(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  // expected-error @+1 {{'ng.call' op argument 'slef' is not a parameter of aten::rsqrt (self)}}
  %aten_rsqrt_default = ng.call "torch.ops.aten.rsqrt.default"(slef: %x) : (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
  ng.output(%aten_rsqrt_default) : !ng.tensor<f32[2]>
}

// -----

// An argument of a kind its parameter's type does not take.
ng.method @forward(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
  // expected-error @+1 {{'ng.call' op argument 'alpha' is a tensor, but aten::add.Tensor declares it 'Scalar'}}
  %aten_add_tensor = ng.call "torch.ops.aten.add.Tensor"(self: %x, other: %x, alpha: %x) : (!ng.tensor<f32[2]>, !ng.tensor<f32[2]>, !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
  ng.output(%aten_add_tensor) : !ng.tensor<f32[2]>
}

// -----

// None for a parameter that is not optional.
ng.method @forward(%x: !ng.tensor<f32[2, 2]>) -> !ng.tensor<f32[2, 2]> {
  // expected-error @+1 {{'ng.call' op argument 'weight' is none, but aten::linear declares it 'Tensor'}}
  %aten_linear_default = ng.call "torch.ops.aten.linear.default"(input: %x, weight: none, bias: none) : (!ng.tensor<f32[2, 2]>) -> !ng.tensor<f32[2, 2]>
  ng.output(%aten_linear_default) : !ng.tensor<f32[2, 2]>
}

// -----

// Accepted: None for an optional parameter, one int for an int[2], any
// number for a Scalar, positional arguments. A custom op's arguments are
// not checked.
ng.method @forward(%x: !ng.tensor<f32[1, 1, 4, 4]>, %w: !ng.tensor<f32[4, 4]>) -> !ng.tensor<f32[1, 1, 2, 2]> {
  %lin = ng.call "torch.ops.aten.linear.default"(input: %x, weight: %w, bias: none) : (!ng.tensor<f32[1, 1, 4, 4]>, !ng.tensor<f32[4, 4]>) -> !ng.tensor<f32[1, 1, 4, 4]>
  %add = ng.call "torch.ops.aten.add.Tensor"(self: %lin, other: %lin, alpha: 2.5) : (!ng.tensor<f32[1, 1, 4, 4]>, !ng.tensor<f32[1, 1, 4, 4]>) -> !ng.tensor<f32[1, 1, 4, 4]>
  %pool = ng.call "torch.ops.aten.avg_pool2d.default"(self: %add, kernel_size: [2, 2], stride: [2, 2], padding: 0, ceil_mode: false, count_include_pad: true, divisor_override: none) : (!ng.tensor<f32[1, 1, 4, 4]>) -> !ng.tensor<f32[1, 1, 2, 2]>
  %frob = ng.call "torch.ops.my_ns.frob.default"(slef: %pool) : (!ng.tensor<f32[1, 1, 2, 2]>) -> !ng.tensor<f32[1, 1, 2, 2]>
  %pos = ng.call "torch.ops.aten.relu.default"(%frob) : (!ng.tensor<f32[1, 1, 2, 2]>) -> !ng.tensor<f32[1, 1, 2, 2]>
  ng.output(%pos) : !ng.tensor<f32[1, 1, 2, 2]>
}
