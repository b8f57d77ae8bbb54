//===- Types.cpp - tensor metadata and dtypes in Python -------------------===//

#include "Types.h"

#include "Bindings.h"

#include "Diagnostics.h"

#include "ng/Dialect/NgAttrs.h"

#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <pybind11/stl.h>

namespace py = pybind11;
using namespace mlir;

namespace ng::python {

namespace {
/// The element types ng knows, by name, in the order of their wire ids.
constexpr const char *kScalarTypeNames[] = {
    "ui8", "i8", "i16",  "i32",  "i64",  "f16", "f32",
    "f64", "i1", "bf16", "ui16", "ui32", "ui64"};

py::object quantToPython(Attribute quant) {
  if (!quant)
    return py::none();
  py::dict result;
  if (auto group = llvm::dyn_cast<AffineGroupAttr>(quant)) {
    result["scheme"] = "affine_group";
    result["scale_data_key"] = group.getScaleDataKey().str();
    result["scale_dtype"] = printToString(group.getScaleDtype());
    result["quant_min"] = group.getQuantMin();
    result["quant_max"] = group.getQuantMax();
    result["group_size"] = group.getGroupSize();
    if (StringAttr zeroPoint = group.getZeroPointDataKey())
      result["zero_point_data_key"] = zeroPoint.getValue().str();
    else
      result["zero_point_data_key"] = py::none();
    result["zero_point_dtype"] = printToString(group.getZeroPointDtype());
  } else if (auto packed = llvm::dyn_cast<PackedQuantAttr>(quant)) {
    result["scheme"] = "packed";
    result["codec"] = packed.getCodec().str();
  } else {
    // A scheme this version of the bindings does not know: its IR text.
    std::string text;
    llvm::raw_string_ostream os(text);
    quant.print(os);
    result["scheme"] = text;
  }
  return std::move(result);
}

/// A dim as Python sees it: its size when static, else (min, max) with
/// max None when unbounded.
py::object dimToPython(const DimRange &dim) {
  if (dim.isStatic())
    return py::int_(dim.min);
  return py::make_tuple(dim.min, dim.max < 0 ? py::object(py::none())
                                             : py::int_(dim.max));
}
} // namespace

std::string printToString(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  type.print(os);
  return text;
}

PyScalarType::PyScalarType(std::string name) : name(std::move(name)) {
  if (!llvm::is_contained(kScalarTypeNames, this->name))
    throw py::value_error("'" + this->name +
                          "' is not an element type ng knows (ui8, i8, i16, "
                          "i32, i64, f16, f32, f64, i1, bf16, ui16, ui32, "
                          "ui64)");
}

Type getElementType(MLIRContext *ctx, const PyScalarType &type) {
  for (int64_t id = 0; id < 32; ++id)
    if (Type element = getElementTypeForScalarType(ctx, id))
      if (printToString(element) == type.name)
        return element;
  throw Error("no element type '" + type.name + "'");
}

PyTensorType::PyTensorType(TensorType type) : text(printToString(type)) {
  if (type.hasMeta())
    dtype = printToString(type.getElementType());
  sizes.assign(type.getSizes().begin(), type.getSizes().end());
  if (DenseI64ArrayAttr order = type.getDimOrder())
    dimOrder.emplace(order.asArrayRef().begin(), order.asArrayRef().end());
  quant = quantToPython(type.getQuant());
}

py::object wrapType(Type type) {
  if (auto tensor = llvm::dyn_cast<TensorType>(type))
    return py::cast(PyTensorType(tensor));
  return py::str(printToString(type));
}

void populateTypes(py::module_ &m) {
  py::class_<PyScalarType>(m, "ScalarType",
                           "A tensor element type (wire ScalarType), by its "
                           "IR name: ScalarType('f16').")
      .def(py::init<std::string>(), py::arg("name"))
      .def_readonly("name", &PyScalarType::name)
      .def("__eq__",
           [](const PyScalarType &self, const PyScalarType &other) {
             return self.name == other.name;
           })
      // Anything else is not equal (rather than a TypeError).
      .def("__eq__", [](py::handle, py::handle) { return false; })
      .def(
          "__hash__",
          [](const PyScalarType &self) { return py::hash(py::str(self.name)); })
      .def("__str__", [](const PyScalarType &self) { return self.name; })
      .def("__repr__", [](const PyScalarType &self) {
        return "ng.ScalarType('" + self.name + "')";
      });

  py::class_<PyTensorType>(m, "TensorType",
                           "A tensor's metadata (TensorMeta), a snapshot of "
                           "the value's type.")
      .def_readonly("dtype", &PyTensorType::dtype,
                    "The element type ('f32', ...); None when the value has "
                    "no recorded metadata (`!ng.tensor`).")
      .def_property_readonly(
          "has_meta",
          [](const PyTensorType &self) { return self.dtype.has_value(); })
      .def_property_readonly(
          "sizes",
          [](const PyTensorType &self) {
            py::list sizes;
            for (const DimRange &dim : self.sizes)
              sizes.append(dimToPython(dim));
            return sizes;
          },
          "One entry per dim: the size when static, (min, max) when dynamic "
          "(max None when unbounded).")
      .def_property_readonly(
          "rank", [](const PyTensorType &self) { return self.sizes.size(); })
      .def_property_readonly("is_static",
                             [](const PyTensorType &self) {
                               return llvm::all_of(self.sizes,
                                                   [](const DimRange &dim) {
                                                     return dim.isStatic();
                                                   });
                             })
      .def_readonly("dim_order", &PyTensorType::dimOrder,
                    "The dim order, or None when absent on the wire.")
      .def_readonly("quant", &PyTensorType::quant,
                    "None, or a dict: {'scheme': 'affine_group', "
                    "'scale_data_key': ..., ...} or {'scheme': 'packed', "
                    "'codec': ...}.")
      .def("__eq__",
           [](const PyTensorType &self, const PyTensorType &other) {
             return self.text == other.text;
           })
      // Anything else is not equal (rather than a TypeError).
      .def("__eq__", [](py::handle, py::handle) { return false; })
      .def(
          "__hash__",
          [](const PyTensorType &self) { return py::hash(py::str(self.text)); })
      .def("__str__", [](const PyTensorType &self) { return self.text; })
      .def("__repr__", [](const PyTensorType &self) {
        return "ng.TensorType('" + self.text + "')";
      });
}

} // namespace ng::python
