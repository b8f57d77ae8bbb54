// Hostile programs: sizes that would exhaust memory, dims and views out of
// range. Each is an error naming the node or placeholder, never a crash.
// RUN: not ng-run %s --method=full --random-inputs=1 -o %t.out 2>&1 | FileCheck --check-prefix=FULL %s
// FULL: error: method 'full', node 'f' (torch.ops.aten.full.default): a tensor of sizes [100000, 100000] has more than 2^30 elements, which ng-run does not make
// RUN: not ng-run %s --method=buffer --random-inputs=1 -o %t.out 2>&1 | FileCheck --check-prefix=BUFFER %s
// BUFFER: error: method 'buffer', placeholder 'b' has more than 2^30 elements, which ng-run does not make
// RUN: not ng-run %s --method=unbounded --random-inputs=1 --dim '*=100000000000' -o %t.out 2>&1 | FileCheck --check-prefix=INPUT %s
// INPUT: error: user input 'x' of sizes [100000000000] would have more than 2^30 elements
// RUN: not ng-run %s --method=expand --random-inputs=1 -o %t.out 2>&1 | FileCheck --check-prefix=EXPAND %s
// EXPAND: error: method 'expand', node 'e' (torch.ops.aten.expand.default): a tensor of sizes [100000, 100000] has more than 2^30 elements
// RUN: not ng-run %s --method=bad_dim --random-inputs=1 -o %t.out 2>&1 | FileCheck --check-prefix=DIM %s
// DIM: error: method 'bad_dim', node 's' (torch.ops.aten.select.int): dim 5 is out of range for rank 1
// RUN: not ng-run %s --method=strided --random-inputs=1 -o %t.out 2>&1 | FileCheck --check-prefix=STRIDED %s
// STRIDED: error: method 'strided', node 's' (torch.ops.aten.as_strided.default): as_strided: the view reaches beyond its storage
// RUN: test ! -e %t.out

module {
  ng.method @full() -> !ng.tensor<f32[100000, 100000]> {
    %f = ng.call "torch.ops.aten.full.default"(size: [100000, 100000], fill_value: 1.0) : () -> !ng.tensor<f32[100000, 100000]>
    ng.output(%f) : !ng.tensor<f32[100000, 100000]>
  }
  ng.method @buffer(%b: !ng.tensor<f32[100000, 100000]> = mutable_buffer "big") -> !ng.tensor<f32[100000, 100000]> {
    ng.output(%b) : !ng.tensor<f32[100000, 100000]>
  }
  ng.method @unbounded(%x: !ng.tensor<f32[1:?]>) -> !ng.tensor<f32[1:?]> {
    ng.output(%x) : !ng.tensor<f32[1:?]>
  }
  ng.method @expand(%x: !ng.tensor<f32[1]>) -> !ng.tensor<f32[]> {
    %e = ng.call "torch.ops.aten.expand.default"(self: %x, size: [100000, 100000]) : (!ng.tensor<f32[1]>) -> !ng.tensor<f32[100000, 100000]> aliases %x
    %s = ng.call "torch.ops.aten.sum.default"(self: %e) : (!ng.tensor<f32[100000, 100000]>) -> !ng.tensor<f32[]>
    ng.output(%s) : !ng.tensor<f32[]>
  }
  ng.method @bad_dim(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
    %s = ng.call "torch.ops.aten.select.int"(self: %x, dim: 5, index: -9) : (!ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
    ng.output(%s) : !ng.tensor<f32[2]>
  }
  ng.method @strided(%x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[4]> {
    %s = ng.call "torch.ops.aten.as_strided.default"(self: %x, size: [4], stride: [1]) : (!ng.tensor<f32[2]>) -> !ng.tensor<f32[4]> aliases %x
    ng.output(%s) : !ng.tensor<f32[4]>
  }
}
