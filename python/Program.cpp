//===- Program.cpp - a program: load, passes, print, save -----------------===//
//
// A Program owns the MLIRContext its IR lives in (ProgramState, Handles.h).
// Loading and saving go through the same library calls as ng-translate
// (ng/Target/NativeGraph/ProgramFiles.h), pass pipelines through MLIR's
// textual pipeline parser with ng's passes registered, so a pipeline that
// works with ng-opt works here (its test passes aside).
//
//===----------------------------------------------------------------------===//

#include "Bindings.h"
#include "Diagnostics.h"
#include "Handles.h"

#include "ng/Dialect/ConstantData.h"
#include "ng/InitAll.h"
#include "ng/Target/NativeGraph/Export.h"
#include "ng/Target/NativeGraph/ProgramFiles.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/raw_ostream.h"

#include <pybind11/stl.h>

#include <cstdio>
#include <unistd.h>

namespace py = pybind11;
using namespace mlir;

namespace ng::python {

ProgramState::ProgramState() {
  DialectRegistry registry;
  ng::registerAllDialects(registry);
  // No thread pool per program: Python holds the GIL through every call,
  // and ng's small-program paths are single-threaded anyway.
  context =
      std::make_unique<MLIRContext>(registry, MLIRContext::Threading::DISABLED);
  context->loadAllAvailableDialects();
  // The tools' choice (ng::keepDiagnosticsShort, ng/Tools/ToolDiagnostics.h):
  // an error on a module would otherwise carry the whole program in generic
  // form.
  context->printOpOnDiagnostic(false);
  diagnostics = std::make_unique<DiagnosticCollector>(context.get());
}

ProgramState::~ProgramState() = default;

namespace {

/// The Python object for a program.
struct PyProgram {
  ProgramRef state;

