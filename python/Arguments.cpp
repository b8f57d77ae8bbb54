//===- Arguments.cpp - a node's arguments as Python values ----------------===//

#include "Arguments.h"

#include "Bindings.h"

#include "Types.h"

#include "ng/Dialect/CallBuilder.h"
#include "ng/Dialect/NgTypes.h"

#include "mlir/IR/PatternMatch.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <pybind11/stl.h>

namespace py = pybind11;
using namespace mlir;

namespace ng::python {

//===----------------------------------------------------------------------===//
// Reading
//===----------------------------------------------------------------------===//

py::object getArgumentValue(const ProgramRef &program, Operation *op,
                            const WireArgument &arg) {
  ArgAttr attr = arg.getAttr();
  Attribute value = attr.getValue();
  auto operands = arg.getOpOperands();
  auto operand = [&](unsigned i) {
    return wrapValue(program, operands[i].get());
  };
  switch (arg.getKind()) {
  case ArgKind::Tensor:
    return operand(0);
  case ArgKind::None:
    return py::none();
  case ArgKind::Int:
    if (auto literal = llvm::dyn_cast_or_null<IntegerAttr>(value))
      return py::int_(literal.getValue().getSExtValue());
    return operand(0);
  case ArgKind::Float:
    if (auto literal = llvm::dyn_cast_or_null<FloatAttr>(value))
      return py::float_(literal.getValueAsDouble());
    return operand(0);
  case ArgKind::Bool:
    if (auto literal = llvm::dyn_cast_or_null<BoolAttr>(value))
      return py::bool_(literal.getValue());
    return operand(0);
  case ArgKind::String:
    return py::str(llvm::cast<StringAttr>(value).getValue().str());
  case ArgKind::ScalarType:
    return py::cast(
        PyScalarType(printToString(llvm::cast<TypeAttr>(value).getValue())));
  case ArgKind::IntList: {
    // Literal slots from `value`, reference slots (mask) from the operands.
    py::list list;
    auto values = llvm::cast<DenseI64ArrayAttr>(value).asArrayRef();
    DenseBoolArrayAttr mask = attr.getMask();
    unsigned next = 0;
    for (auto [i, literal] : llvm::enumerate(values))
      if (mask && mask.asArrayRef()[i])
        list.append(operand(next++));
      else
        list.append(py::int_(literal));
    return std::move(list);
  }
  case ArgKind::FloatList: {
    py::list list;
    for (double element : llvm::cast<DenseF64ArrayAttr>(value).asArrayRef())
      list.append(py::float_(element));
    return std::move(list);
  }
  case ArgKind::BoolList: {
    py::list list;
    for (bool element : llvm::cast<DenseBoolArrayAttr>(value).asArrayRef())
      list.append(py::bool_(element));
    return std::move(list);
  }
  case ArgKind::TensorList:
  case ArgKind::OptionalTensorList: {
    // One slot per mask entry; a slot without a value is None.
    py::list list;
    unsigned next = 0;
    for (bool present : attr.getMask().asArrayRef())
      if (present)
        list.append(operand(next++));
      else
        list.append(py::none());
    return std::move(list);
  }
  case ArgKind::Graph: {
    // The graph arguments' regions are the op's, in argument order.
    unsigned region = 0;
    for (WireArgument other : getWireArguments(op)) {
      if (other.getIndex() == arg.getIndex())
        break;
      if (other.getKind() == ArgKind::Graph)
        ++region;
    }
    return py::cast(PyGraph(program, op, region));
  }
  }
  return py::none();
}

PyArgument getArgument(const ProgramRef &program, Operation *op,
                       const WireArgument &arg) {
  ArgAttr attr = arg.getAttr();
  py::object name = attr.getName()
                        ? py::object(py::str(attr.getName().getValue().str()))
                        : py::object(py::none());
  return {name, stringifyArgKind(arg.getKind()).str(), arg.isMutated(),
          arg.getIndex(), getArgumentValue(program, op, arg)};
}

std::optional<WireArgument> findArgument(Operation *op, py::handle key) {
  WireArgumentRange args = getWireArguments(op);
  if (py::isinstance<py::str>(key))
    return args.find(key.cast<std::string>());
  if (py::isinstance<py::int_>(key) && !py::isinstance<py::bool_>(key)) {
    int64_t index = key.cast<int64_t>();
    if (index < 0)
      return std::nullopt;
    return args.at(static_cast<unsigned>(index));
  }
  throw py::type_error("an argument is named by its schema name (str) or "
                       "its position (int)");
}

//===----------------------------------------------------------------------===//
// Writing
//===----------------------------------------------------------------------===//

namespace {

/// An argument built from a Python value: its descriptor's parts and its
/// operands.
struct BuiltArgument {
  ArgKind kind;
  Attribute value;
  DenseBoolArrayAttr mask;
  SmallVector<mlir::Value, 2> operands;
};

/// What one Python object is as an argument (or a list element).
enum class Element {
  None,
  Bool,
  Int,
  Float,
  String,
  Dtype,
  Tensor,
  IntRef,
  FloatRef,
  BoolRef,
  List
};

struct Classified {
  Element element;
  Value value; // the Value of a reference
};

Classified classify(const ProgramRef &program, py::handle object) {
  if (object.is_none())
    return {Element::None, {}};
  // bool before int: Python's True is an int too.
  if (py::isinstance<py::bool_>(object))
    return {Element::Bool, {}};
  if (py::isinstance<py::int_>(object))
    return {Element::Int, {}};
  if (py::isinstance<py::float_>(object))
    return {Element::Float, {}};
  if (py::isinstance<py::str>(object))
    return {Element::String, {}};
  if (py::isinstance<PyScalarType>(object))
    return {Element::Dtype, {}};
  if (py::isinstance<PyValue>(object)) {
    auto &handle = object.cast<PyValue &>();
    checkSameProgram(program, handle.program);
    Value value = handle.get();
    switch (getReferenceKind(value.getType()).value_or(ArgKind::None)) {
    case ArgKind::Tensor:
      return {Element::Tensor, value};
    case ArgKind::Int:
      return {Element::IntRef, value};
    case ArgKind::Float:
      return {Element::FloatRef, value};
    case ArgKind::Bool:
      return {Element::BoolRef, value};
    default:
      throw py::type_error("a value of type " + printToString(value.getType()) +
                           " cannot be an argument");
    }
  }
  if (py::isinstance<py::list>(object) || py::isinstance<py::tuple>(object))
    return {Element::List, {}};
  throw py::type_error(
      "an argument is None, a bool, int, float, str, ng.ScalarType, ng.Value "
      "or a list of those, not " +
      py::str(py::type::of(object)).cast<std::string>());
}

std::optional<ArgKind> parseKind(const std::optional<std::string> &kind) {
  if (!kind)
    return std::nullopt;
  std::optional<ArgKind> parsed = symbolizeArgKind(*kind);
  if (!parsed || *parsed == ArgKind::Graph)
    throw py::value_error("'" + *kind +
                          "' is not an argument kind that can be set (tensor, "
                          "none, int, float, bool, string, scalar_type, "
                          "int_list, float_list, bool_list, tensor_list, "
                          "optional_tensor_list)");
  return parsed;
}

/// A Python int as an int argument's 64 bits.
int64_t castInt(py::handle value) {
  try {
    return value.cast<int64_t>();
  } catch (const py::cast_error &) {
    throw py::value_error(py::repr(value).cast<std::string>() +
                          " does not fit an int argument (64 bits)");
  }
}

[[noreturn]] void mismatch(py::handle value, ArgKind kind) {
  throw py::type_error(py::repr(value).cast<std::string>() +
                       " is not a value of an argument of kind " +
                       stringifyArgKind(kind).str());
}

/// A list argument: its kind from its elements (or from `want`, which an
/// empty list needs).
BuiltArgument buildList(const ProgramRef &program, py::handle list,
                        std::optional<ArgKind> want) {
  MLIRContext *ctx = program->context.get();
  SmallVector<py::object> items;
  for (py::handle item : list)
    items.push_back(py::reinterpret_borrow<py::object>(item));
  SmallVector<Classified> elements;
  for (py::handle item : items) {
    elements.push_back(classify(program, item));
    if (elements.back().element == Element::List)
      throw py::type_error("an argument's list cannot hold lists");
  }
  auto all = [&](std::initializer_list<Element> allowed) {
    return llvm::all_of(elements, [&](const Classified &e) {
      return llvm::is_contained(allowed, e.element);
    });
  };
  auto any = [&](Element element) {
    return llvm::any_of(
        elements, [&](const Classified &e) { return e.element == element; });
  };

  ArgKind kind;
  if (want) {
    kind = *want;
  } else if (elements.empty()) {
    throw py::type_error("an empty list needs its kind: give kind='int_list', "
                         "'float_list', 'bool_list', 'tensor_list' or "
                         "'optional_tensor_list'");
  } else if (all({Element::Bool})) {
    kind = ArgKind::BoolList;
  } else if (all({Element::Int, Element::IntRef})) {
    kind = ArgKind::IntList;
  } else if (all({Element::Int, Element::Float})) {
    kind = ArgKind::FloatList;
  } else if (all({Element::Tensor})) {
    kind = ArgKind::TensorList;
  } else if (all({Element::Tensor, Element::None}) && any(Element::Tensor)) {
    kind = ArgKind::OptionalTensorList;
  } else {
    throw py::type_error("a list argument holds ints (or int Values), floats, "
                         "bools, tensor Values, or tensor Values and None; "
                         "not " +
                         py::repr(list).cast<std::string>());
  }

  BuiltArgument built{kind, {}, {}, {}};
  switch (kind) {
  case ArgKind::IntList: {
    if (!all({Element::Int, Element::IntRef}))
      mismatch(list, kind);
    SmallVector<int64_t> values;
    SmallVector<bool> mask;
    for (auto [item, element] : llvm::zip(items, elements)) {
      bool ref = element.element == Element::IntRef;
      values.push_back(ref ? 0 : castInt(item));
      mask.push_back(ref);
      if (ref)
        built.operands.push_back(element.value);
    }
    built.value = DenseI64ArrayAttr::get(ctx, values);
    if (!built.operands.empty())
      built.mask = DenseBoolArrayAttr::get(ctx, mask);
    return built;
  }
  case ArgKind::FloatList: {
    if (!all({Element::Int, Element::Float}))
      mismatch(list, kind);
    SmallVector<double> values;
    for (py::handle item : items)
      values.push_back(item.cast<double>());
    built.value = DenseF64ArrayAttr::get(ctx, values);
    return built;
  }
  case ArgKind::BoolList: {
    if (!all({Element::Bool}))
      mismatch(list, kind);
    SmallVector<bool> values;
    for (py::handle item : items)
      values.push_back(item.cast<bool>());
    built.value = DenseBoolArrayAttr::get(ctx, values);
    return built;
  }
  case ArgKind::TensorList:
  case ArgKind::OptionalTensorList: {
    if (!all({Element::Tensor}) && !(kind == ArgKind::OptionalTensorList &&
                                     all({Element::Tensor, Element::None})))
      mismatch(list, kind);
    SmallVector<bool> mask;
    for (const Classified &element : elements) {
      mask.push_back(element.element == Element::Tensor);
      if (element.value)
        built.operands.push_back(element.value);
    }
    built.mask = DenseBoolArrayAttr::get(ctx, mask);
    return built;
  }
  default:
    mismatch(list, kind);
  }
}

/// The argument `value` makes: of kind `want` when given, else of the kind
/// its Python type says. `previous` is the kind of the argument it
/// replaces, which an empty list keeps.
BuiltArgument buildArgument(const ProgramRef &program, py::handle value,
                            std::optional<ArgKind> want,
                            std::optional<ArgKind> previous) {
  MLIRContext *ctx = program->context.get();
  Classified c = classify(program, value);
  if (c.element == Element::List) {
    bool isListKind = [](std::optional<ArgKind> kind) {
      return kind &&
             (*kind == ArgKind::IntList || *kind == ArgKind::FloatList ||
              *kind == ArgKind::BoolList || *kind == ArgKind::TensorList ||
              *kind == ArgKind::OptionalTensorList);
    }(previous);
    if (!want && py::len(value) == 0 && isListKind)
      want = previous;
    return buildList(program, value, want);
  }

  BuiltArgument built{ArgKind::None, {}, {}, {}};
  auto expect = [&](ArgKind kind) {
    if (want && *want != kind)
      mismatch(value, *want);
    built.kind = kind;
  };
  switch (c.element) {
  case Element::None:
    expect(ArgKind::None);
    break;
  case Element::Bool:
    expect(ArgKind::Bool);
    built.value = BoolAttr::get(ctx, value.cast<bool>());
    break;
  case Element::Int:
    // An int is a float argument's value too (`alpha=2` for a float alpha).
    if (want == ArgKind::Float) {
      built.kind = ArgKind::Float;
      built.value = FloatAttr::get(getScalarType(ctx, ArgKind::Float),
                                   value.cast<double>());
      break;
    }
    expect(ArgKind::Int);
    built.value =
        IntegerAttr::get(getScalarType(ctx, ArgKind::Int), castInt(value));
    break;
  case Element::Float:
    expect(ArgKind::Float);
    built.value = FloatAttr::get(getScalarType(ctx, ArgKind::Float),
                                 value.cast<double>());
    break;
  case Element::String:
    expect(ArgKind::String);
    built.value = StringAttr::get(ctx, value.cast<std::string>());
    break;
  case Element::Dtype:
    expect(ArgKind::ScalarType);
    built.value =
        TypeAttr::get(getElementType(ctx, value.cast<PyScalarType &>()));
    break;
  case Element::Tensor:
    expect(ArgKind::Tensor);
    built.operands.push_back(c.value);
    break;
  case Element::IntRef:
    expect(ArgKind::Int);
    built.operands.push_back(c.value);
    break;
  case Element::FloatRef:
    expect(ArgKind::Float);
    built.operands.push_back(c.value);
    break;
  case Element::BoolRef:
    expect(ArgKind::Bool);
    built.operands.push_back(c.value);
    break;
  case Element::List:
    break;
  }
  return built;
}

} // namespace

void setArgument(const ProgramRef &program, Operation *op, py::handle key,
                 py::handle value, const std::optional<std::string> &kind) {
  MLIRContext *ctx = program->context.get();
  std::optional<WireArgument> existing = findArgument(op, key);
  if (!existing && !py::isinstance<py::str>(key))
    throw py::key_error("the node has no argument at position " +
                        py::str(key).cast<std::string>());
  if (existing && existing->getKind() == ArgKind::Graph)
    throw py::type_error("a graph argument cannot be replaced");

  std::optional<ArgKind> previous;
  if (existing)
    previous = existing->getKind();
  BuiltArgument built =
      buildArgument(program, value, parseKind(kind), previous);

  // The descriptor keeps the argument's name, and its `mut` flag when it
  // still holds tensors (an in-place op's `self` stays written).
  StringAttr name = existing ? existing->getAttr().getName()
                             : StringAttr::get(ctx, key.cast<std::string>());
  bool holdsTensors = built.kind == ArgKind::Tensor ||
                      built.kind == ArgKind::TensorList ||
                      built.kind == ArgKind::OptionalTensorList;
  bool mutated = existing && existing->isMutated() && holdsTensors;
  program->diagnostics->clear();
  ArgAttr attr =
      ArgAttr::getChecked([&] { return mlir::emitError(op->getLoc()); }, ctx,
                          built.kind, name, mutated, built.value, built.mask);
  if (!attr)
    program->diagnostics->raise("invalid argument");

  unsigned index = existing
                       ? existing->getIndex()
                       : cast<WireArgumentOpInterface>(op).getArgs().size();
  mlir::IRRewriter rewriter(op);
  setCallArgument(rewriter, op, index, CallArgument{attr, built.operands});
}

void populateArguments(py::module_ &m) {
  py::class_<PyArgument>(m, "Argument",
                         "One argument of a node (a NamedArgument), as read: "
                         "a snapshot, which later edits do not change.")
      .def_readonly("name", &PyArgument::name,
                    "The schema name, or None for a positional argument.")
      .def_readonly("kind", &PyArgument::kind,
                    "The ArgumentValue kind: 'tensor', 'none', 'int', "
                    "'float', 'bool', 'string', 'scalar_type', 'int_list', "
                    "'float_list', 'bool_list', 'tensor_list', "
                    "'optional_tensor_list' or 'graph'.")
      .def_readonly("mutated", &PyArgument::mutated,
                    "Whether the node writes it in place (`mut`).")
      .def_readonly("index", &PyArgument::index)
      .def_readonly("value", &PyArgument::value)
      .def("__repr__", [](const PyArgument &self) {
        std::string name =
            self.name.is_none() ? "" : self.name.cast<std::string>() + ": ";
        return "<ng.Argument " + name + (self.mutated ? "mut " : "") +
               py::repr(self.value).cast<std::string>() + " (" + self.kind +
               ")>";
      });
}

} // namespace ng::python
