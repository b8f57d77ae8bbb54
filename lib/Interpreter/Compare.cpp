//===- Compare.cpp - do two runs compute the same thing? ------------------===//

#include "ng/Interpreter/Interpreter.h"

#include "llvm/Support/FormatVariadic.h"

#include <cmath>
#include <cstdio>
#include <cstring>

using namespace ng;
using namespace ng::run;

/// The logical index of flat element `flat` of `sizes`, "[i, j]".
static std::string formatIndex(llvm::ArrayRef<int64_t> sizes, int64_t flat) {
  Shape index(sizes.size());
  for (int64_t d = static_cast<int64_t>(sizes.size()) - 1; d >= 0; --d) {
    index[d] = sizes[d] ? flat % sizes[d] : 0;
    flat = sizes[d] ? flat / sizes[d] : 0;
  }
  return formatShape(index);
}

static std::optional<std::string> compareTensors(llvm::StringRef what,
                                                 const Tensor &a,
                                                 const Tensor &b,
                                                 const Tolerance &tolerance) {
  if (a.getDType() != b.getDType())
    return (what + " has dtype " + getDTypeName(a.getDType()) + " in A but " +
            getDTypeName(b.getDType()) + " in B")
        .str();
  if (a.getSizes() != b.getSizes())
    return (what + " has sizes " + formatShape(a.getSizes()) + " in A but " +
            formatShape(b.getSizes()) + " in B")
        .str();
  std::vector<uint8_t> bytesA = a.contiguousBytes(),
                       bytesB = b.contiguousBytes();
  size_t width = getDTypeSize(a.getDType());
  std::vector<double> valuesA = a.readDouble(), valuesB = b.readDouble();
  int64_t differing = 0, first = -1;
  double worst = 0;
  for (size_t i = 0; i < valuesA.size(); ++i) {
    double x = valuesA[i], y = valuesB[i];
    bool same;
    if (tolerance.isExact())
      same = std::memcmp(bytesA.data() + i * width, bytesB.data() + i * width,
                         width) == 0;
    else if (std::isnan(x) || std::isnan(y))
      same = std::isnan(x) && std::isnan(y);
    else if (std::isinf(x) || std::isinf(y))
      same = x == y;
    else
      same = std::fabs(x - y) <= tolerance.atol + tolerance.rtol * std::fabs(y);
    if (same)
      continue;
    ++differing;
    if (first < 0)
      first = static_cast<int64_t>(i);
    if (!std::isnan(x - y))
      worst = std::max(worst, std::fabs(x - y));
  }
  if (first < 0)
    return std::nullopt;
  double x = valuesA[first], y = valuesB[first];
  auto number = [](double v) {
    char text[32];
    std::snprintf(text, sizeof(text), "%.9g", v);
    return std::string(text);
  };
  return llvm::formatv("{0} differs at {1}: {2} in A, {3} in B (|A - B| = "
                       "{4}); {5} of {6} elements differ, by up to {7}",
                       what, formatIndex(a.getSizes(), first), number(x),
                       number(y), number(std::fabs(x - y)), differing,
                       valuesA.size(), number(worst))
      .str();
}

std::optional<std::string> run::compareResults(const RunResult &a,
                                               const RunResult &b,
                                               const Tolerance &tolerance) {
  if (a.outputs.size() != b.outputs.size())
    return llvm::formatv("A has {0} outputs, B has {1}", a.outputs.size(),
                         b.outputs.size())
        .str();
  for (size_t i = 0; i < a.outputs.size(); ++i) {
    std::string what = llvm::formatv("output {0} '{1}'", i, a.outputs[i].name);
    if (a.outputs[i].name != b.outputs[i].name)
      what += " ('" + b.outputs[i].name + "' in B)";
    if (std::optional<std::string> difference = compareTensors(
            what, a.outputs[i].tensor, b.outputs[i].tensor, tolerance))
      return difference;
  }
  // Buffers by key: written ones must be in both.
  auto find = [](const RunResult &r, llvm::StringRef key) -> int64_t {
    for (size_t i = 0; i < r.buffers.size(); ++i)
      if (r.buffers[i].name == key)
        return static_cast<int64_t>(i);
    return -1;
  };
  for (size_t i = 0; i < a.buffers.size(); ++i) {
    int64_t j = find(b, a.buffers[i].name);
    std::string what = "buffer '" + a.buffers[i].name + "'";
    if (j < 0) {
      if (a.bufferWritten[i])
        return what + " is written by A, but B has no such buffer";
      continue;
    }
    if (std::optional<std::string> difference = compareTensors(
            what, a.buffers[i].tensor, b.buffers[j].tensor, tolerance))
      return difference;
  }
  for (size_t j = 0; j < b.buffers.size(); ++j)
    if (b.bufferWritten[j] && find(a, b.buffers[j].name) < 0)
      return "buffer '" + b.buffers[j].name +
             "' is written by B, but A has no such buffer";
  return std::nullopt;
}
