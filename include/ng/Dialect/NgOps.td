//===- NgOps.td - ng operations ----------------------------*- tablegen -*-===//

#ifndef NG_DIALECT_NGOPS_TD
#define NG_DIALECT_NGOPS_TD

include "ng/Dialect/NgDialect.td"
include "ng/Dialect/NgAttrs.td"
include "ng/Dialect/NgInterfaces.td"
include "ng/Dialect/NgTypes.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/FunctionInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Ng_ArgArrayAttr : TypedArrayAttrBase<Ng_ArgAttr, "NamedArgument list">;

// A placeholder's binding (include/ng/Dialect/PlaceholderBinding.h): in
// the generic form and bytecode its attribute, #ng.constant or
// #ng.mutable_buffer, or unit for a user input.
def Ng_BindingProp : Property<"::ng::PlaceholderBinding", "placeholder binding",
                              "const ::ng::PlaceholderBinding &"> {
  let convertToAttribute = [{
    if (::mlir::Attribute attr = $_storage.toAttr($_ctxt))
      return attr;
    return ::mlir::UnitAttr::get($_ctxt);
  }];
  let convertFromAttribute = [{
    if (::llvm::isa<::mlir::UnitAttr>($_attr)) {
      $_storage = ::ng::PlaceholderBinding::input();
      return ::mlir::success();
    }
    if (!$_attr || !::ng::PlaceholderBinding::fromAttr($_attr, $_storage))
      return $_diag() << "expected #ng.constant, #ng.mutable_buffer or unit "
                         "(a user input) as a placeholder binding, got "
                      << $_attr;
    return ::mlir::success();
  }];
  let hashProperty = "::ng::hash_value($_storage)";
  let printer = "$_printer << $_storage.toAttr($_ctxt)";
  let parser = [{
    ::mlir::Attribute attr;
    if ($_parser.parseAttribute(attr) ||
        !::ng::PlaceholderBinding::fromAttr(attr, $_storage))
      return ::mlir::failure();
  }];
  // Varints and a string, not an attribute made (twice: numbered, then
  // emitted) only to be written and, on reading, uniqued only to be taken
  // apart.
  let writeToMlirBytecode =
      "::ng::writePlaceholderBinding($_writer, $_storage);";
  let readFromMlirBytecode = [{
    if (::mlir::failed(::ng::readPlaceholderBinding($_reader, $_storage)))
      return ::mlir::failure();
  }];
}

// Which storages a node or method writes (include/ng/Dialect/WrittenMask.h,
// Storage.h): not printed in the custom form, where the method's parser
// reads it off the graph as the importer does; in the generic form and in
// bytecode the positions of the set bits.
def Ng_WrittenMaskProp : Property<"::ng::WrittenMask", "storage-written mask",
                                  "const ::ng::WrittenMask &"> {
  let convertToAttribute = "return $_storage.toAttr($_ctxt);";
  let convertFromAttribute = [{
    if (!::ng::WrittenMask::fromAttr($_attr, $_storage))
      return $_diag() << "expected the positions of written storages "
                         "(array<i32: ...>), got " << $_attr;
    return ::mlir::success();
  }];
  let hashProperty = "hash_value($_storage)";
  let printer = "$_printer << $_storage.toAttr($_ctxt)";
  let parser = [{
    ::mlir::Attribute attr;
    if ($_parser.parseAttribute(attr) ||
        !::ng::WrittenMask::fromAttr(attr, $_storage))
      return ::mlir::failure();
  }];
  // Varints, not a uniqued attribute: two masks an op, each written twice
  // (numbered, then emitted) by MLIR's writer.
  let writeToMlirBytecode = "::ng::writeWrittenMask($_writer, $_storage);";
  let readFromMlirBytecode = [{
    if (::mlir::failed(::ng::readWrittenMask($_reader, $_storage)))
      return ::mlir::failure();
  }];
}

//===----------------------------------------------------------------------===//
// ng.method
//===----------------------------------------------------------------------===//

