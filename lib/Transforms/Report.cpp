//===- Report.cpp - what a program needs from a runtime -------------------===//
//
// --ng-report: per method, the kernels it calls, what its weights weigh, its
// dynamic dims and its mutable state. Gathered in one walk of each method,
// then printed as text or JSON to stderr or a file: never to standard
// output, which is the IR's.
//
//===----------------------------------------------------------------------===//

#include "ng/Transforms/Passes.h"

#include "ng/Dialect/ConstantData.h"
#include "ng/Dialect/NgOps.h"
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
  void add(StringRef key, uint64_t amount = 0) {
    auto [it, inserted] = index.try_emplace(key, entries.size());
    if (inserted) {
      entries.emplace_back(key.str(), 0);
      counts.push_back(0);
    }
    ++counts[it->second];
    entries[it->second].second += amount;
  }
};

struct Constant {
  std::string name, key, role, type;
  std::optional<uint64_t> bytes;
};

struct State {
  std::string role, name, key, type;
  std::optional<uint64_t> bytes;
  std::vector<std::string> writers;
};

struct DynamicInput {
  std::string name, type;
  std::vector<std::pair<unsigned, DimRange>> dims;
};

struct MethodReport {
  std::string name;
  unsigned placeholders = 0, calls = 0, subgraphCalls = 0;
  Tally targets;
  unsigned constants = 0, withData = 0, unknownBytes = 0;
  uint64_t bytes = 0;
  Tally byKind; // "dtype[ quant]" -> bytes
  std::vector<Constant> largest;
  std::vector<DynamicInput> dynamicInputs;
  unsigned values = 0, dynamicValues = 0;
  Tally ranges;
  std::vector<State> state;
  std::vector<std::pair<std::string, std::string>> writeBacks; // kind, what
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
      DynamicInput input{name.str(), typeSummary(arg.getType()), {}};
      if (type)
        for (auto [i, dim] : llvm::enumerate(type.getSizes()))
          if (!dim.isStatic())
            input.dims.emplace_back(i, dim);
      if (!input.dims.empty())
        report.dynamicInputs.push_back(std::move(input));
      continue;
    }
    std::vector<std::string> writers;
    for (OpOperand &use : arg.getUses())
      if (std::optional<WireArgument> wire = getWireArgumentOf(use);
          wire && wire->isMutated())
        writers.push_back(names.getNodeName(use.getOwner()).str());
    if (binding.isMutableBuffer() || binding.mutated)
      report.state.push_back(
          {binding.isMutableBuffer() ? "mutable buffer" : "buffer, mutated",
           name.str(), binding.key, typeSummary(arg.getType()),
           getExpectedDataBytes(arg.getType()), std::move(writers)});
    if (!binding.isConstant())
      continue;
    // Two placeholders of one key share its data: count it once.
    if (!keysSeen.try_emplace(binding.key, true).second)
      continue;
    ++report.constants;
    std::optional<uint64_t> bytes;
    if (auto data = lookupConstantData(module, binding.key)) {
      bytes = getConstantBytes(data).size();
      ++report.withData;
    } else {
      bytes = getExpectedDataBytes(arg.getType());
    }
    if (bytes)
      report.bytes += *bytes;
    else
      ++report.unknownBytes;
    report.byKind.add(weightKind(type), bytes.value_or(0));
    StringRef role = binding.kind == InputKind::Parameter ? "parameter"
                     : binding.kind == InputKind::Buffer  ? "buffer"
                                                          : "constant";
    constants.push_back({name.str(), binding.key, role.str(),
                         typeSummary(arg.getType()), bytes});
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
    if (call->getParentOp() != method)
      ++report.subgraphCalls;
  });

  OutputOp output = method.getOutputOp();
  SmallVector<Value> tensorOutputs = output.getTensorOutputs();
  for (auto [i, value] : llvm::enumerate(tensorOutputs)) {
    OutputSpecAttr spec = output.getSpec(i);
    if (!spec || spec.getKind() == OutputKind::UserOutput)
      continue;
    std::string what = names.getName(value).str() + " -> ";
    if (spec.getKind() == OutputKind::BufferMutation)
      report.writeBacks.emplace_back(
          "buffer_mutation",
          what + (spec.getTarget() ? spec.getTarget().getValue() : "").str());
    else if (spec.getInput() >= 0 && spec.getInput() < method.getNumArguments())
      report.writeBacks.emplace_back(
          "user_input_mutation",
          what + names.getName(method.getArgument(spec.getInput())).str());
  }

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
    auto targets = sortedTargets(m.targets);
    os << "\n  targets (kernels): " << targets.size() << "\n";
    for (auto &[target, count] : targets)
      os << llvm::format("    %6u  ", count) << target << "\n";
    os << "  weights: " << m.constants
       << (m.constants == 1 ? " constant, " : " constants, ") << m.bytes
       << " bytes";
    if (m.unknownBytes)
      os << " + " << m.unknownBytes << " of unknown size";
    os << " (data loaded for " << m.withData << ")\n";
    if (m.constants) {
      os << "    by dtype and quantization:\n";
      for (auto [i, entry] : llvm::enumerate(m.byKind.entries))
        os << llvm::format("    %12llu bytes  %4u x  ",
                           (unsigned long long)entry.second, m.byKind.counts[i])
           << entry.first << "\n";
      os << "    largest:\n";
      for (const Constant &c : m.largest)
        os << "    " << llvm::format("%12s", bytesText(c.bytes).c_str()) << "  "
           << c.key << "  " << c.type << "  (" << c.role << " '" << c.name
           << "')\n";
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
    for (const DynamicInput &input : m.dynamicInputs) {
      os << "    user input '" << input.name << "' " << input.type << ":";
      for (auto [dim, range] : input.dims)
        os << " dim " << dim << " in " << formatRange(range);
      os << "\n";
    }
    os << "  mutable state: " << m.state.size()
       << (m.state.size() == 1 ? " tensor" : " tensors") << "\n";
    for (const State &s : m.state) {
      os << "    " << s.role << " '" << s.name << "' (" << s.key << ") "
         << s.type << ", " << bytesText(s.bytes);
      if (!s.writers.empty()) {
        os << ", written by ";
        llvm::interleaveComma(s.writers, os);
      }
      os << "\n";
    }
    for (auto &[kind, what] : m.writeBacks)
      os << "    output " << kind << ": " << what << "\n";
  }
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
          os.attributeArray("targets", [&] {
            // (Lambdas capture no structured bindings in C++17.)
            for (const auto &entry : sortedTargets(m.targets))
              os.object([&] {
                os.attribute("target", text(entry.first));
                os.attribute("count", entry.second);
              });
          });
          os.attributeObject("weights", [&] {
            os.attribute("constants", m.constants);
            os.attribute("bytes", int64_t(m.bytes));
            os.attribute("unknown_size", m.unknownBytes);
            os.attribute("with_data", m.withData);
            os.attributeArray("by_kind", [&] {
              for (size_t i = 0; i < m.byKind.entries.size(); ++i)
                os.object([&] {
                  os.attribute("kind", text(m.byKind.entries[i].first));
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
                  os.attribute("type", text(c.type));
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
            os.attributeArray("user_inputs", [&] {
              for (const DynamicInput &input : m.dynamicInputs)
                os.object([&] {
                  os.attribute("name", text(input.name));
                  os.attribute("type", text(input.type));
                  os.attributeArray("dims", [&] {
                    for (const auto &dim : input.dims)
                      os.object([&] {
                        os.attribute("dim", dim.first);
                        os.attribute("min", dim.second.min);
                        os.attribute("max", dim.second.max);
                      });
                  });
                });
            });
          });
          os.attributeArray("mutable_state", [&] {
            for (const State &s : m.state)
              os.object([&] {
                os.attribute("role", s.role);
                os.attribute("name", text(s.name));
                os.attribute("key", text(s.key));
                os.attribute("type", text(s.type));
                os.attribute("bytes", optionalBytes(s.bytes));
                os.attributeArray("written_by", [&] {
                  for (const std::string &writer : s.writers)
                    os.value(text(writer));
                });
              });
          });
          os.attributeArray("write_backs", [&] {
            for (const auto &writeBack : m.writeBacks)
              os.object([&] {
                os.attribute("kind", writeBack.first);
                os.attribute("what", text(writeBack.second));
              });
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
      module.emitError() << "--ng-report writes to stderr or to a file, "
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
        module.emitError() << "cannot write the report to '" << outputFile
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
        module.emitError() << "cannot write the report to '" << outputFile
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
