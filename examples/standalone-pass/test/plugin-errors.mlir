// The pass exists only with its plugin loaded; a plugin that cannot be
// loaded stops ng-opt with the loader's reason (MLIR's own driver would
// print "Request ignored" and run without it).
// RUN: not %ng-opt %s --ng-example-drop-assertions 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not %ng-opt --load-pass-plugin=%t.missing.so %s 2>&1 | FileCheck %s --check-prefix=MISSING
// UNKNOWN: Unknown command line argument '--ng-example-drop-assertions'
// MISSING: error: cannot load pass plugin '{{.*}}missing.so': Could not load library
// MISSING-NOT: ng.method
ng.method @m(%x: !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> {
  ng.output(%x) : !ng.tensor<f32[3]>
}
