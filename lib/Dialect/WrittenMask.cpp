//===- WrittenMask.cpp - which storages a node or method writes -----------===//
//
// See include/ng/Dialect/WrittenMask.h.
//
//===----------------------------------------------------------------------===//

#include "ng/Dialect/WrittenMask.h"

#include "mlir/IR/BuiltinAttributes.h"

using namespace ng;

bool WrittenMask::set(unsigned index, bool value) {
  if (test(index) == value)
    return false;
  if (index >= bits.size())
    bits.resize(index + 1);
  bits[index] = value;
  return true;
}

void WrittenMask::insert(unsigned index) {
  if (index >= bits.size())
    return; // nothing set at or after it
  llvm::SmallBitVector shifted(bits.size() + 1);
  for (int i = bits.find_first(); i >= 0; i = bits.find_next(i))
    shifted.set(static_cast<unsigned>(i) < index ? i : i + 1);
  bits = std::move(shifted);
}

void WrittenMask::erase(const llvm::BitVector &indices) {
  llvm::SmallBitVector kept(bits.size());
  unsigned dropped = 0, next = 0;
  for (int i = bits.find_first(); i >= 0; i = bits.find_next(i)) {
    for (; next < static_cast<unsigned>(i); ++next)
      dropped += next < indices.size() && indices.test(next);
    if (static_cast<unsigned>(i) < indices.size() && indices.test(i))
      continue;
    kept.set(i - dropped);
  }
  bits = std::move(kept);
}

llvm::SmallVector<int32_t> WrittenMask::getSetPositions() const {
  llvm::SmallVector<int32_t> positions;
  for (int i = bits.find_first(); i >= 0; i = bits.find_next(i))
    positions.push_back(i);
  return positions;
}

mlir::Attribute WrittenMask::toAttr(mlir::MLIRContext *ctx) const {
  return mlir::DenseI32ArrayAttr::get(ctx, getSetPositions());
}

bool WrittenMask::fromAttr(mlir::Attribute attr, WrittenMask &mask) {
  mask.clear();
  if (!attr)
    return true;
  auto positions = llvm::dyn_cast<mlir::DenseI32ArrayAttr>(attr);
  if (!positions)
    return false;
  for (int32_t position : positions.asArrayRef()) {
    if (position < 0 || static_cast<unsigned>(position) >= kMaxPosition)
      return false;
    mask.set(position);
  }
  return true;
}

bool ng::operator==(const WrittenMask &a, const WrittenMask &b) {
  int i = a.bits.find_first(), j = b.bits.find_first();
  while (i >= 0 && i == j) {
    i = a.bits.find_next(i);
    j = b.bits.find_next(j);
  }
  return i == j;
}

llvm::hash_code ng::hash_value(const WrittenMask &mask) {
  llvm::SmallVector<int32_t> positions = mask.getSetPositions();
  return llvm::hash_combine_range(positions.begin(), positions.end());
}
