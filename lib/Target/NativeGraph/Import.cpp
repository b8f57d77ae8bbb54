//===- Import.cpp - NPTG flatbuffer -> ng IR ------------------------------===//
//
// Reads through the flatbuffers accessor API (never UnPack): the file is
// verified first with explicit limits (W9), then each graph is built in one
// pass over its nodes. Reference rules that need names (V2-V6) are checked
// here, while the names still exist; the rest are the ng verifier's, run on
// the result so a bad file and a bad .mlir get the same message.
//
// Every error names where it happened: method 'forward', node 'x',
// argument 'other'.
//
//===----------------------------------------------------------------------===//

#include "ng/Target/NativeGraph/Import.h"

#include "ng/Dialect/ConstantData.h"
#include "ng/Dialect/MethodGraphVerifier.h"
#include "ng/Dialect/NgOps.h"
#include "ng/Dialect/OpSchemas.h"
#include "ng/Dialect/RecurringAttrs.h"
#include "ng/Dialect/Storage.h"
#include "ng/Dialect/WireNames.h"
#include "ng/Support/NameMap.h"
#include "ng/Target/NativeGraph/native_graph_generated.h"

#include "VerifyAhead.h"
#include "WireEnums.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/ThreadPool.h"

#include <cstring>

using namespace mlir;
using namespace ng;
namespace fb = native_backend;

namespace {

/// Where in the program an error is: "method 'forward', node 'x', argument
/// 'self'". Graph nesting shows as "graph 'true_graph_0' of node 'cond'".
/// The parts point into the flatbuffer and are only formatted on error, so
/// tracking them costs nothing per node.
struct ErrorContext {
  StringRef method;
  std::string graphPath; // set only while inside a subgraph
  StringRef node;
  /// The argument: its name, or its position when it has none.
  StringRef argumentName;
  std::optional<unsigned> argumentIndex;

  void clearArgument() {
    argumentName = {};
    argumentIndex.reset();
  }

  std::string str() const {
    std::string text;
    llvm::raw_string_ostream os(text);
    auto sep = [&]() {
      if (!text.empty())
        os << ", ";
    };
    if (!method.empty())
      os << "method '" << method << "'";
    if (!graphPath.empty()) {
      sep();
      os << graphPath;
    }
    if (!node.empty()) {
      sep();
      os << "node '" << node << "'";
    }
    if (argumentIndex) {
      sep();
      if (!argumentName.empty())
        os << "argument '" << argumentName << "'";
      else
        os << "argument #" << *argumentIndex;
    }
    return text;
  }
};

StringRef str(const flatbuffers::String *s) {
  return s ? StringRef(s->c_str(), s->size()) : StringRef();
}

/// The elements of a vector of 8-byte scalars ([long], [double]). The
/// flatbuffers verifier checks the alignment of a vector's 4-byte length
/// only, so its elements may sit at 4 mod 8: they are read bytewise (one
/// unaligned load each on x86), never through an `int64_t *`.
template <typename T, typename Stored>
void readUnaligned(const flatbuffers::Vector<Stored> *vector,
                   SmallVectorImpl<T> &out) {
  static_assert(sizeof(T) == 8 && sizeof(Stored) == 8);
  out.resize_for_overwrite(vector->size());
  const uint8_t *bytes = vector->Data();
  for (size_t i = 0, e = out.size(); i < e; ++i) {
    uint64_t bits = llvm::support::endian::read64le(bytes + i * 8);
    std::memcpy(&out[i], &bits, 8);
  }
}

using TensorValues = flatbuffers::Vector<flatbuffers::Offset<fb::TensorValue>>;

/// Graph.tensor_values, handed out as the values they describe are defined.
/// Writers list them in definition order, so the next entry not yet taken
/// is nearly always the one asked for: the list is read once, in order,
/// while it is hot. A name table of all entries is built only when a name
/// is not next (an entry out of order, or a tensor without metadata).
///
/// A method graph's entries are verified (W9) before they are read: just
/// ahead, in step with the nodes, on the second thread of a threaded import,
/// else each just before it is first read (GraphAhead, VerifyAhead.h: the
/// outline checks only the vector); either way the verifier and the
/// importer read an entry close together, not twice from memory. A
/// subgraph's entries came verified with the node that holds it.
class TensorMetaSource {
public:
  /// `ahead` null: the entries are verified already.
  TensorMetaSource(const TensorValues *list, GraphAhead *ahead)
      : list(list), ahead(ahead), taken(list ? list->size() : 0) {}

  /// The metadata of tensor value `name`, or null when none is listed.
  /// Each entry is handed out once (value names are unique, V2). Fails
  /// when an entry it had to read does not verify.
  FailureOr<const fb::TensorMeta *> take(StringRef name) {
    if (!list)
      return nullptr;
    while (next < list->size() && taken[next])
      ++next;
    if (next < list->size()) {
      if (!verifyUpTo(next))
        return failure();
      if (str(list->Get(next)->name()) == name)
        return takeAt(next++);
    }
    if (!byName && !buildTable())
      return failure();
    NameMap<uint32_t>::Entry *entry = byName->find(name);
    if (!entry || taken[entry->value])
      return nullptr;
    return takeAt(entry->value);
  }

  /// True when every entry described a value that took it (S2 holds).
  bool allTaken() const { return !list || takenCount == list->size(); }
  /// Verify every entry (before reading them all for an error message).
  bool verifyAll() {
    return !list || list->size() == 0 || verifyUpTo(list->size() - 1);
  }
  /// The first name listed twice, if any (for the error once !allTaken();
  /// after verifyAll()).
  std::optional<StringRef> duplicate() const {
    NameSet seen(list->size());
    for (const fb::TensorValue *value : *list)
      if (!seen.insert(str(value->name())))
        return str(value->name());
    return std::nullopt;
  }

private:
  const fb::TensorMeta *takeAt(uint32_t index) {
    taken[index] = true;
    ++takenCount;
    return list->Get(index)->meta();
  }
  bool verifyUpTo(uint32_t index) {
    return !ahead || ahead->waitForEntry(index);
  }
  bool buildTable() {
    if (!verifyAll())
      return false;
    byName.emplace(list->size());
    for (uint32_t i = 0, e = list->size(); i < e; ++i)
      byName->tryEmplace(str(list->Get(i)->name())).first->value = i;
    return true;
  }

  const TensorValues *list;
  GraphAhead *ahead;
  std::vector<bool> taken;
  size_t takenCount = 0;
  uint32_t next = 0;
  std::optional<NameMap<uint32_t>> byName;
};

/// One graph's name spaces (N1): node names (V1) and value names (V2) share
/// one table, since a node's first output is usually named like the node.
struct Scope {
  struct Name {
    Value value;         // null until a value of this name is defined
    bool isNode = false; // a node of this name exists
  };
  // Keys point into the flatbuffer, which outlives the import: no copies.
  NameMap<Name> names;
  TensorMetaSource meta;

  Scope(const fb::Graph *graph, GraphAhead *ahead)
      : meta(graph->tensor_values(), ahead) {}
  /// The value named `name`, or null.
  Value lookup(StringRef name) {
    NameMap<Name>::Entry *entry = names.find(name);
    return entry ? entry->value.value : Value();
  }
  /// Defines value `name`; false if one of that name exists (V2).
  bool define(StringRef name, Value value) {
    Name &entry = names.tryEmplace(name).first->value;
    if (entry.value)
      return false;
    entry.value = value;
    return true;
  }
};

class Importer {
public:
  Importer(MLIRContext *ctx, StringRef bufferName, const ImportOptions &options)
      : ctx(ctx), builder(ctx), options(options),
        fileLoc(FileLineColLoc::get(ctx, bufferName, 0, 0)), opLoc(fileLoc),
        opaqueTensor(ng::TensorType::get(ctx)) {}

