//===- Storage.h - which storage a value lives in (A1-A3) ------*- C++ -*-===//
//
// The storage rules of the aliasing model, in one place: what alias_of and
// `mutated` mean for storage, where a value's storage comes from (its root),
// and what writes it. The verifier (V6, V13), ng.call's memory effects and the
// alias analysis (include/ng/Analysis) are all built on these functions, so
// they cannot disagree. docs/Aliasing.md explains the model.
//
// Everything here reads the current IR. Whether a storage is written is a
// question about a whole graph; its answer is recorded on the values'
// producers (WrittenMask.h), kept by the edit API and checked by the
// verifier, so that asking it, as ng.call's memory effects do for every
// operand, costs nothing (docs/Rationale.md).
//
//===----------------------------------------------------------------------===//

#ifndef NG_DIALECT_STORAGE_H
#define NG_DIALECT_STORAGE_H

#include "ng/Dialect/NgOps.h"
#include "ng/Dialect/OpFacts.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringMap.h"

#include <memory>

namespace mlir {
class RewriterBase;
} // namespace mlir

namespace ng {

/// What the storage rules read.
enum class FlagSource : uint8_t {
  /// Only the wire's flags: `mut` and alias_of. FORMAT.md's V rules (V13)
  /// are rules of the file, and read only these.
  Wire,
  /// The wire's flags, and where they say nothing, what ng knows about the
  /// target (OpFacts.h): a known in-place op writes the arguments it
  /// mutates without `mut`, a known view's single tensor output aliases its
  /// source without alias_of. The memory effects and the alias analysis
  /// read these, so a program stripped of its flags is still safe to
  /// transform.
  WireAndFacts,
};

/// Where the storage of a class of values comes from: the root of their
/// alias_of chains.
enum class StorageKind : uint8_t {
  /// A method's user input (Graph.inputs), or a NamedTensorRef of kind
  /// USER_INPUT.
  UserInput,
  /// A NamedTensorRef of kind PARAMETER: read-only (V13).
  Parameter,
  /// A NamedTensorRef of kind BUFFER (persistent state).
  Buffer,
  /// A NamedTensorRef of kind CONSTANT_TENSOR: read-only (V13).
  Constant,
  /// A MutableBufferSpec (non-persistent state, e.g. a KV cache).
  MutableBuffer,
  /// New storage: the output of an ng.call without subgraphs and without
  /// alias_of.
  Fresh,
  /// A subgraph's placeholder: storage of the caller that this graph cannot
  /// see (N1); two of them may be the same tensor.
  SubgraphInput,
  /// Anything else: an output of a call with subgraphs (a HOP may return a
  /// tensor it was given), a value of a foreign op.
  Unknown,
};

/// `user_input`, `parameter`, `buffer`, `constant`, `mutable_buffer`,
/// `fresh`, `subgraph_input`, `unknown`.
llvm::StringRef stringifyStorageKind(StorageKind kind);

/// Parameters and constant tensors: no node may write them (V13).
inline bool isReadOnlyStorage(StorageKind kind) {
  return kind == StorageKind::Parameter || kind == StorageKind::Constant;
}

//===----------------------------------------------------------------------===//
// alias_of (A1, V6)
//===----------------------------------------------------------------------===//

/// V6 on IR: entry `index` of a call's alias_of names a tensor operand.
bool isValidAliasOperand(CallOp call, int64_t index);

/// V6: alias_of has one entry per wire Output, each -1 or a tensor operand
/// (acyclicity is SSA's). Emits the verifier's messages.
llvm::LogicalResult verifyAliasOf(CallOp call);

/// The facts about `op`'s target when it is an ng.call without subgraphs
/// (a higher-order op's effects are its subgraphs'), else nullopt.
std::optional<OpFacts> lookupCallFacts(mlir::Operation *op);

/// The operand the single tensor output of `call` aliases by `facts` (a
/// known view, an in-place op returning `self`) when its alias_of says
/// nothing; nullopt otherwise, and when the call does not have the
/// argument, as a tensor, that the facts name.
std::optional<unsigned> getImpliedAliasOperand(CallOp call,
                                               const OpFacts &facts);

/// Whether `op` writes argument `arg` in place: it is marked `mut`, or
/// (`facts` given) the op's facts say it writes it (a tensor or tensor
/// list argument of that schema name).
inline bool isArgumentWritten(const WireArgument &arg, const OpFacts *facts) {
  if (arg.isMutated())
    return true;
  // Asked for every use the storage rules walk: most facts write nothing.
  return facts && !facts->mutatedArgs.empty() &&
         (arg.getKind() == ArgKind::Tensor ||
          arg.getKind() == ArgKind::TensorList) &&
         facts->mutates(arg.getName());
}

/// The operand `value` shares storage with (its Output's alias_of, or with
/// WireAndFacts what the facts imply when that is missing), or null when it
/// aliases nothing (a placeholder, a fresh output, a scalar).
mlir::OpOperand *getAliasSource(mlir::Value value,
                                FlagSource flags = FlagSource::WireAndFacts);

/// The argument of an ng.call / ng.output that consumes `operand` (null for
/// other ops).
ArgAttr getArgumentOf(mlir::OpOperand &operand);

/// True when `value` is the very tensor of its alias source: the node writes
/// that operand in place and returns it (`Tensor(a!)`, as `add_` does).
bool isInPlaceResult(mlir::Value value,
                     FlagSource flags = FlagSource::WireAndFacts);

/// The value at the end of `value`'s alias chain (read as `flags` says).
mlir::Value getStorageRoot(mlir::Value value,
                           FlagSource flags = FlagSource::WireAndFacts);

/// The kind of storage `root` (a result of getStorageRoot) is.
StorageKind getStorageKind(mlir::Value root);

/// The data key (N3) of a constant binding or the fqn of a mutable buffer
/// `root` is bound to; placeholders with equal keys share storage. Empty for
/// any other value.
llvm::StringRef getStorageKey(mlir::Value root);

//===----------------------------------------------------------------------===//
// Writes (A1, A3)
//===----------------------------------------------------------------------===//

/// One write an op performs.
struct StorageWrite {
  enum class Kind {
    /// A `mut` argument of an ng.call or ng.output (A1).
    InPlace,
    /// An argument that the op facts say the target writes, not marked
    /// `mut` (a stripped `aten.add_`): a write as real as InPlace, but not
    /// one the file declares (V13 reads only InPlace).
    KnownInPlace,
    /// A method output written back to a buffer or a user input
    /// (BUFFER_MUTATION, USER_INPUT_MUTATION; A3): `value` is the
    /// placeholder whose storage the method's ng.output overwrites.
    WriteBack,
    /// A tensor handed to a call with subgraphs that may write what it is
    /// given: a node of its subgraphs writes in place, or something writes
    /// an output of the call that aliases nothing known (it may be a tensor
    /// the call was given).
    MayWrite,
  };
  Kind kind;
  /// The written value: the operand, or the placeholder written back.
  mlir::Value value;
  /// The operand (InPlace, KnownInPlace, MayWrite), or the OUTPUT node's
  /// operand written back (WriteBack).
  mlir::OpOperand *operand;
  /// The argument (InPlace, KnownInPlace, MayWrite) and its index in `args`;
  /// for a WriteBack, null and the index of the tensor output.
  ArgAttr arg;
  unsigned index;
};

/// Calls `fn` for every write `op` performs (ng.call, ng.output; other ops
/// perform none); without the write-backs when `writeBacks` is false.
void forEachStorageWrite(mlir::Operation *op,
                         llvm::function_ref<void(const StorageWrite &)> fn,
                         bool writeBacks = true);

/// A method's placeholders by storage key (N3), and the ones its OUTPUT node
/// writes back to (A3): read in one pass over the placeholders and the
/// output specs, so that a question about one placeholder does not scan
/// them all.
class MethodPlaceholderIndex {
public:
  explicit MethodPlaceholderIndex(MethodOp method);
  /// The same for a method's `body` and placeholder `bindings` (a method
  /// being parsed). Both must outlive the index, unchanged.
  MethodPlaceholderIndex(mlir::Region &body,
                         llvm::ArrayRef<PlaceholderBinding> bindings);

