//===- Passes.td - ng passes -------------------------------*- tablegen -*-===//

#ifndef NG_TRANSFORMS_PASSES_TD
#define NG_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def PrintSummary : Pass<"ng-print-summary", "mlir::ModuleOp"> {
  let summary = "Print what each method holds: nodes, inputs, constants, "
                "mutable buffers, outputs";
  let description = [{
    Prints one block per `ng.method` to stdout (the IR itself is left
    unchanged and still goes to `-o`):

    ```
    program: version 1.0, 1 method
    method 'forward': 12 nodes (4 placeholders, 7 calls, 1 output), ...
    ```

    Handy after `ng-translate --from-native-graph` to see what a file holds:
    `ng-translate --from-native-graph m.nptg | ng-opt --ng-print-summary -o /dev/null`.
  }];
}

#endif // NG_TRANSFORMS_PASSES_TD
