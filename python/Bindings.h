//===- Bindings.h - the parts of the ng extension module --------*- C++ -*-===//
//
// The `ng._ng` extension is made of one file per concern; each adds its
// classes and functions to the module.
//
//===----------------------------------------------------------------------===//

#ifndef NG_PYTHON_BINDINGS_H
#define NG_PYTHON_BINDINGS_H

#include <pybind11/pybind11.h>

namespace ng::python {

/// Program, load, parse (Program.cpp).
void populateProgram(pybind11::module_ &m);
/// Method, Graph, Node, Value, Placeholder (Graph.cpp).
void populateGraph(pybind11::module_ &m);
/// Argument (Arguments.cpp).
void populateArguments(pybind11::module_ &m);
/// TensorType, ScalarType (Types.cpp).
void populateTypes(pybind11::module_ &m);
/// Program.run, compare: ng-run's interpreter (Interpreter.cpp; after
/// populateProgram).
void populateInterpreter(pybind11::module_ &m);

} // namespace ng::python

#endif // NG_PYTHON_BINDINGS_H
