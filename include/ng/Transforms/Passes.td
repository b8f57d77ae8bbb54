//===- Passes.td - ng passes -------------------------------*- tablegen -*-===//

#ifndef NG_TRANSFORMS_PASSES_TD
#define NG_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

// Pass names: every ng pass is `ng-<what it does>`, so ng's passes never
// collide with upstream ones and read as ng's in a pipeline. A pass anchors
// on `ng::MethodOp` when it works one method at a time (it nests under
// `builtin.module(ng.method(...))`, and MLIR runs the methods in parallel);
// on the module only when it needs the whole program, said in its
// description. Old spellings stay for one release as deprecated aliases
// (lib/Transforms/PassAliases.cpp); docs/Tools.md has the policy.
//
// A description says what the pass does, by the kind of op it acts on (a
// view, an assertion, a dequantize op); which targets are of that kind is
// an op fact, listed in include/ng/Dialect/OpFacts.td alone and explained in
// docs/OpFacts.md, so a description never restates a list of targets.

def PrintSummary : Pass<"ng-print-summary", "mlir::ModuleOp"> {
  let summary = "Print what each method holds: nodes, inputs, constants, "
                "mutable buffers, outputs";
  let description = [{
    Prints one block per `ng.method` to stdout (the IR itself is left
    unchanged and still goes to `-o`):

    ```
    program: version 1.0, 1 method
    method 'forward': 12 nodes (4 placeholders, 7 calls, 1 output), ...
    ```

    Handy after `ng-translate --from-native-graph` to see what a file holds:
    `ng-translate --from-native-graph m.nptg | ng-opt --ng-print-summary -o /dev/null`.

    Anchored on the module: it is one report for the whole program (the
    method count first, then each method in program order), which methods
    run in parallel would print interleaved.
  }];
}

def Report : Pass<"ng-report", "mlir::ModuleOp"> {
  let summary = "Report what a runtime needs for each method: signature, "
                "kernels, weight and state bytes, activation memory";
  let description = [{
    Writes, per `ng.method`, to stderr (or to `output=FILE`), never to
    standard output, where the IR goes:

    * its I/O signature: every user input and user output, with its dtype,
      sizes (dynamic dims as ranges) and dim order;
    * the targets it calls, with how often, each a `kernel`, a `view` (its
      output aliases an argument it does not write, by the op facts,
      docs/OpFacts.md) or a `metadata` op (it makes no tensor); subgraphs'
      calls included;
    * its weights: the bytes of its constants by role, by dtype and
      quantization scheme, and the largest constants (what makes the
      program large); the bytes are the data's when the program carries it
      (`ng.data`), else what the metadata implies (unknown for a packed
      codec);
    * its dynamic dims: how many values have one, with their ranges;
    * its mutable state: mutable buffers and mutated buffers, their bytes,
      the nodes that write them, and outputs that write back
      (buffer_mutation, user_input_mutation);
    * its activation memory: the tensors its calls make, each live from its
      node to its last use (through views and in-place writes), placed by
      greedy first-fit as a memory planner would: the plan's peak, and the
      most bytes live at once with the node where that is; with dynamic
      dims, at their min and at their max (a tensor with an unbounded dim
      has no size at the max).

    ```
    ng-translate --from-native-graph m.ptn --emit-bytecode |
      ng-opt --ng-report -o /dev/null
    ng-opt --ng-report='json=true output=report.json' m.mlir -o m.mlir
    ```

    `json=true` writes the same as one JSON object (docs/Visualize.md has
    its fields). The IR is unchanged.

    Anchored on the module: one report for the whole program, in program
    order.
  }];
  let options = [
    Option<"json", "json", "bool", /*default=*/"false",
           "Write the report as JSON, for machines">,
    Option<"outputFile", "output", "std::string", /*default=*/"\"\"",
           "Write the report to this file instead of stderr">,
    Option<"largest", "largest", "unsigned", /*default=*/"10",
           "How many of the largest constants to list">
  ];
}

