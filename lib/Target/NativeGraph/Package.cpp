//===- Package.cpp - .ptn packages and constant data on import ------------===//
//
// A program's constants arrive as a safetensors file (C2), either beside an
// .nptg or inside a .ptn package (C1). Their bytes are never copied: each
// tensor becomes a dense_resource whose blob points into the mapped file,
// and the blob keeps the file mapped for as long as it lives.
//
//===----------------------------------------------------------------------===//

#include "ng/Target/NativeGraph/Import.h"

#include "ng/Dialect/ConstantData.h"
#include "ng/Dialect/NgOps.h"
#include "ng/Support/FileMappings.h"
#include "ng/Target/NativeGraph/Safetensors.h"
#include "ng/Target/NativeGraph/StoredZip.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Verifier.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

using namespace mlir;
using namespace ng;

/// The names a .ptn package may hold (C1).
static constexpr llvm::StringLiteral kProgramMember = "program.ptg";
static constexpr llvm::StringLiteral kConstantsMember = "program.safetensors";
static constexpr llvm::StringLiteral kAliasesMember = "aliases.json";

/// A zip starts with a local header, or (with no members) with the end of
/// its central directory.
static bool isZip(StringRef bytes) {
  return bytes.starts_with("PK\x03\x04") || bytes.starts_with("PK\x05\x06") ||
         bytes.starts_with("PK\x06\x06");
}

/// Parse aliases.json: {duplicate_key: owner_key}. Read in one pass without
/// a JSON tree, so a hostile file costs no more than its size (C1). A key
/// named twice is an error: readers differ on which owner it would mean.
static LogicalResult parseAliases(StringRef text, Location loc,
                                  llvm::StringMap<std::string> &aliases) {
  llvm::Error error = readJsonStringObject(
      text, kAliasesMember,
      [&](StringRef key, std::optional<StringRef> owner) -> llvm::Error {
        if (!owner)
          return llvm::createStringError(
              "aliases.json: the owner of '" + key +
              "' must be a string ({duplicate_key: owner_key})");
        if (!aliases.try_emplace(key, owner->str()).second)
          return llvm::createStringError(
              "aliases.json: '" + key +
              "' is named twice (C1: one key, one owner; readers differ on "
              "which one a repeated key means)");
        return llvm::Error::success();
      });
  if (error) {
    emitError(loc) << llvm::toString(std::move(error));
    return failure();
  }
  return success();
}

/// A package without program.safetensors holds no constants (C1): the
/// first constant that names a data key, if any, is an error. (Without it
/// the import succeeded and said nothing, and the runtime then failed to
/// load the program.)
static LogicalResult checkNoConstantsNamed(ModuleOp module, Location loc) {
  for (auto method : module.getOps<MethodOp>()) {
    Block &body = method.getBody().front();
    for (unsigned i = 0, e = body.getNumArguments(); i < e; ++i) {
      const PlaceholderBinding &binding = method.getPlaceholderBinding(i);
      if (!binding.isConstant())
        continue;
      emitError(loc) << "bad .ptn package: no program.safetensors, but "
                        "constant '"
                     << method.getArgName(i) << "' of method '"
                     << method.getSymName() << "' names data key '"
                     << binding.key << "' (C1: a program with constants "
                     << "carries them)";
      return failure();
    }
  }
  return success();
}