  /// The placeholders bound to `key` (a data key or a mutable buffer's
  /// fqn), in order; empty for the empty key.
  llvm::ArrayRef<unsigned> getBoundTo(llvm::StringRef key) const;
  /// Whether the method's OUTPUT node writes placeholder `index` back.
  bool isWrittenBack(unsigned index) const {
    return writtenBack.contains(index);
  }
  /// The placeholders `spec` writes back to: the buffers (constant buffers
  /// or mutable buffers) whose key is the BUFFER_MUTATION target, or the
  /// user input a USER_INPUT_MUTATION names.
  void getWriteBackTargets(
      OutputSpecAttr spec,
      llvm::SmallVectorImpl<mlir::BlockArgument> &targets) const;
  /// The binding of placeholder `index`.
  const PlaceholderBinding &getBinding(unsigned index) const;

private:
  mlir::Block *entry;
  llvm::ArrayRef<PlaceholderBinding> bindings;
  llvm::StringMap<llvm::SmallVector<unsigned, 1>> boundTo;
  llvm::DenseSet<unsigned> writtenBack;
};

//===----------------------------------------------------------------------===//
// Which storages are written (A1-A3), as the IR records it
//===----------------------------------------------------------------------===//

/// Whether anything may write the storage `value` lives in: read from what
/// its producer records (ng.call's `written` and `written_graph_inputs`,
/// ng.method's `written_placeholders`), so the answer costs no walk and
/// holds for any member of a class, not only its root. True for a value
/// ng cannot place (a foreign op's, a non-entry block's); false for a
/// scalar.
///
/// What the records say is the storage rules' answer (inferStorageWrites):
///  - never for a parameter or constant tensor (V13);
///  - always for an Unknown root (an output of a call with subgraphs);
///  - a subgraph's inputs when any of them is written (two inputs may be
///    one tensor of the caller);
///  - otherwise when a member of its class (or of a placeholder bound to
///    the same key) is written in place (`mut`, or a write the op facts
///    know: FlagSource::WireAndFacts throughout) or handed to a call with
///    subgraphs that may write it (StorageWrite::Kind::MayWrite), when the
///    method's output writes it back, or when it is a buffer marked
///    `mutated`.
/// The verifier holds the records to it (StorageRecordsVerifier).
bool isStorageWritten(mlir::Value value);

/// Records the storage rules' answers on every value of `method`, from its
/// graph, in one linear walk: the importer and the parser do, and a pass
/// that removed writes may (a record left set after the last write is gone
/// is safe, only less precise).
void inferStorageWrites(MethodOp method);
/// The same for a method whose op is still being parsed: `body` is its
/// region, `bindings` its placeholders'; sets the calls' records and
/// `placeholders`.
void inferStorageWrites(mlir::Region &body,
                        llvm::ArrayRef<PlaceholderBinding> bindings,
                        WrittenMask &placeholders);

/// Records, through `rewriter` (modifyOpInPlace, so listeners see each
/// changed op), that the storage `value` lives in is written: on every value
/// that shares it. The edit API calls it for each write it adds; a pass
/// that adds a write by other means calls it itself, or the verifier
/// rejects the IR. A read-only storage (V13) is not marked. Costs the class,
/// once: a class already marked costs nothing.
void markStorageWritten(mlir::RewriterBase &rewriter, mlir::Value value);

/// Records what `op` (an ng.call or ng.output, new or changed) adds: the
/// storages it writes in place, and for each result that aliases an
/// operand, that the two share whatever is recorded on either. The edit
/// API calls it after each change it makes.
void recordStorageWrites(mlir::RewriterBase &rewriter, mlir::Operation *op);

/// The verifier's check of the records: every storage of a method that the
/// rules find written is recorded as written. It runs node by node, in the
/// graph verifier's walk over the method's nodes (one walk for the V rules
/// and the records: on a million nodes every walk is a trip to memory).
class StorageRecordsVerifier {
public:
  explicit StorageRecordsVerifier(MethodOp method);
  ~StorageRecordsVerifier();
  StorageRecordsVerifier(const StorageRecordsVerifier &) = delete;
  StorageRecordsVerifier &operator=(const StorageRecordsVerifier &) = delete;

  /// What the rules find `node` (a node of the method's body, with its
  /// subgraphs) writes. Each node once, in order.
  void addNode(mlir::Operation &node);
  /// After the last node: what the method itself writes (write-backs,
  /// buffers marked `mutated`), then the records against all that was
  /// found. Names the first value that lacks its record and the node that
  /// writes it.
  llvm::LogicalResult verify();

private:
  struct State;
  std::unique_ptr<State> state;
};

} // namespace ng

#endif // NG_DIALECT_STORAGE_H