def PruneConstants : Pass<"ng-prune-constants", "mlir::ModuleOp"> {
  let summary = "Remove constant placeholders nothing reads, and the data "
                "no method binds any more";
  let description = [{
    A constant placeholder (a lifted parameter, buffer or constant tensor)
    that no node reads, that the method's output does not write back (A3)
    and whose key no quantization metadata in its method names (an
    AffineGroup scale or zero point, V15) is removed from its method. Then
    every `ng.data` entry whose key no placeholder of any method binds any
    more is dropped, so the exported package no longer ships it: a key
    another method still reads keeps its data (methods share data by key,
    S9). User inputs, mutable buffers and constants marked `mutated` are
    never removed: they are the method's calling convention and state.

    ```mlir
    // before: %unused is bound to "old.weight", which nothing reads
    ng.method @forward(%unused: !ng.tensor<f32[4]> = parameter "old.weight",
                       %x: !ng.tensor<f32[4]>) -> ... {
    // after: the placeholder and the data under "old.weight" are gone
    ng.method @forward(%x: !ng.tensor<f32[4]>) -> ... {
    ```

    Passes leave such constants behind (a fold that makes a dequantize's
    weight unread, a rewrite that drops the last reader). Anchored on the
    module: whether data is still needed is a question about every method.
  }];
  let options = [
    Option<"report", "report", "bool", /*default=*/"false",
           "Emit a remark for each removed placeholder and data entry">
  ];
}

def MaterializeData : Pass<"ng-materialize-data", "mlir::ModuleOp"> {
  let summary = "Store the bytes of data entries that are produced when "
                "read (#ng.int4_packing) in resources of their own";
  let description = [{
    The torchao q4 fold leaves each weight's data as
    `#ng.int4_packing<dense_resource<w> : tensor<R x C x i8>>`: the int8
    source, packed (F5) wherever it is read, so that export streams the
    packed bytes straight into the package and a folded model is never held
    packed in memory. This pass packs each such entry into a new resource
    of type `tensor<R x C/2 x ui8>` under the same key, as the fold did
    before it deferred the packing: for a bytecode or text file that must
    hold the packed bytes themselves, or to look at them. It allocates the
    packed weights, so it is not part of any pipeline. Exported packages
    are the same bytes with or without it.

    A source value outside [-8, 7] (only hand-written IR can have one: the
    fold checks) is an error naming the key.
  }];
}

def DedupConstants : Pass<"ng-dedup-constants", "mlir::ModuleOp"> {
  let summary = "Store byte-identical constant data once; the other keys "
                "become aliases.json entries (FORMAT.md C1)";
  let description = [{
    Data entries of `ng.data` with the same dtype, shape and bytes are bound
    to one stored copy: the first key (in key order) keeps it, and the
    others share it, which export writes as `aliases.json` entries
    `{duplicate_key: owner_key}` in the `.ptn` package (C1). Placeholders
    keep their own keys, so the graph does not change; only the package
    gets smaller.

    Never merged: data that any method writes (a buffer updated in place or
    written back, a NamedTensorRef marked `mutated`, docs/Aliasing.md), with
    anything, since two tensors of state that start equal are still two
    tensors. Entries that already share their bytes stay as they are.

    Needs the program's data (`ng.data`: a `.ptn` import, or
    `ng-translate --constants`); without it the pass changes nothing. It
    reads every byte once (a 64-bit hash per entry, then a byte comparison
    of entries whose hashes match). Anchored on the module: data is the
    program's.
  }];
  let options = [
    Option<"report", "report", "bool", /*default=*/"false",
           "Emit a remark for each key bound to another key's data">
  ];
}