  ModuleOp module() const { return *state->module; }
};

/// A path given as str, bytes or os.PathLike (os.fsdecode: bytes in the
/// file system's encoding).
std::string toPath(py::handle path) {
  return py::str(py::module_::import("os").attr("fsdecode")(path))
      .cast<std::string>();
}

/// What ng's C++ code writes to file descriptor `fd` (1, stdout, or 2,
/// stderr) while it lives. LLVM's option parser reports a pass option's
/// bad value on stderr, not as a diagnostic, and that belongs in the
/// ng.Error; a pass's own output (--ng-print-summary on stdout, --ng-report
/// on stderr) belongs on Python's sys.stdout / sys.stderr, which need not
/// be the process's. No Python code runs while a descriptor is captured.
class CapturedOutput {
public:
  explicit CapturedOutput(int fd) : fd(fd) {
    file = std::tmpfile();
    saved = file ? ::dup(fd) : -1;
    if (saved < 0)
      return;
    flush();
    ::dup2(::fileno(file), fd);
  }
  ~CapturedOutput() {
    restore();
    if (file)
      std::fclose(file);
  }
  /// Stop capturing; what was written.
  std::string take() {
    restore();
    std::string text;
    if (!file)
      return text;
    std::rewind(file);
    char buffer[4096];
    for (size_t n; (n = std::fread(buffer, 1, sizeof buffer, file)) > 0;)
      text.append(buffer, n);
    return text;
  }

private:
  void flush() {
    llvm::outs().flush();
    llvm::errs().flush();
    std::fflush(stdout);
    std::fflush(stderr);
  }
  void restore() {
    if (saved < 0)
      return;
    flush();
    ::dup2(saved, fd);
    ::close(saved);
    saved = -1;
  }
  int fd;
  std::FILE *file = nullptr;
  int saved = -1;
};

/// Write `text` to Python's sys.<stream>.
void writeToPython(const char *stream, const std::string &text) {
  if (!text.empty())
    py::module_::import("sys").attr(stream).attr("write")(text);
}

PyProgram load(py::object path, py::object constants) {
  std::string file = toPath(path);
  auto state = std::make_shared<ProgramState>();
  ImportOptions options;
  if (!constants.is_none())
    options.constantsPath = toPath(constants);
  state->module = importProgramFile(file, state->context.get(), options);
  if (!state->module)
    state->diagnostics->raise("cannot load '" + file + "'");
  state->diagnostics->flushWarnings();
  return {state};
}

PyProgram parse(const std::string &text, const std::string &name) {
  auto state = std::make_shared<ProgramState>();
  ParserConfig config(state->context.get());
  state->module = parseSourceString<ModuleOp>(text, config, name);
  if (!state->module)
    state->diagnostics->raise("cannot parse '" + name + "'");
  state->diagnostics->flushWarnings();
  return {state};
}

void verifyProgram(PyProgram &self) {
  self.state->diagnostics->clear();
  if (failed(verify(self.module())))
    self.state->diagnostics->raise("the program does not verify");
  self.state->diagnostics->flushWarnings();
}

py::list runPasses(PyProgram &self, const std::string &pipeline, bool verify) {
  ProgramState &state = *self.state;
  state.diagnostics->clear();
  PassManager pm(state.context.get(), ModuleOp::getOperationName());
  std::string errors;
  llvm::raw_string_ostream errorStream(errors);
  StringRef text = StringRef(pipeline).trim();
  // `builtin.module(...)` is the anchored form (ng-opt --pass-pipeline);
  // anything else is a list of passes on the module
  // ("ng-fold-q4-weights,ng.method(ng-legalize-dim-order)").
  bool parsed;
  CapturedOutput optionErrors(2);
  if (text.starts_with(ModuleOp::getOperationName().str() + "(")) {
    FailureOr<OpPassManager> anchored = parsePassPipeline(text, errorStream);
    parsed = succeeded(anchored);
    if (parsed)
      static_cast<OpPassManager &>(pm) = std::move(*anchored);
  } else {
    parsed = succeeded(parsePassPipeline(text, pm, errorStream));
  }
  std::string optionError = StringRef(optionErrors.take()).trim().str();
  if (!parsed) {
    // LLVM's option parser says why an option's value is bad
    // ("<prog>: for the --json option: 'maybe' is invalid value ..."),
    // MLIR's pipeline parser which pass it was.
    std::string reason = StringRef(errors).trim().str();
    if (!optionError.empty()) {
      StringRef why = optionError;
      why.consume_front("<Pass-Options-Parser>");
      if (size_t colon = why.find(": for the "); colon != StringRef::npos)
        why = why.drop_front(colon + 2);
      reason = why.trim().str() + "\n" + reason;
    }
    throw Error("invalid pass pipeline '" + text.str() + "': " + reason);
  }
  if (!optionError.empty())
    writeToPython("stderr", optionError + "\n");
  // As ng-opt does: a pipeline runs on a program that verifies, so an edit
  // that broke a rule is reported as such, not as the first pass's
  // failure (or not at all, by a pipeline that changes nothing).
  // verify=false is ng-opt's --verify-each=false: the caller vouches for
  // the program and the passes (a benchmark, a trusted pipeline).
  if (verify && failed(mlir::verify(self.module())))
    state.diagnostics->raise("the program does not verify before '" +
                             text.str() + "'");
  pm.enableVerifier(verify);
  // Passes erase and make ops at will: every handle read before is stale.
  state.startGeneration();
  LogicalResult ran = failure();
  {
    CapturedOutput out(1), err(2);
    ran = pm.run(self.module());
    writeToPython("stdout", out.take());
    writeToPython("stderr", err.take());
  }
  if (failed(ran))
    state.diagnostics->raise("pass pipeline '" + text.str() + "' failed");
  state.diagnostics->flushWarnings();
  py::list remarks;
  for (const std::string &remark : state.diagnostics->takeRemarks())
    remarks.append(remark);
  return remarks;
}

void save(PyProgram &self, py::object path, py::object constants) {
  std::string file = toPath(path);
  self.state->diagnostics->clear();
  ExportOptions options;
  options.container = containerForPath(file);
  if (!constants.is_none()) {
    if (options.container == Container::Package)
      throw Error("a .ptn package holds its own constants: give no constants "
                  "path");
    options.constantsPath = toPath(constants);
  }
  if (failed(exportModuleToFile(self.module(), file, std::move(options))))
    self.state->diagnostics->raise("cannot save the program to '" + file + "'");
  self.state->diagnostics->flushWarnings();
}

py::bytes toBytes(PyProgram &self, bool package) {
  ModuleOp module = self.module();
  self.state->diagnostics->clear();
  if (failed(verify(module)))
    self.state->diagnostics->raise("the program does not verify");
  std::string bytes;
  llvm::raw_string_ostream os(bytes);
  LogicalResult written = failure();
  if (package) {
    written = exportPackage(module, os);
  } else if (getConstantData(module)) {
    throw Error("the program carries constant data, which an NPTG "
                "flatbuffer does not hold: export a package (package=True)");
  } else {
    written = exportNativeGraph(module, os);
  }
  if (failed(written))
    self.state->diagnostics->raise("cannot export the program");
  return py::bytes(bytes);
}

std::string toText(PyProgram &self, bool generic, bool debugInfo) {
  OpPrintingFlags flags;
  if (generic)
    flags.printGenericOpForm();
  if (debugInfo)
    flags.enableDebugInfo();
  std::string text;
  llvm::raw_string_ostream os(text);
  self.module()->print(os, flags);
  return text;
}

py::list methods(PyProgram &self) {
  py::list result;
  for (MethodOp method : self.module().getOps<MethodOp>())
    result.append(PyMethod(self.state, method));
  return result;
}

PyMethod methodNamed(PyProgram &self, const std::string &name) {
  for (MethodOp method : self.module().getOps<MethodOp>())
    if (method.getSymName() == name)
      return PyMethod(self.state, method);
  throw py::key_error("no method named '" + name + "'");
}

} // namespace

void populateProgram(py::module_ &m) {
  py::class_<PyProgram>(m, "Program",
                        "An ng program (an NPTG Program): its methods, and "
                        "the constants it carries. Owns the IR; every "
                        "object read from it keeps it alive.")
      .def_property_readonly("methods", &methods,
                             "The methods, in program order.")
      .def("method", &methodNamed, py::arg("name"),
           "The method named `name`; KeyError if none.")
      .def("__getitem__", &methodNamed, py::arg("name"),
           "program['forward']: the method of that name; KeyError if none.")
      .def(
          "__iter__", [](PyProgram &self) { return py::iter(methods(self)); },
          "The methods, in program order.")
      .def(
          "__len__",
          [](PyProgram &self) {
            auto ops = self.module().getOps<MethodOp>();
            return std::distance(ops.begin(), ops.end());
          },
          "How many methods.")
      .def(
          "__contains__",
          [](PyProgram &self, py::object name) {
            if (!py::isinstance<py::str>(name))
              return false;
            std::string wanted = name.cast<std::string>();
            return llvm::any_of(
                self.module().getOps<MethodOp>(),
                [&](MethodOp method) { return method.getSymName() == wanted; });
          },
          py::arg("name"), "Whether a method has this name.")
      .def(
          "keys",
          [](PyProgram &self) {
            py::list names;
            for (MethodOp method : self.module().getOps<MethodOp>())
              names.append(method.getSymName().str());
            return names;
          },
          "The methods' names, in program order.")
      .def_property_readonly(
          "version",
          [](PyProgram &self) -> py::object {
            if (auto version =
                    self.module()->getAttrOfType<StringAttr>("ng.version"))
              return py::str(version.getValue().str());
            return py::none();
          },
          "Program.version, or None when absent.")
      .def_property_readonly(
          "data_keys",
          [](PyProgram &self) {
            py::list keys;
            if (DictionaryAttr data = getConstantData(self.module()))
              for (NamedAttribute entry : data)
                keys.append(entry.getName().getValue().str());
            return keys;
          },
          "The data keys of the constant data the program carries (empty "
          "when it has none).")
      .def("run_passes", &runPasses, py::arg("pipeline"), py::kw_only(),
           py::arg("verify") = true,
           "Run a pass pipeline given in MLIR's textual form, as ng-opt "
           "takes it: 'builtin.module(ng-fold-q4-weights)' or "
           "'ng-fold-q4-weights,cse'. The program is verified first and "
           "after each pass that changed it, as ng-opt does; verify=False "
           "skips both (ng-opt --verify-each=false). Returns the remarks the "
           "passes made (a pass's "
           "`report=true`), each a string as ng-opt prints it. Objects read "
           "before are stale after.")
      .def("verify", &verifyProgram,
           "Check the program against ng's rules; ng.Error with the "
           "verifier's messages if it breaks one.")
      .def("save", &save, py::arg("path"), py::arg("constants") = py::none(),
           "Write the program: a .ptn package (with its constants), or "
           "an .nptg and its constants (`constants`, default "
           "<stem>.safetensors beside it), by the path's extension. The "
           "program is verified first; nothing is written if it fails.")
      .def("to_bytes", &toBytes, py::arg("package") = false,
           "The program as NPTG flatbuffer bytes, or as a .ptn package.")
      .def("to_text", &toText, py::arg("generic") = false,
           py::arg("debug_info") = false,
           "The IR text, as ng-opt prints it (generic form, locations).")
      .def(
          "print",
          [](PyProgram &self, py::object file, bool generic, bool debugInfo) {
            if (file.is_none())
              file = py::module_::import("sys").attr("stdout");
            file.attr("write")(toText(self, generic, debugInfo));
          },
          py::arg("file") = py::none(), py::arg("generic") = false,
          py::arg("debug_info") = false,
          "Print the IR text to `file` (sys.stdout by default).")
      .def("__str__",
           [](PyProgram &self) { return toText(self, false, false); })
      .def("__repr__", [](PyProgram &self) {
        size_t count = 0;
        for (MethodOp method : self.module().getOps<MethodOp>()) {
          (void)method;
          ++count;
        }
        return "<ng.Program with " + std::to_string(count) + " method(s)>";
      });

  m.def("load", &load, py::arg("path"), py::arg("constants") = py::none(),
        "Load a program file: an .nptg (with the safetensors constants of "
        "`constants`, if given) or a .ptn package, told by its bytes.");
  m.def("parse", &parse, py::arg("text"), py::arg("name") = "<string>",
        "Parse a program from ng IR text (as ng-opt reads it).");
}

} // namespace ng::python
