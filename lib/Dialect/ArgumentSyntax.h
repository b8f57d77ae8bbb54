//===- ArgumentSyntax.h - NamedArgument lists in custom assembly -*- C++
//-*-===//
//
// `ng.call` and `ng.output` print their NamedArguments inline:
//
//   (self: mut %x, other: %y, alpha: 1, size: [2, %s0], dtype: f16)
//
// The kind of an argument that references a value depends on the value's
// type (a tensor is a TensorArg, an i64 an IntArg ref, ...), and the types are
// only known once the op's trailing type list is parsed. Parsing therefore
// happens in two steps: parseArgumentList() reads the syntax into
// ParsedArguments, and resolveArguments() turns them into #ng.arg descriptors
// once the operand types are known.
//
//===----------------------------------------------------------------------===//

#ifndef NG_LIB_DIALECT_ARGUMENTSYNTAX_H
#define NG_LIB_DIALECT_ARGUMENTSYNTAX_H

#include "ng/Dialect/NgAttrs.h"

#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/OperationSupport.h"

namespace ng {

/// Print a double so that it parses back bit-exactly, as an MLIR float
/// literal (always with a '.'), or `inf`, `-inf`, `nan`.
void printDoubleLiteral(llvm::raw_ostream &os, double value);

/// `printer.printString(text)`, byte for byte, without its per-character
/// escaping loop when nothing needs escaping (op targets and data keys are
/// printed once per node; that loop was 3% of printing a program).
void printQuoted(mlir::AsmPrinter &printer, llvm::StringRef text);
/// Whether printString writes `text` as it is: printable ASCII only, and no
/// '"' or '\\'.
bool isPrintedUnescaped(llvm::StringRef text);

class ParseCache;
/// The context's table of recurring parsed attributes (ParseCache.h).
ParseCache &getParseCache(mlir::MLIRContext *ctx);
/// The ParseCache of the ng op `state` is parsing.
ParseCache &getParseCache(const mlir::OperationState &state);

/// One element of a scalar or list argument as written.
struct ParsedElement {
  enum class Kind { Operand, None, Int, Float, Bool } kind;
  int64_t intValue = 0;
  double floatValue = 0;
  bool boolValue = false;
  unsigned operandIndex = 0; // index into ParsedArguments::operands
};

struct ParsedArgument {
  mlir::SMLoc loc;
  mlir::StringAttr name;
  bool mutated = false;
  /// Output specs written in front of a tensor argument of `ng.output`.
  mlir::Attribute spec;
  /// A user_input_mutation's input, `%x` (resolved by ng.method's parser,
  /// which knows its placeholders' SSA names), or `"x"`, a wire name.
  std::string specInputSSAName, specInputWireName;
  /// A kind fixed by the syntax (string, dtype, typed list, graph), if any.
  std::optional<ArgKind> explicitKind;
  bool isList = false;
  /// `symints[...]`: an IntListArg whose refs are present.
  bool forceRefs = false;
  llvm::SmallVector<ParsedElement> elements;
  /// StringArg text, ScalarTypeArg dtype, GraphArg label.
  mlir::Attribute literal;
};

struct ParsedArguments {
  /// Most nodes have a few arguments: room for four without the heap.
  llvm::SmallVector<ParsedArgument, 4> args;
  llvm::SmallVector<mlir::OpAsmParser::UnresolvedOperand> operands;
  /// The context's ParseCache (parseArgumentList looks it up if unset).
  ParseCache *cache = nullptr;
};

/// Options that differ between ng.call and ng.output.
struct ArgumentSyntax {
  /// ng.output: allow `buffer_mutation "fqn"` / `user_input_mutation "x"`.
  bool allowSpecs = false;
  /// ng.call: allow `graph "label"(...) {...}` (appends regions to `state`).
  mlir::OperationState *regionState = nullptr;
};

/// Parse `( arg, ... )`.
mlir::ParseResult parseArgumentList(mlir::OpAsmParser &parser,
                                    const ArgumentSyntax &syntax,
                                    ParsedArguments &parsed);

/// Resolve the referenced values with `operandTypes`, the op's type list
/// (one per value, at `typesLoc`), into `operands`, and build the #ng.arg
/// descriptors their types imply into `args`.
mlir::ParseResult
resolveArguments(mlir::OpAsmParser &parser, ParsedArguments &parsed,
                 llvm::ArrayRef<mlir::Type> operandTypes, llvm::SMLoc typesLoc,
                 llvm::SmallVectorImpl<mlir::Value> &operands,
                 llvm::SmallVectorImpl<mlir::Attribute> &args);

/// Print `( arg, ... )`. `specFor(argIndex)` returns the output spec to print
/// in front of a tensor argument (or null), `specInput(spec)` the user input
/// a user_input_mutation spec names; `printGraph(region, label)` prints a
/// graph argument.
void printArgumentList(
    mlir::OpAsmPrinter &printer, llvm::ArrayRef<ArgAttr> args,
    mlir::OperandRange operands,
    llvm::function_ref<mlir::Attribute(unsigned)> specFor,
    llvm::function_ref<void(unsigned regionIndex, mlir::StringAttr label)>
        printGraph,
    llvm::function_ref<mlir::Value(OutputSpecAttr)> specInput = {});

} // namespace ng

#endif // NG_LIB_DIALECT_ARGUMENTSYNTAX_H