def FoldQ4Weights : Pass<"ng-fold-q4-weights", "mlir::ModuleOp"> {
  let summary = "Fold GGUF and torchao q4 weight dequantization into the "
                "weights (FORMAT.md F1-F6)";
  let description = [{
    Does what ExecuTorch's reference serializer does while writing: a weight
    that is only ever dequantized to be read as a linear/embedding weight is
    stored packed, and the dequantize node disappears.

    * `gguf` (F1, F6): the GGUF dequantize of a constant: the weight becomes
      BYTE with the dequantized (logical) shape and
      `#ng.packed<"gguf:<ggml_type>">`; every reference to the dequantized
      value reads the weight instead. The packed bytes do not change. For a
      ggml type with a known block size the weight's raw shape
      `(N, row_bytes)` is checked against the logical one.
    * `torchao` (F2-F5): the torchao affine dequantize of an int8 constant
      with range [-8, 7] and block size `[1, g]`, read only as the weight of
      a consumer that takes a folded weight, exactly once per reader: the
      weight becomes BYTE with `#ng.affine_group<...>` (scale and zero point
      stay as their own constants) and its data is repacked two values per
      byte (even element in the low nibble). A weight is folded only when
      every reader is such a dequantize with identical parameters (F3);
      anything else is left exactly as it was.

    Which targets are dequantize ops, their argument order, and which
    consumers take a folded weight are op facts (docs/OpFacts.md).

    The torchao fold rewrites bytes, so it needs the constant data: import
    from a `.ptn` package, or pass `--constants=FILE.safetensors` to
    `ng-translate`. A weight that qualifies but has no data, an odd inner
    dimension, or values outside [-8, 7] is an error naming the constant.
    Folding an already folded program changes nothing.

    Anchored on the module: constant data is the program's, not a method's.
    Methods that bind the same data key share its bytes (S9), so a key is
    repacked once for all of them, the repacked bytes replace the module's
    `ng.data` in one update, and every method that binds a folded key must
    read it folded.

    The old name `--fold-q4-weights` is a deprecated alias.
  }];
  let options = [
    // The values (gguf, torchao) are in llvm::cl::parser<ng::Q4Format>
    // (Passes.h): a ListOption's elements do not see `cl::values`.
    ListOption<"formats", "formats", "::ng::Q4Format",
               "Which folds to run: gguf, torchao (default: both)">,
    Option<"report", "report", "bool", /*default=*/"false",
           "Emit a remark for each folded weight">
  ];
}

def LegalizeDimOrder : Pass<"ng-legalize-dim-order", "::ng::MethodOp"> {
  let summary = "Make every memory layout explicit, valid and runtime-ready "
                "(FORMAT.md D1-D5)";
  let description = [{
    ExecuTorch describes layouts by dim order (FORMAT.md D1-D5). This pass
    runs four steps over every graph (each method body and, separately, each
    subgraph of an `ng.call`):

    1. validate every `dim_order` (a permutation of the rank, V8) and every
       `dim_order` argument of a dim-order op; errors name the value;
    2. canonicalize: orders that differ only in where size-1 dims sit become
       one (D3: the other dims keep their relative order, each size-1 dim
       goes where the identity would put it), and contiguous is spelled per
       `contiguous=` (packed weights keep theirs);
    3. rewrite the aten copy ops that take a `memory_format` (clone,
       `_to_copy`, empty) into their `dim_order_ops` forms with the D4
       signatures and an explicit `dim_order` (D2; preserve_format and a
       `none` format on the copies take the input's order, `none` on empty
       is contiguous); `reverse=true` maps back and fails on an order with
       no memory_format;
    4. give every op that reads its input linearly (D5, and the targets of
       `contiguous-ops=`) a contiguous input, inserting a named contiguous
       copy (`<input>_contiguous`) before the first such reader.

    Which targets are copy ops (and their other forms), and which read
    their input linearly, are op facts (docs/OpFacts.md).

    Before:

    ```mlir
    %v = ng.call "torch.ops.aten.view_copy.default"(self: %x, size: [1, 192])
        : (!ng.tensor<f32[1, 3, 8, 8], dim_order = [0, 2, 3, 1]>) -> !ng.tensor<f32[1, 192]>
    ```

    After:

    ```mlir
    %x_contiguous = ng.call "torch.ops.dim_order_ops._clone_dim_order.default"(self: %x, non_blocking: false, dim_order: [0, 1, 2, 3])
        : (!ng.tensor<f32[1, 3, 8, 8], dim_order = [0, 2, 3, 1]>) -> !ng.tensor<f32[1, 3, 8, 8]>
    %v = ng.call "torch.ops.aten.view_copy.default"(self: %x_contiguous, size: [1, 192])
        : (!ng.tensor<f32[1, 3, 8, 8]>) -> !ng.tensor<f32[1, 192]>
    ```

    Afterwards the program verifies and a second run changes nothing.
    Copies whose layout ng cannot know (no tensor metadata) are left alone.
    Details, guarantees and design choices: docs/DimOrder.md.

    Anchored on `ng.method`: layouts are per value, and a method's graphs
    are all it reads and writes.

    The old name `--legalize-dim-order` is a deprecated alias.
  }];
  let options = [
    Option<"contiguousSpelling", "contiguous", "::ng::ContiguousSpelling",
           /*default=*/"::ng::ContiguousSpelling::Identity",
           "How contiguous dim orders are spelled: identity or empty",
           [{::llvm::cl::values(
             clEnumValN(::ng::ContiguousSpelling::Identity, "identity",
                        "[0..n-1], what the reference serializer writes"),
             clEnumValN(::ng::ContiguousSpelling::Empty, "empty",
                        "[] (D1: empty means contiguous)"))}]>,
    Option<"reverse", "reverse", "bool", /*default=*/"false",
           "Rewrite dim_order_ops back to aten ops with memory_format "
           "(fails on an order that has no memory_format)">,
    ListOption<"contiguousOps", "contiguous-ops", "std::string",
               "More targets that need a contiguous input (D5), in addition "
               "to the built-in list">
  ];
}

