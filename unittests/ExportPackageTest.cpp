//===- ExportPackageTest.cpp - constants on export, unverified IR ---------===//
//
// ng-translate verifies a module before exporting it, but the export API
// can be handed IR nobody verified: its own checks on the constant data
// must hold then too, without overflow.
//
//===----------------------------------------------------------------------===//

#include "ng/Dialect/NgDialect.h"
#include "ng/Target/NativeGraph/Export.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

using namespace mlir;

namespace {

/// The error messages of writing the constants of `text`, parsed without
/// verification, and whether anything was written.
struct ExportResult {
  bool failed;
  std::string errors;
  std::string written;
};

ExportResult writeConstantsOf(llvm::StringRef text) {
  MLIRContext context;
  context.getOrLoadDialect<ng::NgDialect>();
  ExportResult result;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    result.errors += diag.str() + "\n";
    return success();
  });
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(
      text, ParserConfig(&context, /*verifyAfterParse=*/false));
  EXPECT_TRUE(module);
  if (!module)
    return {true, result.errors, ""};
  llvm::raw_string_ostream os(result.written);
  std::string aliases;
  result.failed = failed(ng::writeConstants(*module, os, aliases));
  return result;
}

// Regression: 2^61 elements of f64 are 2^64 bytes, which wrapped to 0 and
// matched an empty blob; the safetensors header then claimed 2^61 elements.
TEST(ExportPackage, ByteCountsDoNotWrap) {
  ExportResult result = writeConstantsOf(R"mlir(
    module attributes {ng.data = {w = dense_resource<w> : tensor<2305843009213693952xf64>}} {
    }
    {-#
      dialect_resources: { builtin: { w: "0x08000000" } }
    #-}
  )mlir");
  EXPECT_TRUE(result.failed);
  EXPECT_EQ(result.errors,
            "constant data 'w' holds 0 bytes, which does not match its type "
            "'tensor<2305843009213693952xf64>'\n");
  EXPECT_EQ(result.written, "");
}

TEST(ExportPackage, EmptyDimsMakeEmptyTensors) {
  ExportResult result = writeConstantsOf(R"mlir(
    module attributes {ng.data = {w = dense_resource<w> : tensor<4294967296x4294967296x0xf64>}} {
    }
    {-#
      dialect_resources: { builtin: { w: "0x08000000" } }
    #-}
  )mlir");
  EXPECT_FALSE(result.failed) << result.errors;
  EXPECT_NE(result.written.find("\"shape\":[4294967296,4294967296,0]"),
            std::string::npos);
}

} // namespace
