//===- Interpreter.cpp - Program.run and ng.compare -----------------------===//
//
// ng-run's reference interpreter from Python (docs/Interpreter.md):
//
//   outputs = program.run({"tokens": tokens, "input_pos": pos})
//   assert ng.compare(original, transformed, seed=0, trials=3) is None
//
// Inputs are objects with the buffer protocol (numpy arrays, memoryviews),
// C-contiguous; outputs are numpy arrays when numpy imports, else
// memoryviews of the bytes.
//
//===----------------------------------------------------------------------===//

#include "Bindings.h"
#include "Diagnostics.h"
#include "Handles.h"

#include "ng/Interpreter/Interpreter.h"

#include <pybind11/stl.h>

#include <cstring>

namespace py = pybind11;
using namespace ng;

namespace ng::python {
namespace {

/// The struct-module format of a dtype ("f", "e", "q", ...); bf16 has none.
const char *formatOf(run::DType dtype) {
  switch (dtype) {
  case run::DType::U8:
    return "B";
  case run::DType::I8:
    return "b";
  case run::DType::I16:
    return "h";
  case run::DType::I32:
    return "i";
  case run::DType::I64:
    return "q";
  case run::DType::F16:
    return "e";
  case run::DType::F32:
    return "f";
  case run::DType::F64:
    return "d";
  case run::DType::Bool:
    return "?";
  case run::DType::U16:
    return "H";
  case run::DType::U32:
    return "I";
  case run::DType::U64:
    return "Q";
  case run::DType::BF16:
    return nullptr;
  }
  return nullptr;
}

std::optional<run::DType> dtypeOfFormat(std::string format, size_t itemsize) {
  // "<f", "=q", "@i": byte order and alignment prefixes (native is little
  // endian on every machine ng runs on).
  if (!format.empty() && std::strchr("<=@!>", format.front())) {
    if (format.front() == '>' || format.front() == '!')
      return std::nullopt;
    format.erase(0, 1);
  }
  if (format.size() != 1)
    return std::nullopt;
  char c = format[0];
  // `l` / `L` are 8 bytes on Linux: numpy's int64 reports them.
  if ((c == 'l' || c == 'L') && itemsize == 8)
    c = c == 'l' ? 'q' : 'Q';
  for (run::DType dtype :
       {run::DType::U8, run::DType::I8, run::DType::I16, run::DType::I32,
        run::DType::I64, run::DType::F16, run::DType::F32, run::DType::F64,
        run::DType::Bool, run::DType::U16, run::DType::U32, run::DType::U64})
    if (formatOf(dtype)[0] == c && run::getDTypeSize(dtype) == itemsize)
      return dtype;
  return std::nullopt;
}

/// A tensor from a buffer-protocol object: copied, so that the program may
/// write it and the caller's array stays as it was.
run::Tensor toTensor(const std::string &name, py::handle object) {
  py::object value = py::reinterpret_borrow<py::object>(object);
  try {
    // A C-contiguous numpy copy when numpy is there (and the object is an
    // array-like that is not already one).
    py::object numpy = py::module_::import("numpy");
    value = numpy.attr("ascontiguousarray")(value);
  } catch (py::error_already_set &) {
  }
  if (!PyObject_CheckBuffer(value.ptr()))
    throw Error("input '" + name +
                "' is not an array (an object with the buffer protocol)");
  py::buffer_info info = py::reinterpret_borrow<py::buffer>(value).request();
  std::optional<run::DType> dtype = dtypeOfFormat(info.format, info.itemsize);
  if (!dtype)
    throw Error("input '" + name + "' has element format '" + info.format +
                "', which ng-run does not compute in");
  // C-contiguous only: the strides of a dense row-major layout.
  py::ssize_t stride = info.itemsize;
  for (py::ssize_t d = info.ndim - 1; d >= 0; --d) {
    if (info.shape[d] != 1 && info.strides[d] != stride)
      throw Error("input '" + name + "' is not C-contiguous");
    stride *= info.shape[d];
  }
  llvm::SmallVector<int64_t> sizes(info.shape.begin(), info.shape.end());
  run::Tensor tensor = run::Tensor::alloc(*dtype, sizes);
  if (!tensor.getStorage()->bytes.empty())
    std::memcpy(tensor.getStorage()->bytes.data(), info.ptr,
                tensor.getStorage()->bytes.size());
  return tensor;
}

py::object toPython(const run::Tensor &tensor) {
  run::Tensor value = tensor;
  if (value.getDType() == run::DType::BF16)
    value = value.clone(run::DType::F32); // numpy has no bfloat16
  std::vector<uint8_t> bytes = value.contiguousBytes();
  py::bytearray data(reinterpret_cast<const char *>(bytes.data()),
                     bytes.size());
  std::vector<int64_t> shape(value.getSizes().begin(), value.getSizes().end());
  const char *format = formatOf(value.getDType());
  try {
    py::object numpy = py::module_::import("numpy");
    return numpy.attr("frombuffer")(data, py::str(format))
        .attr("reshape")(py::cast(shape));
  } catch (py::error_already_set &) {
  }
  return py::memoryview(data).attr("cast")(py::str(format), py::cast(shape));
}

MethodOp methodOf(py::object program, const std::string &name) {
  return program.attr("method")(name).cast<PyMethod &>().get();
}

run::PreparedMethod prepare(py::object program, const std::string &name) {
  MethodOp method = methodOf(program, name);
  auto module = method->getParentOfType<mlir::ModuleOp>();
  llvm::Expected<run::PreparedMethod> prepared =
      run::PreparedMethod::prepare(module, method.getSymName());
  if (!prepared)
    throw Error(llvm::toString(prepared.takeError()));
  return std::move(*prepared);
}

py::dict resultToDict(const run::RunResult &result) {
  py::dict out;
  for (const run::NamedTensor &named : result.outputs)
    if (!out.contains(named.name))
      out[py::str(named.name)] = toPython(named.tensor);
  for (const run::NamedTensor &named : result.buffers)
    if (!out.contains(named.name))
      out[py::str(named.name)] = toPython(named.tensor);
  return out;
}

run::RunResult runOn(const run::PreparedMethod &method,
                     const std::vector<run::Tensor> &inputs) {
  llvm::Expected<run::RunResult> result = method.run(inputs);
  if (!result)
    throw Error(llvm::toString(result.takeError()));
  return std::move(*result);
}

std::vector<run::Tensor> inputsFromDict(const run::PreparedMethod &method,
                                        py::dict inputs) {
  std::vector<run::Tensor> ordered;
  size_t used = 0;
  for (const run::InputInfo &info : method.getInputs()) {
    py::str key(info.name);
    if (!inputs.contains(key))
      throw Error("no input named '" + info.name +
                  "' (the method's user "
                  "inputs: " +
                  [&] {
                    std::string names;
                    for (const run::InputInfo &i : method.getInputs())
                      names += (names.empty() ? "'" : ", '") + i.name + "'";
                    return names;
                  }() +
                  ")");
    ordered.push_back(toTensor(info.name, inputs[key]));
    ++used;
  }
  if (used != inputs.size())
    for (auto item : inputs) {
      std::string key = py::str(item.first);
      bool known = false;
      for (const run::InputInfo &info : method.getInputs())
        known = known || info.name == key;
      if (!known)
        throw Error("the method has no user input '" + key + "'");
    }
  return ordered;
}

py::dict run(py::object program, py::dict inputs, const std::string &method) {
  run::PreparedMethod prepared = prepare(program, method);
  return resultToDict(runOn(prepared, inputsFromDict(prepared, inputs)));
}

py::object compare(py::object a, py::object b, py::object inputs,
                   const std::string &method, uint64_t seed, unsigned trials,
                   double rtol, double atol) {
  if (trials == 0)
    throw Error("trials must be at least 1");
  if (rtol < 0 || atol < 0)
    throw Error("rtol and atol must not be negative");
  run::PreparedMethod first = prepare(a, method), second = prepare(b, method);
  for (unsigned trial = 0; trial < trials; ++trial) {
    std::vector<run::Tensor> given;
    if (!inputs.is_none()) {
      given = inputsFromDict(first, inputs.cast<py::dict>());
    } else {
      llvm::Expected<std::vector<run::Tensor>> made =
          first.makeRandomInputs(seed + trial, {});
      if (!made)
        throw Error(llvm::toString(made.takeError()));
      given = std::move(*made);
    }
    run::RunResult x = runOn(first, given), y = runOn(second, given);
    if (std::optional<std::string> difference =
            run::compareResults(x, y, {rtol, atol}))
      return py::str(inputs.is_none() ? "seed " + std::to_string(seed + trial) +
                                            ": " + *difference
                                      : *difference);
    if (!inputs.is_none())
      break;
  }
  return py::none();
}

} // namespace

void populateInterpreter(py::module_ &m) {
  py::object program = m.attr("Program");
  program.attr("run") = py::cpp_function(
      run, py::name("run"), py::is_method(program), py::arg("inputs"),
      py::arg("method") = "forward",
      "Run a method with ng-run's reference interpreter "
      "(docs/Interpreter.md) on `inputs`, a dict from user-input name to "
      "array; returns a dict from output name (and final buffer fqn) to "
      "array: numpy arrays when numpy imports, else memoryviews.");
  m.def("compare", compare, py::arg("a"), py::arg("b"),
        py::arg("inputs") = py::none(), py::arg("method") = "forward",
        py::arg("seed") = 0, py::arg("trials") = 1, py::arg("rtol") = 0.0,
        py::arg("atol") = 0.0,
        "Run programs `a` and `b` on the same inputs (`inputs`, or random "
        "ones from `seed`, `trials` times) and return None when every output "
        "matches (bit-exact unless rtol/atol say otherwise), else a message "
        "naming the first output that differs, where and by how much.");
}

} // namespace ng::python
