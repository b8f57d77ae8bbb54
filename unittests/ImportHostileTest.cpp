//===- ImportHostileTest.cpp - NPTG files flatc cannot write --------------===//
//
// Files built with the flatbuffers builder directly, in layouts flatc's JSON
// front end never produces but another writer (or an attacker) may: 8-byte
// vector elements at 4 mod 8, and tables shared by several parents. The
// importer must read the first correctly (run under UBSan in CI, where a
// misaligned load aborts) and reject the second in time linear in the
// file's size (W9).
//
//===----------------------------------------------------------------------===//

#include "ng/Target/NativeGraph/Import.h"
#include "ng/Target/NativeGraph/native_graph_generated.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <cstring>

using namespace mlir;
namespace fb = native_backend;
using FbBuilder = flatbuffers::FlatBufferBuilder;

namespace {

/// A finished buffer, copied to 8-byte-aligned storage as a mapped file is.
struct AlignedFile {
  std::vector<uint64_t> words;
  size_t size = 0;
  explicit AlignedFile(FbBuilder &fbb) : size(fbb.GetSize()) {
    words.resize((size + 7) / 8);
    std::memcpy(words.data(), fbb.GetBufferPointer(), size);
  }
  llvm::StringRef bytes() const {
    return llvm::StringRef(reinterpret_cast<const char *>(words.data()), size);
  }
  const uint8_t *data() const {
    return reinterpret_cast<const uint8_t *>(words.data());
  }
};

/// The outcome of importing `file`: the printed module, or the errors.
struct Imported {
  bool ok = false;
  std::string text;
};

Imported import(const AlignedFile &file) {
  MLIRContext context;
  context.disableMultithreading();
  Imported result;
  llvm::raw_string_ostream os(result.text);
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    os << diag.str() << "\n";
    return success();
  });
  OwningOpRef<ModuleOp> module =
      ng::importNativeGraph(file.bytes(), "test.nptg", &context);
  result.ok = static_cast<bool>(module);
  if (module)
    module->print(os);
  return result;
}

/// A vector of 8-byte values whose elements start at 4 mod 8 in the
/// finished buffer: the verifier checks only the 4-byte length's alignment.
/// The builder grows down from the end and the finished size is a multiple
/// of 8 (the buffer holds 8-byte fields), so the offset from the end
/// decides the alignment.
template <typename T>
flatbuffers::Offset<flatbuffers::Vector<T>> misaligned(FbBuilder &fbb,
                                                       llvm::ArrayRef<T> v) {
  static_assert(sizeof(T) == 8);
  fbb.Align(8);
  fbb.TrackMinAlign(8);
  fbb.PushElement<uint32_t>(0); // data then ends at 4 mod 8 from the end
  fbb.StartVector(v.size() * 2, sizeof(uint32_t));
  for (size_t i = v.size(); i-- > 0;) {
    uint64_t bits;
    std::memcpy(&bits, &v[i], 8);
    fbb.PushElement<uint32_t>(static_cast<uint32_t>(bits >> 32));
    fbb.PushElement<uint32_t>(static_cast<uint32_t>(bits));
  }
  return flatbuffers::Offset<flatbuffers::Vector<T>>(fbb.EndVector(v.size()));
}

flatbuffers::Offset<fb::TensorMeta> meta(FbBuilder &fbb,
                                         llvm::ArrayRef<int64_t> sizes) {
  std::vector<flatbuffers::Offset<fb::Dim>> dims;
  std::vector<int32_t> order;
  for (int64_t size : sizes) {
    order.push_back(static_cast<int32_t>(order.size()));
    dims.push_back(fb::CreateDim(fbb, size, size));
  }
  return fb::CreateTensorMeta(fbb, fb::ScalarType::FLOAT,
                              fbb.CreateVector(dims), fbb.CreateVector(order));
}

flatbuffers::Offset<fb::NamedArgument> named(FbBuilder &fbb, const char *name,
                                             fb::ArgumentValue kind,
                                             flatbuffers::Offset<void> value) {
  return fb::CreateNamedArgument(fbb, fbb.CreateString(name),
                                 fb::CreateArgument(fbb, kind, value));
}

