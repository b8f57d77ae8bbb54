//===- SourceLines.h - index text IR's lines before parsing ----*- C++ -*-===//
//
// MLIR's parser gives every op and block argument a FileLineColLoc, so its
// first location asks llvm::SourceMgr for a line number, and SourceMgr
// builds its index of the buffer's line ends then, a byte at a time: 150M
// instructions for the 20 MB of a 100k-node program, 4.5% of
// `ng-translate --to-native-graph` (docs/performance.md). The tools build
// that index themselves before they parse, with memchr.
//
//===----------------------------------------------------------------------===//

#ifndef NG_TOOLS_SOURCELINES_H
#define NG_TOOLS_SOURCELINES_H

namespace llvm {
class SourceMgr;
} // namespace llvm

namespace ng {

/// Fill in the line index of buffer `bufferID` of `sourceMgr`, as SourceMgr
/// would on its first line lookup, unless it has one. Lines, columns and
/// diagnostics are what they would have been; only the time differs.
void indexSourceLines(const llvm::SourceMgr &sourceMgr, unsigned bufferID);

} // namespace ng

#endif // NG_TOOLS_SOURCELINES_H
