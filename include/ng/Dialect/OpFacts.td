//===- OpFacts.td - what ng knows about call targets -------*- tablegen -*-===//
//
// The one table of facts about ng.call targets (docs/OpFacts.md): how an op's
// output aliases its arguments and which arguments it writes (FORMAT.md A1,
// A2) and how a view lays out its output (D1, D3), whether it draws random
// numbers or must run for its side effect, whether it reads its input
// linearly (D5), which dim-order copy op it is (D4), the signatures of the
// dequantize ops the q4 folds match (F1, F2), the in-place form of a
// functional op, what an assertion checks, and which scalar function
// (sym_size, `_operator.ge`, ...) a call computes. Every consumer (the memory
// effects, the storage rules, the alias analysis, --ng-infer-aliases,
// --legalize-dim-order, --fold-q4-weights, --ng-replace-copy-with-alias,
// --ng-reinplace, --ng-remove-runtime-asserts, the scalar ranges) reads these
// facts through include/ng/Dialect/OpFacts.h, never from a list of its own.
//
// `llvm-tblgen -gen-searchable-tables` turns the records into one constant
// array (OpFacts.inc); lib/Dialect/OpFacts.cpp searches it. Targets are keyed
// by packet (`torch.ops.aten.view`) and overload (`default`); an empty
// overload covers every overload of the packet that has no entry of its own.
// A target outside `torch.ops` (`_operator.ge`) is listed by its whole name
// with an empty overload.
//
// Targets the table does not list still get the facts their names imply
// (lib/Dialect/OpFacts.cpp, deriveFromName): `<view>_copy` of a listed view
// aliases nothing and names that view; an aten name ending in `_` (not a
// `__dunder__`) and the in-place dunders `__iand__` ... `__irshift__` write
// `self` and return it; the in-place form of a random-number generator
// draws random numbers too.
//
//===----------------------------------------------------------------------===//

#ifndef NG_DIALECT_OPFACTS_TD
#define NG_DIALECT_OPFACTS_TD

include "llvm/TableGen/SearchableTable.td"

// How an output relates to the argument it aliases (ng::ViewKind).
defvar Identity = [{ViewKind::Identity}];
defvar Covering = [{ViewKind::Covering}];
defvar Partial = [{ViewKind::Partial}];

// The dim-order copy families (ng::CopyFamily, D4).
defvar NoCopy = [{CopyFamily::None}];
defvar Clone = [{CopyFamily::Clone}];
defvar ToCopy = [{CopyFamily::ToCopy}];
defvar Empty = [{CopyFamily::Empty}];

// How a view's output is laid out in memory, given its input's (ng::ViewLayout,
// D1, D3; read by inferViewDimOrder, ng/Dialect/DimOrder.h).
defvar NoLayout = [{ViewLayout::None}];
defvar SameLayout = [{ViewLayout::Same}];
defvar ReshapeLayout = [{ViewLayout::Reshape}];
defvar ExpandLayout = [{ViewLayout::Expand}];
defvar UnitDimsLayout = [{ViewLayout::UnitDims}];
defvar PermuteLayout = [{ViewLayout::Permute}];
defvar TransposeLayout = [{ViewLayout::Transpose}];
defvar SliceLayout = [{ViewLayout::Slice}];
defvar SelectLayout = [{ViewLayout::Select}];

// The dequantize ops the q4 folds know (ng::DequantizeKind, F1, F2).
defvar NoDequantize = [{DequantizeKind::None}];
defvar Gguf = [{DequantizeKind::Gguf}];
defvar Affine = [{DequantizeKind::Affine}];

// What an assertion checks (ng::AssertionKind).
defvar NoAssertion = [{AssertionKind::None}];
defvar OtherAssertion = [{AssertionKind::Other}];
defvar TensorMetadataAssertion = [{AssertionKind::TensorMetadata}];
defvar ScalarAssertion = [{AssertionKind::Scalar}];
defvar RangeAssertion = [{AssertionKind::ConstrainRange}];
defvar RangeForSizeAssertion = [{AssertionKind::ConstrainRangeForSize}];

