//===- NgAttrs.td - ng attributes --------------------------*- tablegen -*-===//
//
// Attributes that carry the wire's non-SSA facts: argument descriptors,
// constant bindings, output specs and quantization schemes.
//
//===----------------------------------------------------------------------===//

#ifndef NG_DIALECT_NGATTRS_TD
#define NG_DIALECT_NGATTRS_TD

include "ng/Dialect/NgDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"

//===----------------------------------------------------------------------===//
// Enums (values equal the wire's, W3: static_asserts against the generated
// schema hold them so, lib/Target/NativeGraph/WireEnums.h)
//===----------------------------------------------------------------------===//

def Ng_InputKind : I32EnumAttr<"InputKind", "NamedTensorRef.kind", [
    I32EnumAttrCase<"UserInput", 0, "user_input">,
    I32EnumAttrCase<"Parameter", 1, "parameter">,
    I32EnumAttrCase<"Buffer", 2, "buffer">,
    I32EnumAttrCase<"ConstantTensor", 3, "constant">]> {
  let cppNamespace = "::ng";
  let genSpecializedAttr = 0;
}

def Ng_OutputKind : I32EnumAttr<"OutputKind", "OutputSpec.kind", [
    I32EnumAttrCase<"UserOutput", 0, "user_output">,
    I32EnumAttrCase<"BufferMutation", 1, "buffer_mutation">,
    I32EnumAttrCase<"UserInputMutation", 2, "user_input_mutation">]> {
  let cppNamespace = "::ng";
  let genSpecializedAttr = 0;
}

// The 13 ArgumentValue union members, with their wire tags.
def Ng_ArgKind : I32EnumAttr<"ArgKind", "ArgumentValue variant", [
    I32EnumAttrCase<"Tensor", 1, "tensor">,
    I32EnumAttrCase<"None", 2, "none">,
    I32EnumAttrCase<"Int", 3, "int">,
    I32EnumAttrCase<"Float", 4, "float">,
    I32EnumAttrCase<"Bool", 5, "bool">,
    I32EnumAttrCase<"String", 6, "string">,
    I32EnumAttrCase<"ScalarType", 7, "scalar_type">,
    I32EnumAttrCase<"IntList", 8, "int_list">,
    I32EnumAttrCase<"FloatList", 9, "float_list">,
    I32EnumAttrCase<"BoolList", 10, "bool_list">,
    I32EnumAttrCase<"TensorList", 11, "tensor_list">,
    I32EnumAttrCase<"OptionalTensorList", 12, "optional_tensor_list">,
    I32EnumAttrCase<"Graph", 13, "graph">]> {
  let cppNamespace = "::ng";
  let genSpecializedAttr = 0;
}

class Ng_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<Ng_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

//===----------------------------------------------------------------------===//
// Argument descriptor
//===----------------------------------------------------------------------===//

def Ng_ArgAttr : Ng_Attr<"Arg", "arg"> {
  let summary = "one NamedArgument of a node";
  let description = [{
    Describes one NamedArgument of an `ng.call` or `ng.output`; the SSA values
    it references are the op's operands, consumed in argument order. The
    custom assembly of those ops prints these inline (`alpha: 1`); this
    attribute's own syntax appears only in the generic form.

    - `name`: the schema parameter name; absent for positional arguments.
    - `kind`: the ArgumentValue variant (wire tag).
    - `mutated`: the op writes this argument in place (`Tensor(a!)`).
    - `value`: the literal part: IntegerAttr (int), FloatAttr (float),
      BoolAttr (bool), StringAttr (string, and the graph's label), TypeAttr
      (scalar_type), DenseI64ArrayAttr (int_list, with 0 in referenced slots),
      DenseF64ArrayAttr (float_list), DenseBoolArrayAttr (bool_list). Absent
      for a scalar that references a value (`ref`), and for tensor/none.
    - `mask`: for int_list, whether `refs` is present and which slots are
      references (one operand each); for tensor_list / optional_tensor_list,
      which slots hold a value (one operand each; `has_value`).

    Operands consumed: tensor 1; int/float/bool 1 when `value` is absent;
    lists one per set `mask` bit; everything else 0. A graph argument is the
    next region of the op.
  }];
  let parameters = (ins
    "::ng::ArgKind":$kind,
    OptionalParameter<"::mlir::StringAttr">:$name,
    DefaultValuedParameter<"bool", "false">:$mutated,
    OptionalParameter<"::mlir::Attribute">:$value,
    OptionalParameter<"::mlir::DenseBoolArrayAttr">:$mask);
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// How many SSA operands this argument consumes.
    unsigned getNumOperands() const;
    /// The kind each of those operands references (ng::getReferenceKind):
    /// Tensor for a tensor or tensor list, Int for an int or int list,
    /// Float, Bool; nullopt for a kind that consumes none.
    std::optional<ArgKind> getOperandKind() const;
    /// True for an int/float/bool argument that references a value.
    bool isScalarRef() const;
  }];
}

//===----------------------------------------------------------------------===//
// Bindings of method placeholders (NamedTensorRef, MutableBufferSpec)
//===----------------------------------------------------------------------===//

