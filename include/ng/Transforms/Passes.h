//===- Passes.h - ng passes -------------------------------------*- C++ -*-===//

#ifndef NG_TRANSFORMS_PASSES_H
#define NG_TRANSFORMS_PASSES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace ng {

#define GEN_PASS_DECL
#include "ng/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "ng/Transforms/Passes.h.inc"

} // namespace ng

#endif // NG_TRANSFORMS_PASSES_H
