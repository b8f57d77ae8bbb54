//===- ProgramFiles.cpp - programs read from and written to files ---------===//

#include "ng/Target/NativeGraph/ProgramFiles.h"

#include "ng/Dialect/ConstantData.h"
#include "ng/Dialect/ModuleDiagnostics.h"
#include "ng/Support/FileMappings.h"
#include "ng/Support/OutputFiles.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace mlir;

llvm::Expected<llvm::raw_ostream &>
ng::CompanionOutputs::open(llvm::StringRef path) {
  return outputs.open(path);
}

void ng::CompanionOutputs::remove(llvm::StringRef path) {
  outputs.removeWhenCommitted(path);
}

OwningOpRef<ModuleOp> ng::importProgramFile(llvm::StringRef path,
                                            MLIRContext *context,
                                            const ImportOptions &options) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> file =
      llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                  /*RequiresNullTerminator=*/false);
  if (!file) {
    emitError(FileLineColLoc::get(context, path, 0, 0))
        << "cannot read '" << path << "': " << file.getError().message();
    return nullptr;
  }
  std::shared_ptr<llvm::MemoryBuffer> buffer =
      trackFileMapping(std::move(*file));
  return importProgram(buffer->getBuffer(), path, buffer, context, options);
}

LogicalResult ng::exportModuleToFile(ModuleOp module, llvm::StringRef path,
                                     ExportOptions options) {
  if (options.container == Container::Program &&
      options.constantsPath.empty()) {
    // Nothing goes beside a device, a FIFO or standard output: a
    // "/dev/null.safetensors" would be a regular file created in /dev.
    if (isWrittenInPlace(path)) {
      if (getConstantData(module))
        return ng::emitModuleError(module)
               << "'" << path
               << "' is not a regular file, so the program's constants "
                  "cannot go beside it: give a path for the constants, or "
                  "write a package";
    } else {
      options.constantsPath = constantsPathBeside(path);
    }
  }
  OutputFiles outputs;
  llvm::Expected<llvm::raw_ostream &> output = outputs.open(path);
  if (!output)
    return ng::emitModuleError(module) << toString(output.takeError());
  CompanionOutputs companions(outputs);
  if (failed(exportModule(module, *output, options, companions)))
    return failure();
  if (llvm::Error error = outputs.commit())
    return ng::emitModuleError(module) << toString(std::move(error));
  return success();
}