  OwningOpRef<ModuleOp> importProgram(StringRef buffer);

private:
  InFlightDiagnostic error() {
    InFlightDiagnostic diag = emitError(fileLoc);
    std::string where = context.str();
    if (!where.empty())
      diag << where << ": ";
    return diag;
  }

  LogicalResult importMethod(const fb::Method *method, ModuleOp module);
  /// Records that `graph` is being imported; fails if it already was: a
  /// Graph table reached twice (W9).
  LogicalResult claimGraph(const fb::Graph *graph);
  /// Build `graph` into `region`. `method` is null for a subgraph.
  LogicalResult importGraph(const fb::Graph *graph, Region &region,
                            const fb::Method *method, unsigned depth);
  LogicalResult importCall(const fb::Node *node, Scope &scope, unsigned depth);
  LogicalResult importOutput(const fb::Node *node, Scope &scope,
                             const fb::Graph *graph, const fb::Method *method);

  /// Translate one NamedArgument, appending its descriptor and operands.
  /// Graph arguments append their subgraph to `graphs`.
  LogicalResult importArgument(const fb::NamedArgument *named, unsigned index,
                               Scope &scope, SmallVectorImpl<Attribute> &args,
                               SmallVectorImpl<Value> &operands,
                               SmallVectorImpl<const fb::GraphArg *> *graphs);
  FailureOr<Value> lookup(Scope &scope, StringRef name, StringRef what);
  /// The node's KeyValue pairs, in order, or null when it has none.
  ArrayAttr metadataAttr(const fb::Node *node);

  FailureOr<Type> convertMeta(const fb::TensorMeta *meta, StringRef valueName);
  FailureOr<Type> elementType(fb::ScalarType type, StringRef what);
  Type tensorTypeFor(Scope &scope, StringRef name, FailureOr<Type> &status);

  MLIRContext *ctx;
  OpBuilder builder;
  const ImportOptions &options;
  Location fileLoc;
  /// The context of the locations of the ops being built: the method and
  /// the file (WireNames.h), so every diagnostic can say which method and
  /// node it is about.
  Location opLoc;
  ErrorContext context;
  Type opaqueTensor;

  /// The file, for verifying each method's nodes as they are imported
  /// (VerifyAhead.h).
  const uint8_t *bytes = nullptr;
  size_t size = 0;
  flatbuffers::Verifier::Options verifierOptions;
  /// The verifiers of the methods' nodes and of their tensor_values entries
  /// (GraphAhead, VerifyAhead.h), each one for the whole file:
  /// their table limits bound the work of the whole import, however many
  /// methods share tables.
  std::optional<flatbuffers::Verifier> nodeVerifier, entryVerifier;
  void reportMalformed();
  /// Warn when the file goes on past `extent`, the end of what verified.
  void warnAboutTrailingBytes(size_t extent);

  /// With ImportOptions::verify, the rules of the method being imported,
  /// checked node by node as each is made (MethodGraphVerifier.h).
  MethodGraphVerifier *rules = nullptr;
  /// Verify `op`, a node just made in the method's graph, while it is hot:
  /// its own invariants (with its subgraphs, if any) and the graph's rules.
  LogicalResult verifyNode(Operation *op);

  /// Targets, argument names, #ng.arg descriptors and i64 literals recur
  /// on most nodes (RecurringAttrs.h).
  RecurringAttrs recurring{ctx};
  /// Every Graph table imported so far (claimGraph).
  llvm::DenseSet<const fb::Graph *> importedGraphs;
  /// Tensor types by their wire metadata (dtype, sizes, dim_order), for
  /// metadata without a quant spec: most values share a handful of shapes.
  llvm::StringMap<Type> typesByMeta;
  /// Targets already warned about as unknown: one warning per target.
  llvm::StringSet<> unknownTargets;
};

} // namespace

//===----------------------------------------------------------------------===//
// Verifier diagnostics
//===----------------------------------------------------------------------===//

namespace {
/// While alive, verifier errors on imported ops read like the importer's
/// own. Imported ops are located at their node in their method (within the
/// file, WireNames.h): the message says which (the node only when the
/// message does not name it), and drops the "'ng.call' op" prefix,
/// since the messages name the node themselves. The op is not dumped (the
/// generic form of a whole method would bury the message).
class VerifierDiagnostics {
public:
  explicit VerifierDiagnostics(MLIRContext *ctx)
      : ctx(ctx), printOp(ctx->shouldPrintOpOnDiagnostic()),
        handler(ctx, [](Diagnostic &diag) { return reword(diag); }) {
    ctx->printOpOnDiagnostic(false);
  }
  ~VerifierDiagnostics() { ctx->printOpOnDiagnostic(printOp); }

private:
  static LogicalResult reword(Diagnostic &diag) {
    Location loc = diag.getLocation();
    auto file = loc->findInstanceOf<FileLineColLoc>();
    if (!file || diag.getSeverity() != DiagnosticSeverity::Error)
      return failure();
    std::string message = diag.str();
    StringRef text = message;
    // An op's verifier speaks first ("'ng.call' op ..."); the importer's
    // own errors come located at the file, without a method.
    bool fromVerifier = false;
    if (text.starts_with("'ng.")) {
      size_t opEnd = text.find("' op ");
      if (opEnd != StringRef::npos) {
        text = text.drop_front(opEnd + 5);
        fromVerifier = true;
      }
    }
    // (A method whose name is empty has no method to say.)
    std::string where = describeNodeLocation(loc, text);
    if (where.empty() && !fromVerifier)
      return failure();
    InFlightDiagnostic reworded = emitError(file);
    if (!where.empty())
      reworded << where << ": ";
    reworded << text;
    return success();
  }

  MLIRContext *ctx;
  bool printOp;
  ScopedDiagnosticHandler handler;
};
} // namespace

//===----------------------------------------------------------------------===//
// Metadata
//===----------------------------------------------------------------------===//

FailureOr<Type> Importer::elementType(fb::ScalarType type, StringRef what) {
  Type element = getElementTypeForScalarType(ctx, static_cast<int64_t>(type));
  if (!element) {
    error() << what << " has unknown ScalarType " << static_cast<int>(type)
            << " (written by a newer format version? W2)";
    return failure();
  }
  return element;
}

