//===- SourceLines.cpp - index the lines of text IR before parsing --------===//
//
// llvm::SourceMgr::SrcBuffer keeps its line index in a public member,
// `OffsetCache`, documented in SourceMgr.h: the offsets of the buffer's '\n'
// bytes, ascending, in a `std::vector<T>` where T is the smallest of
// uint8_t, uint16_t, uint32_t and uint64_t that holds the buffer's size
// (SourceMgr.cpp chooses T, and deletes the vector, by that rule). Filling
// it in is therefore within SourceMgr's interface, but the choice of T is
// its implementation's: it is checked here for the LLVM this is built with
// (22), and another LLVM leaves the index to SourceMgr.
//
//===----------------------------------------------------------------------===//

#include "ng/Tools/SourceLines.h"

#include "llvm/Config/llvm-config.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

/// The offsets of the '\n' bytes of `text`, as SourceMgr stores them. A
/// memchr per line rather than a compare per byte: text IR lines run to
/// about 200 bytes.
template <typename Offset>
static std::vector<Offset> *newlineOffsets(llvm::StringRef text) {
  auto *offsets = new std::vector<Offset>();
  const char *begin = text.data(), *end = begin + text.size();
  for (const char *p = begin; p < end; ++p) {
    p = static_cast<const char *>(std::memchr(p, '\n', end - p));
    if (!p)
      break;
    offsets->push_back(static_cast<Offset>(p - begin));
  }
  return offsets;
}

void ng::indexSourceLines(const llvm::SourceMgr &sourceMgr, unsigned bufferID) {
#if LLVM_VERSION_MAJOR == 22
  // The type is private to SourceMgr; getBufferInfo, which returns it, and
  // its members are public.
  const auto &buffer = sourceMgr.getBufferInfo(bufferID);
  if (buffer.OffsetCache)
    return;
  llvm::StringRef text = buffer.Buffer->getBuffer();
  size_t size = text.size();
  // Under 256 bytes SourceMgr's own scan costs nothing.
  if (size <= std::numeric_limits<uint8_t>::max())
    return;
  if (size <= std::numeric_limits<uint16_t>::max())
    buffer.OffsetCache = newlineOffsets<uint16_t>(text);
  else if (size <= std::numeric_limits<uint32_t>::max())
    buffer.OffsetCache = newlineOffsets<uint32_t>(text);
  else
    buffer.OffsetCache = newlineOffsets<uint64_t>(text);
#else
  (void)sourceMgr;
  (void)bufferID;
#endif
}
