//===- translate_bench.cpp - time NPTG import/export in process -----------===//
//
// ng-bench-translate FILE.nptg [--reps=N] [--import-only] [--no-verify]
//                              [--check] [--cold]
//
// Maps FILE.nptg (llvm::MemoryBuffer::getFile) and times, over N
// repetitions, each in a fresh single-threaded MLIRContext:
//   import     importNativeGraph (flatbuffers verify + IR build + ng verifier)
//   roundtrip  importNativeGraph + exportNativeGraph into a SmallVector
//   export     exportNativeGraph alone (of a module imported untimed)
// Context creation/dialect loading and module destruction are outside the
// timed regions. By default the repetitions run warm: the input stays
// mapped, and a small program's input, tables and freed heap stay in cache
// from one repetition to the next. --cold starts each import the way a
// fresh `ng-translate` process does instead: the input mapped anew, the
// heap's free pages handed back to the kernel (so the IR is built in fresh
// pages), and the last-level cache flushed. Prints one JSON line on stdout: min
// and median milliseconds per phase, node count (all Graph.nodes of all
// methods, subgraphs included) and ns/node for import. See bench/README.md.
//
//===----------------------------------------------------------------------===//

#include "ng/InitAll.h"
#include "ng/Target/NativeGraph/Export.h"
#include "ng/Target/NativeGraph/Import.h"
#include "ng/Target/NativeGraph/native_graph_generated.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <dlfcn.h>
#include <malloc.h>
#include <memory>
#include <sys/resource.h>
#include <vector>

using namespace llvm;

static cl::opt<std::string>
    inputFilename(cl::Positional, cl::desc("<input .nptg>"), cl::Required);
static cl::opt<unsigned> reps("reps", cl::desc("Repetitions per phase"),
                              cl::init(5));
static cl::opt<bool> importOnly("import-only",
                                cl::desc("Time only the import phase"),
                                cl::init(false));
static cl::opt<bool> noVerify(
    "no-verify",
    cl::desc("Import with ImportOptions::verify = false (skip ng verifier)"),
    cl::init(false));
static cl::opt<bool> check(
    "check",
    cl::desc("Also check (untimed) that export is deterministic and that its "
             "output re-imports and re-exports to the same bytes"),
    cl::init(false));
static cl::opt<bool> threaded(
    "threaded",
    cl::desc("Import as ng-translate does an input of 8 MiB and more: a "
             "second thread verifies the nodes ahead of the import "
             "(ImportOptions::threads), the context single-threaded"),
    cl::init(false));
static cl::opt<bool> cold(
    "cold",
    cl::desc("Start each import cold, as a fresh ng-translate would: map the "
             "input anew, return the heap's free pages to the kernel, flush "
             "the last-level cache"),
    cl::init(false));

/// jemalloc's options for this benchmark (read at its start-up; unused with
/// another allocator). Warm repetitions should all build their IR in the
/// heap the previous one freed, as a small program's do by default. For a
/// large one jemalloc's defaults decline: freed memory decays back to the
/// kernel after 10 s, and a freed extent more than 64x the size asked for is
/// not carved up (lg_extent_max_active_fit 6), so after a million-node
/// module is freed every repetition faulted ~300 MB of fresh pages again.
/// --cold purges explicitly, so it still starts from fresh pages.
extern "C" {
const char *malloc_conf =
    "dirty_decay_ms:-1,muzzy_decay_ms:-1,lg_extent_max_active_fit:24";
}