FailureOr<Type> Importer::convertMeta(const fb::TensorMeta *meta,
                                      StringRef valueName) {
  // The cache key: the metadata's own numbers, as bytes.
  SmallString<128> key;
  bool cacheable = !meta->quant();
  if (cacheable) {
    auto append = [&](int64_t v) {
      key.append(StringRef(reinterpret_cast<const char *>(&v), sizeof(v)));
    };
    append(static_cast<int64_t>(meta->dtype()));
    if (const auto *dims = meta->sizes()) {
      append(dims->size());
      for (const fb::Dim *dim : *dims) {
        append(dim->min());
        append(dim->max());
      }
    } else {
      append(-1);
    }
    if (const auto *order = meta->dim_order()) {
      append(order->size());
      for (int64_t d : *order)
        append(d);
    } else {
      append(-1);
    }
    auto it = typesByMeta.find(key);
    if (it != typesByMeta.end())
      return it->second;
  }

  auto what = [&]() { return ("value '" + valueName + "'").str(); };
  Type element =
      getElementTypeForScalarType(ctx, static_cast<int64_t>(meta->dtype()));
  if (!element) {
    FailureOr<Type> diagnosed = elementType(meta->dtype(), what());
    return diagnosed;
  }
  SmallVector<DimRange, 4> sizes;
  if (const auto *dims = meta->sizes()) {
    sizes.reserve(dims->size());
    for (const fb::Dim *dim : *dims)
      sizes.push_back({dim->min(), dim->max()});
  }
  DenseI64ArrayAttr dimOrder;
  if (const auto *order = meta->dim_order()) {
    SmallVector<int64_t, 4> dims(order->begin(), order->end());
    dimOrder = builder.getDenseI64ArrayAttr(dims);
  }
  Attribute quant;
  if (const fb::QuantSpec *spec = meta->quant()) {
    if (const fb::AffineGroup *group = spec->scheme_as_AffineGroup()) {
      if (!group->scale_data_key()->size()) {
        error() << what()
                << " has an AffineGroup with an empty scale_data_key; data "
                   "keys are fqns (N3)";
        return failure();
      }
      FailureOr<Type> scaleType =
          elementType(group->scale_dtype(), what() + " scale_dtype");
      FailureOr<Type> zeroType =
          elementType(group->zero_point_dtype(), what() + " zero_point_dtype");
      if (failed(scaleType) || failed(zeroType))
        return failure();
      StringAttr zeroKey;
      if (group->zero_point_data_key())
        zeroKey = builder.getStringAttr(str(group->zero_point_data_key()));
      quant = AffineGroupAttr::get(
          ctx, str(group->scale_data_key()), *scaleType, group->quant_min(),
          group->quant_max(), group->group_size(), zeroKey, *zeroType);
    } else if (const fb::PackedQuant *packed = spec->scheme_as_PackedQuant()) {
      quant = PackedQuantAttr::get(ctx, str(packed->codec()));
    } else {
      error() << what() << " has a quant spec with "
              << (spec->scheme_type() == fb::QuantScheme::NONE
                      ? "no scheme, which ng cannot represent"
                  : spec->scheme()
                      ? "an unknown scheme (written by a newer format "
                        "version? W2)"
                      : "a scheme tag but no scheme");
      return failure();
    }
  }
  // Checked: the dims' S8 and C4 rules, which the type's verifier holds.
  Type type = ng::TensorType::getChecked(
      [&] {
        InFlightDiagnostic diag = error();
        diag << what() << ": ";
        return diag;
      },
      ctx, element, ArrayRef<DimRange>(sizes), dimOrder, quant);
  if (!type)
    return failure();
  if (cacheable)
    typesByMeta[key] = type;
  return type;
}

/// The type of tensor value `name`: its tensor_values metadata, or
/// `!ng.tensor` when none was recorded.
Type Importer::tensorTypeFor(Scope &scope, StringRef name,
                             FailureOr<Type> &status) {
  FailureOr<const fb::TensorMeta *> meta = scope.meta.take(name);
  if (failed(meta)) {
    reportMalformed();
    status = failure();
    return Type();
  }
  if (!*meta) {
    status = opaqueTensor;
    return opaqueTensor;
  }
  status = convertMeta(*meta, name);
  return succeeded(status) ? *status : Type();
}

//===----------------------------------------------------------------------===//
// Arguments
//===----------------------------------------------------------------------===//

FailureOr<Value> Importer::lookup(Scope &scope, StringRef name,
                                  StringRef what) {
  if (name.empty()) {
    error() << what << " has an empty reference (V3)";
    return failure();
  }
  Value value = scope.lookup(name);
  if (!value) {
    error() << "unresolved value reference '" << name
            << "': it is not defined earlier in this graph (V3)";
    return failure();
  }
  return value;
}