def InferAliases : Pass<"ng-infer-aliases", "::ng::MethodOp"> {
  let summary = "Fill in alias_of and mutated for known aten ops (FORMAT.md "
                "A1, A2)";
  let description = [{
    A program that comes without aliasing facts (a hand-written one, or one
    from a writer that dropped them) gets them from ng's table of known aten
    ops (the op facts, docs/OpFacts.md): a view's output aliases the
    argument it views (A2); an in-place op writes its argument (`mut`) and
    its output aliases it; the `*_copy` variants of the views alias
    nothing.

    ```mlir
    // before
    %t = ng.call "torch.ops.aten.transpose.int"(self: %x, dim0: 0, dim1: 1) : ...
    %a = ng.call "torch.ops.aten.add_.Tensor"(self: %t, other: %y, alpha: 1) : ...
    // after
    %t = ng.call "torch.ops.aten.transpose.int"(self: %x, dim0: 0, dim1: 1) : ... aliases %x
    %a = ng.call "torch.ops.aten.add_.Tensor"(self: mut %t, other: %y, alpha: 1) : ... aliases %t
    ```

    Facts the program has are kept. Where they contradict the table (an
    alias on a `*_copy` op, an output aliasing another argument, a written
    argument the op does not write) the pass warns and keeps the program's.
    Unknown targets are left alone. Filling in `mut` can reveal a write to a
    parameter or constant, which the verifier then rejects (V13).

    Anchored on `ng.method`: each call is looked up on its own.
  }];
}

