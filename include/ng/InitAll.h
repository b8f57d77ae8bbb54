//===- InitAll.h - register ng's dialects and passes ------------*- C++ -*-===//
//
// One place that registers every ng dialect and pass, so the tools, the C
// API, the Python bindings and embedders stay in sync. The translations
// are ng-translate's, registered with its options and policy
// (ng/Tools/TranslateMain.h); the test passes are ng-opt's alone
// (test/lib).
//
//===----------------------------------------------------------------------===//

#ifndef NG_INITALL_H
#define NG_INITALL_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace ng {

/// Add the ng dialect and the upstream dialects ng IR can meet.
void registerAllDialects(mlir::DialectRegistry &registry);

/// Register ng's passes (and the upstream ones ng-opt exposes).
void registerAllPasses();

} // namespace ng

#endif // NG_INITALL_H