LogicalResult
Importer::importArgument(const fb::NamedArgument *named, unsigned index,
                         Scope &scope, SmallVectorImpl<Attribute> &args,
                         SmallVectorImpl<Value> &operands,
                         SmallVectorImpl<const fb::GraphArg *> *graphs) {
  StringAttr name;
  context.argumentIndex = index;
  context.argumentName = str(named->name());
  if (named->name())
    name = recurring.string(str(named->name()));
  const fb::Argument *argument = named->arg();
  bool mutated = named->mutated();

  auto ref = [&](StringRef valueName, ArgKind expected,
                 StringRef what) -> LogicalResult {
    FailureOr<Value> value = lookup(scope, valueName, what);
    if (failed(value))
      return failure();
    std::optional<ArgKind> kind = getReferenceKind(value->getType());
    if (kind != expected) {
      error() << what << " must reference " << describeReferenceKind(expected)
              << ", but '" << valueName << "' is "
              << describeReferenceKind(kind.value_or(ArgKind::None));
      return failure();
    }
    operands.push_back(*value);
    return success();
  };
  auto make = [&](ArgKind kind, Attribute value = {},
                  DenseBoolArrayAttr mask = {}) {
    args.push_back(recurring.arg(kind, name, mutated, value, mask));
    return success();
  };
  // An Int/Float/BoolArg: a reference when `ref` names a value (its `value`
  // is then ignored, S5), else the literal.
  auto scalar = [&](ArgKind kind, StringRef refName, StringRef what,
                    function_ref<Attribute()> literal) -> LogicalResult {
    if (refName.empty())
      return make(kind, literal());
    if (failed(ref(refName, kind, what)))
      return failure();
    return make(kind);
  };

  // The verifier accepts a union type tag without its value; every accessor
  // below would then return null.
  if (argument->value_type() != fb::ArgumentValue::NONE && !argument->value()) {
    error() << "is tagged " << fb::EnumNameArgumentValue(argument->value_type())
            << " but has no value";
    return failure();
  }
  switch (argument->value_type()) {
  case fb::ArgumentValue::TensorArg:
    if (failed(ref(str(argument->value_as_TensorArg()->name()), ArgKind::Tensor,
                   "TensorArg")))
      return failure();
    return make(ArgKind::Tensor);
  case fb::ArgumentValue::NoneArg:
    return make(ArgKind::None);
  case fb::ArgumentValue::IntArg: {
    const fb::IntArg *arg = argument->value_as_IntArg();
    return scalar(ArgKind::Int, str(arg->ref()), "IntArg ref",
                  [&] { return recurring.integer(arg->value()); });
  }
  case fb::ArgumentValue::FloatArg: {
    const fb::FloatArg *arg = argument->value_as_FloatArg();
    return scalar(ArgKind::Float, str(arg->ref()), "FloatArg ref",
                  [&] { return builder.getF64FloatAttr(arg->value()); });
  }
  case fb::ArgumentValue::BoolArg: {
    const fb::BoolArg *arg = argument->value_as_BoolArg();
    return scalar(ArgKind::Bool, str(arg->ref()), "BoolArg ref",
                  [&] { return builder.getBoolAttr(arg->value()); });
  }
  case fb::ArgumentValue::StringArg:
    return make(ArgKind::String, builder.getStringAttr(str(
                                     argument->value_as_StringArg()->value())));
  case fb::ArgumentValue::ScalarTypeArg: {
    FailureOr<Type> dtype = elementType(
        argument->value_as_ScalarTypeArg()->value(), "ScalarTypeArg");
    if (failed(dtype))
      return failure();
    return make(ArgKind::ScalarType, TypeAttr::get(*dtype));
  }
  case fb::ArgumentValue::IntListArg: {
    const fb::IntListArg *arg = argument->value_as_IntListArg();
    SmallVector<int64_t, 8> values;
    readUnaligned(arg->values(), values);
    DenseBoolArrayAttr mask;
    const auto *refs = arg->refs();
    // The schema: "empty refs means all literal"; read as the reference
    // serializer writes an all-literal list, without refs (a normalization,
    // docs/Dialect.md). Empty refs beside no values stay `symints[]`.
    if (refs && refs->size() == 0 && !values.empty())
      refs = nullptr;
    if (refs) {
      if (refs->size() != values.size()) {
        error() << "IntListArg has " << values.size() << " values but "
                << refs->size() << " refs (V5)";
        return failure();
      }
      SmallVector<bool, 8> isRef(values.size());
      for (unsigned i = 0, e = values.size(); i < e; ++i) {
        StringRef r = str(refs->Get(i));
        isRef[i] = !r.empty();
        if (isRef[i]) {
          values[i] = 0;
          if (failed(ref(r, ArgKind::Int, "IntListArg ref")))
            return failure();
        }
      }
      mask = builder.getDenseBoolArrayAttr(isRef);
    }
    return make(ArgKind::IntList, builder.getDenseI64ArrayAttr(values), mask);
  }
  case fb::ArgumentValue::FloatListArg: {
    SmallVector<double, 8> list;
    readUnaligned(argument->value_as_FloatListArg()->values(), list);
    return make(ArgKind::FloatList, builder.getDenseF64ArrayAttr(list));
  }
  case fb::ArgumentValue::BoolListArg: {
    const auto *values = argument->value_as_BoolListArg()->values();
    SmallVector<bool, 8> list;
    for (uint8_t v : *values)
      list.push_back(v != 0);
    return make(ArgKind::BoolList, builder.getDenseBoolArrayAttr(list));
  }
  case fb::ArgumentValue::TensorListArg: {
    const auto *names = argument->value_as_TensorListArg()->names();
    for (const flatbuffers::String *element : *names)
      if (failed(ref(str(element), ArgKind::Tensor, "TensorListArg element")))
        return failure();
    SmallVector<bool, 8> present(names->size(), true);
    return make(ArgKind::TensorList, Attribute(),
                builder.getDenseBoolArrayAttr(present));
  }
  case fb::ArgumentValue::OptionalTensorListArg: {
    const fb::OptionalTensorListArg *arg =
        argument->value_as_OptionalTensorListArg();
    if (arg->names()->size() != arg->has_value()->size()) {
      error() << "OptionalTensorListArg has " << arg->names()->size()
              << " names but " << arg->has_value()->size()
              << " has_value flags (V5)";
      return failure();
    }
    SmallVector<bool, 8> present;
    for (unsigned i = 0, e = arg->names()->size(); i < e; ++i) {
      bool has = arg->has_value()->Get(i) != 0;
      StringRef element = str(arg->names()->Get(i));
      present.push_back(has);
      if (has) {
        if (failed(
                ref(element, ArgKind::Tensor, "OptionalTensorListArg element")))
          return failure();
      } else if (!element.empty()) {
        error() << "OptionalTensorListArg element #" << i << " is absent but "
                << "names '" << element << "'; ng cannot represent that";
        return failure();
      }
    }
    return make(ArgKind::OptionalTensorList, Attribute(),
                builder.getDenseBoolArrayAttr(present));
  }
  case fb::ArgumentValue::GraphArg: {
    if (!graphs) {
      error() << "a GraphArg is only allowed on a call_function node";
      return failure();
    }
    const fb::GraphArg *arg = argument->value_as_GraphArg();
    graphs->push_back(arg);
    return make(ArgKind::Graph, builder.getStringAttr(str(arg->name())));
  }
  case fb::ArgumentValue::NONE:
    error() << "has no value";
    return failure();
  }
  error() << "has unknown ArgumentValue tag "
          << static_cast<int>(argument->value_type())
          << " (written by a newer format version? W2)";
  return failure();
}

//===----------------------------------------------------------------------===//
// Nodes
//===----------------------------------------------------------------------===//

ArrayAttr Importer::metadataAttr(const fb::Node *node) {
  const auto *metadata = node->metadata();
  if (!metadata || metadata->size() == 0)
    return nullptr;
  SmallVector<Attribute, 4> pairs;
  for (const fb::KeyValue *kv : *metadata)
    pairs.push_back(
        builder.getStrArrayAttr({str(kv->key()), str(kv->value())}));
  return builder.getArrayAttr(pairs);
}

/// In ng IR an empty name is no name (names are hints the exporter fills
/// in, WireNames.h), so a file that names a node or an output "" cannot be
/// held: its export would name it.
static constexpr llvm::StringLiteral kEmptyNameNote(
    " has an empty name; ng IR cannot hold it (an empty name is no name, "
    "which export would fill in)");

