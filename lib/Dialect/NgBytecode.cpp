//===- NgBytecode.cpp - bytecode encoding of ng attributes ----------------===//
//
// ng's attributes are written to bytecode in their textual form (the
// writer's fallback), except those that hold a resource: a resource named
// inside an attribute's text is parsed back as a new, empty handle, cut off
// from the bytecode's resource section. An #ng.int4_packing is therefore
// encoded as its source attribute, which the builtin dialect writes with
// its resource handle.
//
//===----------------------------------------------------------------------===//

#include "ng/Dialect/NgAttrs.h"
#include "ng/Dialect/NgDialect.h"

#include "mlir/Bytecode/BytecodeImplementation.h"

using namespace mlir;
using namespace ng;

namespace {

/// The attribute kinds with a custom encoding. Values are never reused:
/// they are what a bytecode file holds.
enum AttributeCode : uint64_t {
  kInt4PackingCode = 0,
};

struct NgBytecodeInterface : public BytecodeDialectInterface {
  explicit NgBytecodeInterface(Dialect *dialect)
      : BytecodeDialectInterface(dialect) {}

  Attribute readAttribute(DialectBytecodeReader &reader) const override {
    uint64_t code;
    if (failed(reader.readVarInt(code)))
      return Attribute();
    if (code != kInt4PackingCode) {
      reader.emitError() << "unknown ng attribute code " << code;
      return Attribute();
    }
    DenseResourceElementsAttr source;
    if (failed(reader.readAttribute(source)))
      return Attribute();
    auto emitError = [&] { return reader.emitError(); };
    return Int4PackingAttr::getChecked(
        function_ref<InFlightDiagnostic()>(emitError), source);
  }

  LogicalResult writeAttribute(Attribute attr,
                               DialectBytecodeWriter &writer) const override {
    auto packing = dyn_cast<Int4PackingAttr>(attr);
    if (!packing)
      return failure(); // the textual form
    writer.writeVarInt(kInt4PackingCode);
    writer.writeAttribute(packing.getSource());
    return success();
  }
};

} // namespace

void NgDialect::addBytecodeInterface() { addInterfaces<NgBytecodeInterface>(); }
