//===- Translation.cpp - NPTG files <-> ng IR, from C ---------------------===//

#include "ng-c/Translation.h"

#include "ng/Dialect/ConstantData.h"
#include "ng/Dialect/NgDialect.h"
#include "ng/Target/NativeGraph/Export.h"
#include "ng/Target/NativeGraph/Import.h"
#include "ng/Target/NativeGraph/ProgramFiles.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/CAPI/Utils.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Verifier.h"

using namespace mlir;

MlirModule ngImportProgramFile(MlirContext context, MlirStringRef path,
                               MlirStringRef constantsPath) {
  MLIRContext *ctx = unwrap(context);
  ctx->loadDialect<ng::NgDialect>();
  ng::ImportOptions options;
  options.constantsPath = unwrap(constantsPath).str();
  return wrap(ng::importProgramFile(unwrap(path), ctx, options).release());
}

MlirModule ngImportProgramBuffer(MlirContext context, MlirStringRef bytes,
                                 MlirStringRef name) {
  MLIRContext *ctx = unwrap(context);
  ctx->loadDialect<ng::NgDialect>();
  // The caller keeps the bytes alive: nothing to own here.
  return wrap(ng::importProgram(unwrap(bytes), unwrap(name),
                                /*keepAlive=*/nullptr, ctx)
                  .release());
}

MlirLogicalResult ngExportProgramFile(MlirModule module, MlirStringRef path,
                                      NgContainer container,
                                      MlirStringRef constantsPath) {
  StringRef target = unwrap(path);
  ng::ExportOptions options;
  switch (container) {
  case NgContainerProgram:
    options.container = ng::Container::Program;
    break;
  case NgContainerPackage:
    options.container = ng::Container::Package;
    break;
  case NgContainerAuto:
  default:
    options.container = ng::containerForPath(target);
    break;
  }
  options.constantsPath = unwrap(constantsPath).str();
  ModuleOp op = unwrap(module);
  if (options.container == ng::Container::Package &&
      !options.constantsPath.empty()) {
    op.emitError() << "a .ptn package holds its own constants: give no "
                      "constants path";
    return wrap(failure());
  }
  return wrap(ng::exportModuleToFile(op, target, std::move(options)));
}

MlirLogicalResult ngExportProgramBuffer(MlirModule module, bool package,
                                        MlirStringCallback callback,
                                        void *userData) {
  ModuleOp op = unwrap(module);
  if (failed(verify(op)))
    return wrap(failure());
  detail::CallbackOstream stream(callback, userData);
  if (package)
    return wrap(ng::exportPackage(op, stream));
  if (ng::getConstantData(op)) {
    op.emitError() << "the program carries constant data, which an NPTG "
                      "flatbuffer does not hold: export a package";
    return wrap(failure());
  }
  return wrap(ng::exportNativeGraph(op, stream));
}
