//===- Arguments.h - a node's arguments as Python values --------*- C++ -*-===//
//
// A node's NamedArguments by schema name (WireArguments.h), each as the
// Python value it holds: int, float, bool, str, None, ScalarType, lists of
// those, Value for a tensor or a scalar reference, Graph for a subgraph.
// Setting one goes the other way: the argument's kind is the Python value's,
// its operands are the Values in it.
//
//===----------------------------------------------------------------------===//

#ifndef NG_PYTHON_ARGUMENTS_H
#define NG_PYTHON_ARGUMENTS_H

#include "Handles.h"

#include "ng/Dialect/WireArguments.h"

#include <pybind11/pybind11.h>

#include <optional>
#include <string>

namespace ng::python {

/// One argument of a node, a snapshot taken when it was read.
struct PyArgument {
  /// The schema name, or None for a positional argument.
  pybind11::object name;
  /// The ArgumentValue kind: "tensor", "int", "int_list", ... (ArgKind).
  std::string kind;
  bool mutated;
  /// The position among the node's arguments.
  unsigned index;
  pybind11::object value;
};

/// The Python value of argument `arg` of node `op`.
pybind11::object getArgumentValue(const ProgramRef &program,
                                  mlir::Operation *op, const WireArgument &arg);

/// `arg` of `op` as an Argument.
PyArgument getArgument(const ProgramRef &program, mlir::Operation *op,
                       const WireArgument &arg);

/// The argument of `op` that `key` (a schema name, or a position) names,
/// or nullopt.
std::optional<WireArgument> findArgument(mlir::Operation *op,
                                         pybind11::handle key);

/// Set the argument `key` names to `value` (kind `kind` when given, which
/// an empty list needs unless it replaces a list); a name the node does not
/// have yet is added as the last argument. Throws TypeError for a value no
/// argument can hold, KeyError for a position the node does not have.
void setArgument(const ProgramRef &program, mlir::Operation *op,
                 pybind11::handle key, pybind11::handle value,
                 const std::optional<std::string> &kind);

} // namespace ng::python

#endif // NG_PYTHON_ARGUMENTS_H