def Ng_ConstantAttr : Ng_Attr<"Constant", "constant"> {
  let summary = "a placeholder bound to constant data (NamedTensorRef)";
  let description = [{
    `#ng.constant<parameter, "linear.weight">`: the placeholder reads the
    program-wide constant stored under `data_key` (N3). `mutated` marks a
    persistent buffer that the graph writes (V12: BUFFER kind only). The
    tensor's metadata is the block argument's type.
  }];
  let parameters = (ins
    "::ng::InputKind":$kind,
    // A string, not a StringAttr: every constant has its own key, and
    // uniquing each as an attribute too made a large import slower.
    StringRefParameter<"the data_key">:$dataKey,
    DefaultValuedParameter<"bool", "false">:$mutated);
  let hasCustomAssemblyFormat = 1;
}

def Ng_MutableBufferAttr : Ng_Attr<"MutableBuffer", "mutable_buffer"> {
  let summary = "a non-persistent mutable buffer (MutableBufferSpec)";
  let description = [{
    `#ng.mutable_buffer<"kv.k_cache">`: state with no data, zero-initialized
    at load and shared across methods by `fqn` (S3, N3).
  }];
  let parameters = (ins "::mlir::StringAttr":$fqn);
  let assemblyFormat = "`<` $fqn `>`";
}

def Ng_OutputSpecAttr : Ng_Attr<"OutputSpec", "output_spec"> {
  let summary = "what a method output means (OutputSpec)";
  let description = [{
    `kind`, and what the output writes back to: a BUFFER_MUTATION's
    `target` is the buffer's fqn (data key), a string as data keys are; a
    USER_INPUT_MUTATION's is a user input, referred to structurally by its
    placeholder's position (`input`), since its wire name is only a hint
    (include/ng/Dialect/WireNames.h): the exporter writes the name that
    input is written with. The custom form of ng.output spells it
    `user_input_mutation %x %v`.
  }];
  let parameters = (ins
    "::ng::OutputKind":$kind,
    OptionalParameter<"::mlir::StringAttr">:$target,
    DefaultValuedParameter<"int64_t", "-1",
        "the mutated user input's placeholder index">:$input);
  // `#ng.output_spec<buffer_mutation, "fqn">`,
  // `#ng.output_spec<user_input_mutation, input = 0>`.
  let hasCustomAssemblyFormat = 1;
  let builders = [
    AttrBuilder<(ins "::ng::OutputKind":$kind, "::mlir::StringAttr":$target), [{
      return $_get($_ctxt, kind, target, -1);
    }]>
  ];
}

//===----------------------------------------------------------------------===//
// Quantization schemes (QuantSpec.scheme)
//===----------------------------------------------------------------------===//

def Ng_AffineGroupAttr : Ng_Attr<"AffineGroup", "affine_group"> {
  let summary = "grouped affine quantization (AffineGroup)";
  let description = [{
    Packed integer data with per-group scale and zero point stored as their
    own constants: value = scale * ((q + quant_min) - zero_point). Written by
    the torchao q4 fold (F4).
  }];
  let parameters = (ins
    StringRefParameter<"scale constant's data key">:$scale_data_key,
    "::mlir::Type":$scale_dtype,
    "int32_t":$quant_min,
    "int32_t":$quant_max,
    "int32_t":$group_size,
    OptionalParameter<"::mlir::StringAttr">:$zero_point_data_key,
    "::mlir::Type":$zero_point_dtype);
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

def Ng_PackedQuantAttr : Ng_Attr<"PackedQuant", "packed"> {
  let summary = "codec-packed data (PackedQuant), e.g. \"gguf:q4_k\"";
  let parameters = (ins StringRefParameter<"codec">:$codec);
  let assemblyFormat = "`<` $codec `>`";
}

//===----------------------------------------------------------------------===//
// Constant data produced from other data (ng.data entries, ConstantData.h)
//===----------------------------------------------------------------------===//

def Ng_Int4PackingAttr : Ng_Attr<"Int4Packing", "int4_packing"> {
  let summary = "the int4 packing of int8 data, produced when read (F5)";
  let description = [{
    `#ng.int4_packing<dense_resource<w> : tensor<4096x4096xi8>>`: an
    `ng.data` entry whose bytes are those of `source`, a 2-D int8 resource
    of values in [-8, 7], packed two to a byte, low nibble first, each value
    + 8 (F5), into a `tensor<R x C/2 x ui8>`. The torchao q4 fold writes it
    instead of packed bytes: the export packs a chunk at a time straight
    into the package, the interpreter when it loads the weight, so a folded
    model is never held packed in memory. Whoever produces the bytes checks
    the range; the fold checks it first, to name the weight.
  }];
  // The packed type is the source's, derived once when the attribute is
  // made (every verification asks for it), neither printed nor parsed.
  let parameters = (ins "::mlir::DenseResourceElementsAttr":$source,
                        "::mlir::RankedTensorType":$type);
  let builders = [
    AttrBuilderWithInferredContext<(ins
        "::mlir::DenseResourceElementsAttr":$source), [{
      return $_get(source.getContext(), source, getPackedType(source));
    }]>
  ];
  let skipDefaultBuilders = 1;
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The packed bytes' type for `source`: tensor<R x C/2 x ui8> (a
    /// rank-0 one for a source the verifier rejects).
    static ::mlir::RankedTensorType
    getPackedType(::mlir::DenseResourceElementsAttr source);
  }];
}

#endif // NG_DIALECT_NGATTRS_TD