LogicalResult Importer::importCall(const fb::Node *node, Scope &scope,
                                   unsigned depth) {
  StringRef nodeName = str(node->name());
  if (nodeName.empty()) {
    error() << "the node" << kEmptyNameNote;
    return failure();
  }
  SmallVector<Attribute, 8> args;
  SmallVector<Value, 8> operands;
  SmallVector<const fb::GraphArg *, 2> graphs;
  if (const auto *inputs = node->inputs()) {
    for (unsigned i = 0, e = inputs->size(); i < e; ++i)
      if (failed(importArgument(inputs->Get(i), i, scope, args, operands,
                                &graphs)))
        return failure();
  }
  context.clearArgument();
  // A target in a namespace the schema table covers that no schema knows
  // is most likely misspelled (`aten.rsqrt.defualt`); a runtime would have
  // no kernel for it. Once per target, at its first node.
  StringRef target = str(node->target());
  if (isUnknownTarget(target) && unknownTargets.insert(target).second)
    emitWarning(fileLoc) << context.str() << ": no operator schema knows "
                         << "target '" << target
                         << "' (a misspelling? lib/Dialect/OpSchemas.txt); "
                            "a runtime may have no kernel for it";

  // Outputs: one result per Output, a group per TENSOR_LIST.
  SmallVector<Type, 4> resultTypes;
  // Wire names point into the flatbuffer until the op copies them.
  SmallVector<StringRef, 4> names;
  SmallVector<int32_t, 4> groups, aliases;
  bool anyList = false, anyAlias = false;
  if (const auto *outputs = node->outputs()) {
    for (unsigned i = 0, e = outputs->size(); i < e; ++i) {
      const fb::Output *output = outputs->Get(i);
      StringRef outName = str(output->name());
      int32_t alias = -1;
      if (StringRef aliasOf = str(output->alias_of()); !aliasOf.empty()) {
        // V6: alias_of names an input (operand) of this node.
        if (Value aliased = scope.lookup(aliasOf))
          for (auto [index, operand] : llvm::enumerate(operands))
            if (operand == aliased) {
              alias = index;
              break;
            }
        if (alias < 0) {
          error() << "output '" << outName << "' has alias_of '" << aliasOf
                  << "', which is not an input of this node (V6)";
          return failure();
        }
        anyAlias = true;
      }
      // A1: only a single-tensor return carries alias_of.
      if (alias >= 0 && output->kind() != fb::OutputValueKind::TENSOR) {
        error() << "output '" << outName << "' of kind "
                << fb::EnumNameOutputValueKind(output->kind())
                << " has alias_of '" << str(output->alias_of())
                << "'; only a tensor output aliases an input (A1)";
        return failure();
      }
      aliases.push_back(alias);
      auto checkNoNames = [&]() -> LogicalResult {
        if (output->names() && output->names()->size() != 0) {
          error() << "output '" << outName
                  << "' is not a TENSOR_LIST but lists element names; ng "
                     "cannot represent that";
          return failure();
        }
        return success();
      };
      switch (output->kind()) {
      case fb::OutputValueKind::TENSOR: {
        if (failed(checkNoNames()))
          return failure();
        if (outName.empty()) {
          error() << "an output" << kEmptyNameNote;
          return failure();
        }
        FailureOr<Type> status = failure();
        Type type = tensorTypeFor(scope, outName, status);
        if (failed(status))
          return failure();
        resultTypes.push_back(type);
        names.push_back(outName);
        groups.push_back(-1);
        break;
      }
      case fb::OutputValueKind::INT:
      case fb::OutputValueKind::BOOL:
      case fb::OutputValueKind::FLOAT:
        if (failed(checkNoNames()))
          return failure();
        if (outName.empty()) {
          error() << "an output" << kEmptyNameNote;
          return failure();
        }
        resultTypes.push_back(
            getScalarType(ctx, *getReferenceKind(output->kind())));
        names.push_back(outName);
        groups.push_back(-1);
        break;
      case fb::OutputValueKind::TENSOR_LIST: {
        if (!outName.empty()) {
          error() << "TENSOR_LIST output is named '" << outName
                  << "'; its name must be empty (S6)";
          return failure();
        }
        anyList = true;
        int32_t count = 0;
        if (const auto *elements = output->names()) {
          for (const flatbuffers::String *element : *elements) {
            if (element->size() == 0) {
              error() << "an element of a TENSOR_LIST output" << kEmptyNameNote;
              return failure();
            }
            FailureOr<Type> status = failure();
            Type type = tensorTypeFor(scope, str(element), status);
            if (failed(status))
              return failure();
            resultTypes.push_back(type);
            names.push_back(str(element));
            ++count;
          }
        }
        groups.push_back(count);
        break;
      }
      default:
        error() << "output '" << outName << "' has unknown kind "
                << static_cast<int>(output->kind())
                << " (written by a newer format version? W2)";
        return failure();
      }
    }
  }

  // Inherent attributes go straight into the op's properties: building an
  // attribute dictionary per node would cost a sort and a hash per node.
  // The names are hints in the location (WireNames.h), which names the
  // node within its method.
  OperationState state(getNodeLoc(ctx, nodeName, names, opLoc),
                       CallOp::getOperationName());
  state.addOperands(operands);
  state.addTypes(resultTypes);
  auto &props = state.getOrAddProperties<CallOp::Properties>();
  props.target = recurring.string(str(node->target()));
  props.args = builder.getArrayAttr(args);
  if (anyList)
    props.output_groups = builder.getDenseI32ArrayAttr(groups);
  if (anyAlias)
    props.alias_of = builder.getDenseI32ArrayAttr(aliases);
  props.metadata = metadataAttr(node);
  SmallVector<Region *, 2> regions;
  for (size_t i = 0; i < graphs.size(); ++i)
    regions.push_back(state.addRegion());

  // Subgraphs (V9) are built with their own scope (N1).
  for (auto [region, graphArg] : llvm::zip(regions, graphs)) {
    ErrorContext saved = context;
    context.graphPath =
        (Twine(saved.graphPath.empty() ? "" : saved.graphPath + " > ") +
         "graph '" + str(graphArg->name()) + "' of node '" + nodeName + "'")
            .str();
    context.node = {};
    if (failed(claimGraph(graphArg->graph())))
      return failure();
    if (failed(importGraph(graphArg->graph(), *region, nullptr, depth + 1)))
      return failure();
    context = saved;
  }

  Operation *op = builder.create(state);
  // Define the results (V2).
  for (auto [result, valueName] : llvm::zip(op->getResults(), names)) {
    if (!scope.define(valueName, result)) {
      error() << "duplicate value definition '" << valueName << "' (V2)";
      return failure();
    }
  }
  // A subgraph's nodes are verified with the node that holds them.
  if (rules && depth == 0)
    return verifyNode(op);
  return success();
}

LogicalResult Importer::verifyNode(Operation *op) {
  return failure(failed(mlir::verify(op, /*verifyRecursively=*/
                                     op->getNumRegions() != 0)) ||
                 failed(rules->verifyNode(*op)));
}

LogicalResult Importer::importOutput(const fb::Node *node, Scope &scope,
                                     const fb::Graph *graph,
                                     const fb::Method *method) {
  SmallVector<Attribute, 4> args;
  SmallVector<Value, 4> operands;
  SmallVector<StringRef, 4> tensorNames;
  if (const auto *inputs = node->inputs()) {
    for (unsigned i = 0, e = inputs->size(); i < e; ++i) {
      const fb::NamedArgument *input = inputs->Get(i);
      if (failed(importArgument(input, i, scope, args, operands, nullptr)))
        return failure();
      if (input->arg()->value_type() == fb::ArgumentValue::TensorArg)
        tensorNames.push_back(str(input->arg()->value_as_TensorArg()->name()));
    }
  }
  context.clearArgument();
  if (node->outputs() && node->outputs()->size() != 0) {
    error() << "the OUTPUT node has outputs of its own; ng cannot represent "
               "that";
    return failure();
  }
  // The reference writes no target for the OUTPUT node; one that is there
  // (even "") has nowhere to go in ng.output.
  if (node->target()) {
    error() << "the OUTPUT node has a target ('" << str(node->target())
            << "'); ng cannot represent that";
    return failure();
  }

  // V10: Graph.outputs are the OUTPUT node's tensor references, in order.
  SmallVector<StringRef, 4> graphOutputs;
  if (const auto *outputs = graph->outputs())
    for (const flatbuffers::String *output : *outputs)
      graphOutputs.push_back(str(output));
  if (graphOutputs != tensorNames) {
    auto diag = error() << "Graph.outputs [";
    llvm::interleaveComma(graphOutputs, diag,
                          [&](StringRef s) { diag << "'" << s << "'"; });
    diag << "] differ from the OUTPUT node's tensor references [";
    llvm::interleaveComma(tensorNames, diag,
                          [&](StringRef s) { diag << "'" << s << "'"; });
    diag << "] (V10)";
    return failure();
  }
  // V7 (outputs carry metadata) is the verifier's (MethodGraphVerifier).

  if (str(node->name()).empty()) {
    error() << "the OUTPUT node" << kEmptyNameNote;
    return failure();
  }
  OperationState state(getNodeLoc(ctx, str(node->name()), {}, opLoc),
                       OutputOp::getOperationName());
  state.addOperands(operands);
  auto &props = state.getOrAddProperties<OutputOp::Properties>();
  props.args = builder.getArrayAttr(args);
  props.metadata = metadataAttr(node);
  // Absent output_specs (V10 allows it) reads as all USER_OUTPUT, which
  // the export writes: the native runtime's loader needs them.
  if (method && method->output_specs()) {
    const auto *specs = method->output_specs();
    if (specs->size() != graphOutputs.size()) {
      error() << "has " << specs->size() << " output_specs for "
              << graphOutputs.size() << " Graph.outputs (V10)";
      return failure();
    }
    SmallVector<Attribute, 4> specAttrs;
    bool anyNonDefault = false;
    for (unsigned i = 0, e = specs->size(); i < e; ++i) {
      const fb::OutputSpec *spec = specs->Get(i);
      if (str(spec->name()) != graphOutputs[i]) {
        error() << "output_specs[" << i << "] names '" << str(spec->name())
                << "' but Graph.outputs[" << i << "] is '" << graphOutputs[i]
                << "' (V10)";
        return failure();
      }
      std::optional<OutputKind> known =
          symbolizeOutputKind(static_cast<uint32_t>(spec->kind()));
      if (!known) {
        error() << "output spec '" << str(spec->name()) << "' has unknown kind "
                << static_cast<int>(spec->kind())
                << " (written by a newer format version? W2)";
        return failure();
      }
      StringAttr target;
      int64_t input = -1;
      OutputKind outputKind = *known;
      if (outputKind == OutputKind::UserInputMutation) {
        // The user input, structurally: its placeholder (names are hints in
        // the IR). Whether it is a user input is the verifier's (V11).
        Value named = scope.lookup(str(spec->target()));
        auto arg = dyn_cast_or_null<BlockArgument>(named);
        if (!arg) {
          error() << "output '" << str(spec->name()) << "' mutates input '"
                  << str(spec->target())
                  << "', which is not a user input (V11)";
          return failure();
        }
        input = arg.getArgNumber();
      } else if (spec->target()) {
        target = builder.getStringAttr(str(spec->target()));
      }
      anyNonDefault |= outputKind != OutputKind::UserOutput || target;
      specAttrs.push_back(OutputSpecAttr::get(ctx, outputKind, target, input));
    }
    if (anyNonDefault)
      props.specs = builder.getArrayAttr(specAttrs);
  }
  // A method's type lists its results: set it before the output is checked
  // against it.
  Block *block = builder.getInsertionBlock();
  auto methodOp = dyn_cast_or_null<MethodOp>(block->getParentOp());
  if (method && methodOp)
    methodOp.setFunctionTypeAttr(TypeAttr::get(FunctionType::get(
        ctx, block->getArgumentTypes(), TypeRange(ValueRange(operands)))));
  Operation *op = builder.create(state);
  if (rules && method)
    return verifyNode(op);
  return success();
}