def Ng_MethodOp : Ng_Op<"method", [
    FunctionOpInterface, IsolatedFromAbove, Symbol,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmBlockArgumentNames"]>]> {
  let summary = "one Method of the program";
  let description = [{
    A Method: its name is the symbol, its placeholders are the entry block's
    arguments (in node order), its call_function nodes are `ng.call`s and its
    OUTPUT node is the `ng.output` terminator.

    ```mlir
    ng.method @forward(%x: !ng.tensor<f32[2, 3]>,
                       %p_weight: !ng.tensor<f32[4, 3]>
                           = parameter "linear.weight")
        -> !ng.tensor<f32[2, 4]> {
      ...
    }
    ```

    Each argument's wire name is its SSA name, a hint kept in the block
    argument's location (`NameLoc`, include/ng/Dialect/WireNames.h) and
    printed as `ng.name` only when the SSA name cannot show it. The binding
    after the type and `=` gives a placeholder's role (kept in
    `arg_bindings`): absent for a user input (Graph.inputs), an input kind
    and data key (`= parameter "w"`, `= buffer "b" mutated`) for a
    NamedTensorRef, `= mutable_buffer "fqn"` for a MutableBufferSpec; the
    older spelling, `{ng.binding = #ng.constant<...>}` among the argument's
    attributes, still reads. Bindings are a property,
    one entry per placeholder, rather than argument attributes: a model has
    hundreds of thousands of placeholders, and each argument dictionary would
    be uniqued. `modifyPlaceholders` and `retypePlaceholders` keep them, the
    block arguments, the output specs and the function type in step. Other
    argument attributes go to `arg_attrs` as usual. The result types are
    those of the values `ng.output` returns.

    The verifier enforces FORMAT.md V7, V8, V10-V13 on the body. Names are
    hints: V1 and V2 are rules of the file, checked on import and guaranteed
    on export.
  }];
  let arguments = (ins
    SymbolNameAttr:$sym_name,
    TypeAttrOf<FunctionType>:$function_type,
    OptionalAttr<DictArrayAttr>:$arg_attrs,
    OptionalAttr<DictArrayAttr>:$res_attrs,
    ArrayProp<Ng_BindingProp>:$arg_bindings,
    // Whether each placeholder's storage is written (Storage.h).
    Ng_WrittenMaskProp:$written_placeholders);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasRegionVerifier = 1;
  let builders = [
    OpBuilder<(ins "::llvm::StringRef":$name, "::mlir::FunctionType":$type)>
  ];
  let extraClassDeclaration = [{
    ::llvm::ArrayRef<::mlir::Type> getArgumentTypes() {
      return getFunctionType().getInputs();
    }
    ::llvm::ArrayRef<::mlir::Type> getResultTypes() {
      return getFunctionType().getResults();
    }
    ::mlir::Region *getCallableRegion() { return &getBody(); }

    /// The wire name recorded for placeholder `index` ("" when none).
    ::llvm::StringRef getArgName(unsigned index);
    /// The binding of placeholder `index` as stored (a user input when none
    /// is recorded, which the verifier rejects).
    const PlaceholderBinding &getPlaceholderBinding(unsigned index);
    /// The same as an attribute (#ng.constant, #ng.mutable_buffer), or null
    /// for a user input. Made on request: prefer getPlaceholderBinding() in
    /// a loop over a model's placeholders.
    ::mlir::Attribute getArgBinding(unsigned index);
    /// Appends a placeholder: an entry block argument with its wire name
    /// (may be "") and binding, while the method is being built (the
    /// importer's and the parser's primitive). The caller keeps the
    /// function type in step (updateSignature), as the importer sets it
    /// once for all.
    ::mlir::BlockArgument addPlaceholder(::mlir::Type type,
                                         ::llvm::StringRef name,
                                         PlaceholderBinding binding,
                                         ::mlir::Location loc);
    /// Inserts and erases placeholders in one edit, through `rewriter` (as
    /// CIRCT's HWMutableModuleLike::modifyPorts): every list that runs
    /// parallel to them follows (bindings, argument attributes, the records
    /// of written storage), the `user_input_mutation` specs that name
    /// placeholders by position are renumbered, and the function type is
    /// updated. Each insertion goes before the placeholder its `index`
    /// names in the current numbering (the count of placeholders: at the
    /// end); insertions at one index keep their order. The placeholders in
    /// `erasures` must be unused and not written back
    /// (ng::whyPlaceholderIsNeeded). Returns the inserted placeholders, in
    /// the order of `insertions`.
    ::llvm::SmallVector<::mlir::BlockArgument>
    modifyPlaceholders(::mlir::RewriterBase &rewriter,
                       ::llvm::ArrayRef<PlaceholderInsertion> insertions,
                       const ::llvm::BitVector &erasures);
    /// Gives each placeholder `index` its type, through `rewriter`, and
    /// updates the function type once (with no types, only that: after
    /// ng::retypePlaceholder without the update).
    void retypePlaceholders(
        ::mlir::RewriterBase &rewriter,
        ::llvm::ArrayRef<std::pair<unsigned, ::mlir::Type>> types);
    /// Sets the function type from the entry block's argument types and the
    /// types ng.output returns: after a pass changed either.
    void updateSignature();
    /// The OUTPUT node.
    OutputOp getOutputOp();

  private:
    // Primitives of modifyPlaceholders: each keeps one list in step and
    // leaves the specs that name placeholders by position stale.
    ::mlir::BlockArgument insertPlaceholder(unsigned index, ::mlir::Type type,
                                            ::llvm::StringRef name,
                                            PlaceholderBinding binding,
                                            ::mlir::Location loc);
    void erasePlaceholders(const ::llvm::BitVector &indices);

  public:
  }];
}

