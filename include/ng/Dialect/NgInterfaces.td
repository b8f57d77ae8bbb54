//===- NgInterfaces.td - ng op interfaces ------------------*- tablegen -*-===//
//
// The interfaces ng's ops implement (include/ng/Dialect/WireArguments.h).
//
//===----------------------------------------------------------------------===//

#ifndef NG_DIALECT_NGINTERFACES_TD
#define NG_DIALECT_NGINTERFACES_TD

include "mlir/IR/OpBase.td"

def Ng_WireArgumentOpInterface : OpInterface<"WireArgumentOpInterface"> {
  let cppNamespace = "::ng";
  let description = [{
    An op that carries a node's NamedArguments (`ng.call`, `ng.output`):
    an `args` array of `#ng.arg` descriptors whose SSA values are the op's
    operands, consumed in argument order. The shared accessors walk that
    mapping once, in one place (include/ng/Dialect/WireArguments.h): each
    wire argument with its schema name, kind, `mut` flag and operands, and
    an argument found by schema name (`findArgument("self")`). They
    allocate nothing.
  }];
  let methods = [
    InterfaceMethod<
      "The NamedArguments, in wire order (each an #ng.arg).",
      "::mlir::ArrayAttr", "getArgs">,
  ];
  let extraSharedClassDeclaration = [{
    /// Each wire argument with the operands it consumes, in order. Stops
    /// early on a malformed op (an argument the operands cannot cover),
    /// which the verifier reports.
    ::ng::WireArgumentRange getWireArguments() {
      return ::ng::WireArgumentRange($_op.getArgs(), $_op->getOpOperands());
    }
    /// The argument whose schema name is `name`, if any.
    std::optional<::ng::WireArgument> findArgument(::llvm::StringRef name) {
      return getWireArguments().find(name);
    }
  }];
}

#endif // NG_DIALECT_NGINTERFACES_TD
