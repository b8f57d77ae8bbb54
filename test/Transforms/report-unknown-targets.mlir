// RUN: ng-opt --ng-report %s -o /dev/null 2>&1 | FileCheck %s
// RUN: ng-opt --ng-report=json=true %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=JSON
//
// --ng-report separates the kernels a runtime needs from targets no op
// schema knows (ng/Dialect/OpSchemas.h): a misspelled overload is not
// listed as a kernel.
//
// CHECK: targets: 2 (1 kernels, 0 views, 0 metadata, 1 unknown to ng's op schemas)
// CHECK: kernel    torch.ops.aten.neg.default
// CHECK: unknown   torch.ops.aten.rsqrt.defualt
// JSON: "target": "torch.ops.aten.neg.default",
// JSON-NEXT: "kind": "kernel",
// JSON: "target": "torch.ops.aten.rsqrt.defualt",
// JSON-NEXT: "kind": "unknown",
ng.method @forward(%x: !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> {
  %r = ng.call "torch.ops.aten.rsqrt.defualt"(self: %x) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  %n = ng.call "torch.ops.aten.neg.default"(self: %r) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  ng.output(%n) : !ng.tensor<f32[3]>
}