//===----------------------------------------------------------------------===//
// ng.call
//===----------------------------------------------------------------------===//

def Ng_CallOp : Ng_Op<"call", [
    IsolatedFromAbove,
    // Derived from `mut`, alias_of and the op facts
    // (lib/Dialect/NgEffects.cpp, docs/Aliasing.md).
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    // The arguments and their operands (WireArguments.h).
    Ng_WireArgumentOpInterface,
    DeclareOpInterfaceMethods<OpAsmOpInterface,
        ["getAsmResultNames", "getAsmBlockArgumentNames"]>]> {
  let summary = "a call_function node";
  let description = [{
    One generic op for every call_function node. The target is a string,
    each NamedArgument prints as `name: value` (positional ones without the
    name), SSA values are operands, literals are kept in `args`, and each
    GraphArg is a region written inline where the argument stands:

    ```mlir
    %aten_add_tensor = ng.call "torch.ops.aten.add.Tensor"(self: %x, other: %y, alpha: 1)
        : (!ng.tensor<f32[2, 3]>, !ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3]>
    ```

    Argument values: `%v` (TensorArg, or an Int/Float/BoolArg `ref` when the
    value is i64/f64/i1), `none`, `1`, `1.5`, `inf`, `-inf`, `nan`, `true`,
    `"text"`, a dtype such as `f16` (ScalarTypeArg), lists `[1, %s]`,
    `[1.0, 2.5]`, `[true]`, `[%a, %b]`, `[%a, none]`, typed empties and the
    rarer list spellings `ints[...]`, `symints[...]` (IntListArg whose `refs`
    is present), `floats[...]`, `bools[...]`, `tensors[...]`,
    `optional_tensors[...]`, and `graph "label"(%a: T) { ... }`. A written
    argument is marked `mut`: `(self: mut %x, ...)`.

    Results: one per Output; a TENSOR_LIST output is a group of results whose
    types print in brackets, `-> ([!ng.tensor<..>, !ng.tensor<..>])`. Scalar
    outputs (INT, BOOL, FLOAT) are i64, i1 and f64. `aliases %v` after a
    result type records Output.alias_of. Result names are the wire names
    (`names`, printed only when SSA names cannot show them); `node` is the
    node's name when it differs from the first result's. Names are hints
    kept in the op's location (include/ng/Dialect/WireNames.h), so MLIR's
    passes ignore them when they compare ops; `metadata` keeps the node's
    KeyValue pairs in order.
  }];
  let arguments = (ins
    StrAttr:$target,
    Ng_ArgArrayAttr:$args,
    OptionalAttr<DenseI32ArrayAttr>:$output_groups,
    OptionalAttr<DenseI32ArrayAttr>:$alias_of,
    OptionalAttr<ArrayAttr>:$metadata,
    // Whether the storage of each result, and of each subgraph's inputs,
    // is written (Storage.h).
    Ng_WrittenMaskProp:$written,
    Ng_WrittenMaskProp:$written_graph_inputs,
    Variadic<Ng_NodeValue>:$operands);
  let results = (outs Variadic<Ng_NodeValue>:$results);
  let regions = (region VariadicRegion<SizedRegion<1>>:$graphs);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  // The identities the op facts prove (lib/Dialect/NgFolds.cpp).
  let hasFolder = 1;
  let extraClassDeclaration = [{
    /// The arguments as descriptors (same order as on the wire).
    ::llvm::SmallVector<ArgAttr> getArgList();
    /// The number of wire Outputs (TENSOR_LIST groups count once).
    unsigned getNumWireOutputs();
    /// The results of wire Output `index` and whether it is a TENSOR_LIST.
    ::mlir::ResultRange getWireOutputResults(unsigned index, bool &isList);
    /// The operand wire Output `index` aliases (Output.alias_of), if any.
    std::optional<unsigned> getAliasedOperand(unsigned wireOutput);
    /// The wire name recorded for the `index`th block argument of graph
    /// region `region` ("" when none).
    ::llvm::StringRef getGraphArgName(unsigned region, unsigned index);
    /// The label of graph region `region`: its GraphArg's name
    /// (`true_graph_0`), "" when there is none.
    ::llvm::StringRef getGraphLabel(unsigned region);
  }];
}

