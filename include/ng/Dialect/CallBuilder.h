//===- CallBuilder.h - build and edit ng.call nodes -------------*- C++ -*-===//
//
// What a pass needs to make or change a node, so that none carries its own
// kit: wire arguments as values (CallArgument: the #ng.arg descriptor and
// the operands it consumes), a call's arguments copied out, edited and set
// back, a new call from a target, named arguments and result types, and
// matching a target by op name. Reading arguments is WireArguments.h's; a
// node's names are hints in its location (WireNames.h), so a call made here
// needs none: the exporter names it.
//
//===----------------------------------------------------------------------===//

#ifndef NG_DIALECT_CALLBUILDER_H
#define NG_DIALECT_CALLBUILDER_H

#include "ng/Dialect/NgOps.h"

#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace mlir {
class RewriterBase;
} // namespace mlir

namespace ng {

/// One wire argument to build a call with: its descriptor and the operands
/// it consumes (one for a tensor, none for a literal). An empty name makes a
/// positional argument (an OUTPUT node's are).
struct CallArgument {
  ArgAttr attr;
  llvm::SmallVector<mlir::Value, 2> operands;

  /// The schema name; empty for a positional argument.
  llvm::StringRef getName() const;
  /// The literal int list it is (no references), if it is one.
  std::optional<llvm::SmallVector<int64_t>> getLiteralIntList() const;

  static CallArgument none(mlir::MLIRContext *ctx, llvm::StringRef name);
  static CallArgument boolean(mlir::MLIRContext *ctx, llvm::StringRef name,
                              bool value);
  static CallArgument string(mlir::MLIRContext *ctx, llvm::StringRef name,
                             llvm::StringRef value);
  /// A float literal (FloatArg).
  static CallArgument number(mlir::MLIRContext *ctx, llvm::StringRef name,
                             double value);
  static CallArgument intList(mlir::MLIRContext *ctx, llvm::StringRef name,
                              llvm::ArrayRef<int64_t> values);
  static CallArgument tensor(llvm::StringRef name, mlir::Value value);
};

/// The arguments of `call`, copied to be edited and set back
/// (setCallArguments).
llvm::SmallVector<CallArgument> getCallArguments(mlir::Operation *call);

/// The position of the argument named `name` in `args`, if there is one.
std::optional<unsigned> findCallArgument(llvm::ArrayRef<CallArgument> args,
                                         llvm::StringRef name);

/// Give `call` the target `target` and the arguments `args` (operands
/// included), in place: its results, location (names), metadata and output
/// facts stay. Through `rewriter`; the storages the call now writes, or
/// shares with its results, are recorded (ng::recordStorageWrites).
void setCallArguments(mlir::RewriterBase &rewriter, CallOp call,
                      llvm::StringRef target,
                      llvm::ArrayRef<CallArgument> args);

/// Sets argument `index` of `node` (an ng.call or ng.output) to `arg`, as
/// given (its name and `mut` flag included); its operands take the old
/// ones' place. `index` equal to the number of arguments appends it. When
/// `node` is a method's OUTPUT node, the method's signature follows. Through
/// `rewriter`, recording what the new argument writes.
void setCallArgument(mlir::RewriterBase &rewriter, mlir::Operation *node,
                     unsigned index, const CallArgument &arg);

/// Sets the `mut` flag of argument `index` of `node` (an ng.call or
/// ng.output): whether the node writes it in place (A1). Only an argument
/// that holds tensors can be written; the flag of any other stays false.
/// Through `rewriter`; a new write is recorded on the storage it writes.
void setArgumentMutated(mlir::RewriterBase &rewriter, mlir::Operation *node,
                        unsigned index, bool mutated);

/// A new ng.call of `target` with `args`, producing `resultTypes`, at
/// `rewriter`'s insertion point. `loc` names it, if it should have a name
/// (getNodeLoc); a location without one leaves the naming to the exporter.
/// What it writes is recorded (ng::recordStorageWrites); alias_of, set
/// after, is recorded by calling that again.
CallOp buildCall(mlir::RewriterBase &rewriter, mlir::Location loc,
                 llvm::StringRef target, llvm::ArrayRef<CallArgument> args,
                 mlir::TypeRange resultTypes);

/// A new ng.output returning `args` (positional tensor arguments, usually)
/// at `rewriter`'s insertion point. The method's signature follows with
/// MethodOp::updateSignature.
OutputOp buildOutput(mlir::RewriterBase &rewriter, mlir::Location loc,
                     llvm::ArrayRef<CallArgument> args);

/// Whether call target `target` (`torch.ops.aten.linear.default`) is the
/// op `name` names: `aten::linear` (any overload), `aten::linear.default`
/// (that overload), or the target itself.
bool matchesOpName(llvm::StringRef target, llvm::StringRef name);

} // namespace ng

#endif // NG_DIALECT_CALLBUILDER_H
