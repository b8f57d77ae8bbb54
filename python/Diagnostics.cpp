//===- Diagnostics.cpp - ng's diagnostics as Python exceptions ------------===//

#include "Diagnostics.h"

#include "ng/Target/NativeGraph/NodeDiagnostics.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/raw_ostream.h"

#include <pybind11/pybind11.h>

namespace py = pybind11;
using namespace mlir;

namespace ng::python {

namespace {
StringRef severityName(DiagnosticSeverity severity) {
  switch (severity) {
  case DiagnosticSeverity::Error:
    return "error";
  case DiagnosticSeverity::Warning:
    return "warning";
  case DiagnosticSeverity::Note:
    return "note";
  case DiagnosticSeverity::Remark:
    return "remark";
  }
  return "error";
}

void formatOne(Location loc, DiagnosticSeverity severity, StringRef message,
               llvm::raw_ostream &os) {
  // The position in a file, as ng's tools print it; an unknown or purely
  // named location has none.
  if (auto file = loc->findInstanceOf<FileLineColLoc>())
    os << file.getFilename().getValue() << ":" << file.getLine() << ":"
       << file.getColumn() << ": ";
  os << severityName(severity) << ": " << message;
}
} // namespace

std::string formatDiagnostic(Diagnostic &diag) {
  std::string text;
  llvm::raw_string_ostream os(text);
  formatOne(diag.getLocation(), diag.getSeverity(), diag.str(), os);
  for (Diagnostic &note : diag.getNotes()) {
    os << "\n";
    formatOne(note.getLocation(), note.getSeverity(), note.str(), os);
  }
  return text;
}

DiagnosticCollector::DiagnosticCollector(MLIRContext *ctx) : ctx(ctx) {
  handler = ctx->getDiagEngine().registerHandler([this](Diagnostic &diag) {
    if (diag.getSeverity() == DiagnosticSeverity::Error)
      errors.push_back(formatDiagnostic(diag));
    else if (diag.getSeverity() == DiagnosticSeverity::Warning)
      warnings.push_back(formatDiagnostic(diag));
    else if (diag.getSeverity() == DiagnosticSeverity::Remark)
      remarks.push_back(formatDiagnostic(diag));
    return success();
  });
  // Registered after the collector, so it sees a diagnostic first: one
  // located at an imported file's "model.nptg:0:0" is re-emitted naming its
  // method and node (the tools' wording), and the collector gets that one.
  ng::nameNodesInDiagnostics(ctx);
}

DiagnosticCollector::~DiagnosticCollector() {
  ctx->getDiagEngine().eraseHandler(handler);
}

void DiagnosticCollector::clear() {
  errors.clear();
  warnings.clear();
  remarks.clear();
}

std::vector<std::string> DiagnosticCollector::takeRemarks() {
  std::vector<std::string> taken;
  taken.swap(remarks);
  return taken;
}

void DiagnosticCollector::raise(StringRef what) {
  std::string message = what.str();
  if (!errors.empty())
    message += ":";
  for (const std::string &error : errors)
    message += "\n" + error;
  clear();
  throw Error(message);
}

void DiagnosticCollector::flushWarnings() {
  std::vector<std::string> pending;
  pending.swap(warnings);
  if (pending.empty())
    return;
  py::object category = py::module_::import("ng._ng").attr("Warning");
  for (const std::string &warning : pending)
    if (PyErr_WarnEx(category.ptr(), warning.c_str(), 1) != 0)
      throw py::error_already_set();
}

} // namespace ng::python
