//===- PtnFuzzer.cpp - fuzz the .ptn package importer ---------------------===//
//
// Input: a .ptn package (FORMAT.md C1: a stored zip of program.ptg,
// program.safetensors and aliases.json), as `ng-translate
// --from-native-graph model.ptn` reads it (ng::importProgram). An accepted
// package must survive the tools' round trip with the same constant bytes
// (FuzzSupport.h).
//
// A CRC-32 guards every member, so a byte mutated inside one gets the whole
// package rejected before the member is read. The custom mutator therefore
// mostly mutates one member's contents and writes the package back, valid
// again; the rest of the time it mutates the archive's bytes as they are,
// which is the zip reader's share.
//
//===----------------------------------------------------------------------===//

#include "FuzzSupport.h"

#include "ng/Target/NativeGraph/StoredZip.h"

#include "llvm/Support/raw_ostream.h"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

using namespace ng::fuzz;

extern "C" size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t maxSize);

static llvm::StringRef asString(const uint8_t *data, size_t size) {
  return llvm::StringRef(reinterpret_cast<const char *>(data), size);
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::StringRef bytes = asString(data, size);
  // Anything else is an NPTG program, which ng-fuzz-nptg covers.
  if (!bytes.starts_with("PK")) {
    trace("skipped: not a zip");
    return 0;
  }
  FuzzContext context;
  mlir::OwningOpRef<mlir::ModuleOp> module =
      import(bytes, Container::Package, "fuzz.ptn", context.get());
  if (!module) {
    trace("rejected:\n" + context.diagnostics());
    return 0;
  }
  checkRoundTrip(*module, Container::Package, Origin::Imported, context);
  return 0;
}

namespace {
/// A package member with its own bytes: the mutation overwrites the buffer
/// that the reader's members point into.
struct OwnedMember {
  std::string name;
  std::string data;
};
} // namespace

/// Mutate the contents of one member of the package in `data` and write the
/// package back there. Returns its new size, or 0 when `data` is not a zip
/// the reader can walk or the result would not fit in `maxSize`.
static size_t mutateMember(uint8_t *data, size_t size, size_t maxSize,
                           std::minstd_rand &random) {
  ng::StoredZipReadOptions lenient;
  lenient.verifyCrc = false;
  llvm::Expected<std::vector<ng::ZipMember>> members =
      ng::readStoredZip(asString(data, size), lenient);
  if (!members) {
    llvm::consumeError(members.takeError());
    return 0;
  }
  std::vector<OwnedMember> owned;
  bool hasAliases = false;
  for (const ng::ZipMember &member : *members) {
    owned.push_back({member.name, member.data.str()});
    hasAliases |= member.name == "aliases.json";
  }
  // Byte mutations cannot make a member (it needs two headers and a CRC):
  // start an aliases.json now and then, for later mutations to fill.
  if (!hasAliases && random() % 8 == 0)
    owned.push_back({"aliases.json", "{}"});
  if (owned.empty())
    return 0;

  OwnedMember &member = owned[random() % owned.size()];
  std::string buffer = member.data;
  size_t grow = maxSize > size ? maxSize - size : 0;
  buffer.resize(std::max<size_t>(buffer.size() + grow, 1));
  size_t length = LLVMFuzzerMutate(reinterpret_cast<uint8_t *>(buffer.data()),
                                   member.data.size(), buffer.size());
  member.data = buffer.substr(0, length);

  std::vector<ng::ZipMember> rewritten;
  for (const OwnedMember &each : owned)
    rewritten.push_back({each.name, each.data});
  std::string package;
  llvm::raw_string_ostream os(package);
  // Views only: writing them cannot fail.
  if (!ng::writeStoredZip(rewritten, os) || package.size() > maxSize)
    return 0;
  std::memcpy(data, package.data(), package.size());
  return package.size();
}

extern "C" size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size,
                                          size_t maxSize, unsigned seed) {
  std::minstd_rand random(seed);
  if (random() % 4 != 0)
    if (size_t mutated = mutateMember(data, size, maxSize, random))
      return mutated;
  return LLVMFuzzerMutate(data, size, maxSize);
}