def CollapseViewCopy : Pass<"ng-collapse-view-copy", "::ng::MethodOp"> {
  let summary = "Collapse chains of aten.view_copy into one, and drop a chain "
                "that gives its input's sizes back";
  let description = [{
    ExecuTorch's native backend's first pass (upstream CollapseViewCopyPass):
    only a chain's last sizes matter, so

    ```mlir
    %a = ng.call "torch.ops.aten.view_copy.default"(self: %x, size: [6, 4]) : (!ng.tensor<f32[2, 3, 4]>) -> !ng.tensor<f32[6, 4]>
    %b = ng.call "torch.ops.aten.view_copy.default"(self: %a, size: [24]) : (!ng.tensor<f32[6, 4]>) -> !ng.tensor<f32[24]>
    ```

    becomes `%b = view_copy(%x, [24])`, and `%a` is gone. The inner
    view_copy must have no other use. When the chain gives back `%x`'s
    type (static sizes, dtype, dim order, quantization: a view_copy makes a
    contiguous tensor, so a non-contiguous `%x` is never given back), its
    last result is replaced by `%x` and the chain disappears.

    A copy is a snapshot; the rewrite makes later readers read `%x`, so it
    is refused where that would change what they see (the storage analysis,
    following every alias and view, FORMAT.md A1-A3):

    * not collapsed when `%x`'s storage is written between the two
      view_copies;
    * not dropped when `%x`'s storage is written while the result is still
      read (a write before the chain, or the OUTPUT node's write-back after
      every reader, is fine), when the result is written in place, itself or
      through a view (the write would land in `%x`), when the result or a
      view of it feeds an OUTPUT node (`%x` would be returned in its place:
      a user input, or one tensor twice), or when it is handed to a call
      with subgraphs (what that returns is not followed);
    * storage whose writes ng cannot place (a subgraph input of a subgraph
      that writes an input, a higher-order op's output) counts as written
      throughout;
    * a view_copy with alias_of or a `mut` argument is left alone (A2: the
      functional op aliases and writes nothing).

    Subgraphs are rewritten like method bodies. Running the pass twice
    changes nothing the second time. docs/NativePasses.md shows each
    refusal and its test.

    `report=true` emits a remark for each rewrite and each refusal.

    Anchored on `ng.method`: each method's storage is its own.
  }];
  let options = [
    Option<"report", "report", "bool", /*default=*/"false",
           "Emit a remark for each collapsed or dropped chain and each "
           "refusal">
  ];
}

def ReplaceCopyWithAlias : Pass<"ng-replace-copy-with-alias",
                                "::ng::MethodOp"> {
  let summary = "Turn aten `<view>_copy` ops into the views they copy, where "
                "nothing can tell the difference";
  let description = [{
    ExecuTorch functionalizes views into `_copy` ops; its native runtime runs
    true views, so the native backend turns them back (upstream
    ReplaceCopyWithAliasPass): `aten.<view>_copy.<overload>` becomes
    `aten.<view>.<overload>` when the op facts list that view with its
    first argument aliased and not written (`Tensor(a) self`: never
    `_to_copy`, which is a cast), and its output aliases `self` (alias_of,
    A1, A2), so the exporter writes what the backend expects:

    ```mlir
    %p = ng.call "torch.ops.aten.permute_copy.default"(self: %x, dims: [1, 0]) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[3, 2]>
    // becomes
    %p = ng.call "torch.ops.aten.permute.default"(self: %x, dims: [1, 0]) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[3, 2], dim_order = [1, 0]> aliases %x
    ```

    The result's dim order becomes the view's (D1, D3; the layout rule of
    the view in the op facts, sizes from the recorded output). Refused,
    leaving the copy:

    * views with several outputs, and views whose layout no dim order
      expresses (a slice with gaps, a broadcast) or ng cannot tell (the op
      facts give such a view no layout rule, docs/OpFacts.md);
    * a result that feeds an OUTPUT node, itself or through a view (the
      caller may reuse an output's buffer);
    * a result written in place, itself or through a view (the write would
      land in the source);
    * a source written, through any alias or view, while the result is
      still read (a copy is a snapshot, a view is not); a source that may be
      written from where ng cannot place the write (a subgraph input, a
      higher-order op's output or argument) counts as written throughout;
    * a result handed to a call with subgraphs (what it returns is not
      followed), or to an op that is not an ng.call;
    * a result whose layout changes (a permute) and that is viewed, or read
      by an op that needs a contiguous input (D5).

    Subgraphs are rewritten like method bodies. Running the pass twice
    changes nothing the second time. docs/NativePasses.md shows each
    refusal and its test.

    `report=true` emits a remark for each rewrite and each refusal.

    Anchored on `ng.method`: each method's storage is its own.
  }];
  let options = [
    Option<"report", "report", "bool", /*default=*/"false",
           "Emit a remark for each copy turned into a view and each "
           "refusal">
  ];
}

def Reinplace : Pass<"ng-reinplace", "::ng::MethodOp"> {
  let summary = "Rewrite functional ops into their in-place forms where "
                "nothing else needs the input (FORMAT.md A1, A3, V13)";
  let description = [{
    What ExecuTorch's native backend does before it serializes a graph
    (upstream `NativeReinplacePass`): a functional op whose op facts name an
    in-place form (docs/OpFacts.md) writes its result into `self` instead
    of new storage. The call is retargeted to the `_` form,
    `self` is marked `mut` and the output aliases it (A1):

    ```mlir
    // before
    %r = ng.call "torch.ops.aten.relu.default"(self: %a) : (!T) -> !T
    // after
    %r = ng.call "torch.ops.aten.relu_.default"(self: mut %a) : (!T) -> !T aliases %a
    ```

    A call is rewritten only when that is provably safe; the storage
    questions follow every alias and view, in subgraphs too
    (`ng/Analysis/StorageAnalysis.h`, `StorageLiveness.h`):

    * nothing touches `self`'s storage after the call (program order, the
      nodes of a subgraph where their node stands) except through the
      call's result: no later read or write of `self`, of a view of it, of
      an output of a node with subgraphs that was handed it, no OUTPUT node
      returning it, and no write-back into it (A3) of anything but the
      result (or what later rewrites make of it);
    * no other argument of the call may be that storage (`values` of an
      `index_put` viewing `self`): the in-place op would read what it
      writes;
    * `self` has the result's dtype, sizes (a dynamic dim: the same range)
      and layout;
    * `self`'s storage is new (made in the graph), or a placeholder the
      method writes back: a user input with a `user_input_mutation` or a
      buffer / mutable buffer with a `buffer_mutation` (A3). Never a
      parameter or constant (V13), a plain user input or a buffer the method
      does not write back (the caller's data), a subgraph input, or the
      output of a node with subgraphs.

    Calls are decided from the last to the first, so of two functional
    readers of one tensor the later is rewritten, and a chain
    (`sigmoid(relu(b))` written back to `b`) is rewritten whole. Each call is
    decided in O(its operands) from one walk over the method, and a second
    run changes nothing. `report=true` emits a remark for each call
    rewritten and for each candidate kept, with the reason. docs/NativePasses.md
    has the tests that show each refusal.

    Anchored on `ng.method`: storage is per method (methods never run
    together).
  }];
  let options = [
    Option<"report", "report", "bool", /*default=*/"false",
           "Emit a remark for each call rewritten and each one kept, with "
           "the reason">
  ];
}

def RemoveRuntimeAsserts : Pass<"ng-remove-runtime-asserts",
                                 "::ng::MethodOp"> {
  let summary = "Drop the runtime assertions torch.export leaves that the "
                "types prove (FORMAT.md S8)";
  let description = [{
    ExecuTorch strips the assertion nodes of a graph before it serializes
    it (upstream's pass drops them all, whatever they check); ng drops the
    ones it can prove true and keeps the rest. Which targets are
    assertions, what each checks and its argument order are op facts
    (docs/OpFacts.md). By what it checks:

    * tensor metadata: always dropped, the tensor's type carries its dtype
      and sizes;
    * a scalar: dropped when it is known true, the literal `true` or a
      comparison that the ranges of its operands decide;
    * a SymInt's range `[min, max]`: dropped when `min <= max` and the
      range of the SymInt lies in it (`none`: unbounded); the `_for_size`
      form the same with `min` defaulting to 0, and kept whenever
      `max <= 2` (it fails then).

    The range of a symbolic int is what ng IR records of it
    (`ng/Analysis/ScalarRanges.h`): a literal, a dim's size (its DimRange,
    S8), and the scalar functions the op facts know of those. An unbacked
    int, a comparison of something unbounded, `false`, or anything else ng
    cannot evaluate keeps its assertion, as does an assertion on a
    tensor's data.

    ```mlir
    // before: %x is f32[2, 1:64]
    %s = ng.call "torch.ops.aten.sym_size.int"(self: %x, dim: 1) : (...) -> i64
    %ok = ng.call "_operator.ge"(%s, 1) : (i64) -> i1
    ng.call "torch.ops.aten._assert_scalar.default"(self: %ok, assert_msg: "s >= 1") : (i1) -> ()
    // after: all three gone (the comparison and the size had no other use)
    ```

    A dropped assertion's operands that nothing else uses and that have no
    effects (the comparison, the `sym_size`) go with it. Assertions in
    subgraphs are treated alike. A second run changes nothing.
    `report=true` emits a remark for each assertion dropped or kept, with
    the reason.

    Anchored on `ng.method`: each assertion is decided on its own graph.
  }];
  let options = [
    Option<"report", "report", "bool", /*default=*/"false",
           "Emit a remark for each assertion dropped or kept, with the "
           "reason">
  ];
}

def FuseRope : Pass<"ng-fuse-rope", "::ng::MethodOp"> {
  let summary = "Fuse HuggingFace's decomposed rotary embedding into "
                "native.rope";
  let description = [{
    The native backend's FuseRoPEPass: torch.export decomposes
    HuggingFace's rotary embedding (`LlamaRotaryEmbedding.forward`,
    `apply_rotary_pos_emb`) into some twenty ops per query or key,

    ```
    freqs = transpose(inv_freq[None, :, None] @ float(position_ids[:, None, :]), 1, 2)
    phase = cat([freqs, freqs], -1)
    cos   = unsqueeze(cast?(cos(phase) * attention_scale?), 1)     (sin likewise)
    out   = x * cos + cat([-x[..., d/2:], x[..., :d/2]], -1) * sin
    ```

    and this pass turns each apply into one
    `torch.ops.native.rope.default(input: x, position_ids, inv_freq,
    interleaved: false, attention_scale)`, which computes the same numbers
    (bit for bit on f32, `ng-run --compare`). The functional (`*_copy`) and
    view forms match alike, as do either operand order of the add and the
    muls, a batch-1 or batch-B `position_ids`, `matmul` or `bmm`,
    `transpose(1, 2)` or `permute([0, 2, 1])`, and partial rotary (the
    apply on `x[..., :r]`, concatenated with the rest: the slice becomes
    native.rope's input). The decomposition dies with it; tables and
    frequencies that other applies read (q and k, other layers) stay while
    read.

    Refused, with a `report=true` remark naming the node and the reason:
    halves split anywhere but `head_dim / 2`, a cat or slice off the last
    dim, cos and sin of different phases or scales, a phase that is not
    f32 or not `cat([f, f])`, an intermediate of the apply with other
    uses, shapes the types do not prove (`x` 4-D floating with a static even
    `head_dim`, `inv_freq` f32 `[head_dim / 2]`, `position_ids` integer
    `[1 or batch, seq]`), an f64 input, and inputs written in place.
    docs/NativePasses.md shows each with its test.
  }];
  let options = [
    Option<"report", "report", "bool", /*default=*/"false",
           "Emit a remark for each fused rotary embedding and each refusal">
  ];
}

def FuseRmsNorm : Pass<"ng-fuse-rms-norm", "::ng::MethodOp"> {
  let summary = "Fuse an exported RMSNorm into aten.rms_norm";
  let description = [{
    The native runtime lowers RMSNorm into a fused kernel when it loads a
    program; this pass writes it as one op ahead of time. The decomposition
    torch.export makes of HuggingFace's LlamaRMSNorm and Meta's RMSNorm,

    ```
    x32 = cast?(x, f32)
    out = cast?(x32 * rsqrt(mean(pow(x32, 2), [-1], keepdim=True) + eps)) * w
    ```

    (either operand order of each mul) becomes
    `aten.rms_norm.default(input: x, normalized_shape: [D], weight: w,
    eps: eps)`. Refused, with a `report=true` remark naming the node and the
    reason: an intermediate with other uses, a mean over another dim or
    without keepdim, a weight that is not `[D]`, an upcast to another type
    than f32, a non-floating input or one without a static last dim, and
    an input or weight written in place. PyTorch's `rms_norm` is this
    decomposition (ATen's composite), so the fused program computes the
    same bits. Opt-in: not in `--ng-prepare-native`.
  }];
  let options = [
    Option<"report", "report", "bool", /*default=*/"false",
           "Emit a remark for each fused RMSNorm and each refusal">
  ];
}

def FuseSdpa : Pass<"ng-fuse-sdpa", "::ng::MethodOp"> {
  let summary = "Fuse exported attention into "
                "aten.scaled_dot_product_attention";
  let description = [{
    The decomposition torch.export writes for eager attention
    (HuggingFace's `eager_attention_forward`, a hand-written
    `softmax(q @ k.transpose(-2, -1) / sqrt(d)) @ v`),

    ```
    scores = (q @ transpose(k, -2, -1)) * scale      (or / divisor, or neither)
    p      = cast?(softmax(cast?(scores + mask?, f32), -1))
    out    = p @ v
    ```

    becomes `aten.scaled_dot_product_attention.default(query: q, key: k,
    value: v, attn_mask: mask or none, dropout_p: 0.0, is_causal, scale)`.
    `matmul` or `bmm`, `transpose` or `permute` of k, `mul` by a scalar or
    `div` by one, `_softmax` (half_to_float false) or `softmax.int`, the
    `*_copy` and view forms match alike. A mask the IR proves causal
    (`triu(full([L, S], -inf), 1)`, `where(tril(ones([L, S])), 0, -inf)`)
    becomes `is_causal: true` and no mask; any other mask that broadcasts
    to the scores stays `attn_mask`.

    Refused, with a `report=true` remark naming the node and the reason:
    a softmax over another dim or with half_to_float, an intermediate with
    other uses, a scale that is not a literal scalar, shapes that are not
    q `[.., L, E]`, k `[.., S, E]`, v `[.., S, Ev]` of one dtype, a mask
    that would broadcast the scores, a non-floating input, and q, k or a
    mask written between their read and the last matmul. PyTorch's math
    path computes the same function with other roundings: the results
    agree within float rounding (1e-5 relative on f32, `ng-run --compare
    --rtol`). Opt-in: not in `--ng-prepare-native`.
  }];
  let options = [
    Option<"report", "report", "bool", /*default=*/"false",
           "Emit a remark for each fused attention and each refusal">
  ];
}

def CheckRuntime : Pass<"ng-check-runtime", "mlir::ModuleOp"> {
  let summary = "Report what the native runtime would refuse to load or "
                "cannot run, per method and node";
  let description = [{
    ng reads and writes programs the native runtime's loader does not take
    (docs/Security.md, "The native runtime's loader"). This pass says, for
    the program as it would be written, what a runtime would refuse:

    * `static-shapes=true` (the default): each placeholder and node output
      with a dynamic dim (some runtime versions take static shapes only);
    * the flatbuffers Verifier's default limits, which the loader uses: a
      table nesting depth of 64 (about 11 nested `cond`s) and 1,000,000
      tables (a program of about 140k nodes), measured on the program's
      bytes as the export writes them;
    * a value the OUTPUT node references that `Graph.outputs` does not list
      (S7 lists tensors only; the loader wants every referenced value);
    * targets no operator schema knows (`ng/Dialect/OpSchemas.h`): kernels
      a runtime may not have, once per target (an argument whose name or
      kind contradicts a known schema is the verifier's to refuse);
    * constants without data (an `.nptg` read without `--constants`): how
      many, per method, and the first.

    Findings are errors (the pass fails) by default; `warn=true` makes them
    warnings. The IR is not changed. Not part of `--ng-prepare-native`: run
    it last, on what you are about to ship
    (`ng-opt m.mlir --ng-prepare-native --ng-check-runtime -o m.mlir`).

    Anchored on the module: the Verifier's limits are the whole program's.
  }];
  let options = [
    Option<"staticShapes", "static-shapes", "bool", /*default=*/"true",
           "Report dynamic dims (a runtime that takes static shapes only)">,
    Option<"warn", "warn", "bool", /*default=*/"false",
           "Report findings as warnings, and succeed">
  ];
}

#endif // NG_TRANSFORMS_PASSES_TD
