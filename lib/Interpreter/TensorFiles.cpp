//===- TensorFiles.cpp - inputs and outputs as safetensors ----------------===//
//
// ng-run reads user inputs from, and writes outputs to, safetensors files
// (FORMAT.md C2) with the reader and writer the program containers use. A
// tensor is stored in logical (row-major) order, whatever its dim order in
// the program.
//
//===----------------------------------------------------------------------===//

#include "ng/Interpreter/Interpreter.h"

#include "ng/Support/OutputFiles.h"
#include "ng/Target/NativeGraph/Safetensors.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cstring>

using namespace ng;
using namespace ng::run;

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

llvm::Expected<std::map<std::string, Tensor>>
run::readTensorFile(llvm::StringRef path) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> file =
      llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                  /*RequiresNullTerminator=*/false);
  if (!file)
    return makeError("cannot read '" + path +
                     "': " + file.getError().message());
  llvm::Expected<std::vector<SafetensorsTensor>> tensors =
      readSafetensors((*file)->getBuffer());
  if (!tensors)
    return makeError("'" + path + "': " + llvm::toString(tensors.takeError()));
  std::map<std::string, Tensor> result;
  for (const SafetensorsTensor &entry : *tensors) {
    std::optional<DType> dtype = getDTypeForSafetensors(entry.dtype);
    if (!dtype)
      return makeError("'" + path + "': tensor '" + entry.key + "' has dtype " +
                       entry.dtype + ", which ng-run does not compute in");
    Tensor t = Tensor::alloc(*dtype, entry.shape);
    if (!entry.data.empty())
      std::memcpy(t.getStorage()->bytes.data(), entry.data.data(),
                  entry.data.size());
    result[entry.key] = t;
  }
  return result;
}

llvm::Error run::writeTensorFile(const RunResult &result,
                                 llvm::StringRef path) {
  std::vector<SafetensorsTensor> entries;
  std::vector<std::vector<uint8_t>> storage;
  llvm::StringSet<> keys;
  auto add = [&](const NamedTensor &named) -> llvm::Error {
    if (named.name == "__metadata__")
      return makeError("cannot write a tensor named '__metadata__'");
    if (!keys.insert(named.name).second) {
      // The same output returned twice is written once.
      return llvm::Error::success();
    }
    storage.push_back(named.tensor.contiguousBytes());
    SafetensorsTensor entry;
    entry.key = named.name;
    entry.dtype = getSafetensorsName(named.tensor.getDType()).str();
    entry.shape.assign(named.tensor.getSizes().begin(),
                       named.tensor.getSizes().end());
    entry.data =
        llvm::StringRef(reinterpret_cast<const char *>(storage.back().data()),
                        storage.back().size());
    entries.push_back(std::move(entry));
    return llvm::Error::success();
  };
  storage.reserve(result.outputs.size() + result.buffers.size());
  for (const NamedTensor &output : result.outputs)
    if (llvm::Error error = add(output))
      return error;
  for (const NamedTensor &buffer : result.buffers) {
    if (keys.contains(buffer.name))
      return makeError("buffer '" + buffer.name +
                       "' has the name of an output: cannot write both");
    if (llvm::Error error = add(buffer))
      return error;
  }
  OutputFiles outputs;
  llvm::Expected<llvm::raw_ostream &> os = outputs.open(path);
  if (!os)
    return os.takeError();
  // The tensors are views (nothing is produced), so writing cannot fail.
  bool written = writeSafetensors(entries, *os);
  assert(written && "views cannot fail to write");
  (void)written;
  return outputs.commit();
}
