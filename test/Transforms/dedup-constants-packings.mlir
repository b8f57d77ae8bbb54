// --ng-dedup-constants on #ng.int4_packing entries (the torchao fold's,
// NgAttrs.td): two packings of equal sources pack to equal bytes, so the
// second becomes an alias of the first (C1); a stored entry that holds
// those packed bytes stays its own (merging it would pack what is stored).
//
// RUN: ng-opt %s --ng-dedup-constants | FileCheck %s
// RUN: ng-opt %s --ng-dedup-constants=report=true -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: rm -rf %t && mkdir %t
// RUN: ng-opt %s --ng-dedup-constants -o %t/p.ptn
// RUN: unzip -p %t/p.ptn aliases.json | FileCheck %s --check-prefix=ALIASES
// RUN: ng-translate --from-native-graph %t/p.ptn | FileCheck %s --check-prefix=IMPORT

// CHECK: ng.data = {p = #ng.int4_packing<dense_resource<w1> : tensor<1x2xi8>>, q = #ng.int4_packing<dense_resource<w1> : tensor<1x2xi8>>, r = dense_resource<r> : tensor<1x1xui8>}
// REMARK:     remark: data 'q' (1 bytes) is the same as 'p's: stored once, as an alias
// REMARK-NOT: remark
// ALIASES: {"q":"p"}
// The packing of [0, 0] is 0x88, written once, under p.
// IMPORT: ng.data = {p = dense_resource<p> : tensor<1x1xui8>, q = dense_resource<p> : tensor<1x1xui8>, r = dense_resource<r> : tensor<1x1xui8>}
// IMPORT: p: "0x{{[0-9A-F]{8}()}}88",
// IMPORT: r: "0x{{[0-9A-F]{8}()}}88"

module attributes {ng.data = {
    p = #ng.int4_packing<dense_resource<w1> : tensor<1x2xi8>>,
    q = #ng.int4_packing<dense_resource<w2> : tensor<1x2xi8>>,
    r = dense_resource<r> : tensor<1x1xui8>}} {
  ng.method @forward(
      %p: !ng.tensor<ui8[1, 1]> = parameter "p",
      %q: !ng.tensor<ui8[1, 1]> = parameter "q",
      %r: !ng.tensor<ui8[1, 1]> = parameter "r")
      -> (!ng.tensor<ui8[1, 1]>, !ng.tensor<ui8[1, 1]>, !ng.tensor<ui8[1, 1]>) {
    ng.output(%p, %q, %r) : !ng.tensor<ui8[1, 1]>, !ng.tensor<ui8[1, 1]>, !ng.tensor<ui8[1, 1]>
  }
}

{-#
  dialect_resources: { builtin: {
    w1: "0x010000000000",
    w2: "0x010000000000",
    r: "0x0100000088"
  } }
#-}
