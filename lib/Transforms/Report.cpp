//===- Report.cpp - what a program needs from a runtime -------------------===//
//
// --ng-report: per method, its I/O signature, the targets it calls (kernels
// apart from views and metadata ops), what its weights and mutable state
// weigh, its dynamic dims, and an estimate of its activation memory
// (ng/Analysis/ActivationMemory.h). Gathered in a walk of each method plus
// its storage analysis, then printed as text or JSON to stderr or a file:
// never to standard output, which is the IR's.
//
//===----------------------------------------------------------------------===//

#include "ng/Dialect/ModuleDiagnostics.h"
#include "ng/Transforms/Passes.h"

#include "ng/Analysis/ActivationMemory.h"
#include "ng/Dialect/ConstantData.h"
#include "ng/Dialect/NgOps.h"
#include "ng/Dialect/OpFacts.h"
#include "ng/Dialect/OpSchemas.h"
#include "ng/Dialect/WireArguments.h"
#include "ng/Dialect/WireNames.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

namespace ng {
#define GEN_PASS_DEF_REPORT
#include "ng/Transforms/Passes.h.inc"
} // namespace ng

using namespace mlir;
using namespace ng;

namespace {
std::string typeSummary(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  printTypeSummary(type, os);
  return text;
}

/// Keys of first appearance, with counts: deterministic without sorting
/// pointers.
struct Tally {
  llvm::StringMap<unsigned> index;
  std::vector<std::pair<std::string, uint64_t>> entries;
  std::vector<unsigned> counts;
  /// The type of each entry's first `add` (what JSON describes it by).
  std::vector<Type> types;
  void add(StringRef key, uint64_t amount = 0, Type type = {}) {
    auto [it, inserted] = index.try_emplace(key, entries.size());
    if (inserted) {
      entries.emplace_back(key.str(), 0);
      counts.push_back(0);
      types.push_back(type);
    }
    ++counts[it->second];
    entries[it->second].second += amount;
  }
};

/// What a target is to a runtime. A view or metadata op needs no kernel of
/// its own in most runtimes (a view is a new offset and strides into its
/// input's memory; a metadata op reads sizes, compares scalars, checks).
enum class TargetKind { Kernel, View, Metadata, Unknown };

StringRef stringifyTargetKind(TargetKind kind) {
  switch (kind) {
  case TargetKind::Kernel:
    return "kernel";
  case TargetKind::View:
    return "view";
  case TargetKind::Metadata:
    return "metadata";
  case TargetKind::Unknown:
    return "unknown";
  }
  llvm_unreachable("unknown TargetKind");
}

/// From the op facts (OpFacts.h): a view is an op whose output aliases an
/// argument it does not write; a metadata op makes no tensor (sym_size,
/// _operator.*, assertions). Any other target is a kernel, known to the op
/// facts or not. (A target no table knows is where a report of unknown
/// targets, from an op-schema table, would be gathered.)
TargetKind classifyTarget(CallOp call) {
  std::optional<OpFacts> facts = lookupOpFacts(call.getTarget());
  // A target of a namespace ng has schemas for that none knows (a typo,
  // `aten.rsqrt.defualt`, or an op no runtime has a kernel for).
  if (!facts && isUnknownTarget(call.getTarget()))
    return TargetKind::Unknown;
  if (facts && facts->knowsAliasing && !facts->aliasedArg.empty() &&
      !facts->mutates(facts->aliasedArg))
    return TargetKind::View;
  if (llvm::none_of(call->getResultTypes(), llvm::IsaPred<ng::TensorType>))
    return TargetKind::Metadata;
  return TargetKind::Kernel;
}

struct Tensor {
  std::string name;
  Type type;
};

struct Constant {
  std::string name, key;
  StringRef role;
  Type type;
  std::optional<uint64_t> bytes;
};

struct State {
  StringRef role;
  bool mutated = false;
  std::string name, key;
  Type type;
  std::optional<uint64_t> bytes;
  std::vector<std::string> writers;
};

struct WriteBack {
  StringRef kind; // buffer_mutation, user_input_mutation
  std::string from, to;
};

struct Activations {
  ActivationEstimate estimate;
  std::string worstNode;
};

struct MethodReport {
  std::string name;
  unsigned placeholders = 0, calls = 0, subgraphCalls = 0;
  Tally targets;
  llvm::StringMap<TargetKind> targetKinds;
  std::vector<Tensor> inputs, outputs;
  unsigned constants = 0, withData = 0, unknownBytes = 0;
  uint64_t bytes = 0;
  Tally byRole; // "parameter" -> bytes
  Tally byKind; // "dtype[ quant]" -> bytes
  std::vector<Constant> largest;
  unsigned values = 0, dynamicValues = 0;
  Tally ranges;
  std::vector<State> state;
  uint64_t stateBytes = 0;
  unsigned stateUnknownBytes = 0;
  std::vector<WriteBack> writeBacks;
  Activations atMin, atMax;
  bool dynamic = false;
};

/// "f32", "ui8 affine_group 4-bit [-8, 7] group 32".
std::string weightKind(ng::TensorType type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  if (!type || !type.hasMeta()) {
    os << "?";
    return text;
  }
  type.getElementType().print(os);
  if (Attribute quant = type.getQuant()) {
    os << " ";
    printQuantSummary(quant, os);
  }
  return text;
}

std::string formatRange(DimRange dim) {
  if (dim.max < 0)
    return std::to_string(dim.min) + ":?";
  return std::to_string(dim.min) + ":" + std::to_string(dim.max);
}

Activations estimate(MethodOp method, const StorageAnalysis &storage,
                     const StorageLiveness &liveness, const GraphNames &names,
                     DimBound bound) {
  Activations activations;
  activations.estimate =
      estimateActivationMemory(method, storage, liveness, bound);
  if (Operation *worst = activations.estimate.worstNode)
    activations.worstNode = names.getName(worst).str();
  return activations;
}

MethodReport gatherMethod(ModuleOp module, MethodOp method, unsigned largest) {
  MethodReport report;
  report.name = method.getSymName().str();
  Block &body = method.getBody().front();
  GraphNames names(method.getBody());
  report.placeholders = body.getNumArguments();

  auto countValue = [&](Value value) {
    ++report.values;
    auto type = dyn_cast<ng::TensorType>(value.getType());
    if (!type)
      return;
    bool dynamic = false;
    for (DimRange dim : type.getSizes())
      if (!dim.isStatic()) {
        dynamic = true;
        report.ranges.add(formatRange(dim));
      }
    report.dynamicValues += dynamic;
  };

  std::vector<Constant> constants;
  llvm::StringMap<bool> keysSeen;
  for (BlockArgument arg : body.getArguments()) {
    countValue(arg);
    const PlaceholderBinding &binding =
        method.getPlaceholderBinding(arg.getArgNumber());
    auto type = dyn_cast<ng::TensorType>(arg.getType());
    StringRef name = names.getName(arg);
    if (binding.isInput()) {
      report.inputs.push_back({name.str(), arg.getType()});
      continue;
    }
    std::vector<std::string> writers;
    for (OpOperand &use : arg.getUses())
      if (std::optional<WireArgument> wire = getWireArgumentOf(use);
          wire && wire->isMutated())
        writers.push_back(names.getName(use.getOwner()).str());
    if (binding.isMutableBuffer() || binding.mutated) {
      std::optional<uint64_t> bytes = getExpectedDataBytes(arg.getType());
      if (bytes)
        report.stateBytes += *bytes;
      else
        ++report.stateUnknownBytes;
      report.state.push_back({binding.getRoleName(), binding.mutated,
                              name.str(), binding.key, arg.getType(), bytes,
                              std::move(writers)});
    }
    if (!binding.isConstant())
      continue;
    // Two placeholders of one key share its data: count it once.
    if (!keysSeen.try_emplace(binding.key, true).second)
      continue;
    ++report.constants;
    std::optional<uint64_t> bytes;
    if (auto data = lookupConstantData(module, binding.key)) {
      bytes = data.getByteCount();
      ++report.withData;
    } else {
      bytes = getExpectedDataBytes(arg.getType());
    }
    if (bytes)
      report.bytes += *bytes;
    else
      ++report.unknownBytes;
    report.byKind.add(weightKind(type), bytes.value_or(0), arg.getType());
    report.byRole.add(binding.getRoleName(), bytes.value_or(0));
    constants.push_back(
        {name.str(), binding.key, binding.getRoleName(), arg.getType(), bytes});
  }

  for (Operation &op : body) {
    if (auto call = dyn_cast<CallOp>(op)) {
      ++report.calls;
      for (Value result : call->getResults())
        countValue(result);
    }
  }
  method.walk([&](CallOp call) {
    report.targets.add(call.getTarget());
    report.targetKinds.try_emplace(call.getTarget(), classifyTarget(call));
    if (call->getParentOp() != method)
      ++report.subgraphCalls;
  });

  OutputOp output = method.getOutputOp();
  SmallVector<Value> tensorOutputs = output.getTensorOutputs();
  for (auto [i, value] : llvm::enumerate(tensorOutputs)) {
    OutputSpecAttr spec = output.getSpec(i);
    std::string from = names.getName(value).str();
    if (!spec || spec.getKind() == OutputKind::UserOutput)
      report.outputs.push_back({from, value.getType()});
    else if (spec.getKind() == OutputKind::BufferMutation)
      report.writeBacks.push_back(
          {"buffer_mutation", from,
           (spec.getTarget() ? spec.getTarget().getValue() : "").str()});
    else if (spec.getInput() >= 0 && spec.getInput() < method.getNumArguments())
      report.writeBacks.push_back(
          {"user_input_mutation", from,
           names.getName(method.getArgument(spec.getInput())).str()});
  }

  StorageAnalysis storage(method);
  StorageLiveness liveness(method, storage);
  report.atMin = estimate(method, storage, liveness, names, DimBound::Min);
  report.atMax = estimate(method, storage, liveness, names, DimBound::Max);
  report.dynamic = report.dynamicValues != 0;

  // The largest first (unknown sizes last), then by name: deterministic.
  auto larger = [](const Constant &a, const Constant &b) {
    if (a.bytes.value_or(0) != b.bytes.value_or(0))
      return a.bytes.value_or(0) > b.bytes.value_or(0);
    return a.key < b.key;
  };
  size_t shown = std::min<size_t>(largest, constants.size());
  std::partial_sort(constants.begin(), constants.begin() + shown,
                    constants.end(), larger);
  constants.resize(shown);
  report.largest = std::move(constants);
  return report;
}

/// Targets by count, most called first, then by name.
std::vector<std::pair<std::string, unsigned>> sortedTargets(const Tally &t) {
  std::vector<std::pair<std::string, unsigned>> sorted;
  for (auto [i, entry] : llvm::enumerate(t.entries))
    sorted.emplace_back(entry.first, t.counts[i]);
  // Names are distinct: the order is total (and std::stable_sort uses a
  // function libstdc++ 12 deprecates).
  llvm::sort(sorted, [](const auto &a, const auto &b) {
    return a.second != b.second ? a.second > b.second : a.first < b.first;
  });
  return sorted;
}

std::string bytesText(std::optional<uint64_t> bytes) {
  return bytes ? std::to_string(*bytes) + " bytes" : "size unknown";
}

/// "user_input" -> "user input": the text form's words for a role.
std::string roleWords(StringRef role) {
  std::string words = role.str();
  std::replace(words.begin(), words.end(), '_', ' ');
  return words;
}

void printActivations(raw_ostream &os, StringRef bound,
                      const Activations &activations) {
  const ActivationEstimate &e = activations.estimate;
  os << "    " << bound << ": " << e.plannedPeak << " bytes planned, "
     << e.livePeak << " bytes live at the worst node";
  if (e.worstNode)
    os << " ('" << activations.worstNode << "')";
  os << "; " << e.tensors << (e.tensors == 1 ? " tensor" : " tensors");
  if (e.unsized)
    os << " + " << e.unsized << " of unknown size";
  os << "\n";
}

void printText(ArrayRef<MethodReport> methods, StringRef version,
               raw_ostream &os) {
  os << "program: version " << version << ", " << methods.size()
     << (methods.size() == 1 ? " method" : " methods") << "\n";
  for (const MethodReport &m : methods) {
    os << "method '" << m.name << "': " << m.placeholders + m.calls + 1
       << " nodes (" << m.placeholders << " placeholders, " << m.calls
       << " calls, 1 output)";
    if (m.subgraphCalls)
      os << " + " << m.subgraphCalls << " calls in subgraphs";
    os << "\n  signature:\n";
    for (const Tensor &input : m.inputs)
      os << "    input '" << input.name << "' " << typeSummary(input.type)
         << "\n";
    for (const Tensor &output : m.outputs)
      os << "    output '" << output.name << "' " << typeSummary(output.type)
         << "\n";
    auto targets = sortedTargets(m.targets);
    unsigned byKind[4] = {0, 0, 0, 0};
    for (auto &entry : targets)
      ++byKind[unsigned(m.targetKinds.lookup(entry.first))];
    os << "  targets: " << targets.size() << " (" << byKind[0] << " kernels, "
       << byKind[1] << " views, " << byKind[2] << " metadata";
    if (byKind[3])
      os << ", " << byKind[3] << " unknown to ng's op schemas";
    os << ")\n";
    for (auto &[target, count] : targets)
      os << llvm::format("    %6u  ", count)
         << llvm::format(
                "%-8s  ",
                stringifyTargetKind(m.targetKinds.lookup(target)).str().c_str())
         << target << "\n";
    os << "  weights: " << m.constants
       << (m.constants == 1 ? " constant, " : " constants, ") << m.bytes
       << " bytes";
    if (m.unknownBytes)
      os << " + " << m.unknownBytes << " of unknown size";
    os << " (data loaded for " << m.withData << ")\n";
    if (m.constants) {
      os << "    by role:";
      llvm::interleave(
          llvm::enumerate(m.byRole.entries), os,
          [&](auto entry) {
            os << " " << roleWords(entry.value().first) << " "
               << entry.value().second << " bytes";
          },
          ",");
      os << "\n    by dtype and quantization:\n";
      for (auto [i, entry] : llvm::enumerate(m.byKind.entries))
        os << llvm::format("    %12llu bytes  %4u x  ",
                           (unsigned long long)entry.second, m.byKind.counts[i])
           << entry.first << "\n";
      os << "    largest:\n";
      for (const Constant &c : m.largest)
        os << "    " << llvm::format("%12s", bytesText(c.bytes).c_str()) << "  "
           << c.key << "  " << typeSummary(c.type) << "  (" << roleWords(c.role)
           << " '" << c.name << "')\n";
    }
    os << "  dynamic dims: " << m.dynamicValues << " of " << m.values
       << " values";
    if (!m.ranges.entries.empty()) {
      os << " (";
      llvm::interleaveComma(
          llvm::enumerate(m.ranges.entries), os, [&](auto entry) {
            os << entry.value().first << " x" << m.ranges.counts[entry.index()];
          });
      os << ")";
    }
    os << "\n";
    os << "  mutable state: " << m.state.size()
       << (m.state.size() == 1 ? " tensor, " : " tensors, ") << m.stateBytes
       << " bytes";
    if (m.stateUnknownBytes)
      os << " + " << m.stateUnknownBytes << " of unknown size";
    os << "\n";
    for (const State &s : m.state) {
      os << "    " << roleWords(s.role) << (s.mutated ? ", mutated" : "")
         << " '" << s.name << "' (" << s.key << ") " << typeSummary(s.type)
         << ", " << bytesText(s.bytes);
      if (!s.writers.empty()) {
        os << ", written by ";
        llvm::interleaveComma(s.writers, os);
      }
      os << "\n";
    }
    for (const WriteBack &w : m.writeBacks)
      os << "    output " << w.kind << ": " << w.from << " -> " << w.to << "\n";
    os << "  activations (first-fit plan over tensor lifetimes):\n";
    if (m.dynamic) {
      printActivations(os, "dynamic dims at their min", m.atMin);
      printActivations(os, "dynamic dims at their max", m.atMax);
    } else {
      printActivations(os, "static dims", m.atMax);
    }
  }
}

std::string typeName(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  if (type)
    type.print(os);
  return text;
}

/// A quantization scheme as data (null: none); unless `schemeOnly`, with
/// the keys of the constants it reads.
void writeQuant(llvm::json::OStream &os, Attribute quant, bool schemeOnly) {
  if (auto group = dyn_cast_if_present<AffineGroupAttr>(quant))
    return os.attributeObject("quant", [&] {
      os.attribute("scheme", "affine_group");
      os.attribute("quant_min", group.getQuantMin());
      os.attribute("quant_max", group.getQuantMax());
      os.attribute("group_size", group.getGroupSize());
      os.attribute("scale_dtype", typeName(group.getScaleDtype()));
      os.attribute("zero_point_dtype", typeName(group.getZeroPointDtype()));
      if (schemeOnly)
        return;
      os.attribute("scale_key", group.getScaleDataKey());
      if (StringAttr zeroPoint = group.getZeroPointDataKey())
        os.attribute("zero_point_key", zeroPoint.getValue());
      else
        os.attribute("zero_point_key", nullptr);
    });
  if (auto packed = dyn_cast_if_present<PackedQuantAttr>(quant))
    return os.attributeObject("quant", [&] {
      os.attribute("scheme", "packed");
      os.attribute("codec", packed.getCodec());
    });
  os.attribute("quant", nullptr);
}

/// A tensor type as data, fields of the object being written: its `dtype`
/// (null for a scalar or a tensor without metadata), and unless
/// `kindOnly`, its `sizes` (a dynamic dim's min), `max_sizes` (its max,
/// null when unbounded) and `dim_order`; then its `quant` scheme (with the
/// keys it reads unless `kindOnly`).
void writeTensorType(llvm::json::OStream &os, Type type,
                     bool kindOnly = false) {
  auto tensor = dyn_cast<ng::TensorType>(type);
  if (!tensor || !tensor.hasMeta()) {
    os.attribute("dtype", nullptr);
    return;
  }
  os.attribute("dtype", typeName(tensor.getElementType()));
  if (!kindOnly) {
    os.attributeArray("sizes", [&] {
      for (DimRange dim : tensor.getSizes())
        os.value(dim.min);
    });
    os.attributeArray("max_sizes", [&] {
      for (DimRange dim : tensor.getSizes())
        if (dim.max < 0)
          os.value(nullptr);
        else
          os.value(dim.max);
    });
    os.attributeArray("dim_order", [&] {
      if (DenseI64ArrayAttr order = tensor.getDimOrder();
          order && !order.empty())
        for (int64_t dim : order.asArrayRef())
          os.value(dim);
      else
        for (int64_t dim = 0; dim < tensor.getRank(); ++dim)
          os.value(dim);
    });
  }
  writeQuant(os, tensor.getQuant(), kindOnly);
}

void printJson(ArrayRef<MethodReport> methods, StringRef version,
               raw_ostream &stream) {
  auto text = [](StringRef s) -> llvm::json::Value {
    if (llvm::json::isUTF8(s))
      return s;
    return llvm::json::fixUTF8(s);
  };
  auto optionalBytes = [](std::optional<uint64_t> bytes) -> llvm::json::Value {
    if (bytes)
      return int64_t(*bytes);
    return nullptr;
  };
  llvm::json::OStream os(stream, 2);
  auto writeTensors = [&](StringRef field, ArrayRef<Tensor> tensors) {
    os.attributeArray(field, [&] {
      for (const Tensor &tensor : tensors)
        os.object([&] {
          os.attribute("name", text(tensor.name));
          writeTensorType(os, tensor.type);
        });
    });
  };
  auto writeActivations = [&](StringRef field, const Activations &a) {
    os.attributeObject(field, [&] {
      os.attribute("planned_peak_bytes", int64_t(a.estimate.plannedPeak));
      os.attribute("live_peak_bytes", int64_t(a.estimate.livePeak));
      if (a.estimate.worstNode)
        os.attribute("worst_node", text(a.worstNode));
      else
        os.attribute("worst_node", nullptr);
      os.attribute("tensors", a.estimate.tensors);
      os.attribute("unknown_size", a.estimate.unsized);
    });
  };
  os.object([&] {
    os.attribute("version", text(version));
    os.attributeArray("methods", [&] {
      for (const MethodReport &m : methods)
        os.object([&] {
          os.attribute("name", text(m.name));
          os.attributeObject("nodes", [&] {
            os.attribute("placeholders", m.placeholders);
            os.attribute("calls", m.calls);
            os.attribute("subgraph_calls", m.subgraphCalls);
          });
          os.attributeObject("signature", [&] {
            writeTensors("inputs", m.inputs);
            writeTensors("outputs", m.outputs);
          });
          os.attributeArray("targets", [&] {
            // (Lambdas capture no structured bindings in C++17.)
            for (const auto &entry : sortedTargets(m.targets))
              os.object([&] {
                os.attribute("target", text(entry.first));
                os.attribute("kind", stringifyTargetKind(
                                         m.targetKinds.lookup(entry.first)));
                os.attribute("count", entry.second);
              });
          });
          os.attributeObject("weights", [&] {
            os.attribute("constants", m.constants);
            os.attribute("bytes", int64_t(m.bytes));
            os.attribute("unknown_size", m.unknownBytes);
            os.attribute("with_data", m.withData);
            os.attributeObject("bytes_by_role", [&] {
              for (const auto &entry : m.byRole.entries)
                os.attribute(entry.first, int64_t(entry.second));
            });
            os.attributeArray("by_kind", [&] {
              for (size_t i = 0; i < m.byKind.entries.size(); ++i)
                os.object([&] {
                  writeTensorType(os, m.byKind.types[i], /*kindOnly=*/true);
                  os.attribute("constants", m.byKind.counts[i]);
                  os.attribute("bytes", int64_t(m.byKind.entries[i].second));
                });
            });
            os.attributeArray("largest", [&] {
              for (const Constant &c : m.largest)
                os.object([&] {
                  os.attribute("name", text(c.name));
                  os.attribute("key", text(c.key));
                  os.attribute("role", c.role);
                  writeTensorType(os, c.type);
                  os.attribute("bytes", optionalBytes(c.bytes));
                });
            });
          });
          os.attributeObject("dynamic_dims", [&] {
            os.attribute("values", m.values);
            os.attribute("dynamic_values", m.dynamicValues);
            os.attributeArray("ranges", [&] {
              for (size_t i = 0; i < m.ranges.entries.size(); ++i)
                os.object([&] {
                  os.attribute("range", m.ranges.entries[i].first);
                  os.attribute("values", m.ranges.counts[i]);
                });
            });
          });
          os.attributeObject("mutable_state", [&] {
            os.attribute("bytes", int64_t(m.stateBytes));
            os.attribute("unknown_size", m.stateUnknownBytes);
            os.attributeArray("tensors", [&] {
              for (const State &s : m.state)
                os.object([&] {
                  os.attribute("role", s.role);
                  os.attribute("mutated", s.mutated);
                  os.attribute("name", text(s.name));
                  os.attribute("key", text(s.key));
                  writeTensorType(os, s.type);
                  os.attribute("bytes", optionalBytes(s.bytes));
                  os.attributeArray("written_by", [&] {
                    for (const std::string &writer : s.writers)
                      os.value(text(writer));
                  });
                });
            });
          });
          os.attributeArray("write_backs", [&] {
            for (const WriteBack &w : m.writeBacks)
              os.object([&] {
                os.attribute("kind", w.kind);
                os.attribute("from", text(w.from));
                os.attribute("to", text(w.to));
              });
          });
          os.attributeObject("activations", [&] {
            writeActivations("at_min_sizes", m.atMin);
            writeActivations("at_max_sizes", m.atMax);
          });
        });
    });
  });
  stream << "\n";
}

struct ReportPass : public ng::impl::ReportBase<ReportPass> {
  using ReportBase::ReportBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    // Standard output is the IR's.
    if (outputFile == "-") {
      emitModuleError(module) << "--ng-report writes to stderr or to a file, "
                                 "not to standard output (the IR's): leave out "
                                 "output=, or name a file";
      return signalPassFailure();
    }
    std::vector<MethodReport> methods;
    for (MethodOp method : module.getOps<MethodOp>())
      methods.push_back(gatherMethod(module, method, largest));
    auto versionAttr =
        module->getAttrOfType<StringAttr>(NgDialect::getVersionAttrName());
    std::string version =
        versionAttr ? versionAttr.getValue().str() : "1.0 (absent)";

    std::unique_ptr<llvm::ToolOutputFile> file;
    if (!outputFile.empty()) {
      std::error_code error;
      file = std::make_unique<llvm::ToolOutputFile>(outputFile, error,
                                                    llvm::sys::fs::OF_Text);
      if (error) {
        emitModuleError(module) << "cannot write the report to '" << outputFile
                                << "': " << error.message();
        return signalPassFailure();
      }
    }
    raw_ostream &os = file ? file->os() : llvm::errs();
    if (json)
      printJson(methods, version, os);
    else
      printText(methods, version, os);
    if (file) {
      file->os().flush();
      if (file->os().has_error()) {
        emitModuleError(module) << "cannot write the report to '" << outputFile
                                << "': " << file->os().error().message();
        file->os().clear_error();
        return signalPassFailure();
      }
      file->keep();
    }
    markAllAnalysesPreserved();
  }
};
} // namespace