namespace {

/// Hands the allocator's free pages back to the kernel: jemalloc's purge
/// when it is the allocator (ng's tools link it), else glibc's trim.
void releaseFreeHeap() {
  using Mallctl = int (*)(const char *, void *, size_t *, void *, size_t);
  static auto mallctl =
      reinterpret_cast<Mallctl>(dlsym(RTLD_DEFAULT, "mallctl"));
  if (mallctl) {
    // MALLCTL_ARENAS_ALL is 4096.
    mallctl("arena.4096.purge", nullptr, nullptr, nullptr, 0);
    return;
  }
  malloc_trim(0);
}

/// The last-level cache's size as the kernel reports it (sysfs; glibc's
/// sysconf gives 320 MiB on this VM, whose L3 is 32 MiB), else 32 MiB.
size_t lastLevelCacheBytes() {
  size_t bytes = size_t(32) << 20;
  if (auto size = MemoryBuffer::getFile(
          "/sys/devices/system/cpu/cpu0/cache/index3/size", /*IsText=*/true)) {
    StringRef text = (*size)->getBuffer().trim(); // e.g. "32768K"
    unsigned long long kib;
    if (text.consume_back("K") && !text.getAsInteger(10, kib) && kib)
      bytes = kib << 10;
  }
  return bytes;
}

/// Evicts the caches by writing and reading twice the last-level cache.
void flushCaches() {
  static const size_t bytes = 2 * lastLevelCacheBytes();
  static std::vector<uint64_t> sweep;
  sweep.assign(bytes / sizeof(uint64_t), 1);
  uint64_t sum = 0;
  for (uint64_t v : sweep)
    sum += v;
  asm volatile("" : : "r"(sum) : "memory");
}

using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

struct Stats {
  double min = 0, median = 0;
};

Stats summarize(std::vector<double> v) {
  Stats s;
  if (v.empty())
    return s;
  std::sort(v.begin(), v.end());
  s.min = v.front();
  size_t n = v.size();
  s.median = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
  return s;
}

/// Graph.nodes of `g` plus those of its GraphArg subgraphs.
uint64_t countNodes(const native_backend::Graph *g) {
  if (!g || !g->nodes())
    return 0;
  uint64_t n = g->nodes()->size();
  for (const native_backend::Node *node : *g->nodes()) {
    if (!node->inputs())
      continue;
    for (const native_backend::NamedArgument *na : *node->inputs()) {
      const native_backend::Argument *arg = na->arg();
      if (const auto *ga = arg ? arg->value_as_GraphArg() : nullptr)
        n += countNodes(ga->graph());
    }
  }
  return n;
}

/// A fresh context, like one ng-translate run gets.
std::unique_ptr<mlir::MLIRContext> makeContext() {
  mlir::DialectRegistry registry;
  ng::registerAllDialects(registry);
  auto ctx = std::make_unique<mlir::MLIRContext>(registry);
  ctx->disableMultithreading();
  ctx->loadAllAvailableDialects();
  return ctx;
}

int fail(const Twine &msg) {
  errs() << "ng-bench-translate: " << msg << "\n";
  return 1;
}

} // namespace