flatbuffers::Offset<fb::NamedArgument>
tensorArg(FbBuilder &fbb, const char *name, const char *value) {
  return named(fbb, name, fb::ArgumentValue::TensorArg,
               fb::CreateTensorArg(fbb, fbb.CreateString(value)).Union());
}

flatbuffers::Offset<fb::Node> outputNode(FbBuilder &fbb, const char *value) {
  std::vector<flatbuffers::Offset<fb::NamedArgument>> inputs;
  if (value)
    inputs.push_back(tensorArg(fbb, "", value));
  return fb::CreateNode(fbb, fbb.CreateString("output"), fb::OpKind::OUTPUT, 0,
                        fbb.CreateVector(inputs));
}

/// One method "forward" with `graph`, finished as an NPTG file.
AlignedFile finish(FbBuilder &fbb, flatbuffers::Offset<fb::Graph> graph,
                   const char *outputName = nullptr) {
  std::vector<flatbuffers::Offset<fb::OutputSpec>> specs;
  if (outputName)
    specs.push_back(fb::CreateOutputSpec(fbb, fbb.CreateString(outputName)));
  auto method = fb::CreateMethod(fbb, fbb.CreateString("forward"), graph, 0,
                                 outputName ? fbb.CreateVector(specs) : 0);
  std::vector<flatbuffers::Offset<fb::Method>> methods{method};
  fb::FinishProgramBuffer(fbb, fb::CreateProgram(fbb, fbb.CreateString("1.0"),
                                                 fbb.CreateVector(methods)));
  return AlignedFile(fbb);
}

TEST(ImportHostileTest, MisalignedEightByteListsAreReadExactly) {
  FbBuilder fbb;
  std::vector<int64_t> sizes{2, -2, int64_t(1) << 40};
  std::vector<double> scales{1.5, -0.25};
  auto sizesVector = misaligned<int64_t>(fbb, sizes);
  auto scalesVector = misaligned<double>(fbb, scales);
  auto sizesArg = named(fbb, "size", fb::ArgumentValue::IntListArg,
                        fb::CreateIntListArg(fbb, sizesVector).Union());
  auto scalesArg = named(fbb, "scales", fb::ArgumentValue::FloatListArg,
                         fb::CreateFloatListArg(fbb, scalesVector).Union());
  std::vector<flatbuffers::Offset<fb::NamedArgument>> args{
      tensorArg(fbb, "self", "x"), sizesArg, scalesArg};
  std::vector<flatbuffers::Offset<fb::Output>> xOut{
      fb::CreateOutput(fbb, fbb.CreateString("x"))};
  std::vector<flatbuffers::Offset<fb::Output>> yOut{
      fb::CreateOutput(fbb, fbb.CreateString("y"))};
  std::vector<flatbuffers::Offset<fb::Node>> nodes{
      fb::CreateNode(fbb, fbb.CreateString("x"), fb::OpKind::PLACEHOLDER, 0, 0,
                     fbb.CreateVector(xOut)),
      fb::CreateNode(fbb, fbb.CreateString("y"), fb::OpKind::CALL_FUNCTION,
                     fbb.CreateString("torch.ops.my_ns.lists.default"),
                     fbb.CreateVector(args), fbb.CreateVector(yOut)),
      outputNode(fbb, "y")};
  std::vector<flatbuffers::Offset<flatbuffers::String>> inputs{
      fbb.CreateString("x")};
  std::vector<flatbuffers::Offset<flatbuffers::String>> outputs{
      fbb.CreateString("y")};
  std::vector<flatbuffers::Offset<fb::TensorValue>> values{
      fb::CreateTensorValue(fbb, fbb.CreateString("x"), meta(fbb, {4})),
      fb::CreateTensorValue(fbb, fbb.CreateString("y"), meta(fbb, {4}))};
  AlignedFile file = finish(
      fbb,
      fb::CreateGraph(fbb, fbb.CreateVector(nodes), fbb.CreateVector(inputs),
                      fbb.CreateVector(outputs), fbb.CreateVector(values)),
      "y");

  // The premise: the lists really are misaligned in the file.
  const fb::Program *program = fb::GetProgram(file.data());
  const fb::Node *call = program->methods()->Get(0)->graph()->nodes()->Get(1);
  for (unsigned i : {1u, 2u}) {
    const fb::Argument *arg = call->inputs()->Get(i)->arg();
    const uint8_t *data = i == 1
                              ? arg->value_as_IntListArg()->values()->Data()
                              : arg->value_as_FloatListArg()->values()->Data();
    ASSERT_EQ(reinterpret_cast<uintptr_t>(data) % 8, 4u);
  }

  Imported result = import(file);
  ASSERT_TRUE(result.ok) << result.text;
  EXPECT_NE(result.text.find("size: [2, -2, 1099511627776]"), std::string::npos)
      << result.text;
  EXPECT_NE(result.text.find("scales: [1.5, -0.25]"), std::string::npos)
      << result.text;
}

