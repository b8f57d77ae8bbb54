//===- ExportFilesTest.cpp - the export API without the tool --------------===//
//
// ng-translate runs the export with its own policy (threads, outputs
// committed atomically); the library's exportModule does the export alone,
// with the caller's CompanionFiles. What it writes where, and which
// container a path asks for.
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

#include <map>

using namespace mlir;

namespace {

/// Companion files kept in memory.
class MemoryFiles : public ng::CompanionFiles {
public:
  llvm::Expected<llvm::raw_ostream &> open(llvm::StringRef path) override {
    auto [it, inserted] = files.try_emplace(path.str());
    if (!inserted)
      return llvm::createStringError("'" + path + "' is open already");
    streams.push_back(std::make_unique<llvm::raw_string_ostream>(it->second));
    return *streams.back();
  }
  void remove(llvm::StringRef path) override { removed.push_back(path.str()); }

  std::map<std::string, std::string> files;
  std::vector<std::string> removed;

private:
  std::vector<std::unique_ptr<llvm::raw_string_ostream>> streams;
};

constexpr llvm::StringLiteral kLinear = R"mlir(
  module attributes {ng.data = {w = dense_resource<w> : tensor<2xf32>, tied = dense_resource<w> : tensor<2xf32>}, ng.version = "1.0"} {
    ng.method @forward(%p_w: !ng.tensor<f32[2]> {ng.binding = #ng.constant<parameter, "w">},
                       %p_tied: !ng.tensor<f32[2]> {ng.binding = #ng.constant<parameter, "tied">},
                       %x: !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]> {
      %y = ng.call "torch.ops.aten.add.Tensor"(self: %x, other: %p_w, alpha: 1) : (!ng.tensor<f32[2]>, !ng.tensor<f32[2]>) -> !ng.tensor<f32[2]>
      ng.output(%y) : !ng.tensor<f32[2]>
    }
  }
  {-#
    dialect_resources: { builtin: { w: "0x040000000000803F00000040" } }
  #-}
)mlir";

struct Exported {
  bool failed;
  std::string errors, output;
  MemoryFiles files;
};

void exportText(llvm::StringRef text, const ng::ExportOptions &options,
                Exported &result) {
  MLIRContext context;
  context.getOrLoadDialect<ng::NgDialect>();
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    result.errors += diag.str() + "\n";
    return success();
  });
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(text, &context);
  ASSERT_TRUE(module);
  llvm::raw_string_ostream os(result.output);
  result.failed = failed(ng::exportModule(*module, os, options, result.files));
}

TEST(ExportFiles, ContainerForPath) {
  EXPECT_EQ(ng::containerForPath("m.ptn"), ng::Container::Package);
  EXPECT_EQ(ng::containerForPath("dir/m.PTN"), ng::Container::Package);
  EXPECT_EQ(ng::containerForPath("m.Ptn"), ng::Container::Package);
  EXPECT_EQ(ng::containerForPath("m.nptg"), ng::Container::Program);
  EXPECT_EQ(ng::containerForPath("m.ptn.nptg"), ng::Container::Program);
  EXPECT_EQ(ng::containerForPath("ptn"), ng::Container::Program);
  EXPECT_EQ(ng::containerForPath("-"), ng::Container::Program);
  EXPECT_EQ(ng::containerForPath(""), ng::Container::Program);
}

TEST(ExportFiles, ConstantsPathBeside) {
  EXPECT_EQ(ng::constantsPathBeside("out/m.nptg"), "out/m.safetensors");
  EXPECT_EQ(ng::constantsPathBeside("m"), "m.safetensors");
  EXPECT_EQ(ng::constantsPathBeside("-"), "");
  EXPECT_EQ(ng::constantsPathBeside(""), "");
}

TEST(ExportFiles, ProgramWithConstantsBeside) {
  ng::ExportOptions options;
  options.constantsPath = "out/m.safetensors";
  Exported result;
  exportText(kLinear, options, result);
  ASSERT_FALSE(result.failed) << result.errors;
  EXPECT_EQ(result.output.substr(4, 4), "NPTG");
  ASSERT_EQ(result.files.files.size(), 2u);
  EXPECT_TRUE(result.files.files.count("out/m.safetensors"));
  EXPECT_EQ(result.files.files["out/m.aliases.json"], R"({"tied":"w"})");
  EXPECT_TRUE(result.files.removed.empty());
}

TEST(ExportFiles, PackageHoldsItsConstants) {
  ng::ExportOptions options;
  options.container = ng::Container::Package;
  Exported result;
  exportText(kLinear, options, result);
  ASSERT_FALSE(result.failed) << result.errors;
  EXPECT_EQ(result.output.substr(0, 4), "PK\x03\x04");
  EXPECT_TRUE(result.files.files.empty());

  options.constantsPath = "m.safetensors";
  Exported withConstants;
  exportText(kLinear, options, withConstants);
  EXPECT_TRUE(withConstants.failed);
  EXPECT_NE(withConstants.errors.find("holds its own constants"),
            std::string::npos);
  EXPECT_TRUE(withConstants.output.empty());
}

TEST(ExportFiles, ConstantsNeedAPlace) {
  Exported result;
  exportText(kLinear, {}, result);
  EXPECT_TRUE(result.failed);
  EXPECT_NE(result.errors.find("carries constant data"), std::string::npos);
  EXPECT_TRUE(result.output.empty());
}

TEST(ExportFiles, NoAliasesRemovesAStaleFile) {
  constexpr llvm::StringLiteral text = R"mlir(
    module attributes {ng.data = {w = dense_resource<w> : tensor<2xf32>}, ng.version = "1.0"} {
      ng.method @forward(%p_w: !ng.tensor<f32[2]> {ng.binding = #ng.constant<parameter, "w">})
          -> !ng.tensor<f32[2]> {
        ng.output(%p_w) : !ng.tensor<f32[2]>
      }
    }
    {-#
      dialect_resources: { builtin: { w: "0x040000000000803F00000040" } }
    #-}
  )mlir";
  ng::ExportOptions options;
  options.constantsPath = "m.safetensors";
  Exported result;
  exportText(text, options, result);
  ASSERT_FALSE(result.failed) << result.errors;
  EXPECT_EQ(result.files.files.size(), 1u);
  ASSERT_EQ(result.files.removed.size(), 1u);
  EXPECT_EQ(result.files.removed.front(), "m.aliases.json");
}

} // namespace