int main(int argc, char **argv) {
  InitLLVM y(argc, argv);
  cl::ParseCommandLineOptions(
      argc, argv,
      "ng NPTG import/export benchmark (one JSON line on stdout)\n");
  if (reps == 0)
    return fail("--reps must be at least 1");

  // mmap (no null terminator needed, never volatile): import reads in place.
  auto fileOrErr = MemoryBuffer::getFile(inputFilename, /*IsText=*/false,
                                         /*RequiresNullTerminator=*/false);
  if (std::error_code ec = fileOrErr.getError())
    return fail("cannot open '" + inputFilename + "': " + ec.message());
  std::unique_ptr<MemoryBuffer> file = std::move(*fileOrErr);
  StringRef bytes = file->getBuffer();

  // Count nodes straight from the flatbuffer (independent of the IR shape).
  uint64_t nodes = 0;
  {
    flatbuffers::Verifier::Options vopts;
    vopts.max_tables = 1ul << 31;
    vopts.max_depth = 1024;
    flatbuffers::Verifier verifier(
        reinterpret_cast<const uint8_t *>(bytes.data()), bytes.size(), vopts);
    if (!native_backend::VerifyProgramBuffer(verifier))
      return fail("'" + inputFilename + "' is not a valid NPTG flatbuffer");
    const native_backend::Program *program =
        native_backend::GetProgram(bytes.data());
    for (const native_backend::Method *m : *program->methods())
      nodes += countNodes(m->graph());
  }

  ng::ImportOptions options;
  std::optional<llvm::DefaultThreadPool> verifierThreads;
  if (threaded)
    options.threads = &verifierThreads.emplace();
  options.verify = !noVerify;

  auto import = [&](mlir::MLIRContext *ctx) {
    return ng::importNativeGraph(bytes, inputFilename, ctx, options);
  };

  std::vector<double> importMs, roundTripMs, exportMs;
  size_t exportBytes = 0;
  for (unsigned r = 0; r < reps; ++r) {
    // (a) import.
    {
      auto ctx = makeContext();
      if (cold) {
        // A new mapping of the same file: the import faults its pages in,
        // as ng-translate's would.
        auto again = MemoryBuffer::getFile(inputFilename, /*IsText=*/false,
                                           /*RequiresNullTerminator=*/false);
        if (!again)
          return fail("cannot reopen '" + inputFilename + "'");
        file = std::move(*again);
        bytes = file->getBuffer();
        releaseFreeHeap();
        flushCaches();
      }
      auto t0 = Clock::now();
      mlir::OwningOpRef<mlir::ModuleOp> module = import(ctx.get());
      double ms = msSince(t0);
      if (!module)
        return fail("import of '" + inputFilename + "' failed");
      importMs.push_back(ms);

      // (c) export alone, of the module just imported.
      if (!importOnly) {
        SmallVector<uint8_t, 0> out;
        auto t1 = Clock::now();
        if (failed(ng::exportNativeGraph(*module, out)))
          return fail("export failed");
        exportMs.push_back(msSince(t1));
        exportBytes = out.size();
      }
    }
    if (importOnly)
      continue;
    // (b) import + export round trip.
    {
      auto ctx = makeContext();
      SmallVector<uint8_t, 0> out;
      mlir::OwningOpRef<mlir::ModuleOp> module;
      auto t0 = Clock::now();
      module = import(ctx.get());
      if (!module)
        return fail("import of '" + inputFilename + "' failed");
      if (failed(ng::exportNativeGraph(*module, out)))
        return fail("export failed");
      roundTripMs.push_back(msSince(t0));
    }
  }

  // One JSON line, hand-formatted so times print as fixed decimals.
  std::string line;
  raw_string_ostream os(line);
  auto stats = [&](StringRef key, const std::vector<double> &v) {
    Stats s = summarize(v);
    os << formatv(", \"{0}\": {{\"min\": {1:F3}, \"median\": {2:F3}}", key,
                  s.min, s.median);
    return s;
  };
  auto perNode = [&](StringRef key, double ms) {
    if (nodes)
      os << formatv(", \"{0}\": {1:F1}", key, ms * 1e6 / double(nodes));
  };
  os << "{\"file\": " << formatv("{0}", json::Value(inputFilename.getValue()))
     << ", \"bytes\": " << bytes.size() << ", \"nodes\": " << nodes
     << ", \"reps\": " << reps.getValue()
     << ", \"verify\": " << (noVerify ? "false" : "true")
     << ", \"cold\": " << (cold ? "true" : "false");
  Stats imp = stats("import_ms", importMs);
  perNode("import_ns_per_node", imp.min);
  perNode("import_ns_per_node_median", imp.median);
  if (!importOnly) {
    stats("roundtrip_ms", roundTripMs);
    Stats exp = stats("export_ms", exportMs);
    perNode("export_ns_per_node", exp.min);
    os << ", \"export_bytes\": " << exportBytes;
  }

  if (check) {
    // Untimed: export twice must agree (determinism), and export(import(
    // export(x))) must equal export(x) (the IR survives the wire).
    auto ctx = makeContext();
    mlir::OwningOpRef<mlir::ModuleOp> m1 = import(ctx.get());
    SmallVector<uint8_t, 0> a, b, c;
    if (!m1 || failed(ng::exportNativeGraph(*m1, a)) ||
        failed(ng::exportNativeGraph(*m1, b)))
      return fail("--check: import/export failed");
    StringRef aBytes(reinterpret_cast<const char *>(a.data()), a.size());
    mlir::OwningOpRef<mlir::ModuleOp> m2 =
        ng::importNativeGraph(aBytes, "<exported>", ctx.get(), options);
    if (!m2 || failed(ng::exportNativeGraph(*m2, c)))
      return fail("--check: re-import of the exported bytes failed");
    bool deterministic = a == b;
    bool stable = a == c;
    os << ", \"check_deterministic\": " << (deterministic ? "true" : "false")
       << ", \"check_reexport_identical\": " << (stable ? "true" : "false");
    if (!deterministic || !stable) {
      outs() << line << "}\n";
      return fail("--check failed");
    }
  }

  struct rusage ru;
  if (getrusage(RUSAGE_SELF, &ru) == 0)
    os << ", \"max_rss_kb\": " << static_cast<int64_t>(ru.ru_maxrss);
  os << "}";
  outs() << line << "\n";
  return 0;
}