/// Graph k holds a node with two GraphArgs that both point at graph k+1: a
/// file of a few kilobytes that describes 2^depth graphs.
AlignedFile dagBomb(unsigned depth) {
  FbBuilder fbb;
  std::vector<flatbuffers::Offset<fb::Node>> leafNodes{
      outputNode(fbb, nullptr)};
  auto graph = fb::CreateGraph(fbb, fbb.CreateVector(leafNodes));
  for (unsigned level = 0; level < depth; ++level) {
    std::vector<flatbuffers::Offset<fb::NamedArgument>> args;
    for (const char *branch : {"true_graph_0", "false_graph_0"})
      args.push_back(named(
          fbb, "", fb::ArgumentValue::GraphArg,
          fb::CreateGraphArg(fbb, fbb.CreateString(branch), graph).Union()));
    std::vector<flatbuffers::Offset<fb::Node>> nodes{
        fb::CreateNode(fbb, fbb.CreateString("cond"), fb::OpKind::CALL_FUNCTION,
                       fbb.CreateString("torch.ops.higher_order.cond"),
                       fbb.CreateVector(args)),
        outputNode(fbb, nullptr)};
    graph = fb::CreateGraph(fbb, fbb.CreateVector(nodes));
  }
  return finish(fbb, graph);
}

TEST(ImportHostileTest, SharedSubgraphTablesAreRejected) {
  // One level: the two branches are one table, within the file's table
  // budget; the importer names the sharing.
  Imported shared = import(dagBomb(1));
  EXPECT_FALSE(shared.ok);
  EXPECT_NE(shared.text.find("method 'forward', graph 'false_graph_0' of node "
                             "'cond': this graph is the same flatbuffer table "
                             "as another method's or subgraph's"),
            std::string::npos)
      << shared.text;
}

TEST(ImportHostileTest, DagBombIsRejectedInLinearWork) {
  // 20 levels: 2^20 graphs in about 5 KB. Verifying it reaches more tables
  // than the file can hold and stops there, long before the import would
  // build anything (without the bound: seconds and gigabytes; each level
  // doubles that).
  AlignedFile bomb = dagBomb(20);
  ASSERT_LT(bomb.size, 8192u);
  Imported result = import(bomb);
  EXPECT_FALSE(result.ok);
  EXPECT_NE(result.text.find("malformed NPTG"), std::string::npos)
      << result.text;
  EXPECT_NE(result.text.find("counting a shared table each time it is "
                             "reached"),
            std::string::npos)
      << result.text;
}

/// `methods` methods, each its own Method and Graph table, all listing the
/// same vector of `nodes` nodes: each method imports the whole vector.
AlignedFile sharedNodes(unsigned methods, unsigned nodes) {
  FbBuilder fbb;
  std::vector<flatbuffers::Offset<fb::Node>> list;
  for (unsigned i = 0; i < nodes; ++i) {
    std::string name = "n" + std::to_string(i);
    std::vector<flatbuffers::Offset<fb::NamedArgument>> args{
        named(fbb, "dim", fb::ArgumentValue::IntArg,
              fb::CreateIntArg(fbb, i).Union())};
    list.push_back(
        fb::CreateNode(fbb, fbb.CreateString(name), fb::OpKind::CALL_FUNCTION,
                       fbb.CreateString("torch.ops.my_ns.op.default"),
                       fbb.CreateVector(args)));
  }
  list.push_back(outputNode(fbb, nullptr));
  auto shared = fbb.CreateVector(list);
  std::vector<flatbuffers::Offset<fb::Method>> all;
  for (unsigned m = 0; m < methods; ++m) {
    std::string name = "m" + std::to_string(m);
    all.push_back(fb::CreateMethod(fbb, fbb.CreateString(name),
                                   fb::CreateGraph(fbb, shared)));
  }
  fb::FinishProgramBuffer(fbb, fb::CreateProgram(fbb, fbb.CreateString("1.0"),
                                                 fbb.CreateVector(all)));
  return AlignedFile(fbb);
}