//===----------------------------------------------------------------------===//
// ng.output
//===----------------------------------------------------------------------===//

def Ng_OutputOp : Ng_Op<"output", [
    Terminator, ParentOneOf<["MethodOp", "CallOp"]>,
    Ng_WireArgumentOpInterface]> {
  let summary = "the OUTPUT node of a method or subgraph";
  let description = [{
    Its arguments are the OUTPUT node's: the full ordered result list, tensor
    references, scalar references and literals alike. Graph.outputs is the
    list of its tensor operands. In a method each tensor output may say what
    it writes back (OutputSpec): `buffer_mutation "fqn" %v` or
    `user_input_mutation %x %v` (the user input, a placeholder); a plain `%v` is a USER_OUTPUT. A file
    without `output_specs` reads as all USER_OUTPUT, and is written with
    them (the runtime's loader needs them).

    ```mlir
    ng.output(%aten_add_tensor, buffer_mutation "bn.running_mean" %add_1, 7)
        : !ng.tensor<f32[2, 3]>, !ng.tensor<f32[3]>
    ```
  }];
  let arguments = (ins
    Ng_ArgArrayAttr:$args,
    OptionalAttr<TypedArrayAttrBase<Ng_OutputSpecAttr, "output specs">>:$specs,
    OptionalAttr<ArrayAttr>:$metadata,
    Variadic<Ng_NodeValue>:$operands);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    ::llvm::SmallVector<ArgAttr> getArgList();
    /// The tensor operands (Graph.outputs), in order.
    ::llvm::SmallVector<::mlir::Value> getTensorOutputs();
    /// The OutputSpec of tensor output `index` (USER_OUTPUT when absent).
    OutputSpecAttr getSpec(unsigned index);
  }];
}

#endif // NG_DIALECT_NGOPS_TD
