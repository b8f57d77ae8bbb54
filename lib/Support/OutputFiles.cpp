//===- OutputFiles.cpp - files written together, atomically ---------------===//

#include "ng/Support/OutputFiles.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/raw_ostream.h"

#include <climits>
#include <unistd.h>

using namespace llvm;

namespace {
/// Where a write to a path lands.
struct Destination {
  /// `path` with its symbolic links followed.
  std::string target;
  /// Written in place rather than replaced through a temporary file.
  bool inPlace = false;
};
} // namespace

/// Paths under /proc and /dev/fd are the kernel's handles on open files
/// (/dev/stdout leads to /proc/self/fd/1); what they lead to is not a path
/// that a file could be renamed over.
static bool isOpenFileHandle(StringRef path) {
  return path.starts_with("/proc/") || path.starts_with("/dev/fd/");
}

/// Follow `path` through symbolic links, as a write would. A dangling link
/// leads to the file it names, which the write creates.
static Destination findDestination(StringRef path) {
  SmallString<256> current(path);
  // As many links as the kernel follows before it gives up (ELOOP); a longer
  // chain fails when it is opened.
  for (int hops = 0; hops < 40; ++hops) {
    if (isOpenFileHandle(current))
      return {current.str().str(), /*inPlace=*/true};
    sys::fs::file_status status;
    if (sys::fs::status(current, status, /*Follow=*/false) ||
        status.type() != sys::fs::file_type::symlink_file)
      break;
    char link[PATH_MAX];
    ssize_t size = ::readlink(current.c_str(), link, sizeof(link));
    if (size < 0 || static_cast<size_t>(size) == sizeof(link))
      break;
    StringRef linkTarget(link, size);
    if (sys::path::is_absolute(linkTarget)) {
      current = linkTarget;
    } else {
      SmallString<256> next(sys::path::parent_path(current));
      sys::path::append(next, linkTarget);
      current = next;
    }
  }
  sys::fs::file_status status;
  bool exists = !sys::fs::status(current, status);
  // A device, a FIFO, a socket: renaming over it would replace it.
  bool inPlace = exists && status.type() != sys::fs::file_type::regular_file;
  return {current.str().str(), inPlace};
}

bool ng::isWrittenInPlace(StringRef path) {
  return path == "-" || findDestination(path).inPlace;
}

static Error fileError(const Twine &message, StringRef path,
                       std::error_code error) {
  return createStringError(error,
                           message + " '" + path + "': " + error.message());
}

struct ng::OutputFiles::Output {
  /// As given (for messages), and where it is finally written.
  std::string path, target;
  /// Beside `target`, renamed over it on commit; none when in place.
  std::string temporary;
  bool writtenInPlace = false;
  /// Owned, except for standard output; null once finished.
  int fd = -1;
  std::unique_ptr<raw_fd_ostream> ownStream;
  raw_fd_ostream *stream = nullptr;

  bool isStdout() const { return path == "-"; }

  /// Flush and close, reporting what the writes could not store.
  Error finishWriting() {
    stream->flush();
    std::error_code error = stream->error();
    stream->clear_error(); // else ~raw_fd_ostream aborts the process
    stream = nullptr;
    ownStream.reset();
    if (fd >= 0) {
      if (::close(fd) != 0 && !error)
        error = std::error_code(errno, std::generic_category());
      fd = -1;
    }
    if (error)
      return fileError("cannot write", displayName(), error);
    return Error::success();
  }

  /// Give up: close, and remove the temporary.
  void abandon() {
    if (stream) {
      // What is still buffered goes out (~raw_fd_ostream would flush it
      // too), but a write error no longer matters.
      stream->flush();
      stream->clear_error();
      stream = nullptr;
    }
    ownStream.reset();
    if (fd >= 0)
      ::close(fd);
    fd = -1;
    if (!temporary.empty()) {
      sys::fs::remove(temporary);
      sys::DontRemoveFileOnSignal(temporary);
      temporary.clear();
    }
  }

