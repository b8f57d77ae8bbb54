//===- WireArguments.h - a node's arguments and their operands --*- C++ -*-===//
//
// ng.call and ng.output keep a node's NamedArguments as an `args` array of
// #ng.arg descriptors; the SSA values those reference are the op's operands,
// consumed in argument order (a tensor 1, a scalar reference 1, a list one
// per set mask bit, literals 0). This is the one place that walks that
// mapping: WireArgumentOpInterface (NgInterfaces.td) yields each wire
// argument with its schema name, kind, `mut` flag and operands, and finds
// one by schema name:
//
//   for (WireArgument arg : call.getWireArguments())
//     if (arg.isMutated()) ... arg.getOpOperands() ...
//   if (std::optional<WireArgument> self = call.findArgument("self"))
//     Value input = self->getTensor();
//
// Nothing here allocates: an argument is a descriptor, an index and a slice
// of the op's operands, made while iterating.
//
//===----------------------------------------------------------------------===//

#ifndef NG_DIALECT_WIREARGUMENTS_H
#define NG_DIALECT_WIREARGUMENTS_H

#include "ng/Dialect/NgAttrs.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/iterator.h"

#include <iterator>
#include <optional>
#include <string>

namespace ng {

/// How messages name argument `attr` at position `index` of its node:
/// `'name'`, or `#index` when it is positional.
std::string getArgumentLabel(ArgAttr attr, unsigned index);

/// One NamedArgument of an ng.call or ng.output, with its operands.
class WireArgument {
public:
  WireArgument(ArgAttr attr, unsigned index,
               llvm::MutableArrayRef<mlir::OpOperand> operands,
               unsigned beginOperand)
      : attr(attr), index(index), beginOperand(beginOperand),
        operands(operands) {}

  /// The descriptor (#ng.arg).
  ArgAttr getAttr() const { return attr; }
  /// The schema parameter name; empty for a positional argument.
  llvm::StringRef getName() const {
    return attr.getName() ? attr.getName().getValue() : llvm::StringRef();
  }
  /// The ArgumentValue variant.
  ArgKind getKind() const { return attr.getKind(); }
  /// The wire's `mutated` flag (`mut`). What ng knows about the target may
  /// say more: see isArgumentWritten (Storage.h).
  bool isMutated() const { return attr.getMutated(); }
  /// Its position among the node's arguments.
  unsigned getIndex() const { return index; }
  /// How messages name it: `'name'`, or `#index` for a positional one.
  std::string getLabel() const { return getArgumentLabel(attr, index); }

  /// The operands it consumes.
  llvm::MutableArrayRef<mlir::OpOperand> getOpOperands() const {
    return operands;
  }
  unsigned getNumOperands() const { return operands.size(); }
  /// The operand number of its first operand (where it would be, if it
  /// consumes none).
  unsigned getBeginOperandIndex() const { return beginOperand; }
  /// Whether it consumes operand number `number`.
  bool containsOperand(unsigned number) const {
    return number >= beginOperand && number < beginOperand + operands.size();
  }

  /// Whether its kind holds tensors (tensor, tensor list, optional tensor
  /// list).
  bool holdsTensors() const {
    ArgKind kind = getKind();
    return kind == ArgKind::Tensor || kind == ArgKind::TensorList ||
           kind == ArgKind::OptionalTensorList;
  }
  /// The value of a tensor argument (kind tensor), else null.
  mlir::Value getTensor() const {
    return getKind() == ArgKind::Tensor && operands.size() == 1
               ? operands.front().get()
               : mlir::Value();
  }

private:
  ArgAttr attr;
  unsigned index, beginOperand;
  llvm::MutableArrayRef<mlir::OpOperand> operands;
};

/// The wire arguments of one op, in order.
class WireArgumentRange {
public:
  /// Made while iterating: `*it` is a WireArgument by value.
  class iterator
      : public llvm::iterator_facade_base<iterator, std::forward_iterator_tag,
                                          WireArgument, std::ptrdiff_t,
                                          WireArgument *, WireArgument> {
  public:
    iterator() = default;
    WireArgument operator*() const {
      return WireArgument(current, index, operands.slice(offset, count),
                          offset);
    }
    iterator &operator++() {
      offset += count;
      ++index;
      settle();
      return *this;
    }
    bool operator==(const iterator &other) const {
      return index == other.index;
    }

  private:
    friend class WireArgumentRange;
    iterator(llvm::ArrayRef<mlir::Attribute> args,
             llvm::MutableArrayRef<mlir::OpOperand> operands, unsigned index)
        : args(args), operands(operands), index(index) {
      settle();
    }
    /// Reads the argument at `index`; ends the walk on a malformed one.
    void settle() {
      if (index >= args.size())
        return end();
      current = llvm::dyn_cast<ArgAttr>(args[index]);
      if (!current)
        return end();
      count = current.getNumOperands();
      if (offset + count > operands.size())
        return end();
    }
    void end() {
      index = args.size();
      current = {};
      count = 0;
    }

    llvm::ArrayRef<mlir::Attribute> args;
    llvm::MutableArrayRef<mlir::OpOperand> operands;
    unsigned index = 0, offset = 0, count = 0;
    ArgAttr current;
  };