TEST(ImportHostileTest, NodesSharedByManyMethodsAreBoundedByTheFileSize) {
  // Two methods sharing a few nodes: little work, imported as written.
  Imported few = import(sharedNodes(2, 4));
  EXPECT_TRUE(few.ok) << few.text;
  // 2,000 methods sharing 200 nodes describe 400,000 nodes in about 100 KB:
  // one verifier serves all methods, so its table limit (one per byte)
  // stops the import.
  AlignedFile many = sharedNodes(2000, 200);
  ASSERT_LT(many.size, 200000u);
  Imported result = import(many);
  EXPECT_FALSE(result.ok);
  EXPECT_NE(result.text.find("counting a shared table each time it is "
                             "reached"),
            std::string::npos)
      << result.text.substr(0, 2000);
}

/// One method returning its input `x`, whose TensorMeta has `dims` ({min,
/// max} pairs) of `dtype`: the loader's TensorMeta limits (S8, C4) through
/// a file no JSON front end had to accept.
AlignedFile inputWithDims(llvm::ArrayRef<std::pair<int64_t, int64_t>> dims,
                          fb::ScalarType dtype = fb::ScalarType::CHAR) {
  FbBuilder fbb;
  std::vector<flatbuffers::Offset<fb::Dim>> sizes;
  for (auto [min, max] : dims)
    sizes.push_back(fb::CreateDim(fbb, min, max));
  auto xMeta = fb::CreateTensorMeta(fbb, dtype, fbb.CreateVector(sizes));
  std::vector<flatbuffers::Offset<fb::Output>> xOut{
      fb::CreateOutput(fbb, fbb.CreateString("x"))};
  std::vector<flatbuffers::Offset<fb::Node>> nodes{
      fb::CreateNode(fbb, fbb.CreateString("x"), fb::OpKind::PLACEHOLDER, 0, 0,
                     fbb.CreateVector(xOut)),
      outputNode(fbb, "x")};
  std::vector<flatbuffers::Offset<flatbuffers::String>> inputs{
      fbb.CreateString("x")};
  std::vector<flatbuffers::Offset<flatbuffers::String>> outputs{
      fbb.CreateString("x")};
  std::vector<flatbuffers::Offset<fb::TensorValue>> values{
      fb::CreateTensorValue(fbb, fbb.CreateString("x"), xMeta)};
  return finish(
      fbb,
      fb::CreateGraph(fbb, fbb.CreateVector(nodes), fbb.CreateVector(inputs),
                      fbb.CreateVector(outputs), fbb.CreateVector(values)),
      "x");
}

TEST(ImportHostileTest, TensorMetaPastTheLoadersLimitsIsRejected) {
  struct Case {
    std::vector<std::pair<int64_t, int64_t>> dims;
    const char *message;
  };
  std::vector<Case> cases{
      {{{3, 2}}, "dim #0 has min 3 > max 2; a dynamic dim has min < max (S8)"},
      {{{-5, -5}}, "dim #0 has a negative extent -5; extents are >= 0 (S8)"},
      {{{INT64_MIN, INT64_MIN}}, "has a negative extent"},
      {{{INT64_MIN, 4}}, "dim #0 has a negative min"},
      {{{2, INT64_MAX}},
       "dim #0 extent 9223372036854775807 exceeds the limit "
       "of 2^31-1 (C4)"},
      {std::vector<std::pair<int64_t, int64_t>>(65, {1, 1}),
       "tensor rank 65 exceeds the limit of 64 (C4)"},
      {std::vector<std::pair<int64_t, int64_t>>(
           100000, {(int64_t(1) << 31) - 1, (int64_t(1) << 31) - 1}),
       "tensor rank 100000 exceeds the limit of 64 (C4)"},
      {std::vector<std::pair<int64_t, int64_t>>(
           3, {(int64_t(1) << 31) - 1, (int64_t(1) << 31) - 1}),
       "tensor of more than 2^64 bytes exceeds the limit of 2^40 bytes (C4)"},
      {{{1 << 20, 1 << 20}, {1 << 20, 1 << 20}, {2, 2}},
       "tensor of 2199023255552 bytes exceeds the limit of 2^40 bytes (C4)"},
  };
  for (const Case &c : cases) {
    Imported result = import(inputWithDims(c.dims));
    EXPECT_FALSE(result.ok) << c.message;
    EXPECT_NE(result.text.find("value 'x': "), std::string::npos)
        << result.text;
    EXPECT_NE(result.text.find(c.message), std::string::npos) << result.text;
  }
  // At the limits: accepted.
  std::vector<std::pair<int64_t, int64_t>> rank64(64, {1, 1});
  EXPECT_TRUE(import(inputWithDims(rank64)).ok);
  Imported edge = import(inputWithDims({{1 << 20, 1 << 20}, {1 << 20, 1 << 20}},
                                       fb::ScalarType::CHAR));
  EXPECT_TRUE(edge.ok) << edge.text;
  EXPECT_TRUE(import(inputWithDims({{0, -1}, {0, 0}})).ok);
}

