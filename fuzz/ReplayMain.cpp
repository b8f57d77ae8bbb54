//===- ReplayMain.cpp - run a fuzz target's inputs without libFuzzer ------===//
//
// The main of a fuzz target built without libFuzzer (NG_BUILD_FUZZERS with a
// compiler other than clang): runs LLVMFuzzerTestOneInput once on each file
// named on the command line, and on each file of a named directory. A
// finding reproduces as under libFuzzer: `ng-fuzz-X crash-file` prints the
// broken property and traps. Arguments starting with '-' (libFuzzer's
// flags) are ignored, so the same command line works for both.
//
//===----------------------------------------------------------------------===//

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <system_error>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/// libFuzzer's mutator, which custom mutators call. Nothing mutates here.
extern "C" size_t LLVMFuzzerMutate(uint8_t *, size_t size, size_t) {
  return size;
}

/// The files `path` names: itself, or a directory's regular files, sorted.
static std::vector<std::string> inputsOf(llvm::StringRef path) {
  if (!llvm::sys::fs::is_directory(path))
    return {path.str()};
  std::vector<std::string> files;
  std::error_code error;
  for (llvm::sys::fs::directory_iterator it(path, error), end;
       it != end && !error; it.increment(error))
    if (llvm::sys::fs::is_regular_file(it->path()))
      files.push_back(it->path());
  std::sort(files.begin(), files.end());
  return files;
}

int main(int argc, char **argv) {
  size_t ran = 0;
  for (int i = 1; i < argc; ++i) {
    if (argv[i][0] == '-')
      continue;
    for (const std::string &path : inputsOf(argv[i])) {
      llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> file =
          llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                      /*RequiresNullTerminator=*/false);
      if (!file) {
        llvm::errs() << "error: cannot read '" << path
                     << "': " << file.getError().message() << "\n";
        return 1;
      }
      // A heap copy of exactly the input's size, as libFuzzer passes it.
      llvm::StringRef bytes = (*file)->getBuffer();
      std::vector<uint8_t> input(bytes.begin(), bytes.end());
      LLVMFuzzerTestOneInput(input.data(), input.size());
      ++ran;
    }
  }
  llvm::outs() << "ng-fuzz: ran " << ran << " inputs\n";
  return 0;
}