  Error rename() {
    if (temporary.empty())
      return Error::success();
    if (std::error_code error = sys::fs::rename(temporary, target)) {
      abandon();
      return fileError("cannot replace", target, error);
    }
    sys::DontRemoveFileOnSignal(temporary);
    temporary.clear();
    return Error::success();
  }

  StringRef displayName() const {
    return isStdout() ? StringRef("<stdout>") : StringRef(path);
  }
};

ng::OutputFiles::OutputFiles() = default;

ng::OutputFiles::~OutputFiles() { discard(); }

/// What identifies an output, so that a run does not write one file twice.
static std::string outputIdentity(StringRef path, StringRef target) {
  if (path == "-" || isOpenFileHandle(target))
    return path.str();
  SmallString<256> absolute(target);
  sys::fs::make_absolute(absolute);
  sys::path::remove_dots(absolute, /*remove_dot_dot=*/true);
  return absolute.str().str();
}

Expected<raw_ostream &> ng::OutputFiles::open(StringRef path) {
  auto output = std::make_unique<Output>();
  output->path = path.str();
  Destination destination;
  if (path == "-") {
    destination.inPlace = true;
  } else {
    destination = findDestination(path);
    output->target = destination.target;
  }
  std::string id = outputIdentity(path, output->target);
  for (const std::unique_ptr<Output> &other : outputs)
    if (outputIdentity(other->path, other->target) == id)
      return createStringError(
          std::make_error_code(std::errc::invalid_argument),
          "'" + path + "' would be written twice (as '" + other->path +
              "' too)");

  output->writtenInPlace = destination.inPlace;
  if (output->isStdout()) {
    output->stream = &llvm::outs();
  } else {
    sys::fs::file_status status;
    bool exists = !sys::fs::status(output->target, status);
    if (exists && status.type() == sys::fs::file_type::directory_file)
      return fileError("cannot open output file", path,
                       std::make_error_code(std::errc::is_a_directory));
    if (destination.inPlace) {
      if (std::error_code error = sys::fs::openFileForWrite(
              output->target, output->fd, sys::fs::CD_CreateAlways))
        return fileError("cannot open output file", path, error);
    } else {
      SmallString<256> temporary;
      if (std::error_code error = sys::fs::createUniqueFile(
              output->target + ".tmp-%%%%%%", output->fd, temporary))
        return fileError("cannot create a temporary file next to", path, error);
      output->temporary = temporary.str().str();
      sys::RemoveFileOnSignal(output->temporary);
      // The replacement keeps the permissions of the file it replaces.
      if (exists)
        (void)sys::fs::setPermissions(output->fd, status.permissions());
    }
    output->ownStream =
        std::make_unique<raw_fd_ostream>(output->fd, /*shouldClose=*/false);
    output->stream = output->ownStream.get();
  }
  raw_ostream &stream = *output->stream;
  outputs.push_back(std::move(output));
  return stream;
}

void ng::OutputFiles::removeWhenCommitted(StringRef path) {
  removals.push_back(path.str());
}

StringRef ng::OutputFiles::primaryPath() const {
  return outputs.empty() ? StringRef() : StringRef(outputs.front()->path);
}

bool ng::OutputFiles::primaryIsInPlace() const {
  return !outputs.empty() && outputs.front()->writtenInPlace;
}

Error ng::OutputFiles::commit() {
  for (std::unique_ptr<Output> &output : outputs) {
    if (Error error = output->finishWriting()) {
      discard();
      return error;
    }
  }
  // The companions (constants, aliases) first, the primary output last.
  for (size_t i = 1; i < outputs.size(); ++i) {
    if (Error error = outputs[i]->rename()) {
      discard();
      return error;
    }
  }
  for (const std::string &path : removals) {
    std::error_code error = sys::fs::remove(path, /*IgnoreNonExisting=*/true);
    if (error) {
      discard();
      return fileError("cannot remove", path, error);
    }
  }
  removals.clear();
  if (!outputs.empty()) {
    if (Error error = outputs.front()->rename()) {
      discard();
      return error;
    }
  }
  outputs.clear();
  return Error::success();
}

void ng::OutputFiles::discard() {
  for (std::unique_ptr<Output> &output : outputs)
    output->abandon();
  outputs.clear();
  removals.clear();
}
