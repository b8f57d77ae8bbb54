//===- ng-translate.cpp - NPTG <-> ng IR ----------------------------------===//
//
//   ng-translate --from-native-graph model.nptg -o model.mlir
//   ng-translate --to-native-graph model.mlir -o model.nptg
//
// Writes are atomic: the output goes to a temporary file beside the target
// and is renamed over it only when the translation succeeded, so a failed
// run never leaves a partial (or clobbered) output file.
//
//===----------------------------------------------------------------------===//

#include "ng/InitAll.h"
#include "ng/Target/NativeGraph/TranslateRegistration.h"

#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>
#include <vector>

namespace {
/// Finds `-o FILE` / `-o=FILE` in argv and points it at a temporary file.
struct AtomicOutput {
  std::string target;
  /// Beside the target; removed on failure, and by a signal handler if the
  /// process is interrupted.
  std::optional<llvm::sys::fs::TempFile> temporary;
  std::string rewritten;

  bool redirect(std::vector<char *> &args) {
    for (size_t i = 1; i < args.size(); ++i) {
      llvm::StringRef arg = args[i];
      if (arg == "--")
        return true;
      size_t valueIndex = 0;
      if ((arg == "-o" || arg == "--o") && i + 1 < args.size()) {
        valueIndex = i + 1;
        target = args[valueIndex];
      } else if (arg.consume_front("-o=") || arg.consume_front("--o=")) {
        valueIndex = i;
        target = arg.str();
      } else {
        continue;
      }
      if (target == "-")
        return true;
      llvm::Expected<llvm::sys::fs::TempFile> created =
          llvm::sys::fs::TempFile::create(target + ".tmp-%%%%%%");
      if (!created) {
        llvm::errs() << "error: cannot create a temporary file next to '"
                     << target << "': " << toString(created.takeError())
                     << "\n";
        return false;
      }
      temporary.emplace(std::move(*created));
      rewritten = (valueIndex == i ? std::string("-o=") : std::string()) +
                  temporary->TmpName;
      args[valueIndex] = rewritten.data();
      return true;
    }
    return true;
  }

  int finish(int status) {
    if (!temporary)
      return status;
    if (status != 0) {
      llvm::consumeError(temporary->discard());
      return status;
    }
    if (llvm::Error error = temporary->keep(target)) {
      llvm::errs() << "error: cannot write '" << target
                   << "': " << toString(std::move(error)) << "\n";
      return 1; // keep() removed the temporary
    }
    return 0;
  }
};
} // namespace

int main(int argc, char **argv) {
  ng::registerAllTranslations();
  std::vector<char *> args(argv, argv + argc);
  AtomicOutput output;
  if (!output.redirect(args))
    return 1;
  ng::setTranslateOutputPath(output.target);
  mlir::LogicalResult result = mlir::mlirTranslateMain(
      static_cast<int>(args.size()), args.data(),
      "ng-translate: convert between NPTG flatbuffers and ng IR\n\n"
      "  --from-native-graph  .nptg -> ng IR text (verified: FORMAT.md W/V "
      "rules)\n"
      "  --to-native-graph    ng IR text -> .nptg (deterministic bytes)\n\n"
      "Errors name the method, node and argument at fault; a failed run "
      "leaves no output file.\n");
  return output.finish(mlir::failed(result) ? 1 : 0);
}
