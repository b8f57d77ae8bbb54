//===- Types.h - tensor metadata and dtypes in Python -----------*- C++ -*-===//
//
// A value's type as Python sees it. Types are snapshots (plain data, no
// pointer into the context), so they can be kept, compared and printed
// after their program is gone.
//
//===----------------------------------------------------------------------===//

#ifndef NG_PYTHON_TYPES_H
#define NG_PYTHON_TYPES_H

#include "ng/Dialect/NgTypes.h"

#include "mlir/IR/Types.h"

#include <pybind11/pybind11.h>

#include <optional>
#include <string>
#include <vector>

namespace ng::python {

/// A tensor element type (a wire ScalarType) by its IR name: "f32", "ui8",
/// "i1", ... Also the value of a ScalarTypeArg.
struct PyScalarType {
  explicit PyScalarType(std::string name);
  std::string name;
};

/// An `!ng.tensor<...>` (TensorMeta).
struct PyTensorType {
  explicit PyTensorType(TensorType type);
  /// The element type; none for `!ng.tensor` without metadata.
  std::optional<std::string> dtype;
  std::vector<DimRange> sizes;
  /// Absent on the wire (`dim_order = none`), or the order.
  std::optional<std::vector<int64_t>> dimOrder;
  /// None, or a dict describing the quantization scheme.
  pybind11::object quant;
  /// The IR spelling.
  std::string text;
};

/// The element type named `name` in `ctx`, or ng.Error.
mlir::Type getElementType(mlir::MLIRContext *ctx, const PyScalarType &type);

/// The Python form of a value's type: a TensorType, or the name of a scalar
/// type ("i64", "f64", "i1").
pybind11::object wrapType(mlir::Type type);

/// The IR text of a type or attribute.
std::string printToString(mlir::Type type);

} // namespace ng::python

#endif // NG_PYTHON_TYPES_H
