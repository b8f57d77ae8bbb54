//===- NgDialect.td - the ng dialect -----------------------*- tablegen -*-===//
//
// The ng dialect represents ExecuTorch native-backend graphs (NPTG): one
// `ng.method` per Method, one `ng.call` per call_function node, `ng.output` for
// the OUTPUT node. See docs/Dialect.md for how each wire construct maps to IR.
//
//===----------------------------------------------------------------------===//

#ifndef NG_DIALECT_NGDIALECT_TD
#define NG_DIALECT_NGDIALECT_TD

include "mlir/IR/OpBase.td"

def Ng_Dialect : Dialect {
  let name = "ng";
  let cppNamespace = "::ng";
  let summary = "ExecuTorch native-backend graphs (NPTG), losslessly";
  let description = [{
    The `ng` dialect holds an NPTG program exactly: every node, argument,
    value name, tensor metadata field and binding of the flatbuffer has a place
    in the IR, so `nptg -> ng -> nptg` is lossless. The printed IR reads like
    the torch.fx graph it came from: every value prints with its fx name.

    A program is a `builtin.module` (carrying `ng.version`) holding one
    `ng.method` per Method. Placeholders are block arguments; each
    call_function node is a generic `ng.call` whose target is a string;
    `ng.output` is the OUTPUT node.
  }];
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  let hasOperationAttrVerify = 1;
  let extraClassDeclaration = [{
    /// W7: the Program.version values this tool reads ("1", "1.0"; an
    /// absent version too), and what it says of any other.
    static bool isSupportedVersion(::llvm::StringRef version) {
      return version == "1" || version == "1.0";
    }
    /// What an absent Program.version means (W7), and what the export
    /// writes for it: the native runtime's loader requires the field.
    static constexpr ::llvm::StringLiteral getDefaultProgramVersion() {
      return "1.0";
    }
    static std::string describeUnsupportedVersion(::llvm::StringRef version) {
      return ("unsupported program version '" + version +
              "' (this tool reads \"1\" and \"1.0\") (W7)").str();
    }
    /// Where ng.output's parser leaves the user inputs its
    /// user_input_mutation specs name, for ng.method's parser to resolve
    /// (NgOps.cpp); never left on verified IR.
    static constexpr ::llvm::StringLiteral getUnresolvedSpecInputsAttrName() {
      return ::llvm::StringLiteral("ng.unresolved_spec_inputs");
    }
    /// The module attribute that carries Program.version (W7).
    static constexpr ::llvm::StringLiteral getVersionAttrName() {
      return ::llvm::StringLiteral("ng.version");
    }
    /// The module attribute that maps each data key to its constant data
    /// (a dictionary of dense_resource and #ng.int4_packing attributes;
    /// FORMAT.md C, V14; ng/Dialect/ConstantData.h).
    static constexpr ::llvm::StringLiteral getDataAttrName() {
      return ::llvm::StringLiteral("ng.data");
    }
    /// Argument attribute of `ng.method`: the placeholder's wire name.
    static constexpr ::llvm::StringLiteral getNameAttrName() {
      return ::llvm::StringLiteral("ng.name");
    }
    /// Argument attribute of `ng.method`: a constant or mutable-buffer
    /// binding (#ng.constant / #ng.mutable_buffer); absent for user inputs.
    static constexpr ::llvm::StringLiteral getBindingAttrName() {
      return ::llvm::StringLiteral("ng.binding");
    }

    /// Adds the bytecode encoding of the attributes that hold resources
    /// (NgBytecode.cpp).
    void addBytecodeInterface();

    /// Recurring attributes of the custom parsers (lib/Dialect/ParseCache.h).
    ParseCache &getParseCache() const { return *parseCache; }

    /// True the first time it is asked for `op` at its location, false
    /// after: the verifier warns once per op (warnIfFlagsMissFacts), not
    /// again each time a pass re-verifies the IR. Thread-safe.
    bool claimWarning(::mlir::Operation *op) const;

    /// Where each well-formed argument of `args` (a node's argument list,
    /// the elements of its uniqued ArrayAttr, which identify it)
    /// begins among the node's operands, then where the last one ends: made
    /// on the first request and kept with the context. A list is uniqued and
    /// never changes (an edit makes a new one), so an entry never goes
    /// stale. WireArgumentRange asks it for nodes with many arguments.
    /// Thread-safe.
    ::llvm::ArrayRef<unsigned>
    getArgumentStarts(::llvm::ArrayRef<::mlir::Attribute> args) const;

    /// The op facts of call target `target`, computed by `compute` the
    /// first time and remembered with the context (ng::lookupOpFacts).
    /// Thread-safe.
    std::optional<OpFacts> lookupTargetFacts(
        ::mlir::StringAttr target,
        ::llvm::function_ref<std::optional<OpFacts>()> compute) const;

  private:
    std::unique_ptr<TargetFacts> targetFacts;
    std::unique_ptr<ParseCache> parseCache;
    std::unique_ptr<WarnedOps> warnedOps;
    std::unique_ptr<ArgumentStarts> argumentStarts;

  public:
  }];
}

class Ng_Op<string mnemonic, list<Trait> traits = []>
    : Op<Ng_Dialect, mnemonic, traits>;

#endif // NG_DIALECT_NGDIALECT_TD