/// A node `s` whose INT output claims alias_of `x` (A1), or whose
/// IntListArg has `refs: []` beside values (all literal).
AlignedFile scalarNode(bool aliasInt, bool emptyRefs) {
  FbBuilder fbb;
  std::vector<int64_t> values{3, 2};
  std::vector<flatbuffers::Offset<flatbuffers::String>> noRefs;
  auto list = fb::CreateIntListArg(fbb, fbb.CreateVector(values),
                                   emptyRefs ? fbb.CreateVector(noRefs) : 0);
  std::vector<flatbuffers::Offset<fb::NamedArgument>> args{
      tensorArg(fbb, "self", "x"),
      named(fbb, "dims", fb::ArgumentValue::IntListArg, list.Union())};
  std::vector<flatbuffers::Offset<fb::Output>> xOut{
      fb::CreateOutput(fbb, fbb.CreateString("x"))};
  std::vector<flatbuffers::Offset<fb::Output>> sOut{fb::CreateOutput(
      fbb, fbb.CreateString("s"), aliasInt ? fbb.CreateString("x") : 0,
      fb::OutputValueKind::INT)};
  std::vector<flatbuffers::Offset<fb::Node>> nodes{
      fb::CreateNode(fbb, fbb.CreateString("x"), fb::OpKind::PLACEHOLDER, 0, 0,
                     fbb.CreateVector(xOut)),
      fb::CreateNode(fbb, fbb.CreateString("s"), fb::OpKind::CALL_FUNCTION,
                     fbb.CreateString("torch.ops.my_ns.numel.default"),
                     fbb.CreateVector(args), fbb.CreateVector(sOut)),
      outputNode(fbb, "x")};
  std::vector<flatbuffers::Offset<flatbuffers::String>> inputs{
      fbb.CreateString("x")};
  std::vector<flatbuffers::Offset<flatbuffers::String>> outputs{
      fbb.CreateString("x")};
  std::vector<flatbuffers::Offset<fb::TensorValue>> tensorValues{
      fb::CreateTensorValue(fbb, fbb.CreateString("x"), meta(fbb, {4}))};
  return finish(fbb,
                fb::CreateGraph(
                    fbb, fbb.CreateVector(nodes), fbb.CreateVector(inputs),
                    fbb.CreateVector(outputs), fbb.CreateVector(tensorValues)),
                "x");
}

TEST(ImportHostileTest, AliasOfOnAnIntOutputIsRejected) {
  Imported result = import(scalarNode(/*aliasInt=*/true, /*emptyRefs=*/false));
  EXPECT_FALSE(result.ok);
  EXPECT_NE(result.text.find("method 'forward', node 's': output 's' of kind "
                             "INT has alias_of 'x'; only a tensor output "
                             "aliases an input (A1)"),
            std::string::npos)
      << result.text;
}

TEST(ImportHostileTest, EmptyRefsBesideValuesAreLiterals) {
  Imported result = import(scalarNode(/*aliasInt=*/false, /*emptyRefs=*/true));
  ASSERT_TRUE(result.ok) << result.text;
  EXPECT_NE(result.text.find("dims: [3, 2]"), std::string::npos) << result.text;
}

} // namespace
