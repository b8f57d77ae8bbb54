//===- constants_bench.cpp - constant data: import memory, repack speed ---===//
//
//   ng-bench-constants repack [--mib N]
//       packSignedInt4 throughput (GB/s of int8 input, one thread) next to
//       memcpy's on the same buffer.
//   ng-bench-constants import PROGRAM.nptg --constants W.safetensors [--fold]
//   ng-bench-constants import PROGRAM.ptn [--fold]
//       import time and peak RSS (the weights are mapped, not copied), and
//       with --fold the --ng-fold-q4-weights time, repacked bytes and peak RSS.
//
// Prints one JSON line.
//
//===----------------------------------------------------------------------===//

#include "ng/Dialect/ConstantData.h"
#include "ng/InitAll.h"
#include "ng/Target/NativeGraph/Import.h"
#include "ng/Transforms/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <memory>
#include <random>
#include <string>
#include <vector>

using Clock = std::chrono::steady_clock;

static double secondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

static long peakRssKiB() {
  struct rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss;
}

static int repack(size_t mib) {
  size_t bytes = mib << 20;
  std::vector<int8_t> input(bytes);
  std::mt19937 rng(42);
  for (size_t i = 0; i < bytes; ++i)
    input[i] = static_cast<int8_t>(int(rng() % 16) - 8);
  std::vector<uint8_t> packed(bytes / 2), copy(bytes);
  double bestPack = 1e9, bestCopy = 1e9;
  for (int rep = 0; rep < 5; ++rep) {
    auto start = Clock::now();
    if (!ng::packSignedInt4(input.data(), packed.data(), bytes))
      return llvm::errs() << "unexpected out-of-range value\n", 1;
    bestPack = std::min(bestPack, secondsSince(start));
    start = Clock::now();
    std::memcpy(copy.data(), input.data(), bytes);
    bestCopy = std::min(bestCopy, secondsSince(start));
  }
  double gb = double(bytes) / 1e9;
  llvm::outs() << "{\"mode\": \"repack\", \"input_bytes\": " << bytes
               << ", \"repack_gb_per_s\": " << gb / bestPack
               << ", \"memcpy_gb_per_s\": " << gb / bestCopy << "}\n";
  return 0;
}

static int import(const std::string &path, const std::string &constants,
                  bool fold) {
  long rssStart = peakRssKiB();
  mlir::DialectRegistry registry;
  ng::registerAllDialects(registry);
  mlir::MLIRContext ctx(registry);
  ctx.disableMultithreading();
  auto start = Clock::now();
  auto file = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                          /*RequiresNullTerminator=*/false);
  if (!file)
    return llvm::errs() << "cannot read " << path << "\n", 1;
  std::shared_ptr<const llvm::MemoryBuffer> input = std::move(*file);
  ng::ImportOptions options;
  options.constantsPath = constants;
  auto module =
      ng::importProgram(input->getBuffer(), path, input, &ctx, options);
  if (!module)
    return 1;
  double importSeconds = secondsSince(start);
  long rssImport = peakRssKiB();
  uint64_t dataBytes = 0;
  if (auto data = ng::getConstantData(*module))
    for (auto entry : data)
      dataBytes +=
          ng::getConstantBytes(
              llvm::cast<mlir::DenseResourceElementsAttr>(entry.getValue()))
              .size();
  llvm::outs() << "{\"mode\": \"import\", \"file\": \"" << path
               << "\", \"constant_bytes\": " << dataBytes
               << ", \"import_s\": " << importSeconds
               << ", \"peak_rss_kib_before\": " << rssStart
               << ", \"peak_rss_kib_after_import\": " << rssImport;
  if (fold) {
    mlir::PassManager pm(&ctx);
    pm.addPass(ng::createFoldQ4Weights());
    start = Clock::now();
    if (mlir::failed(pm.run(*module)))
      return 1;
    uint64_t after = 0;
    for (auto entry : ng::getConstantData(*module))
      after += ng::getConstantBytes(llvm::cast<mlir::DenseResourceElementsAttr>(
                                        entry.getValue()))
                   .size();
    llvm::outs() << ", \"fold_s\": " << secondsSince(start)
                 << ", \"constant_bytes_after_fold\": " << after
                 << ", \"peak_rss_kib_after_fold\": " << peakRssKiB();
  }
  llvm::outs() << "}\n";
  return 0;
}

int main(int argc, char **argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty())
    return llvm::errs() << "usage: ng-bench-constants repack [--mib N] | "
                           "import FILE [--constants W] [--fold]\n",
           2;
  if (args[0] == "repack") {
    size_t mib = 256;
    for (size_t i = 1; i + 1 < args.size(); ++i)
      if (args[i] == "--mib")
        mib = std::stoul(args[i + 1]);
    return repack(mib);
  }
  if (args[0] == "import" && args.size() >= 2) {
    std::string constants;
    bool fold = false;
    for (size_t i = 2; i < args.size(); ++i) {
      if (args[i] == "--constants" && i + 1 < args.size())
        constants = args[++i];
      else if (args[i] == "--fold")
        fold = true;
    }
    return import(args[1], constants, fold);
  }
  return llvm::errs() << "unknown mode\n", 2;
}