//===----------------------------------------------------------------------===//
// Graphs and methods
//===----------------------------------------------------------------------===//

LogicalResult Importer::importGraph(const fb::Graph *graph, Region &region,
                                    const fb::Method *method, unsigned depth) {
  if (depth > options.maxGraphDepth) {
    error() << "subgraphs are nested more than " << options.maxGraphDepth
            << " levels deep (W9)";
    return failure();
  }
  // A method's nodes and tensor_values entries are verified just ahead of
  // their import (a subgraph's came with the node that holds it).
  std::optional<GraphAhead> ahead;
  if (method)
    ahead.emplace(*nodeVerifier, *entryVerifier, graph,
                  options.threads                  ? options.threads
                  : ctx->isMultithreadingEnabled() ? &ctx->getThreadPool()
                                                   : nullptr);
  Scope scope(graph, method ? &*ahead : nullptr);
  // Sized up front: growing a million-entry table would rehash it over and
  // over (import time per node must not grow with the graph).
  unsigned numNodes = graph->nodes()->size();
  scope.names.reserve(numNodes + numNodes / 8);

  // V2: values are defined by Graph.inputs, then the method's bindings.
  // `defined` remembers each one until its PLACEHOLDER node restates it (V4).
  enum class Role { Input, Constant, MutableBuffer };
  struct Definition {
    Role role;
    const fb::NamedTensorRef *constant = nullptr;
    const fb::MutableBufferSpec *buffer = nullptr;
    bool placed = false;
  };
  // In definition order (inputs, constants, buffers): what the placeholders
  // usually follow.
  NameMap<Definition> defined;
  SmallVector<StringRef, 8> inputOrder;
  const auto *inputs = graph->inputs();
  const auto *constants = method ? method->constants() : nullptr;
  const auto *buffers = method ? method->mutable_buffers() : nullptr;
  defined.reserve((inputs ? inputs->size() : 0) +
                  (constants ? constants->size() : 0) +
                  (buffers ? buffers->size() : 0));
  // Records `name`'s definition; returns the earlier one if there is one.
  auto define = [&](StringRef name, uint32_t hash,
                    Definition def) -> const Definition * {
    auto [entry, made] = defined.tryEmplace(name, hash);
    if (!made)
      return &entry->value;
    entry->value = def;
    return nullptr;
  };
  // "" is not a reference (V3): a value of that name could never be used,
  // and ng's IR has no way to write it back. Data keys are fqns (N3).
  auto emptyName = [&](StringRef what) {
    error() << what
            << " has an empty name; \"\" is not a reference (V3), so ng "
               "cannot name it";
    return failure();
  };
  auto emptyKey = [&](StringRef what, StringRef name, StringRef field) {
    error() << what << " '" << name << "' has an empty " << field
            << "; data keys are fqns (N3)";
    return failure();
  };
  if (inputs)
    for (const flatbuffers::String *input : *inputs) {
      if (input->size() == 0)
        return emptyName("an entry of Graph.inputs");
      if (define(str(input), NameMap<Definition>::hash(str(input)),
                 {Role::Input})) {
        error() << "input '" << str(input)
                << "': duplicate value definition (V2)";
        return failure();
      }
      inputOrder.push_back(str(input));
    }
  // A model has a constant per weight: their slots are prefetched ahead.
  NameHashesAhead constantNames;
  if (constants)
    for (unsigned i = 0, e = constants->size(); i < e; ++i) {
      const fb::NamedTensorRef *constant = constants->Get(i);
      uint32_t nameHash = constantNames.at(
          i, e, [&](size_t k) { return str(constants->Get(k)->name()); },
          [&](uint32_t hash) { defined.prefetch(hash); });
      if (!constant->name()->size())
        return emptyName("a constant");
      if (!constant->data_key()->size())
        return emptyKey("constant", str(constant->name()), "data_key");
      if (!symbolizeInputKind(static_cast<uint32_t>(constant->kind()))) {
        error() << "constant '" << str(constant->name())
                << "' has unknown kind " << static_cast<int>(constant->kind())
                << " (written by a newer format version? W2)";
        return failure();
      }
      // (A mutated constant that is not a buffer, V12, is the verifier's.)
      if (define(str(constant->name()), nameHash, {Role::Constant, constant})) {
        error() << "'" << str(constant->name())
                << "' has more than one binding (V12)";
        return failure();
      }
    }
  if (buffers)
    for (const fb::MutableBufferSpec *buffer : *buffers) {
      if (!buffer->name()->size())
        return emptyName("a mutable buffer");
      if (!buffer->fqn()->size())
        return emptyKey("mutable buffer", str(buffer->name()), "fqn");
      if (const Definition *other =
              define(str(buffer->name()),
                     NameMap<Definition>::hash(str(buffer->name())),
                     {Role::MutableBuffer, nullptr, buffer})) {
        error() << "mutable buffer '" << str(buffer->name()) << "' "
                << (other->role == Role::Constant
                        ? "is also a constant (V12)"
                        : "has more than one binding (V12)");
        return failure();
      }
    }

  Block *block = new Block();
  region.push_back(block);
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToEnd(block);

  const auto *nodes = graph->nodes();
  SmallVector<StringRef, 8> placedInputs;
  bool seenCall = false, seenOutput = false;

  // Placeholders come first (S1). Once they are made, with
  // ImportOptions::verify the checking of the method's rules begins: then
  // each node is verified as soon as it is made.
  auto methodOp = dyn_cast_or_null<MethodOp>(region.getParentOp());
  std::optional<MethodGraphVerifier> methodRules;
  llvm::scope_exit stopVerifying([&] {
    if (methodRules)
      rules = nullptr;
  });
  bool placeholdersDone = false;
  auto finishPlaceholders = [&]() -> LogicalResult {
    placeholdersDone = true;
    if (!methodOp || !options.verify)
      return success();
    // V1 and V2 are checked here, on the file's names (Scope): they are
    // rules of the file, not of the IR.
    methodRules.emplace(methodOp);
    rules = &*methodRules;
    return rules->verifyPlaceholders();
  };

  // Node names are hashed a few nodes ahead and their slots in the name
  // table prefetched: with a million nodes the table is far larger than the
  // cache, and inserting each node's name otherwise waits for memory. Only
  // verified nodes are read.
  NameHashesAhead nodeNames;
  size_t nextDefinition = 0; // where the next placeholder likely is
  for (unsigned i = 0, e = nodes->size(); i < e; ++i) {
    if (ahead && !ahead->waitForNode(i)) {
      reportMalformed();
      return failure();
    }
    uint32_t nameHash = nodeNames.at(
        i, ahead ? ahead->verifiedNodeCount() : e,
        [&](size_t k) { return str(nodes->Get(k)->name()); },
        [&](uint32_t hash) { scope.names.prefetch(hash); });
    const fb::Node *node = nodes->Get(i);
    if (!placeholdersDone && node->op_kind() != fb::OpKind::PLACEHOLDER &&
        failed(finishPlaceholders()))
      return failure();
    StringRef nodeName = str(node->name());
    context.node = nodeName;
    context.clearArgument();
    if (seenOutput) {
      error() << "comes after the OUTPUT node, which must be last (S1)";
      return failure();
    }
    {
      Scope::Name &entry =
          scope.names.tryEmplace(nodeName, nameHash).first->value;
      if (entry.isNode) {
        error() << "duplicate node name (V1)";
        return failure();
      }
      entry.isNode = true;
    }
    switch (node->op_kind()) {
    case fb::OpKind::PLACEHOLDER: {
      // Placeholders usually come in definition order: try the entry after
      // the last one found before a lookup.
      NameMap<Definition>::Entry *declared =
          nextDefinition < defined.size() &&
                  defined.entryAt(nextDefinition).name == nodeName
              ? &defined.entryAt(nextDefinition)
              : defined.find(nodeName, nameHash);
      if (declared)
        nextDefinition = defined.indexOf(*declared) + 1;
      if (!declared) {
        error() << "placeholder is not a declared input or binding (V4)";
        return failure();
      }
      if (seenCall) {
        error() << "placeholder after call_function nodes; ng keeps "
                   "placeholders first (S1)";
        return failure();
      }
      // S1: exactly one Output, of the placeholder's own name (the export
      // writes it back; an absent one would be invented).
      const auto *outputs = node->outputs();
      if (!outputs || outputs->size() != 1 ||
          str(outputs->Get(0)->name()) != nodeName) {
        InFlightDiagnostic diag = error();
        diag << "a PLACEHOLDER node has one Output of its own name (S1); "
                "this one has ";
        if (!outputs || outputs->size() == 0)
          diag << "none";
        else if (outputs->size() == 1)
          diag << "'" << str(outputs->Get(0)->name()) << "'";
        else
          diag << outputs->size() << " outputs";
        return failure();
      }
      if ((node->inputs() && node->inputs()->size()) ||
          (node->metadata() && node->metadata()->size()) || node->target() ||
          outputs->Get(0)->alias_of() || outputs->Get(0)->names() ||
          outputs->Get(0)->kind() != fb::OutputValueKind::TENSOR) {
        error() << "placeholder carries fields other than its one output; ng "
                   "cannot represent them";
        return failure();
      }
      Definition &def = declared->value;
      def.placed = true;
      PlaceholderBinding binding;
      Type type;
      if (def.role == Role::Constant) {
        FailureOr<Type> converted = convertMeta(def.constant->meta(), nodeName);
        if (failed(converted))
          return failure();
        type = *converted;
        // (A known kind: checked where the constant was defined.)
        binding = PlaceholderBinding::constant(
            *symbolizeInputKind(static_cast<uint32_t>(def.constant->kind())),
            str(def.constant->data_key()), def.constant->mutated());
      } else {
        FailureOr<Type> status = failure();
        type = tensorTypeFor(scope, nodeName, status);
        if (failed(status))
          return failure();
        // (V7, metadata on inputs and mutable buffers, is the verifier's.)
        if (def.role == Role::MutableBuffer)
          binding = PlaceholderBinding::mutableBuffer(str(def.buffer->fqn()));
        else
          placedInputs.push_back(nodeName);
      }
      BlockArgument arg =
          methodOp
              ? methodOp.addPlaceholder(type, nodeName, std::move(binding),
                                        opLoc)
              : block->addArgument(
                    type, NameLoc::get(StringAttr::get(ctx, nodeName), opLoc));
      scope.define(nodeName, arg);
      break;
    }
    case fb::OpKind::CALL_FUNCTION:
      seenCall = true;
      if (failed(importCall(node, scope, depth)))
        return failure();
      break;
    case fb::OpKind::OUTPUT:
      seenOutput = true;
      if (failed(importOutput(node, scope, graph, method)))
        return failure();
      break;
    default:
      error() << "unknown op_kind " << static_cast<int>(node->op_kind())
              << " (written by a newer format version? W2)";
      return failure();
    }
  }
  context.node = {};
  context.clearArgument();
  if (!seenOutput) {
    error() << "the graph has no OUTPUT node (S1)";
    return failure();
  }
  for (const NameMap<Definition>::Entry &entry : defined.inOrder())
    if (!entry.value.placed) {
      error() << "'" << entry.name
              << "' is defined but has no PLACEHOLDER node; ng cannot "
                 "represent that (S1)";
      return failure();
    }
  // Every tensor_values entry must describe a non-constant tensor value of
  // this graph, or the export could not write it back. Each entry was taken
  // by the value it describes; the one at fault is looked for only when
  // some entry was not.
  if (!scope.meta.allTaken()) {
    if (!scope.meta.verifyAll()) {
      reportMalformed();
      return failure();
    }
    if (std::optional<StringRef> twice = scope.meta.duplicate()) {
      error() << "tensor_values lists '" << *twice
              << "' twice; ng cannot represent that";
      return failure();
    }
    for (const fb::TensorValue *tensorValue : *graph->tensor_values()) {
      StringRef name = str(tensorValue->name());
      Value value = scope.lookup(name);
      const auto *def = defined.find(name);
      if (!value || !isa<ng::TensorType>(value.getType()) ||
          (def && def->value.role == Role::Constant)) {
        error() << "tensor_values has metadata for '" << name
                << "', which is not a non-constant tensor of this graph; ng "
                   "cannot represent that (S2)";
        return failure();
      }
    }
  }
  if (placedInputs != inputOrder) {
    error() << "Graph.inputs are not in placeholder order; ng cannot "
               "represent that (S2)";
    return failure();
  }

  if (!methodOp || !rules)
    return success();
  // The method op's own invariants, then the rules about its outputs. (What
  // mlir::verify would add is true by construction: the importer resolves
  // names only to values defined earlier in the same graph, so dominance
  // and isolation hold, and the nodes were verified as they were made.)
  if (failed(methodOp->getName().verifyInvariants(methodOp)))
    return failure();
  return rules->verifyOutputs();
}