  WireArgumentRange() = default;
  WireArgumentRange(mlir::ArrayAttr args,
                    llvm::MutableArrayRef<mlir::OpOperand> operands)
      : args(args ? args.getValue() : llvm::ArrayRef<mlir::Attribute>()),
        operands(operands) {}

  iterator begin() const { return iterator(args, operands, 0); }
  iterator end() const { return iterator(args, operands, args.size()); }
  bool empty() const { return begin() == end(); }
  /// How many arguments there are (on a well-formed op, all of them).
  unsigned size() const {
    return static_cast<unsigned>(std::distance(begin(), end()));
  }

  /// The argument whose schema name is `name`, if any.
  std::optional<WireArgument> find(llvm::StringRef name) const {
    for (WireArgument arg : *this)
      if (arg.getName() == name && !name.empty())
        return arg;
    return std::nullopt;
  }
  /// The argument at position `index`, if any.
  std::optional<WireArgument> at(unsigned index) const;
  /// The argument that consumes operand `number`, if any.
  ///
  /// Both walk the list up to the argument, except on a node with many
  /// arguments (an OUTPUT node returning every buffer of a model): there
  /// where each argument begins is computed once per argument list (the
  /// dialect keeps it, keyed by the uniqued list) and the answer is a
  /// lookup, so a pass asking for each of a node's operands stays linear.
  std::optional<WireArgument> findByOperand(unsigned number) const;

private:
  llvm::ArrayRef<mlir::Attribute> args;
  llvm::MutableArrayRef<mlir::OpOperand> operands;
};

} // namespace ng

#include "ng/Dialect/NgInterfaces.h.inc"

namespace ng {
/// How many flags-vs-facts warnings a method's verification prints before
/// it counts the rest into one summary (a stripped model has one per
/// in-place op).
struct FlagWarningBudget {
  static constexpr unsigned kShown = 10;
  unsigned left = kShown;
  unsigned suppressed = 0;
};

/// Warns once on `op` (an ng.call) where its `mut` flags and alias_of say
/// less than the op facts know (Storage.cpp), while `budget` lasts; counts
/// it into `budget.suppressed` after. Never fails. The graph verifier calls
/// it node by node, in graph order, so which nodes are shown is the same
/// with and without threads.
void warnIfFlagsMissFacts(mlir::Operation *op, FlagWarningBudget &budget);
} // namespace ng

namespace ng {
/// The wire arguments of `op` when it carries them (ng.call, ng.output),
/// else an empty range.
inline WireArgumentRange getWireArguments(mlir::Operation *op) {
  if (auto args = llvm::dyn_cast<WireArgumentOpInterface>(op))
    return args.getWireArguments();
  return {};
}

/// The wire argument that consumes `operand` (none for an operand of
/// another op).
inline std::optional<WireArgument> getWireArgumentOf(mlir::OpOperand &operand) {
  return getWireArguments(operand.getOwner())
      .findByOperand(operand.getOperandNumber());
}

/// The tensor of `op`'s argument at position `index` when it is a tensor
/// argument, else null. (By position: how the reference serializer reads a
/// dequantize op's arguments, F1, F2; by name, find(name)->getTensor().)
inline mlir::Value getTensorArgument(mlir::Operation *op, unsigned index) {
  std::optional<WireArgument> arg = getWireArguments(op).at(index);
  return arg ? arg->getTensor() : mlir::Value();
}

/// The literal value of `op`'s argument at position `index` as an AttrT
/// (IntegerAttr, StringAttr, TypeAttr, ...), else null.
template <typename AttrT>
AttrT getLiteralArgument(mlir::Operation *op, unsigned index) {
  std::optional<WireArgument> arg = getWireArguments(op).at(index);
  return arg ? llvm::dyn_cast_or_null<AttrT>(arg->getAttr().getValue())
             : AttrT();
}
} // namespace ng

#endif // NG_DIALECT_WIREARGUMENTS_H
