//===- WireArguments.cpp - a node's arguments and their operands ----------===//
//
// See include/ng/Dialect/WireArguments.h.
//
//===----------------------------------------------------------------------===//

#include "ng/Dialect/WireArguments.h"

#include "ng/Dialect/NgDialect.h"

#include <algorithm>

#include "ng/Dialect/NgInterfaces.cpp.inc"

std::string ng::getArgumentLabel(ng::ArgAttr attr, unsigned index) {
  if (attr && attr.getName())
    return ("'" + attr.getName().getValue() + "'").str();
  return "#" + std::to_string(index);
}

/// From this many arguments on, a node's argument list is indexed
/// (NgDialect::getArgumentStarts) rather than walked for each question.
static constexpr size_t kIndexedArguments = 16;

/// Argument `index` of `args` by the index `starts`
/// (NgDialect::getArgumentStarts), when it is well-formed and within
/// the operands (the walk stops at the first that is not: the ends only
/// grow).
static std::optional<ng::WireArgument>
indexedArgument(llvm::ArrayRef<mlir::Attribute> args,
                llvm::MutableArrayRef<mlir::OpOperand> operands,
                llvm::ArrayRef<unsigned> starts, unsigned index) {
  if (index + 1 >= starts.size() || starts[index + 1] > operands.size())
    return std::nullopt;
  return ng::WireArgument(
      llvm::cast<ng::ArgAttr>(args[index]), index,
      operands.slice(starts[index], starts[index + 1] - starts[index]),
      starts[index]);
}

/// The index of a long argument list, kept by the dialect.
static llvm::ArrayRef<unsigned>
getStarts(llvm::ArrayRef<mlir::Attribute> args) {
  mlir::MLIRContext *ctx = args.front().getContext();
  return ctx->getLoadedDialect<ng::NgDialect>()->getArgumentStarts(args);
}

std::optional<ng::WireArgument>
ng::WireArgumentRange::at(unsigned index) const {
  if (args.size() >= kIndexedArguments)
    return indexedArgument(args, operands, getStarts(args), index);
  for (WireArgument arg : *this)
    if (arg.getIndex() == index)
      return arg;
  return std::nullopt;
}

std::optional<ng::WireArgument>
ng::WireArgumentRange::findByOperand(unsigned number) const {
  if (args.size() >= kIndexedArguments) {
    llvm::ArrayRef<unsigned> starts = getStarts(args);
    // The last argument beginning at or before `number`: arguments without
    // operands begin where the next one does, and come before it.
    auto next = std::upper_bound(starts.begin(), starts.end() - 1, number);
    if (next == starts.begin())
      return std::nullopt;
    unsigned index = std::distance(starts.begin(), next) - 1;
    if (number >= starts[index + 1])
      return std::nullopt;
    return indexedArgument(args, operands, starts, index);
  }
  for (WireArgument arg : *this) {
    if (arg.containsOperand(number))
      return arg;
    if (arg.getBeginOperandIndex() > number)
      break;
  }
  return std::nullopt;
}
