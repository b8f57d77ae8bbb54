//===- Handles.h - Python objects that point into a program -----*- C++ -*-===//
//
// A Program owns its MLIRContext and module. Every object the bindings hand
// out that points into the IR (a method, a node, a value) holds a reference
// to that state, so the context outlives all of them, however Python
// orders their destruction; the objects themselves are small handles, made
// on request, compared by what they point at.
//
// Handles must not outlive what they point at. The bindings' own edits
// erase ops only in Node.erase(), which records the op (and the ops nested
// in it); a pass pipeline may erase or make any op, so running one starts a
// new generation and every older handle becomes stale. A stale or erased
// handle raises ng.Error when used instead of touching freed memory.
//
//===----------------------------------------------------------------------===//

#ifndef NG_PYTHON_HANDLES_H
#define NG_PYTHON_HANDLES_H

#include "Diagnostics.h"

#include "ng/Dialect/NgOps.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/DenseSet.h"

#include <pybind11/pybind11.h>

#include <memory>

namespace ng::python {

/// What the objects of one program share, and keep alive.
struct ProgramState {
  /// A context with ng's dialects loaded and diagnostics collected.
  ProgramState();
  ~ProgramState();

  /// Declared in destruction order: the module before the collector, both
  /// before the context they live in.
  std::unique_ptr<mlir::MLIRContext> context;
  std::unique_ptr<DiagnosticCollector> diagnostics;
  mlir::OwningOpRef<mlir::ModuleOp> module;

  /// Handles made in an earlier generation are stale.
  unsigned generation = 0;
  /// Ops Node.erase() erased in this generation. Within a generation the
  /// bindings make no ops, so an address here cannot have been reused.
  llvm::DenseSet<mlir::Operation *> erased;

  /// After anything that may have erased or made ops (a pass pipeline).
  void startGeneration() {
    ++generation;
    erased.clear();
  }
};
using ProgramRef = std::shared_ptr<ProgramState>;

/// Throws ng.Error unless `anchor`, an op of `program` taken in generation
/// `generation`, is still there. `what` names the object in the message.
void checkLive(const ProgramState &program, mlir::Operation *anchor,
               unsigned generation, const char *what);

/// An op of a program: an ng.method, or a node (ng.call, ng.output).
struct OpHandle {
  OpHandle(ProgramRef program, mlir::Operation *op)
      : program(std::move(program)), op(op),
        generation(this->program->generation) {}

  ProgramRef program;
  mlir::Operation *op;
  unsigned generation;
};

/// A method (ng.method).
struct PyMethod : OpHandle {
  using OpHandle::OpHandle;
  MethodOp get() const {
    checkLive(*program, op, generation, "method");
    return llvm::cast<MethodOp>(op);
  }
};

/// A node: an ng.call, or the OUTPUT node (ng.output) of a graph.
struct PyNode : OpHandle {
  using OpHandle::OpHandle;
  mlir::Operation *get() const {
    checkLive(*program, op, generation, "node");
    return op;
  }
  /// The node as an ng.call; ng.Error for an OUTPUT node, which has no
  /// target, results or subgraphs. `what` names the attempt.
  CallOp getCall(const char *what) const;
};

/// A subgraph: graph region `index` of an ng.call (a GraphArg).
struct PyGraph : OpHandle {
  PyGraph(ProgramRef program, mlir::Operation *op, unsigned index)
      : OpHandle(std::move(program), op), index(index) {}
  mlir::Region &get() const {
    checkLive(*program, op, generation, "graph");
    return op->getRegion(index);
  }
  unsigned index;
};

/// A value: a placeholder, a subgraph input or a node's result.
struct PyValue {
  PyValue(ProgramRef program, mlir::Value value);
  virtual ~PyValue() = default;

  mlir::Value get() const {
    checkLive(*program, anchor, generation, "value");
    return value;
  }

  ProgramRef program;
  mlir::Value value;
  /// The op whose erasure takes the value with it: its defining node, or
  /// the op whose region's block has it as an argument.
  mlir::Operation *anchor;
  unsigned generation;
};

/// A placeholder of a method: an entry block argument, with its binding.
struct PyPlaceholder : PyValue {
  using PyValue::PyValue;
  MethodOp getMethod() const {
    get();
    return llvm::cast<MethodOp>(anchor);
  }
  unsigned getIndex() const {
    return llvm::cast<mlir::BlockArgument>(get()).getArgNumber();
  }
};

/// The Python object for `value`: a Placeholder for a method's block
/// argument, else a Value.
pybind11::object wrapValue(const ProgramRef &program, mlir::Value value);

/// The Python object for a node.
pybind11::object wrapNode(const ProgramRef &program, mlir::Operation *op);

/// The program of a handle passed in from Python must be `program`: values
/// of one program cannot be used in another's IR.
void checkSameProgram(const ProgramRef &program, const ProgramRef &other);

} // namespace ng::python

#endif // NG_PYTHON_HANDLES_H