LogicalResult Importer::claimGraph(const fb::Graph *graph) {
  if (importedGraphs.insert(graph).second)
    return success();
  error() << "this graph is the same flatbuffer table as another method's or "
             "subgraph's; each graph is its own table (shared structure "
             "would be imported, and exported, once per reference) (W9)";
  return failure();
}

LogicalResult Importer::importMethod(const fb::Method *method,
                                     ModuleOp module) {
  context = ErrorContext();
  // (An empty name, V12, is the verifier's.)
  context.method = str(method->name());
  builder.setInsertionPointToEnd(module.getBody());
  // The context of every location in the method: fused<@name>[file]
  // (WireNames.h).
  opLoc = getMethodContextLoc(context.method, fileLoc);
  auto methodOp = MethodOp::create(builder, opLoc, str(method->name()),
                                   FunctionType::get(ctx, {}, {}));
  if (failed(claimGraph(method->graph())) ||
      failed(importGraph(method->graph(), methodOp.getBody(), method, 0)))
    return failure();
  // Which storages are written, recorded on the values' producers
  // (Storage.h): read off the finished graph.
  inferStorageWrites(methodOp);
  return success();
}

void Importer::reportMalformed() {
  context = ErrorContext();
  error() << "malformed NPTG: the flatbuffer does not verify (truncated or "
             "corrupt offsets, a missing required field, nesting deeper "
             "than "
          << options.maxVerifierDepth << " tables, or more than "
          << verifierOptions.max_tables
          << " tables, counting a shared table each time it is reached) (W9)";
}

