//===- SafetensorsFuzzer.cpp - fuzz the safetensors reader ----------------===//
//
// Input: a safetensors file (FORMAT.md C2, with the C4 limits), as
// `ng-translate --from-native-graph model.nptg --constants=FILE` reads it.
// What ng::readSafetensors accepts must
//   - write (ng::writeSafetensors) in a canonical form that reads back as the
//     same tensors and writes again as the same bytes, which are also what
//     ng::layoutSafetensors' pieces make;
//   - attach to a program (ng::attachConstants), write back from it
//     (ng::writeConstants) as those same bytes, and survive the package round
//     trip with the same constant bytes (FuzzSupport.h).
//
//===----------------------------------------------------------------------===//

#include "FuzzSupport.h"

#include "ng/Target/NativeGraph/Export.h"
#include "ng/Target/NativeGraph/Import.h"
#include "ng/Target/NativeGraph/Safetensors.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

using namespace ng;
using namespace ng::fuzz;

/// The program the constants are attached to. It uses none of them, so V14
/// (data of the size and dtype the program expects) holds whatever they are;
/// ng-fuzz-ptn attaches constants to programs that use them.
static const char *const kProgram = R"(module attributes {ng.version = "1.0"} {
})";

static std::string write(llvm::ArrayRef<SafetensorsTensor> tensors) {
  std::string bytes;
  llvm::raw_string_ostream os(bytes);
  if (!writeSafetensors(tensors, os))
    fail("writeSafetensors of views failed", "");
  return bytes;
}

/// A tensor as a report shows it.
static std::string describe(const SafetensorsTensor &tensor) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "'" << tensor.key << "' " << tensor.dtype << " [";
  llvm::interleaveComma(tensor.shape, os);
  os << "] " << tensor.data.size() << " bytes";
  return text;
}

static void expectSameTensors(llvm::StringRef property,
                              llvm::ArrayRef<SafetensorsTensor> expected,
                              llvm::ArrayRef<SafetensorsTensor> actual) {
  if (expected.size() != actual.size())
    fail(property, std::to_string(expected.size()) + " tensors, then " +
                       std::to_string(actual.size()));
  for (auto [want, got] : llvm::zip_equal(expected, actual)) {
    expectSame(property, describe(want), describe(got));
    expectSame(property, want.data, got.data);
  }
}

static void checkCanonicalForm(llvm::ArrayRef<SafetensorsTensor> tensors) {
  std::string canonical = write(tensors);
  llvm::Expected<std::vector<SafetensorsTensor>> reread =
      readSafetensors(canonical);
  if (!reread)
    fail("writeSafetensors' output reads back",
         llvm::toString(reread.takeError()));
  expectSameTensors("writeSafetensors' output reads back as the tensors "
                    "written",
                    tensors, *reread);
  expectSame("writeSafetensors is canonical: what it wrote, read back, "
             "writes the same",
             canonical, write(*reread));

  std::string prefix, laidOut;
  for (const ByteSource &piece : layoutSafetensors(tensors, prefix))
    laidOut += piece.getView();
  expectSame("layoutSafetensors' pieces are writeSafetensors' bytes", canonical,
             laidOut);
}

static void checkAttached(llvm::StringRef file,
                          llvm::ArrayRef<SafetensorsTensor> tensors) {
  FuzzContext context;
  mlir::OwningOpRef<mlir::ModuleOp> module = parse(kProgram, context.get());
  if (!module)
    fail("the program to attach constants to parses", context.diagnostics());
  if (failed(attachConstants(*module, file, /*aliasesJson=*/"",
                             /*keepAlive=*/nullptr, "fuzz.safetensors")))
    fail("constants that readSafetensors accepts attach to a program",
         context.diagnostics());
  if (failed(verifyModuleAttributes(*module)))
    fail("attached constants verify (V14)", context.diagnostics());

  std::string written, aliases;
  llvm::raw_string_ostream os(written);
  if (failed(writeConstants(*module, os, aliases)))
    fail("attached constants write back", context.diagnostics());
  expectSame("attached constants write back as writeSafetensors writes them",
             write(tensors), written);
  expectSame("constants without aliases write no aliases.json", "", aliases);

  checkRoundTrip(*module, Container::Package, Origin::Imported, context);
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::StringRef file(reinterpret_cast<const char *>(data), size);
  llvm::Expected<std::vector<SafetensorsTensor>> tensors =
      readSafetensors(file);
  if (!tensors) {
    trace("rejected: " + llvm::toString(tensors.takeError()));
    return 0;
  }
  checkCanonicalForm(*tensors);
  checkAttached(file, *tensors);
  return 0;
}
