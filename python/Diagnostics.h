//===- Diagnostics.h - ng's diagnostics as Python exceptions ----*- C++ -*-===//
//
// ng reports errors as MLIR diagnostics on the context (a file that does not
// import, a pipeline that does not parse, a verifier rule an edit broke).
// The bindings collect them while they run and raise them as `ng.Error`
// with the text ng's tools would print, so a Python user sees the same
// "model.nptg:0:0: error: method 'forward', node 'x': ..." as a user of
// ng-translate.
//
//===----------------------------------------------------------------------===//

#ifndef NG_PYTHON_DIAGNOSTICS_H
#define NG_PYTHON_DIAGNOSTICS_H

#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/StringRef.h"

#include <stdexcept>
#include <string>
#include <vector>

namespace mlir {
class MLIRContext;
} // namespace mlir

namespace ng::python {

/// An error of ng's, raised in Python as `ng.Error` with its message.
class Error : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

/// Collects the diagnostics emitted on one context, for the lifetime of the
/// context's program. Errors are kept until raised (or cleared by the next
/// operation); warnings become Python warnings when the operation that
/// caused them succeeds.
class DiagnosticCollector {
public:
  explicit DiagnosticCollector(mlir::MLIRContext *ctx);
  ~DiagnosticCollector();
  DiagnosticCollector(const DiagnosticCollector &) = delete;
  DiagnosticCollector &operator=(const DiagnosticCollector &) = delete;

  /// Forget what was collected (at the start of an operation).
  void clear();

  /// Raise the errors collected as an ng.Error: "<what>: <errors>", or
  /// `what` alone when no diagnostic said more.
  [[noreturn]] void raise(llvm::StringRef what);

  /// Issue the warnings collected as Python warnings (ng.Warning) and
  /// forget them. Throws pybind11::error_already_set when a warning filter
  /// turns them into errors.
  void flushWarnings();

  /// The remarks collected (a pass's `report=true`), forgotten here.
  std::vector<std::string> takeRemarks();

private:
  mlir::MLIRContext *ctx;
  mlir::DiagnosticEngine::HandlerID handler;
  std::vector<std::string> errors, warnings, remarks;
};

/// One diagnostic (and its notes) as ng's tools print it:
/// "file:line:col: error: message", without the position when it has none.
std::string formatDiagnostic(mlir::Diagnostic &diag);

} // namespace ng::python

#endif // NG_PYTHON_DIAGNOSTICS_H
