// Dim orders are honoured (D1, D4): a copy to channels-last lays its
// storage out NHWC, so permuting it to NHWC is a contiguous view that
// `view` can flatten, reading the elements in NHWC order. Were the
// recorded order ignored, the permuted strides would not flatten and the
// view would fail (as the contiguous method shows).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/st.py write %t/in.safetensors 'x=f32[1,2,2,2]:0,1,2,3,4,5,6,7'
// RUN: ng-run %s --method=channels_last --inputs=%t/in.safetensors -o %t/out.safetensors
// RUN: %python %S/Inputs/st.py dump %t/out.safetensors | FileCheck %s
// CHECK: flat f32 [8] = [0, 4, 1, 5, 2, 6, 3, 7]
// RUN: not ng-run %s --method=contiguous --inputs=%t/in.safetensors -o %t/out2.safetensors 2>&1 | FileCheck --check-prefix=CONTIGUOUS %s
// CONTIGUOUS: error: method 'contiguous', node 'flat' (torch.ops.aten.view.default): view size [8] is not compatible with the input's size and stride
// A user input recorded channels-last is stored that way too.
// RUN: ng-run %s --method=input_layout --inputs=%t/in.safetensors -o %t/out3.safetensors
// RUN: %python %S/Inputs/st.py dump %t/out3.safetensors | FileCheck %s

module {
  ng.method @channels_last(%x: !ng.tensor<f32[1, 2, 2, 2]>) -> !ng.tensor<f32[8]> {
    %cl = ng.call "torch.ops.dim_order_ops._to_dim_order_copy.default"(self: %x, dtype: none, dim_order: [0, 2, 3, 1]) : (!ng.tensor<f32[1, 2, 2, 2]>) -> !ng.tensor<f32[1, 2, 2, 2], dim_order = [0, 2, 3, 1]>
    %nhwc = ng.call "torch.ops.aten.permute.default"(self: %cl, dims: [0, 2, 3, 1]) : (!ng.tensor<f32[1, 2, 2, 2], dim_order = [0, 2, 3, 1]>) -> !ng.tensor<f32[1, 2, 2, 2]> aliases %cl
    %flat = ng.call "torch.ops.aten.view.default"(self: %nhwc, size: [8]) : (!ng.tensor<f32[1, 2, 2, 2]>) -> !ng.tensor<f32[8]> aliases %nhwc
    ng.output(%flat) : !ng.tensor<f32[8]>
  }
  ng.method @contiguous(%x: !ng.tensor<f32[1, 2, 2, 2]>) -> !ng.tensor<f32[8]> {
    %c = ng.call "torch.ops.aten.clone.default"(self: %x) : (!ng.tensor<f32[1, 2, 2, 2]>) -> !ng.tensor<f32[1, 2, 2, 2]>
    %nhwc = ng.call "torch.ops.aten.permute.default"(self: %c, dims: [0, 2, 3, 1]) : (!ng.tensor<f32[1, 2, 2, 2]>) -> !ng.tensor<f32[1, 2, 2, 2], dim_order = [0, 3, 1, 2]> aliases %c
    %flat = ng.call "torch.ops.aten.view.default"(self: %nhwc, size: [8]) : (!ng.tensor<f32[1, 2, 2, 2], dim_order = [0, 3, 1, 2]>) -> !ng.tensor<f32[8]> aliases %nhwc
    ng.output(%flat) : !ng.tensor<f32[8]>
  }
  ng.method @input_layout(%x: !ng.tensor<f32[1, 2, 2, 2], dim_order = [0, 2, 3, 1]>) -> !ng.tensor<f32[8]> {
    %nhwc = ng.call "torch.ops.aten.permute.default"(self: %x, dims: [0, 2, 3, 1]) : (!ng.tensor<f32[1, 2, 2, 2], dim_order = [0, 2, 3, 1]>) -> !ng.tensor<f32[1, 2, 2, 2]> aliases %x
    %flat = ng.call "torch.ops.aten.view.default"(self: %nhwc, size: [8]) : (!ng.tensor<f32[1, 2, 2, 2]>) -> !ng.tensor<f32[8]> aliases %nhwc
    ng.output(%flat) : !ng.tensor<f32[8]>
  }
}