OwningOpRef<ModuleOp> Importer::importProgram(StringRef buffer) {
  const auto *bytes = reinterpret_cast<const uint8_t *>(buffer.data());
  if (buffer.size() < 8) {
    error() << "not an NPTG file: " << buffer.size()
            << " bytes is too short for a flatbuffer (W1)";
    return nullptr;
  }
  if (!fb::ProgramBufferHasIdentifier(bytes)) {
    auto diag = error() << "not an NPTG file: file identifier is '";
    for (char c : buffer.substr(4, 4))
      diag << (llvm::isPrint(c) ? StringRef(&c, 1) : StringRef("?"));
    diag << "', expected 'NPTG' (W1)";
    return nullptr;
  }
  this->bytes = bytes;
  size = buffer.size();
  verifierOptions.max_depth = options.maxVerifierDepth;
  // The verifier counts a table each time it reaches it, so a table shared
  // by several parents is counted once per parent. Writers share leaf tables
  // (ng's exporter shares metadata and literal arguments): ng's own files
  // reach about 0.1 tables per byte, flatc's fewer. Shared subgraphs,
  // though, nest: a Graph referenced twice at each of 40 levels describes
  // 2^40 graphs in a few kilobytes (a "DAG bomb"). One table per byte of the
  // file leaves any reasonable writer ten times the room it needs and keeps
  // verification, and with it the import, linear in the file's size.
  verifierOptions.max_tables =
      std::min<unsigned long>(options.maxTables, std::max<size_t>(size, 64));
  // Everything but the methods' nodes now; the nodes as they are imported.
  size_t outlineExtent = 0;
  if (!verifyOutline(bytes, size, verifierOptions, outlineExtent)) {
    reportMalformed();
    return nullptr;
  }
  const fb::Program *program = fb::GetProgram(bytes);
  nodeVerifier.emplace(bytes, size, verifierOptions);
  entryVerifier.emplace(bytes, size, verifierOptions);

  OwningOpRef<ModuleOp> module = ModuleOp::create(fileLoc);
  // An absent version is 1.0 (W7), and reads as such: the export always
  // writes the field (the native runtime's loader requires it), so the IR
  // says what the file will say.
  StringRef version = NgDialect::getDefaultProgramVersion();
  if (const flatbuffers::String *given = program->version()) {
    version = str(given);
    // Checked first, before the verifier would: a newer version may not
    // import at all.
    if (!NgDialect::isSupportedVersion(version)) {
      error() << NgDialect::describeUnsupportedVersion(version);
      return nullptr;
    }
  }
  (*module)->setAttr(NgDialect::getVersionAttrName(),
                     builder.getStringAttr(version));
  // With ImportOptions::verify, the nodes are verified as they are made.
  std::optional<VerifierDiagnostics> reword;
  if (options.verify)
    reword.emplace(ctx);
  llvm::StringSet<> methodNames;
  for (const fb::Method *method : *program->methods()) {
    if (!methodNames.insert(str(method->name())).second) {
      context = ErrorContext();
      error() << "duplicate method name '" << str(method->name()) << "' (V12)";
      return nullptr;
    }
    if (failed(importMethod(method, *module)))
      return nullptr;
  }
  // What mlir::verify checks once every op is (ng.method's
  // verifySymbolUses): the program-wide data-key rules (S9, V15).
  if (options.verify && (failed(verifyModuleAttributes(*module)) ||
                         failed(verifyDataKeyRules(*module))))
    return nullptr;
  warnAboutTrailingBytes(
      std::max({outlineExtent, nodeVerifier->GetComputedSize(),
                entryVerifier->GetComputedSize()}));
  return module;
}

void Importer::warnAboutTrailingBytes(size_t extent) {
  // A builder writes its first object at the very end of the buffer, so a
  // flatbuffer ends where its last table, vector or string does, give or
  // take the padding of one 8-byte alignment. More than that after the
  // farthest byte the verifier reached is not part of the program: two
  // files concatenated, or a truncated copy over a longer one. (A newer
  // writer's fields this schema does not know can be out there too, so it
  // is a warning, not an error.)
  if (size - extent < 8)
    return;
  context = ErrorContext();
  emitWarning(fileLoc) << size - extent << " bytes after the end of the "
                       << "program (at offset " << extent << " of " << size
                       << ") are not part of it and were ignored (W1)";
}

LogicalResult ng::verifyModuleAttributes(ModuleOp module) {
  VerifierDiagnostics reword(module.getContext());
  // As the verifier does for every op: each discardable attribute by its
  // dialect (ng.version; ng.data, V14).
  for (NamedAttribute attr : module->getDiscardableAttrDictionary())
    if (Dialect *dialect = attr.getNameDialect())
      if (failed(dialect->verifyOperationAttribute(module, attr)))
        return failure();
  return success();
}

LogicalResult ng::verifyImportedProgram(ModuleOp module) {
  VerifierDiagnostics reword(module.getContext());
  return mlir::verify(module);
}

OwningOpRef<ModuleOp> ng::importNativeGraph(StringRef buffer,
                                            StringRef bufferName,
                                            MLIRContext *context,
                                            const ImportOptions &options) {
  context->getOrLoadDialect<NgDialect>();
  Importer importer(context, bufferName, options);
  return importer.importProgram(buffer);
}

bool ng::verifiesAsProgram(ArrayRef<uint8_t> bytes, unsigned maxDepth,
                           unsigned long maxTables) {
  flatbuffers::Verifier::Options options;
  options.max_depth = maxDepth;
  options.max_tables = maxTables;
  flatbuffers::Verifier verifier(bytes.data(), bytes.size(), options);
  return native_backend::VerifyProgramBuffer(verifier);
}
