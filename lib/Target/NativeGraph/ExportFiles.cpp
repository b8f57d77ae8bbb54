//===- ExportFiles.cpp - a program and the files beside it ----------------===//
//
// The export to files, as ng-translate --to-native-graph does it: a package,
// or a program with its constants (and aliases.json) beside it. How the
// files are written (atomically, committed together) is the caller's: it
// gives them through CompanionFiles.
//
//===----------------------------------------------------------------------===//

#include "ng/Dialect/ModuleDiagnostics.h"
#include "ng/Target/NativeGraph/Export.h"

#include "ng/Dialect/ConstantData.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace ng;

CompanionFiles::~CompanionFiles() = default;

Container ng::containerForPath(StringRef path) {
  return llvm::sys::path::extension(path).equals_insensitive(".ptn")
             ? Container::Package
             : Container::Program;
}

std::string ng::constantsPathBeside(StringRef programPath) {
  if (programPath.empty() || programPath == "-")
    return "";
  llvm::SmallString<128> path(programPath);
  llvm::sys::path::replace_extension(path, "safetensors");
  return path.str().str();
}

/// Write `path` through `companions`.
static LogicalResult
writeCompanion(CompanionFiles &companions, StringRef path,
               llvm::function_ref<LogicalResult(raw_ostream &)> write,
               Location loc) {
  llvm::Expected<raw_ostream &> os = companions.open(path);
  if (!os)
    return emitError(loc) << toString(os.takeError());
  return write(*os);
}

/// The program's constants to `path`, and the keys that share data to
/// <stem>.aliases.json beside them.
static LogicalResult writeConstantsFiles(ModuleOp module, StringRef path,
                                         CompanionFiles &companions) {
  std::string aliases;
  if (failed(writeCompanion(
          companions, path,
          [&](raw_ostream &os) { return writeConstants(module, os, aliases); },
          getModuleDiagnosticLoc(module))))
    return failure();
  // The importer reads <stem>.aliases.json whenever it exists: one left by
  // an earlier export must go when these constants need none.
  llvm::SmallString<128> aliasesPath(path);
  llvm::sys::path::replace_extension(aliasesPath, "aliases.json");
  if (aliases.empty()) {
    companions.remove(aliasesPath);
    return success();
  }
  return writeCompanion(
      companions, aliasesPath,
      [&](raw_ostream &os) {
        os << aliases;
        return success();
      },
      getModuleDiagnosticLoc(module));
}

LogicalResult ng::writeProgram(ModuleOp module, ArrayRef<uint8_t> program,
                               raw_ostream &os, StringRef constantsPath,
                               CompanionFiles &companions) {
  if (getConstantData(module)) {
    if (constantsPath.empty())
      return emitModuleError(module)
             << "the program carries constant data: export it as a package, "
                "or give a file for the constants";
    if (failed(writeConstantsFiles(module, constantsPath, companions)))
      return failure();
  }
  os.write(reinterpret_cast<const char *>(program.data()), program.size());
  return success();
}

LogicalResult ng::exportModule(ModuleOp module, raw_ostream &os,
                               const ExportOptions &options,
                               CompanionFiles &companions) {
  if (options.container == Container::Package && !options.constantsPath.empty())
    return emitModuleError(module) << "a .ptn package holds its own constants: "
                                      "no constants file goes with it";
  // Assembled in memory first, so a failure writes nothing.
  SmallVector<uint8_t> program;
  if (failed(options.verify
                 ? exportVerifiedNativeGraph(module, program, options.verifier)
                 : exportNativeGraph(module, program)))
    return failure();
  if (options.container == Container::Package)
    return writePackage(module, program, os);
  return writeProgram(module, program, os, options.constantsPath, companions);
}