// The scalar functions the scalar ranges evaluate (ng::ScalarFunction).
defvar NoScalarFunction = [{ScalarFunction::None}];

// One entry: the facts about one target, or (overload "") about every
// overload of a packet. Each field's default is "nothing known".
class OpFact<string packet, string overload> {
  string Packet = packet;
  string Overload = overload;
  // The whole target (`torch.ops.aten.view.default`; the packet for an
  // every-overload entry).
  string Target = !if(!eq(overload, ""), packet, packet # "." # overload);

  // Aliasing and mutation (A1, A2). AliasingKnown says that the fields below
  // are the whole truth about the op's storage: a known op whose output
  // aliases nothing and that writes nothing (a `*_copy` variant) sets it
  // and nothing else.
  bit AliasingKnown = false;
  // The schema argument a single tensor output aliases ("": none).
  string AliasedArg = "";
  // How that output relates to it.
  code View = Partial;
  // The schema arguments the op writes in place (`Tensor(a!)`).
  list<string> Mutated = [];
  string MutatedArgs = !interleave(Mutated, ",");
  // For a view: how its output is laid out, and the schema arguments that
  // rule reads (the permutation of permute, the dims of transpose, ...).
  // NoLayout: ng cannot tell (the view's output may not be dense).
  code Layout = NoLayout;
  list<string> LayoutArguments = [];
  string LayoutArgs = !interleave(LayoutArguments, ",");

  // Effects outside the tensors: two draws are not one; an assertion must
  // run even though nobody reads what it returns.
  bit Random = false;
  bit SideEffecting = false;

  // D5: reads its input's memory linearly, so needs it contiguous.
  bit NeedsContiguousInput = false;

  // D4: a copy op of a family, in its aten form or its dim-order form; the
  // other form's target; the argument it copies (or the size list); the
  // keyword arguments between that one and memory_format / dim_order, in
  // schema order.
  code Copy = NoCopy;
  bit DimOrderForm = false;
  string CopyCounterpart = "";
  string CopyFirstArg = "";
  list<string> CopyMiddle = [];
  string CopyMiddleArgs = !interleave(CopyMiddle, ",");

  // F1, F2: a dequantize op the folds know, and its schema arguments in
  // order; for a consumer a folded weight may feed (linear, embedding), the
  // argument that reads the weight.
  code Dequantize = NoDequantize;
  list<string> Signature = [];
  string SignatureArgs = !interleave(Signature, ",");
  string QuantizedWeightArg = "";

  // --ng-reinplace: the target of the op's in-place form, which takes the
  // same arguments, writes `self` (`Tensor(a!)`) and returns it. Only for
  // ops whose output has the sizes of `self` (elementwise unary ops,
  // index_put, index_copy): the pass compares a dynamic dim of the two by
  // its range, which cannot tell two symbols apart.
  string InPlaceForm = "";

  // Assertions: what the check is (with Signature, the schema arguments in
  // order, for --ng-remove-runtime-asserts to find them when unnamed).
  code Assertion = NoAssertion;

  // A scalar function of its arguments (sym_size.int, sym_numel,
  // `_operator.add`, `_operator.ge`, ...) whose result the scalar ranges
  // (ng/Analysis/ScalarRanges.h) bound.
  code Scalar = NoScalarFunction;
}

class AtenOp<string name, string overload>
    : OpFact<"torch.ops.aten." # name, overload>;

// A view: `name.overload(Tensor(a) self, ...) -> Tensor(a)`, whose output is
// laid out by `layout` (reading `layoutArgs`).
class AtenView<string name, string overload, code view,
               code layout = NoLayout, list<string> layoutArgs = []>
    : AtenOp<name, overload> {
  let AliasingKnown = true;
  let AliasedArg = "self";
  let View = view;
  let Layout = layout;
  let LayoutArguments = layoutArgs;
}

// A random-number generator, every overload.
class AtenRandom<string name> : AtenOp<name, ""> {
  let Random = true;
}

// A node that returns nothing and runs for its check.
class AtenAssertion<string name, string overload, code kind = OtherAssertion,
                    list<string> signature = []>
    : AtenOp<name, overload> {
  let SideEffecting = true;
  let Assertion = kind;
  let Signature = signature;
}

// A functional op with an in-place form `<name>_.<overload>` of the same
// arguments (--ng-reinplace).
class AtenReinplaceable<string name, string overload>
    : AtenOp<name, overload> {
  let InPlaceForm = "torch.ops.aten." # name # "_." # overload;
}

// A scalar function (ng::ScalarFunction) of the arguments `signature`.
class ScalarOp<string packet, string overload, string function,
               list<string> signature>
    : OpFact<packet, overload> {
  let Scalar = "ScalarFunction::" # function;
  let Signature = signature;
}

//===----------------------------------------------------------------------===//
// Views (A2, and the other single-output views of the same shape). Each
// aliases `self`; its `<name>_copy.<overload>` variant is functional.
//===----------------------------------------------------------------------===//

def : AtenView<"view", "default", Covering, ReshapeLayout> {
  let NeedsContiguousInput = true;
}
def : AtenView<"transpose", "int", Covering, TransposeLayout,
               ["dim0", "dim1"]>;
def : AtenView<"slice", "Tensor", Partial, SliceLayout, ["dim", "step"]>;
def : AtenView<"permute", "default", Covering, PermuteLayout, ["dims"]>;
def : AtenView<"select", "int", Partial, SelectLayout, ["dim"]>;
def : AtenView<"expand", "default", Covering, ExpandLayout>;
def : AtenView<"unsqueeze", "default", Covering, UnitDimsLayout>;
def : AtenView<"squeeze", "dim", Covering, UnitDimsLayout>;
def : AtenView<"alias", "default", Identity, SameLayout>;
// t: transpose of dims 0 and 1 (no arguments say which).
def : AtenView<"t", "default", Covering, TransposeLayout>;
def : AtenView<"as_strided", "default", Partial>;
// More views of the same form.
def : AtenView<"squeeze", "default", Covering, UnitDimsLayout>;
def : AtenView<"squeeze", "dims", Covering, UnitDimsLayout>;
def : AtenView<"view", "dtype", Covering>;
def : AtenView<"_reshape_alias", "default", Covering>;
def : AtenView<"unflatten", "int", Covering, ReshapeLayout>;
def : AtenView<"detach", "default", Identity, SameLayout>;
def : AtenView<"narrow", "default", Partial, SliceLayout, ["dim"]>;
def : AtenView<"diagonal", "default", Partial>;
def : AtenView<"unfold", "default", Partial>;
def : AtenView<"view_as_real", "default", Covering>;
def : AtenView<"view_as_complex", "default", Covering>;
// Views with several outputs (`-> Tensor(a)[]`). Only single-tensor returns
// carry alias_of (A1), so the storage rules give their outputs no source
// (as for an op ng does not know); listed so that their `_copy` variants
// are known to alias nothing.
def : AtenView<"split", "Tensor", Partial>;
def : AtenView<"split_with_sizes", "default", Partial>;
def : AtenView<"unbind", "int", Partial>;

//===----------------------------------------------------------------------===//
// Ops that update state passed to them and return new tensors.
//===----------------------------------------------------------------------===//

def : AtenOp<"_native_batch_norm_legit", "default"> {
  let AliasingKnown = true;
  let Mutated = ["running_mean", "running_var"];
}

//===----------------------------------------------------------------------===//
// Random-number generators (their in-place `_` forms too, by name).
//===----------------------------------------------------------------------===//

def : AtenRandom<"rand">;
def : AtenRandom<"rand_like">;
def : AtenRandom<"randn">;
def : AtenRandom<"randn_like">;
def : AtenRandom<"randint">;
def : AtenRandom<"randint_like">;
def : AtenRandom<"randperm">;
def : AtenRandom<"bernoulli">;
def : AtenRandom<"multinomial">;
def : AtenRandom<"normal">;
def : AtenRandom<"uniform">;
def : AtenRandom<"exponential">;
def : AtenRandom<"geometric">;
def : AtenRandom<"cauchy">;
def : AtenRandom<"log_normal">;
def : AtenRandom<"random">;
def : AtenRandom<"poisson">;
def : AtenRandom<"dropout">;
def : AtenRandom<"native_dropout">;
def : AtenRandom<"feature_dropout">;
def : AtenRandom<"alpha_dropout">;
def : AtenRandom<"feature_alpha_dropout">;
def : AtenRandom<"_fused_dropout">;
def : AtenRandom<"rrelu">;
def : AtenRandom<"rrelu_with_noise">;

//===----------------------------------------------------------------------===//
// Assertions: they return nothing and write nothing, and must survive DCE.
// (Any node that returns nothing and writes nothing is kept; these are the
// ones ExecuTorch programs carry.) What each checks, for
// --ng-remove-runtime-asserts:
//   _assert_tensor_metadata(Tensor a, SymInt[]? size, SymInt[]? stride,
//       ScalarType? dtype, *, Device? device, Layout? layout): the tensor's
//       metadata, which its type already carries;
//   _assert_scalar(Scalar self, str assert_msg): `self` is true;
//   sym_constrain_range(Scalar size, *, int? min, int? max): min <= size <=
//       max (none: unbounded), and min <= max;
//   sym_constrain_range_for_size(Scalar size, *, int? min, int? max): the
//       same with min defaulting to 0, and fails for a max <= 2;
//   _assert_async(Tensor self[, str assert_msg]): a tensor's data (Other).
//===----------------------------------------------------------------------===//

def : AtenAssertion<"_assert_scalar", "default", ScalarAssertion,
                    ["self", "assert_msg"]>;
def : AtenAssertion<"_assert_async", "default">;
def : AtenAssertion<"_assert_async", "msg">;
def : AtenAssertion<"_assert_tensor_metadata", "default",
                    TensorMetadataAssertion,
                    ["a", "size", "stride", "dtype", "device", "layout"]>;
def : AtenAssertion<"sym_constrain_range", "default", RangeAssertion,
                    ["size", "min", "max"]>;
def : AtenAssertion<"sym_constrain_range_for_size", "default",
                    RangeForSizeAssertion, ["size", "min", "max"]>;

//===----------------------------------------------------------------------===//
// Functional ops with an in-place form of the same arguments
// (--ng-reinplace): `self` becomes `Tensor(a!)` and the output aliases it.
//===----------------------------------------------------------------------===//

// relu(Tensor self), gelu(Tensor self, *, str approximate='none'),
// sigmoid(Tensor self)
def : AtenReinplaceable<"relu", "default">;
def : AtenReinplaceable<"gelu", "default">;
def : AtenReinplaceable<"sigmoid", "default">;
// index_put(Tensor self, Tensor?[] indices, Tensor values,
//           bool accumulate=False)
def : AtenReinplaceable<"index_put", "default">;
// index_copy(Tensor self, int dim, Tensor index, Tensor source)
def : AtenReinplaceable<"index_copy", "default">;

//===----------------------------------------------------------------------===//
// Scalar functions: the symbolic ints and bools of a graph (SymInt, SymBool
// outputs: i64, i1), bounded by ng/Analysis/ScalarRanges.h. Schema-less
// targets (`_operator.*`) take positional arguments (S4).
//===----------------------------------------------------------------------===//

// sym_size.int(Tensor self, int dim) -> SymInt: a dim of a tensor.
def : ScalarOp<"torch.ops.aten.sym_size", "int", "SymSize", ["self", "dim"]>;
// sym_numel(Tensor self) -> SymInt: the product of its dims.
def : ScalarOp<"torch.ops.aten.sym_numel", "default", "SymNumel", ["self"]>;
// Python's integer arithmetic and comparisons on SymInts.
def : ScalarOp<"_operator.add", "", "Add", ["a", "b"]>;
def : ScalarOp<"_operator.sub", "", "Sub", ["a", "b"]>;
def : ScalarOp<"_operator.mul", "", "Mul", ["a", "b"]>;
def : ScalarOp<"_operator.eq", "", "Eq", ["a", "b"]>;
def : ScalarOp<"_operator.ne", "", "Ne", ["a", "b"]>;
def : ScalarOp<"_operator.lt", "", "Lt", ["a", "b"]>;
def : ScalarOp<"_operator.le", "", "Le", ["a", "b"]>;
def : ScalarOp<"_operator.gt", "", "Gt", ["a", "b"]>;
def : ScalarOp<"_operator.ge", "", "Ge", ["a", "b"]>;

//===----------------------------------------------------------------------===//
// D5: ops that read their input's memory linearly (view.default above too).
// --legalize-dim-order's `contiguous-ops=...` adds to these.
//===----------------------------------------------------------------------===//

def : AtenOp<"view_copy", "default"> { let NeedsContiguousInput = true; }
def : AtenOp<"_unsafe_view", "default"> { let NeedsContiguousInput = true; }
def : AtenOp<"reshape", "default"> { let NeedsContiguousInput = true; }
def : AtenOp<"avg_pool2d", "default"> { let NeedsContiguousInput = true; }
def : AtenOp<"adaptive_avg_pool2d", "default"> {
  let NeedsContiguousInput = true;
}
def : AtenOp<"_adaptive_avg_pool2d", "default"> {
  let NeedsContiguousInput = true;
}
def : AtenOp<"expand_copy", "default"> { let NeedsContiguousInput = true; }
def : AtenOp<"mean", "dim"> { let NeedsContiguousInput = true; }
def : AtenOp<"sum", "dim_IntList"> { let NeedsContiguousInput = true; }

//===----------------------------------------------------------------------===//
// D4: the copy ops --legalize-dim-order maps between, with the keyword
// arguments S4 fills in between the first argument and the layout one.
//===----------------------------------------------------------------------===//

defvar CloneDimOrder = "torch.ops.dim_order_ops._clone_dim_order.default";
defvar ToDimOrderCopy = "torch.ops.dim_order_ops._to_dim_order_copy.default";
defvar EmptyDimOrder = "torch.ops.dim_order_ops._empty_dim_order.default";

class CopyOp<string packet, string overload, code family, string counterpart,
             string first, list<string> middle, bit dimOrder>
    : OpFact<packet, overload> {
  let Copy = family;
  let DimOrderForm = dimOrder;
  let CopyCounterpart = counterpart;
  let CopyFirstArg = first;
  let CopyMiddle = middle;
}

// aten.clone(self, *, memory_format=None)
def : CopyOp<"torch.ops.aten.clone", "default", Clone, CloneDimOrder, "self",
             [], false>;
// _clone_dim_order(self, *, non_blocking=False, dim_order=None)
def : CopyOp<"torch.ops.dim_order_ops._clone_dim_order", "default", Clone,
             "torch.ops.aten.clone.default", "self", ["non_blocking"], true>;
// aten._to_copy(self, *, dtype, layout, device, pin_memory,
//               non_blocking=False, memory_format=None)
def : CopyOp<"torch.ops.aten._to_copy", "default", ToCopy, ToDimOrderCopy,
             "self",
             ["dtype", "layout", "device", "pin_memory", "non_blocking"],
             false>;
// _to_dim_order_copy(self, *, dtype, layout, device, pin_memory,
//                    non_blocking=False, dim_order=None)
def : CopyOp<"torch.ops.dim_order_ops._to_dim_order_copy", "default", ToCopy,
             "torch.ops.aten._to_copy.default", "self",
             ["dtype", "layout", "device", "pin_memory", "non_blocking"],
             true>;
// aten.empty.memory_format(size, *, dtype, layout, device, pin_memory,
//                          memory_format=None)
def : CopyOp<"torch.ops.aten.empty", "memory_format", Empty, EmptyDimOrder,
             "size", ["dtype", "layout", "device", "pin_memory"], false>;
// _empty_dim_order(size, *, dtype, layout, device, pin_memory,
//                  dim_order=None)
def : CopyOp<"torch.ops.dim_order_ops._empty_dim_order", "default", Empty,
             "torch.ops.aten.empty.memory_format", "size",
             ["dtype", "layout", "device", "pin_memory"], true>;

//===----------------------------------------------------------------------===//
// F1, F2: the dequantize ops the q4 folds match, and the consumers (any
// overload) whose weight argument a folded weight may feed.
//===----------------------------------------------------------------------===//

// torchao::dequantize_gguf(Tensor weight, str ggml_type,
//                          ScalarType output_dtype)
def : OpFact<"torch.ops.torchao.dequantize_gguf", "default"> {
  let Dequantize = Gguf;
  let Signature = ["weight", "ggml_type", "output_dtype"];
}
// torchao::dequantize_affine(input, block_size, scale, zero_point,
//                            input_dtype, quant_min, quant_max, *,
//                            output_dtype)
def : OpFact<"torch.ops.torchao.dequantize_affine", "default"> {
  let Dequantize = Affine;
  let Signature = ["input", "block_size", "scale", "zero_point", "input_dtype",
                   "quant_min", "quant_max", "output_dtype"];
}
// native::rope(Tensor input, Tensor position_ids, Tensor inv_freq,
//              bool interleaved=False, float attention_scale=1.0) -> Tensor:
// the native backend's fused rotary embedding, as its export pipeline's
// FuseRoPEPass writes it. Pure: the output is new storage, nothing written.
def : OpFact<"torch.ops.native.rope", "default"> {
  let AliasingKnown = true;
  let Signature = ["input", "position_ids", "inv_freq", "interleaved",
                   "attention_scale"];
}
// aten::linear(Tensor input, Tensor weight, Tensor? bias=None)
def : AtenOp<"linear", ""> {
  let Signature = ["input", "weight", "bias"];
  let QuantizedWeightArg = "weight";
}
// aten::embedding(Tensor weight, Tensor indices, SymInt padding_idx=-1,
//                 bool scale_grad_by_freq=False, bool sparse=False)
def : AtenOp<"embedding", ""> {
  let Signature = ["weight", "indices", "padding_idx", "scale_grad_by_freq",
                   "sparse"];
  let QuantizedWeightArg = "weight";
}

//===----------------------------------------------------------------------===//
// The generated table (ng::detail::OpFactRecord, lib/Dialect/OpFacts.cpp).
//===----------------------------------------------------------------------===//

def OpFactTable : GenericTable {
  let FilterClass = "OpFact";
  let CppTypeName = "OpFactRecord";
  let Fields = ["Packet", "Overload", "Target", "AliasingKnown", "AliasedArg",
                "View", "MutatedArgs", "Layout", "LayoutArgs", "Random",
                "SideEffecting",
                "NeedsContiguousInput", "Copy", "DimOrderForm",
                "CopyCounterpart", "CopyFirstArg", "CopyMiddleArgs",
                "Dequantize", "SignatureArgs", "QuantizedWeightArg",
                "InPlaceForm", "Assertion", "Scalar"];
  string TypeOf_View = "code";
  string TypeOf_Layout = "code";
  string TypeOf_Copy = "code";
  string TypeOf_Dequantize = "code";
  string TypeOf_Assertion = "code";
  string TypeOf_Scalar = "code";
}

#endif // NG_DIALECT_OPFACTS_TD