/// attachConstants, with "no aliases.json" (nullopt) told apart from an
/// empty one, which is not valid JSON (C1).
static LogicalResult attachConstantsAndAliases(
    ModuleOp module, StringRef bytes, std::optional<StringRef> aliasesJson,
    std::shared_ptr<const void> keepAlive, StringRef sourceName) {
  MLIRContext *ctx = module.getContext();
  Location loc = FileLineColLoc::get(ctx, sourceName, 0, 0);
  llvm::Expected<std::vector<SafetensorsTensor>> tensors =
      readSafetensors(bytes);
  if (!tensors) {
    emitError(loc) << "bad constants: " << llvm::toString(tensors.takeError());
    return failure();
  }

  llvm::StringMap<DenseResourceElementsAttr> byKey;
  NamedAttrList entries;
  // Data keys are fqns (N3); an empty one could not even be written in
  // ng IR (`ng.data = {"" = ...}` does not parse).
  auto emptyKey = [&](StringRef where) {
    emitError(loc) << where << " has an empty key; data keys are fqns (N3)";
    return failure();
  };
  for (SafetensorsTensor &tensor : *tensors) {
    // (readSafetensors has rejected an empty key.)
    Type element = getElementTypeForSafetensorsDtype(ctx, tensor.dtype);
    auto type = RankedTensorType::get(tensor.shape, element);
    // The deleter only drops this blob's share of the mapping.
    AsmResourceBlob blob = UnmanagedAsmResourceBlob::allocateWithAlign(
        ArrayRef<char>(tensor.data.data(), tensor.data.size()), /*align=*/1,
        [keepAlive](void *, size_t, size_t) {});
    auto attr =
        DenseResourceElementsAttr::get(type, tensor.key, std::move(blob));
    byKey[tensor.key] = attr;
    entries.push_back(NamedAttribute(StringAttr::get(ctx, tensor.key), attr));
  }

  if (aliasesJson) {
    llvm::StringMap<std::string> aliases;
    if (failed(parseAliases(*aliasesJson, loc, aliases)))
      return failure();
    for (auto &[duplicate, owner] : aliases) {
      if (duplicate.empty() || owner.empty())
        return emptyKey("aliases.json");
      if (byKey.count(duplicate)) {
        emitError(loc) << "aliases.json: '" << duplicate.str()
                       << "' has data of its own and cannot alias '" << owner
                       << "'";
        return failure();
      }
      if (aliases.count(owner)) {
        emitError(loc) << "aliases.json: '" << duplicate.str() << "' aliases '"
                       << owner
                       << "', which is itself an alias (C1: no chains)";
        return failure();
      }
      auto it = byKey.find(owner);
      if (it == byKey.end()) {
        emitError(loc) << "aliases.json: '" << duplicate.str() << "' aliases '"
                       << owner << "', which has no data";
        return failure();
      }
      entries.push_back(
          NamedAttribute(StringAttr::get(ctx, duplicate), it->second));
    }
  }
  module->setAttr(NgDialect::getDataAttrName(), entries.getDictionary(ctx));
  return success();
}

LogicalResult ng::attachConstants(ModuleOp module, StringRef bytes,
                                  StringRef aliasesJson,
                                  std::shared_ptr<const void> keepAlive,
                                  StringRef sourceName) {
  std::optional<StringRef> aliases;
  if (!aliasesJson.empty())
    aliases = aliasesJson;
  return attachConstantsAndAliases(module, bytes, aliases, std::move(keepAlive),
                                   sourceName);
}

/// The file at `path`, mapped (or, when small, read) whole. Only a regular
/// file: its size bounds what is read, and its bytes are mapped, never
/// copied. A pipe, FIFO or device (`--constants=/dev/zero`) would have to be
/// read to its end without a bound, so it is refused.
static llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>
mapRegularFile(StringRef path) {
  llvm::sys::fs::file_status status;
  if (std::error_code error = llvm::sys::fs::status(path, status))
    return llvm::errorCodeToError(error);
  if (status.type() != llvm::sys::fs::file_type::regular_file)
    return llvm::createStringError(
        "not a regular file (constants are mapped; a pipe or device would "
        "have to be read without a bound)");
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> file =
      llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                  /*RequiresNullTerminator=*/false);
  if (!file)
    return llvm::errorCodeToError(file.getError());
  return trackFileMapping(std::move(*file));
}

/// Flatbuffers need the program aligned; a zip member need not be.
static StringRef alignedProgram(StringRef bytes,
                                std::vector<uint64_t> &storage) {
  // (An empty member has nothing to copy, and no storage to copy it to.)
  if (bytes.empty() ||
      reinterpret_cast<uintptr_t>(bytes.data()) % alignof(uint64_t) == 0)
    return bytes;
  // Only the program is copied, never the weights.
  storage.resize((bytes.size() + 7) / 8);
  std::memcpy(storage.data(), bytes.data(), bytes.size());
  return StringRef(reinterpret_cast<const char *>(storage.data()),
                   bytes.size());
}

