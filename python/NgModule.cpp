//===- NgModule.cpp - the ng._ng extension module -------------------------===//
//
// Python bindings for ng, written over its C++ API (docs/Python.md). The
// `ng` package re-exports what this module defines.
//
//===----------------------------------------------------------------------===//

#include "Bindings.h"
#include "Diagnostics.h"

#include "ng/InitAll.h"

namespace py = pybind11;

PYBIND11_MODULE(_ng, m) {
  m.doc() = "ng: ExecuTorch native-backend graphs as MLIR (docs/Python.md)";

  // ng's passes by their pipeline names (as ng-opt knows them). The
  // registry is global to the process, so once, at import.
  ng::registerAllPasses();

  // ng's errors; warnings (e.g. `mut` flags that say less than the op
  // facts) go through Python's warnings module.
  py::register_exception<ng::python::Error>(m, "Error");
  m.attr("Warning") = py::reinterpret_steal<py::object>(
      PyErr_NewException("ng._ng.Warning", PyExc_UserWarning, nullptr));

  ng::python::populateTypes(m);
  ng::python::populateArguments(m);
  ng::python::populateGraph(m);
  ng::python::populateProgram(m);
  ng::python::populateInterpreter(m);
}
