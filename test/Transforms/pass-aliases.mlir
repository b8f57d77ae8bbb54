// The old pass names are deprecated aliases for one release (docs/Tools.md,
// "Pass names"): --fold-q4-weights and --legalize-dim-order run the renamed
// passes with the same options, on the command line and in a textual
// pipeline; --ng-cse runs upstream --cse. This file is where the old names
// are tested; every other test spells the new ones.

// --help lists the typed options' values and calls the aliases deprecated.
// RUN: ng-opt --help | FileCheck %s --check-prefix=HELP
// HELP:      --ng-fold-q4-weights
// HELP-NEXT:   --formats=<value>
// HELP-NEXT:   =gguf
// HELP-NEXT:   =torchao
// HELP:      --ng-legalize-dim-order
// HELP-NEXT:   --contiguous=<value>
// HELP-NEXT:   =identity
// HELP-NEXT:   =empty
// HELP:      Pass Pipelines:
// HELP:      --fold-q4-weights {{.*}}Deprecated alias of --ng-fold-q4-weights (same options
// HELP:      --legalize-dim-order {{.*}}Deprecated alias of --ng-legalize-dim-order (same options
// HELP:      --ng-cse {{.*}}Deprecated alias of --cse (upstream CSE

// --fold-q4-weights, with options, on the command line and in a pipeline.
// RUN: ng-opt %S/fold-q4-weights-gguf.mlir -split-input-file --ng-fold-q4-weights=formats=gguf > %t.fold
// RUN: ng-opt %S/fold-q4-weights-gguf.mlir -split-input-file --fold-q4-weights=formats=gguf | diff %t.fold -
// RUN: ng-opt %S/fold-q4-weights-gguf.mlir -split-input-file '--pass-pipeline=builtin.module(fold-q4-weights{formats=gguf})' | diff %t.fold -
// RUN: ng-opt %S/fold-q4-weights-gguf.mlir -split-input-file --fold-q4-weights | diff %t.fold -

// --legalize-dim-order, with options, on the command line (nested under
// the module's methods, as the pass is) and in a pipeline.
// RUN: ng-opt %S/legalize-dim-order-canonicalize.mlir -split-input-file --ng-legalize-dim-order=contiguous=empty > %t.legal
// RUN: ng-opt %S/legalize-dim-order-canonicalize.mlir -split-input-file --legalize-dim-order=contiguous=empty | diff %t.legal -
// RUN: ng-opt %S/legalize-dim-order-canonicalize.mlir -split-input-file '--pass-pipeline=builtin.module(ng.method(legalize-dim-order{contiguous=empty}))' | diff %t.legal -

// An alias creates the pass under its new name, options and all.
// RUN: echo 'module {}' | ng-opt --fold-q4-weights=formats=torchao --legalize-dim-order=reverse=true --ng-cse --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=PIPELINE
// PIPELINE:      builtin.module(
// PIPELINE-NEXT:   ng-fold-q4-weights{formats={torchao} report=false},
// PIPELINE-NEXT:   ng.method(
// PIPELINE-NEXT:     ng-legalize-dim-order{contiguous=identity {{ *}}reverse=true}
// PIPELINE-NEXT:   ),
// PIPELINE-NEXT:   cse
// PIPELINE-NEXT: )

// A bad option value, or an alias on the wrong op, is an error like the
// pass's own.
// RUN: echo 'module {}' | not ng-opt --legalize-dim-order=contiguous=none 2>&1 | FileCheck %s --check-prefix=BAD-VALUE
// BAD-VALUE: for the --contiguous option: Cannot find option named 'none'!
// RUN: echo 'module {}' | not ng-opt '--pass-pipeline=builtin.module(legalize-dim-order)' 2>&1 | FileCheck %s --check-prefix=NEST
// NEST: error: Can't add pass 'ng-legalize-dim-order' restricted to 'ng.method' on a PassManager intended to run on 'builtin.module', did you intend to nest?

// --ng-cse is upstream --cse: the same output on the CSE tests.
// RUN: ng-opt %S/cse-dce-effects-cse.mlir -split-input-file > %t.parsed
// RUN: ng-opt %S/cse-dce-effects-cse.mlir -split-input-file --cse > %t.cse
// RUN: ng-opt %S/cse-dce-effects-cse.mlir -split-input-file --ng-cse | diff %t.cse -
// RUN: not diff %t.parsed %t.cse > /dev/null