OwningOpRef<ModuleOp> ng::importProgram(StringRef input, StringRef inputName,
                                        std::shared_ptr<const void> keepAlive,
                                        MLIRContext *context,
                                        const ImportOptions &options) {
  // With options.verify, the program is verified as it is imported; the
  // constants (V14), once attached.
  const ImportOptions &programOptions = options;
  bool attached = false;
  Location loc = FileLineColLoc::get(context, inputName, 0, 0);

  OwningOpRef<ModuleOp> module;
  if (isZip(input)) {
    if (!options.constantsPath.empty()) {
      emitError(loc) << "a .ptn package carries its own constants; drop "
                        "--constants";
      return nullptr;
    }
    llvm::Expected<std::vector<ZipMember>> members = readStoredZip(input);
    if (!members) {
      emitError(loc) << "bad .ptn package: "
                     << llvm::toString(members.takeError());
      return nullptr;
    }
    StringRef program, constants, aliases;
    bool hasProgram = false, hasConstants = false, hasAliases = false;
    for (const ZipMember &member : *members) {
      if (member.name == kProgramMember) {
        program = member.data;
        hasProgram = true;
      } else if (member.name == kConstantsMember) {
        constants = member.data;
        hasConstants = true;
      } else if (member.name == kAliasesMember) {
        aliases = member.data;
        hasAliases = true;
      } else {
        emitError(loc) << "bad .ptn package: unexpected member '" << member.name
                       << "' (C1: program.ptg, program.safetensors, "
                          "aliases.json)";
        return nullptr;
      }
    }
    if (!hasProgram) {
      emitError(loc) << "bad .ptn package: no program.ptg member (C1)";
      return nullptr;
    }
    if (hasAliases && !hasConstants) {
      emitError(loc) << "bad .ptn package: aliases.json without "
                        "program.safetensors (C1)";
      return nullptr;
    }
    std::vector<uint64_t> storage;
    std::string programName = (inputName + ":" + kProgramMember).str();
    module = importNativeGraph(alignedProgram(program, storage), programName,
                               context, programOptions);
    if (!module)
      return nullptr;
    attached = hasConstants;
    if (!hasConstants && failed(checkNoConstantsNamed(*module, loc)))
      return nullptr;
    std::optional<StringRef> aliasesJson;
    if (hasAliases)
      aliasesJson = aliases;
    if (hasConstants && failed(attachConstantsAndAliases(
                            *module, constants, aliasesJson, keepAlive,
                            (inputName + ":" + kConstantsMember).str())))
      return nullptr;
  } else {
    module = importNativeGraph(input, inputName, context, programOptions);
    if (!module)
      return nullptr;
    if (!options.constantsPath.empty()) {
      llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>> file =
          mapRegularFile(options.constantsPath);
      if (!file) {
        emitError(loc) << "cannot read constants '" << options.constantsPath
                       << "': " << llvm::toString(file.takeError());
        return nullptr;
      }
      std::shared_ptr<const llvm::MemoryBuffer> mapped = std::move(*file);
      // Keys sharing data are listed in <stem>.aliases.json beside it, as the
      // export writes them.
      llvm::SmallString<128> aliasesPath(options.constantsPath);
      llvm::sys::path::replace_extension(aliasesPath, "aliases.json");
      std::unique_ptr<llvm::MemoryBuffer> aliases;
      if (llvm::sys::fs::exists(aliasesPath)) {
        auto aliasesFile = mapRegularFile(aliasesPath);
        if (!aliasesFile) {
          emitError(loc) << "cannot read '" << aliasesPath
                         << "': " << llvm::toString(aliasesFile.takeError());
          return nullptr;
        }
        aliases = std::move(*aliasesFile);
      }
      attached = true;
      std::optional<StringRef> aliasesJson;
      if (aliases)
        aliasesJson = aliases->getBuffer();
      if (failed(attachConstantsAndAliases(*module, mapped->getBuffer(),
                                           aliasesJson, mapped,
                                           options.constantsPath)))
        return nullptr;
    }
  }
  if (options.verify && attached && failed(verifyModuleAttributes(*module)))
    return nullptr;
  return module;
}
