//===- TestPasses.td - ng-opt's test passes ----------------*- tablegen -*-===//
//
// Passes that print what an analysis answers, for the lit suite to check.
// They are ng-opt's alone (ng::test::registerTestPasses): not in ng's pass
// registry (ng::registerAllPasses), the C API's or the Python bindings'
// pass lists, nor the generated pass reference, as MLIR keeps its own in
// mlir/test/lib.
//
//===----------------------------------------------------------------------===//

#ifndef NG_TEST_ANALYSIS_TESTPASSES_TD
#define NG_TEST_ANALYSIS_TESTPASSES_TD

include "mlir/Pass/PassBase.td"

def TestAliasAnalysis : Pass<"ng-test-alias-analysis", "mlir::ModuleOp"> {
  let summary = "Print the alias analysis' answer for each pair of values "
                "(testing aid)";
  let description = [{
    For each method, prints to stderr, in the style of MLIR's
    `test-alias-analysis`:

    * the storage classes of the method and of each subgraph: the root, its
      kind (user_input, parameter, buffer, constant, mutable_buffer, fresh,
      subgraph_input, unknown), whether anything writes it, its members and
      its writers;
    * `a <-> b: MustAlias|PartialAlias|MayAlias|NoAlias` for every pair of
      tensors;
    * `node -> v: NoModRef|Ref|Mod|ModRef` for every node and tensor.

    ```
    Testing : "forward"
    storage classes of 'forward':
      aten_clone_default (fresh, written): aten_clone_default, aten_slice_tensor, aten_mul__tensor; written by aten_mul__tensor
    aten_clone_default <-> aten_slice_tensor: PartialAlias
    aten_mul__tensor -> aten_clone_default: ModRef
    ```

    Values are named by their wire names, prefixed inside a subgraph with
    its node and graph label (`cond/true_graph_0/x_1`). The answers are
    `mlir::AliasAnalysis`' with ng's implementation added
    (`ng::AliasAnalysis`); docs/Aliasing.md explains them.

    Anchored on the module: it is one report for the whole program, in
    program order, which methods run in parallel would print interleaved.
    (The analysis itself is per method.)
  }];
  let options = [
    Option<"printClasses", "classes", "bool", /*default=*/"true",
           "Print the storage classes">,
    Option<"printAlias", "alias", "bool", /*default=*/"true",
           "Print alias(a, b) for each pair of tensors">,
    Option<"printModRef", "mod-ref", "bool", /*default=*/"true",
           "Print getModRef(node, v) for each node and tensor">
  ];
}

#endif // NG_TEST_ANALYSIS_TESTPASSES_TD
