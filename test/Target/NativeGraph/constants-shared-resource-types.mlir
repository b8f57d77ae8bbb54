// Two keys that read one resource as different types (the text can say so;
// the fuzzer found it) are two tensors in the package, not an alias: an
// aliases.json entry is the owner's tensor, dtype and shape included (C1,
// C2), and importing it would give the other key the owner's type (V14).
// Keys that read one resource as one type stay one stored tensor.
//
// RUN: rm -rf %t && mkdir %t
// RUN: ng-translate --to-native-graph %s -o %t/p.ptn
// RUN: unzip -p %t/p.ptn aliases.json | FileCheck %s --check-prefix=ALIASES
// RUN: ng-translate --from-native-graph %t/p.ptn | FileCheck %s
// ALIASES: {"t":"w"}
// CHECK: ng.data = {s = dense_resource<s> : tensor<2x1xf32>, t = dense_resource<w> : tensor<2x4xi8>, w = dense_resource<w> : tensor<2x4xi8>}
// CHECK:      s: "0x{{[0-9A-F]{8}()}}F8F906070001FF05",
// CHECK-NEXT: w: "0x{{[0-9A-F]{8}()}}F8F906070001FF05"

module attributes {ng.data = {s = dense_resource<w> : tensor<2x1xf32>, t = dense_resource<w> : tensor<2x4xi8>, w = dense_resource<w> : tensor<2x4xi8>}} {
  ng.method @forward(
    %w: !ng.tensor<i8[2, 4]> = parameter "w",
    %t: !ng.tensor<i8[2, 4]> = parameter "t",
    %s: !ng.tensor<f32[2, 1]> = constant "s"
  ) -> (!ng.tensor<i8[2, 4]>, !ng.tensor<i8[2, 4]>, !ng.tensor<f32[2, 1]>) {
    ng.output(%w, %t, %s) : !ng.tensor<i8[2, 4]>, !ng.tensor<i8[2, 4]>, !ng.tensor<f32[2, 1]>
  }
}
{-#
  dialect_resources: {
    builtin: {
      w: "0x01000000F8F906070001FF05"
    }
  }
#-}
