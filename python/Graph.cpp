//===- Graph.cpp - methods, subgraphs, nodes and values in Python ---------===//
//
// The objects of a program's graphs: Method (an ng.method), Graph (a
// subgraph, one GraphArg region), Node (an ng.call, or a graph's OUTPUT
// node), Value and Placeholder. Their simple edits (retarget a call, set an
// argument, replace a value's uses, erase a node) change the IR in place;
// the verifier checks the result when the program is verified or saved.
//
//===----------------------------------------------------------------------===//

#include "Arguments.h"
#include "Bindings.h"
#include "Handles.h"
#include "Types.h"

#include "ng/Dialect/GraphEdits.h"
#include "ng/Dialect/Storage.h"
#include "ng/Dialect/WireNames.h"

#include "mlir/IR/PatternMatch.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/OperationSupport.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/raw_ostream.h"

#include <pybind11/stl.h>

namespace py = pybind11;
using namespace mlir;

namespace ng::python {

//===----------------------------------------------------------------------===//
// Handles
//===----------------------------------------------------------------------===//

void checkLive(const ProgramState &program, Operation *anchor,
               unsigned generation, const char *what) {
  if (generation != program.generation)
    throw Error(std::string("this ") + what +
                " is stale: a pass pipeline has run on its program since it "
                "was read; read it again from program.methods");
  if (program.erased.contains(anchor))
    throw Error(std::string(what) == "node"
                    ? std::string("this node was erased")
                    : std::string("the node of this ") + what + " was erased");
}

void checkSameProgram(const ProgramRef &program, const ProgramRef &other) {
  if (program != other)
    throw Error("the value belongs to another program: a program's IR can "
                "use only its own values");
}

CallOp PyNode::getCall(const char *what) const {
  if (auto call = llvm::dyn_cast<CallOp>(get()))
    return call;
  throw Error(std::string("the OUTPUT node ") + what);
}

static Operation *anchorOf(Value value) {
  if (Operation *def = value.getDefiningOp())
    return def;
  return llvm::cast<BlockArgument>(value).getOwner()->getParentOp();
}

PyValue::PyValue(ProgramRef program, Value value)
    : program(std::move(program)), value(value), anchor(anchorOf(value)),
      generation(this->program->generation) {}

py::object wrapValue(const ProgramRef &program, Value value) {
  if (auto arg = llvm::dyn_cast<BlockArgument>(value))
    if (llvm::isa<MethodOp>(arg.getOwner()->getParentOp()))
      return py::cast(PyPlaceholder(program, value));
  return py::cast(PyValue(program, value));
}

py::object wrapNode(const ProgramRef &program, Operation *op) {
  return py::cast(PyNode(program, op));
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

namespace {

py::object nameOrNone(StringRef name) {
  if (name.empty())
    return py::none();
  return py::str(name.str());
}

/// The nodes of a graph body, in order, without its OUTPUT node.
py::list nodesOf(const ProgramRef &program, Region &body) {
  py::list nodes;
  if (body.empty())
    return nodes;
  for (CallOp call : body.front().getOps<CallOp>())
    nodes.append(wrapNode(program, call));
  return nodes;
}

/// The node of `body` whose name is `name`; KeyError if none.
py::object nodeNamed(const ProgramRef &program, Region &body,
                     const std::string &name) {
  if (!body.empty())
    for (Operation &op : body.front())
      if (getNodeName(&op) == name)
        return wrapNode(program, &op);
  throw py::key_error("no node named '" + name + "'");
}

py::object outputOf(const ProgramRef &program, Region &body) {
  if (body.empty() || body.front().empty())
    return py::none();
  if (auto output = llvm::dyn_cast<OutputOp>(body.front().back()))
    return wrapNode(program, output);
  return py::none();
}

/// Print `op` with the value names of its method (a node alone would print
/// its operands as unknown values).
std::string printOp(Operation *op) {
  std::string text;
  llvm::raw_string_ostream os(text);
  Operation *scope = op;
  if (auto method = op->getParentOfType<MethodOp>())
    scope = method;
  AsmState state(scope, OpPrintingFlags());
  op->print(os, state);
  return text;
}

/// How messages name a node (ng::describe names it).
std::string describeNode(Operation *op) { return "node " + describe(op); }

/// The value kinds an argument tells apart (Dialect.md, "Arguments"):
/// "tensor", "int", "float", "bool".
std::string valueKind(Type type) {
  std::optional<ArgKind> kind = getReferenceKind(type);
  return kind ? stringifyArgKind(*kind).str() : "other";
}

} // namespace

//===----------------------------------------------------------------------===//
// Bindings
//===----------------------------------------------------------------------===//

void populateGraph(py::module_ &m) {
  py::class_<PyValue>(m, "Value",
                      "A value of a graph: a node's result, a placeholder or "
                      "a subgraph's input.")
      .def_property_readonly(
          "name",
          [](const PyValue &self) {
            return nameOrNone(getWireName(self.get()));
          },
          "The wire name, or None (the exporter names it).")
      .def_property_readonly(
          "type",
          [](const PyValue &self) { return wrapType(self.get().getType()); },
          "A TensorType, or the scalar type's name ('i64', 'f64', 'i1').")
      .def_property_readonly(
          "kind",
          [](const PyValue &self) { return valueKind(self.get().getType()); },
          "'tensor', 'int', 'float' or 'bool'.")
      .def_property_readonly(
          "node",
          [](const PyValue &self) -> py::object {
            if (Operation *def = self.get().getDefiningOp())
              return wrapNode(self.program, def);
            return py::none();
          },
          "The node whose result it is; None for a placeholder or subgraph "
          "input.")
      .def_property_readonly(
          "users",
          [](const PyValue &self) {
            SetVector<Operation *> users;
            for (Operation *user : self.get().getUsers())
              users.insert(user);
            // A value's users are nodes of its own graph (N1); the use list
            // holds them newest first.
            SmallVector<Operation *> ordered(users.begin(), users.end());
            if (llvm::all_equal(llvm::map_range(
                    ordered, [](Operation *op) { return op->getBlock(); })))
              llvm::sort(ordered, [](Operation *a, Operation *b) {
                return a->isBeforeInBlock(b);
              });
            py::list result;
            for (Operation *user : ordered)
              result.append(wrapNode(self.program, user));
            return result;
          },
          "The nodes that use it, each once, in order of use.")
      .def_property_readonly(
          "has_uses",
          [](const PyValue &self) { return !self.get().use_empty(); })
      .def(
          "replace_all_uses_with",
          [](PyValue &self, PyValue &other) {
            checkSameProgram(self.program, other.program);
            Value from = self.get(), to = other.get();
            if (from == to)
              return;
            // An argument's kind follows its value's (a tensor, an int, ...),
            // so a replacement must be of the same kind.
            if (valueKind(from.getType()) != valueKind(to.getType()))
              throw py::type_error("cannot replace " + describe(from) + " (" +
                                   valueKind(from.getType()) + ") with " +
                                   describe(to) + " (" +
                                   valueKind(to.getType()) + ")");
            // What would move a write or read a value before it is made.
            std::string why = whyUsesCannotBeReplaced(from, to);
            if (!why.empty())
              throw Error("cannot replace the uses of " + describe(from) +
                          ": " + why);
            mlir::IRRewriter rewriter(from.getContext());
            (void)replaceAllUsesKeepingAliases(rewriter, from, to);
          },
          py::arg("other"),
          "Make every use of this value use `other` instead. Refused "
          "(ng.Error) when `other` is made after a user, or when a user "
          "writes this value in place and `other` is other storage.")
      .def("__eq__",
           [](const PyValue &self, const PyValue &other) {
             return self.program == other.program && self.value == other.value;
           })
      // Anything else is not equal (rather than a TypeError).
      .def("__eq__", [](py::handle, py::handle) { return false; })
      .def("__hash__",
           [](const PyValue &self) {
             return std::hash<const void *>()(self.value.getAsOpaquePointer());
           })
      .def("__repr__", [](const PyValue &self) {
        Value value = self.get();
        return "<ng.Value " + describe(value) + ": " +
               printToString(value.getType()) + ">";
      });

  py::class_<PyPlaceholder, PyValue>(
      m, "Placeholder",
      "A placeholder of a method (a PLACEHOLDER node): a user input, a "
      "constant (parameter, buffer, constant tensor) or a mutable buffer.")
      .def_property_readonly(
          "role",
          [](const PyPlaceholder &self) {
            return self.getMethod()
                .getPlaceholderBinding(self.getIndex())
                .getRoleName()
                .str();
          },
          "'user_input', 'parameter', 'buffer', 'constant' or "
          "'mutable_buffer'.")
      .def_property_readonly(
          "data_key",
          [](const PyPlaceholder &self) -> py::object {
            const PlaceholderBinding &binding =
                self.getMethod().getPlaceholderBinding(self.getIndex());
            if (binding.isInput())
              return py::none();
            return py::str(binding.key);
          },
          "A constant's data key, a mutable buffer's fqn; None for a user "
          "input.")
      .def_property_readonly(
          "mutated",
          [](const PyPlaceholder &self) {
            return self.getMethod()
                .getPlaceholderBinding(self.getIndex())
                .mutated;
          },
          "Whether a buffer constant is marked mutated.")
      .def_property_readonly("index", &PyPlaceholder::getIndex)
      .def_property_readonly("method",
                             [](const PyPlaceholder &self) {
                               return PyMethod(self.program, self.getMethod());
                             })
      .def("__repr__", [](const PyPlaceholder &self) {
        const PlaceholderBinding &binding =
            self.getMethod().getPlaceholderBinding(self.getIndex());
        std::string key = binding.isInput() ? "" : " '" + binding.key + "'";
        return "<ng.Placeholder " + describe(self.value) + " " +
               binding.getRoleName().str() + key + ": " +
               printToString(self.value.getType()) + ">";
      });

  py::class_<PyNode>(m, "Node",
                     "A node: a call (ng.call), or a graph's OUTPUT node.")
      .def_property_readonly(
          "name",
          [](const PyNode &self) -> py::object {
            return nameOrNone(getNodeName(self.get()));
          },
          "The node's wire name, or None (the exporter names it).")
      .def_property(
          "target",
          [](const PyNode &self) -> py::object {
            if (auto call = llvm::dyn_cast<CallOp>(self.get()))
              return py::str(call.getTarget().str());
            return py::none();
          },
          [](PyNode &self, const std::string &target) {
            CallOp call = self.getCall("has no target");
            if (target.empty())
              throw py::value_error("a call's target cannot be empty");
            // Through a rewriter: what the new target writes (the op facts)
            // is recorded on the storage it writes.
            mlir::IRRewriter rewriter(call);
            rewriter.modifyOpInPlace(call, [&] {
              call.setTargetAttr(StringAttr::get(call.getContext(), target));
            });
            recordStorageWrites(rewriter, call);
          },
          "The call's target ('torch.ops.aten.add.Tensor'); None for an "
          "OUTPUT node. Setting it retargets the call, arguments unchanged.")
      .def_property_readonly(
          "is_output",
          [](const PyNode &self) { return llvm::isa<OutputOp>(self.get()); })
      .def_property_readonly(
          "args",
          [](const PyNode &self) {
            Operation *op = self.get();
            py::list args;
            for (WireArgument arg : getWireArguments(op))
              args.append(py::cast(getArgument(self.program, op, arg)));
            return args;
          },
          "The arguments, in order, as Argument objects.")
      .def(
          "arg",
          [](const PyNode &self, py::object key) {
            Operation *op = self.get();
            std::optional<WireArgument> arg = findArgument(op, key);
            if (!arg)
              throw py::key_error(py::str(key).cast<std::string>());
            return getArgument(self.program, op, *arg);
          },
          py::arg("key"),
          "The argument with this schema name (or at this position); "
          "KeyError if none.")
      .def(
          "__getitem__",
          [](const PyNode &self, py::object key) {
            Operation *op = self.get();
            std::optional<WireArgument> arg = findArgument(op, key);
            if (!arg)
              throw py::key_error(py::str(key).cast<std::string>());
            return getArgumentValue(self.program, op, *arg);
          },
          py::arg("key"), "node['alpha']: the value of an argument.")
      .def(
          "__contains__",
          [](const PyNode &self, py::object key) {
            return findArgument(self.get(), key).has_value();
          },
          py::arg("key"), "Whether the node has this argument.")
      // Not a sequence: without __iter__, Python would iterate a node by
      // int indices through __getitem__ (0, 1, ... until KeyError).
      .def(
          "__iter__",
          [](const PyNode &self) -> py::iterator {
            throw py::type_error(
                "an ng.Node is not iterable: use node.args (its arguments) "
                "or node.results");
          },
          "Not iterable: node.args lists the arguments.")
      .def(
          "set_arg",
          [](PyNode &self, py::object key, py::object value,
             std::optional<std::string> kind) {
            setArgument(self.program, self.get(), key, value, kind);
          },
          py::arg("key"), py::arg("value"), py::arg("kind") = py::none(),
          "Set an argument (by schema name or position) to a Python value; "
          "a name the node lacks adds a keyword argument. `kind` forces the "
          "argument kind ('float' for an int value, the kind of an empty "
          "list).")
      .def_property_readonly("results",
                             [](const PyNode &self) {
                               py::list results;
                               for (Value result : self.get()->getResults())
                                 results.append(
                                     wrapValue(self.program, result));
                               return results;
                             })
      .def_property_readonly("result_types",
                             [](const PyNode &self) {
                               py::list types;
                               for (Type type : self.get()->getResultTypes())
                                 types.append(wrapType(type));
                               return types;
                             })
      .def_property_readonly(
          "metadata",
          [](const PyNode &self) {
            py::list pairs;
            auto metadata = self.get()->getAttrOfType<ArrayAttr>("metadata");
            if (metadata)
              for (Attribute pair : metadata)
                if (auto kv = llvm::dyn_cast<ArrayAttr>(pair);
                    kv && kv.size() == 2)
                  pairs.append(py::make_tuple(
                      llvm::cast<StringAttr>(kv[0]).getValue().str(),
                      llvm::cast<StringAttr>(kv[1]).getValue().str()));
            return pairs;
          },
          "The node's metadata, (key, value) pairs in order.")
      .def_property_readonly(
          "graphs",
          [](const PyNode &self) {
            py::list graphs;
            Operation *op = self.get();
            for (unsigned i = 0, e = op->getNumRegions(); i < e; ++i)
              graphs.append(PyGraph(self.program, op, i));
            return graphs;
          },
          "The subgraphs of its graph arguments.")
      .def(
          "erase",
          [](PyNode &self) {
            CallOp call = self.getCall("cannot be erased");
            for (OpResult result : call->getResults())
              if (!result.use_empty())
                throw Error(describeNode(call) +
                            " cannot be erased: its result " +
                            describe(result) + " is still used by " +
                            describeNode(*result.getUsers().begin()) +
                            " (replace its uses first)");
            call->walk([&](Operation *nested) {
              self.program->erased.insert(nested);
            });
            call->erase();
          },
          "Erase the node; refused (ng.Error) while a result has uses.")
      .def("__eq__",
           [](const PyNode &self, const PyNode &other) {
             return self.program == other.program && self.op == other.op;
           })
      // Anything else is not equal (rather than a TypeError).
      .def("__eq__", [](py::handle, py::handle) { return false; })
      .def("__hash__",
           [](const PyNode &self) { return std::hash<void *>()(self.op); })
      .def("__str__", [](const PyNode &self) { return printOp(self.get()); })
      .def("__repr__", [](const PyNode &self) {
        Operation *op = self.get();
        if (auto call = llvm::dyn_cast<CallOp>(op))
          return "<ng.Node " + describe(call) + " " + call.getTarget().str() +
                 ">";
        return std::string("<ng.Node OUTPUT>");
      });

  py::class_<PyGraph>(m, "Graph",
                      "A subgraph: the region of a graph argument (GraphArg).")
      .def_property_readonly(
          "label",
          [](const PyGraph &self) {
            self.get();
            return py::str(
                llvm::cast<CallOp>(self.op).getGraphLabel(self.index).str());
          },
          "The GraphArg's name ('true_graph_0').")
      .def_property_readonly("inputs",
                             [](const PyGraph &self) {
                               py::list inputs;
                               Region &body = self.get();
                               if (!body.empty())
                                 for (BlockArgument arg :
                                      body.front().getArguments())
                                   inputs.append(wrapValue(self.program, arg));
                               return inputs;
                             })
      .def_property_readonly(
          "nodes",
          [](const PyGraph &self) { return nodesOf(self.program, self.get()); })
      .def_property_readonly("output",
                             [](const PyGraph &self) {
                               return outputOf(self.program, self.get());
                             })
      .def(
          "node",
          [](const PyGraph &self, const std::string &name) {
            return nodeNamed(self.program, self.get(), name);
          },
          py::arg("name"))
      .def("__repr__", [](const PyGraph &self) {
        self.get();
        return "<ng.Graph " + std::to_string(self.index) + " of " +
               describeNode(self.op) + ">";
      });

  py::class_<PyMethod>(m, "Method", "A method of the program (ng.method).")
      .def(
          "__iter__",
          [](const PyMethod &self) {
            return py::iter(nodesOf(self.program, self.get().getBody()));
          },
          "Its calls, in order (as Method.nodes).")
      .def(
          "__len__",
          [](const PyMethod &self) {
            return py::len(nodesOf(self.program, self.get().getBody()));
          },
          "How many calls its graph has (as len(Method.nodes)).")
      .def_property_readonly(
          "name",
          [](const PyMethod &self) { return self.get().getSymName().str(); })
      .def_property_readonly(
          "placeholders",
          [](const PyMethod &self) {
            py::list placeholders;
            for (BlockArgument arg : self.get().getArguments())
              placeholders.append(wrapValue(self.program, arg));
            return placeholders;
          },
          "Every placeholder, in node order.")
      .def_property_readonly(
          "inputs",
          [](const PyMethod &self) {
            MethodOp method = self.get();
            py::list inputs;
            for (BlockArgument arg : method.getArguments())
              if (method.getPlaceholderBinding(arg.getArgNumber()).isInput())
                inputs.append(wrapValue(self.program, arg));
            return inputs;
          },
          "The user inputs (Graph.inputs), in order.")
      .def_property_readonly(
          "nodes",
          [](const PyMethod &self) {
            return nodesOf(self.program, self.get().getBody());
          },
          "The calls of the method's graph, in order (not its OUTPUT node, "
          "nor the nodes of subgraphs).")
      .def_property_readonly(
          "output",
          [](const PyMethod &self) {
            return outputOf(self.program, self.get().getBody());
          },
          "The OUTPUT node.")
      .def(
          "node",
          [](const PyMethod &self, const std::string &name) {
            return nodeNamed(self.program, self.get().getBody(), name);
          },
          py::arg("name"), "The node named `name`; KeyError if none.")
      .def("__eq__",
           [](const PyMethod &self, const PyMethod &other) {
             return self.program == other.program && self.op == other.op;
           })
      // Anything else is not equal (rather than a TypeError).
      .def("__eq__", [](py::handle, py::handle) { return false; })
      .def("__hash__",
           [](const PyMethod &self) { return std::hash<void *>()(self.op); })
      .def("__str__", [](const PyMethod &self) { return printOp(self.get()); })
      .def("__repr__", [](const PyMethod &self) {
        return "<ng.Method '" + self.get().getSymName().str() + "'>";
      });
}

} // namespace ng::python
