// RUN: ng-opt %s -split-input-file -verify-diagnostics

// TensorMeta rules the native runtime's loader enforces, on ng IR: a Dim is
// static (min == max), dynamic (min < max) or unbounded (max < 0), with a
// non-negative extent (S8); rank, extents and byte size have limits (C4).
// The importer refuses the same metadata with the same messages
// (test/Target/NativeGraph/invalid-tensor-limits.test). Cases marked
// "accepted" sit right at a limit and must not be rejected.

// expected-error @+1 {{dim #1 has min 5 > max 3; a dynamic dim has min < max (S8)}}
ng.method @forward(%x: !ng.tensor<f32[2, 5:3]>) {
  ng.output()
}

// -----

// expected-error @+1 {{dim #0 has a negative extent -1; extents are >= 0 (S8)}}
ng.method @forward(%x: !ng.tensor<f32[-1]>) {
  ng.output()
}

// -----

// expected-error @+1 {{dim #0 has a negative min -2; extents are >= 0 (S8)}}
ng.method @forward(%x: !ng.tensor<f32[-2:?]>) {
  ng.output()
}

// -----

// expected-error @+1 {{tensor rank 65 exceeds the limit of 64 (C4)}}
ng.method @forward(%x: !ng.tensor<i8[1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]>) {
  ng.output()
}

// -----

// expected-error @+1 {{dim #0 extent 2147483648 exceeds the limit of 2^31-1 (C4)}}
ng.method @forward(%x: !ng.tensor<i8[2147483648]>) {
  ng.output()
}

// -----

// A dynamic dim's bound is an extent too.
// expected-error @+1 {{dim #0 extent 4294967296 exceeds the limit of 2^31-1 (C4)}}
ng.method @forward(%x: !ng.tensor<i8[1:4294967296]>) {
  ng.output()
}

// -----

// 2^20 x 2^18 f32 elements: 2^40 bytes is the limit, one more dim of 2 is past it.
// expected-error @+1 {{tensor of 2199023255552 bytes exceeds the limit of 2^40 bytes (C4)}}
ng.method @forward(%x: !ng.tensor<f32[1048576, 262144, 2]>) {
  ng.output()
}

// -----

// Past 2^64 bytes: the product is overflow-checked.
// expected-error @+1 {{tensor of more than 2^64 bytes exceeds the limit of 2^40 bytes (C4)}}
ng.method @forward(%x: !ng.tensor<f64[2147483647, 2147483647, 2147483647]>) {
  ng.output()
}

// -----

// Accepted: rank 64, an extent of 2^31-1, 2^40 bytes exactly, an unbounded
// dim (its minimum counts), a zero extent, a dynamic dim.
ng.method @forward(%a: !ng.tensor<i8[1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]>, %b: !ng.tensor<i8[2147483647]>, %c: !ng.tensor<f32[1048576, 262144]>, %d: !ng.tensor<f32[1:?, 4]>, %e: !ng.tensor<f32[0]>, %f: !ng.tensor<f32[0:8]>) {
  ng.output()
}
