//===- OutputFiles.h - files written together, atomically -------*- C++ -*-===//
//
// How ng writes what it produces, from the tools (docs/Tools.md, "Output
// files") and from the library (an exported program and its constants,
// ng/Target/NativeGraph/ProgramFiles.h; the interpreter's tensors). A run
// writes one or more files that belong together (a program, its constants,
// their aliases.json); each goes to a temporary file beside its target, and
// only when every one of them has been written completely are they renamed
// into place. A failed or interrupted run therefore leaves the old files as
// they were. Nothing here knows about IR: it is LLVM's file system API with
// that guarantee.
//
// Atomic replacement is for regular files. Anything else (standard output,
// a device such as /dev/null, a FIFO, /dev/stdout and the other /proc and
// /dev/fd handles on open files) is written in place: renaming over it would
// replace the device or FIFO with a regular file. A symbolic link is
// followed: its target is replaced, the link stays.
//
//===----------------------------------------------------------------------===//

#ifndef NG_SUPPORT_OUTPUTFILES_H
#define NG_SUPPORT_OUTPUTFILES_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>

namespace llvm {
class raw_fd_ostream;
class raw_ostream;
} // namespace llvm

namespace ng {

/// Whether OutputFiles writes `path` in place: standard output ("-"), a
/// device, a FIFO, a socket, a /proc or /dev/fd handle (symbolic links
/// followed). Nothing can be put beside such an output: an export's
/// constants need a path of their own.
bool isWrittenInPlace(llvm::StringRef path);

class OutputFiles {
public:
  OutputFiles();
  OutputFiles(const OutputFiles &) = delete;
  OutputFiles &operator=(const OutputFiles &) = delete;
  /// Discards whatever was not committed.
  ~OutputFiles();

  /// Open `path` ("-" is standard output) as one more output of the run and
  /// return the stream to write it through. The first output opened is the
  /// primary one (the tool's -o). Fails, naming the file, when it cannot be
  /// opened, is a directory, or is already an output of this run.
  llvm::Expected<llvm::raw_ostream &> open(llvm::StringRef path);

  /// Remove `path` when the outputs are committed, if it exists: a file that
  /// belonged with the old outputs and has no counterpart among the new
  /// ones (an aliases.json the new constants do not need).
  void removeWhenCommitted(llvm::StringRef path);

  /// The path given for the primary output, "" before open().
  llvm::StringRef primaryPath() const;
  /// Whether the primary output is written in place (standard output, a
  /// device, a FIFO), so that what is written to it cannot be taken back.
  bool primaryIsInPlace() const;

  /// Write everything out and check that it was written (a full disk shows
  /// here), then rename every temporary over its target, the primary output
  /// last, and remove the files given to removeWhenCommitted. On an error
  /// before the first rename nothing is replaced. The renames are
  /// consecutive system calls: an interruption between two of them (a
  /// window of microseconds) can leave some outputs new and the rest old.
  llvm::Error commit();

  /// Remove the temporaries; the targets stay as they were.
  void discard();

private:
  struct Output;
  llvm::SmallVector<std::unique_ptr<Output>, 3> outputs;
  llvm::SmallVector<std::string, 1> removals;
};

} // namespace ng

#endif // NG_SUPPORT_OUTPUTFILES_H
