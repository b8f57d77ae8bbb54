//===- NgTypes.td - ng types -------------------------------*- tablegen -*-===//

#ifndef NG_DIALECT_NGTYPES_TD
#define NG_DIALECT_NGTYPES_TD

include "ng/Dialect/NgDialect.td"
include "mlir/IR/AttrTypeBase.td"

class Ng_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<Ng_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def Ng_TensorType : Ng_Type<"Tensor", "tensor"> {
  let summary = "a tensor value with its full TensorMeta";
  let description = [{
    Carries every TensorMeta field of the wire, in the notation of torch.fx:

    ```
    !ng.tensor<f32[2, 3]>                         static dims (min == max)
    !ng.tensor<f32[1, 1:128, 64]>                 a dynamic dim with its range
    !ng.tensor<f32[1:?]>                          unbounded above (max = -1)
    !ng.tensor<f32[1, 8, 8, 3], dim_order = [0, 2, 3, 1]>
    !ng.tensor<ui8[64, 256], dim_order = none, quant = #ng.packed<"gguf:q4_k">>
    !ng.tensor                                    no recorded metadata
    ```

    The element type is the ScalarType: ui8 (BYTE), i8, i16, i32, i64, f16,
    f32, f64, i1, bf16, ui16, ui32, ui64. `dim_order` is printed only when it
    is not the identity: `dim_order = none` means the field is absent on the
    wire, `dim_order = []` an explicitly empty list. Whether an order is a
    valid permutation (V8) is checked by the ops that define the value, so
    the error can name it.
  }];
  let parameters = (ins
    "::mlir::Type":$elementType,
    ArrayRefParameter<"::ng::DimRange", "dims">:$sizes,
    "::mlir::DenseI64ArrayAttr":$dimOrder,
    "::mlir::Attribute":$quant);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let skipDefaultBuilders = 1;
  let builders = [
    // A contiguous tensor without quantization (dim_order = identity).
    TypeBuilderWithInferredContext<(ins "::mlir::Type":$elementType,
                                        "::llvm::ArrayRef<::ng::DimRange>":$sizes), [{
      return $_get(elementType.getContext(), elementType, sizes,
                   ::ng::TensorType::identityDimOrder(elementType.getContext(),
                                                      sizes.size()),
                   ::mlir::Attribute());
    }]>,
    TypeBuilder<(ins "::mlir::Type":$elementType,
                     "::llvm::ArrayRef<::ng::DimRange>":$sizes,
                     "::mlir::DenseI64ArrayAttr":$dimOrder,
                     "::mlir::Attribute":$quant), [{
      return $_get($_ctxt, elementType, sizes, dimOrder, quant);
    }]>,
    // A value whose metadata was not recorded.
    TypeBuilder<(ins), [{
      return $_get($_ctxt, ::mlir::Type(), ::llvm::ArrayRef<::ng::DimRange>(),
                   ::mlir::DenseI64ArrayAttr(), ::mlir::Attribute());
    }]>
  ];
  let extraClassDeclaration = [{
    /// False for `!ng.tensor` (no TensorMeta recorded for the value).
    bool hasMeta() const { return static_cast<bool>(getElementType()); }
    int64_t getRank() const { return getSizes().size(); }
    /// True when the dims are all static (min == max).
    bool hasStaticShape() const;
    /// The sizes when the type has metadata and every dim is static, else
    /// nullopt (what a view's size list or a fold's shape needs).
    std::optional<::llvm::SmallVector<int64_t, 4>> getStaticSizes() const;
    /// The dim order as the wire reads it: absent or empty means contiguous.
    bool isContiguous() const;
    /// Return this type with another dim order (null: absent on the wire).
    TensorType withDimOrder(::mlir::DenseI64ArrayAttr order) const;
    static ::mlir::DenseI64ArrayAttr identityDimOrder(::mlir::MLIRContext *ctx,
                                                      int64_t rank);
  }];
}

// A value a node makes or an argument references: a tensor, or an INT,
// FLOAT or BOOL scalar (FORMAT.md S5, S6). Which types those are is
// ng::getReferenceKind's (NgTypes.h).
def Ng_NodeValue : Type<CPred<"::ng::getReferenceKind($_self).has_value()">,
    "a tensor, or an INT, FLOAT or BOOL value (i64, f64, i1)">;

#endif // NG_DIALECT_NGTYPES_TD
