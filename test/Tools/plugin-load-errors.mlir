// A pass or dialect plugin that cannot be loaded stops ng-opt with the
// loader's reason and no output (MLIR's driver would print "Request
// ignored" and run the pipeline without it). Loading a real plugin is
// tested by examples/standalone-pass against the installed package
// (scripts/check-standalone-example.sh).
// RUN: not ng-opt --load-pass-plugin=%t.missing.so %s 2>&1 | FileCheck %s --check-prefix=PASS
// RUN: not ng-opt --load-pass-plugin %t.missing.so %s 2>&1 | FileCheck %s --check-prefix=PASS
// RUN: not ng-opt %s --load-dialect-plugin=%t.missing.so 2>&1 | FileCheck %s --check-prefix=DIALECT
// A file that is no plugin (this test) is refused too.
// RUN: not ng-opt --load-pass-plugin=%s %s 2>&1 | FileCheck %s --check-prefix=NOTSO
// PASS: error: cannot load pass plugin '{{.*}}missing.so': Could not load library
// PASS-NOT: ng.method
// DIALECT: error: cannot load dialect plugin '{{.*}}missing.so'
// NOTSO: error: cannot load pass plugin '{{.*}}plugin-load-errors.mlir'
ng.method @m(%x: !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> {
  ng.output(%x) : !ng.tensor<f32[3]>
}
