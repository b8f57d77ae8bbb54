// RUN: ng-opt %s | ng-opt -mlir-print-local-scope | FileCheck %s
// RUN: ng-opt %s > %t.1 && ng-opt %t.1 > %t.2 && diff %t.1 %t.2
// RUN: ng-opt %s -mlir-print-op-generic -mlir-print-debuginfo | ng-opt > %t.3 && diff %t.1 %t.3

// Spellings of !ng.tensor, the IR form of TensorMeta (FORMAT.md W4):
// `!ng.tensor<dtype[dims](, dim_order = ...)(, quant = ...)>`.
// Each type is the result type of one call so that one line shows one type;
// the calls' results are never output, so `!ng.tensor` (no metadata) is
// allowed (V7 only asks it of inputs, outputs and bindings).
// FileCheck reads the output with -mlir-print-local-scope, i.e. with types
// written inline instead of through the dialect's type aliases; the two
// identity checks above run on the default output (aliases included).

// TensorMeta.dtype: every ScalarType (W3) and its element type.
// CHECK-LABEL: ng.method @dtypes() {
// CHECK-NEXT:    %byte = ng.call "t"() : () -> !ng.tensor<ui8[2]>
// CHECK-NEXT:    %char = ng.call "t"() : () -> !ng.tensor<i8[2]>
// CHECK-NEXT:    %short = ng.call "t"() : () -> !ng.tensor<i16[2]>
// CHECK-NEXT:    %int = ng.call "t"() : () -> !ng.tensor<i32[2]>
// CHECK-NEXT:    %long = ng.call "t"() : () -> !ng.tensor<i64[2]>
// CHECK-NEXT:    %half = ng.call "t"() : () -> !ng.tensor<f16[2]>
// CHECK-NEXT:    %float = ng.call "t"() : () -> !ng.tensor<f32[2]>
// CHECK-NEXT:    %double = ng.call "t"() : () -> !ng.tensor<f64[2]>
// CHECK-NEXT:    %bool = ng.call "t"() : () -> !ng.tensor<i1[2]>
// CHECK-NEXT:    %bfloat16 = ng.call "t"() : () -> !ng.tensor<bf16[2]>
// CHECK-NEXT:    %uint16 = ng.call "t"() : () -> !ng.tensor<ui16[2]>
// CHECK-NEXT:    %uint32 = ng.call "t"() : () -> !ng.tensor<ui32[2]>
// CHECK-NEXT:    %uint64 = ng.call "t"() : () -> !ng.tensor<ui64[2]>
// CHECK-NEXT:    ng.output()
ng.method @dtypes() {
  %byte = ng.call "t"() : () -> !ng.tensor<ui8[2]>       // BYTE 0
  %char = ng.call "t"() : () -> !ng.tensor<i8[2]>        // CHAR 1
  %short = ng.call "t"() : () -> !ng.tensor<i16[2]>      // SHORT 2
  %int = ng.call "t"() : () -> !ng.tensor<i32[2]>        // INT 3
  %long = ng.call "t"() : () -> !ng.tensor<i64[2]>       // LONG 4
  %half = ng.call "t"() : () -> !ng.tensor<f16[2]>       // HALF 5
  %float = ng.call "t"() : () -> !ng.tensor<f32[2]>      // FLOAT 6
  %double = ng.call "t"() : () -> !ng.tensor<f64[2]>     // DOUBLE 7
  %bool = ng.call "t"() : () -> !ng.tensor<i1[2]>        // BOOL 11
  %bfloat16 = ng.call "t"() : () -> !ng.tensor<bf16[2]>  // BFLOAT16 15
  %uint16 = ng.call "t"() : () -> !ng.tensor<ui16[2]>    // UINT16 16
  %uint32 = ng.call "t"() : () -> !ng.tensor<ui32[2]>    // UINT32 17
  %uint64 = ng.call "t"() : () -> !ng.tensor<ui64[2]>    // UINT64 18
  ng.output()
}

// TensorMeta.sizes: Dim{min, max} (S8). Static (min == max) is one number,
// dynamic is `min:max`, unbounded (max < 0, -1 by W6's default) is `min:?`.
// CHECK-LABEL: ng.method @dims() {
// CHECK-NEXT:    %static = ng.call "t"() : () -> !ng.tensor<f32[2, 3]>
// CHECK-NEXT:    %ranged = ng.call "t"() : () -> !ng.tensor<f32[1:128]>
// CHECK-NEXT:    %unbounded = ng.call "t"() : () -> !ng.tensor<f32[1:?]>
// CHECK-NEXT:    %from_zero = ng.call "t"() : () -> !ng.tensor<f32[0:?]>
// CHECK-NEXT:    %mixed = ng.call "t"() : () -> !ng.tensor<f32[1, 1:128, 4:?]>
// CHECK-NEXT:    %rank0 = ng.call "t"() : () -> !ng.tensor<f32[]>
// CHECK-NEXT:    %empty = ng.call "t"() : () -> !ng.tensor<f32[0, 3]>
// CHECK-NEXT:    %huge = ng.call "t"() : () -> !ng.tensor<i8[2147483647, 1:512]>
// CHECK-NEXT:    ng.output()
ng.method @dims() {
  %static = ng.call "t"() : () -> !ng.tensor<f32[2, 3]>
  %ranged = ng.call "t"() : () -> !ng.tensor<f32[1:128]>
  %unbounded = ng.call "t"() : () -> !ng.tensor<f32[1:?]>
  %from_zero = ng.call "t"() : () -> !ng.tensor<f32[0:?]>
  %mixed = ng.call "t"() : () -> !ng.tensor<f32[1, 1:128, 4:?]>
  %rank0 = ng.call "t"() : () -> !ng.tensor<f32[]>
  %empty = ng.call "t"() : () -> !ng.tensor<f32[0, 3]>
  %huge = ng.call "t"() : () -> !ng.tensor<i8[2147483647, 1:512]>
  ng.output()
}

// TensorMeta.dim_order (D1, D2): the identity is not printed; `none` is an
// absent field, `[]` a present but empty one; any other order is printed.
// CHECK-LABEL: ng.method @dim_orders() {
// CHECK-NEXT:    %contiguous = ng.call "t"() : () -> !ng.tensor<f32[2, 3]>
// CHECK-NEXT:    %absent = ng.call "t"() : () -> !ng.tensor<f32[2, 3], dim_order = none>
// CHECK-NEXT:    %explicit_empty = ng.call "t"() : () -> !ng.tensor<f32[2, 3], dim_order = []>
// CHECK-NEXT:    %transposed = ng.call "t"() : () -> !ng.tensor<f32[3, 2], dim_order = [1, 0]>
// CHECK-NEXT:    %channels_last = ng.call "t"() : () -> !ng.tensor<f32[1, 3, 8, 8], dim_order = [0, 2, 3, 1]>
// CHECK-NEXT:    %channels_last_3d = ng.call "t"() : () -> !ng.tensor<f32[1, 3, 4, 8, 8], dim_order = [0, 2, 3, 4, 1]>
// CHECK-NEXT:    %rank0_identity = ng.call "t"() : () -> !ng.tensor<f32[]>
// CHECK-NEXT:    %rank0_absent = ng.call "t"() : () -> !ng.tensor<f32[], dim_order = none>
// CHECK-NEXT:    %dynamic_perm = ng.call "t"() : () -> !ng.tensor<f32[1:?, 8], dim_order = [1, 0]>
// CHECK-NEXT:    ng.output()
ng.method @dim_orders() {
  %contiguous = ng.call "t"() : () -> !ng.tensor<f32[2, 3]>
  %absent = ng.call "t"() : () -> !ng.tensor<f32[2, 3], dim_order = none>
  %explicit_empty = ng.call "t"() : () -> !ng.tensor<f32[2, 3], dim_order = []>
  %transposed = ng.call "t"() : () -> !ng.tensor<f32[3, 2], dim_order = [1, 0]>
  %channels_last = ng.call "t"() : () -> !ng.tensor<f32[1, 3, 8, 8], dim_order = [0, 2, 3, 1]>
  %channels_last_3d = ng.call "t"() : () -> !ng.tensor<f32[1, 3, 4, 8, 8], dim_order = [0, 2, 3, 4, 1]>
  %rank0_identity = ng.call "t"() : () -> !ng.tensor<f32[]>
  %rank0_absent = ng.call "t"() : () -> !ng.tensor<f32[], dim_order = none>
  %dynamic_perm = ng.call "t"() : () -> !ng.tensor<f32[1:?, 8], dim_order = [1, 0]>
  ng.output()
}

// TensorMeta.quant: QuantSpec{scheme} with either QuantScheme member (W4).
// AffineGroup.zero_point_data_key is optional (absent here in %no_zp_key);
// every other AffineGroup field is always printed. A QuantSpec without a
// scheme has no spelling (see docs/Dialect.md, Normalizations).
// V15: every scale and zero-point key names a constant of the method.
// CHECK-LABEL: ng.method @quant(
// CHECK-NEXT:    %scale: !ng.tensor<f32[16, 2]> = parameter "scale",
// CHECK-NEXT:    %zero_point: !ng.tensor<i8[16, 2]> = parameter "zero_point",
// CHECK-NEXT:    %s: !ng.tensor<bf16[4]> = parameter "s"
// CHECK-NEXT:  ) {
// CHECK-NEXT:    %affine = ng.call "t"() : () -> !ng.tensor<ui8[16, 64], dim_order = none, quant = #ng.affine_group<scale_data_key = "scale", scale_dtype = f32, quant_min = -8, quant_max = 7, group_size = 32, zero_point_data_key = "zero_point", zero_point_dtype = i8>>
// CHECK-NEXT:    %no_zp_key = ng.call "t"() : () -> !ng.tensor<ui8[4, 8], quant = #ng.affine_group<scale_data_key = "s", scale_dtype = bf16, quant_min = 0, quant_max = 255, group_size = 0, zero_point_dtype = ui8>>
// CHECK-NEXT:    %packed = ng.call "t"() : () -> !ng.tensor<ui8[64, 256], dim_order = none, quant = #ng.packed<"gguf:q4_k">>
// CHECK-NEXT:    %packed_with_order = ng.call "t"() : () -> !ng.tensor<ui8[64, 256], dim_order = [1, 0], quant = #ng.packed<"gguf:q8_0">>
// CHECK-NEXT:    %empty_codec = ng.call "t"() : () -> !ng.tensor<ui8[2], quant = #ng.packed<"">>
// CHECK-NEXT:    ng.output()
ng.method @quant(%scale: !ng.tensor<f32[16, 2]> = parameter "scale",
                 %zero_point: !ng.tensor<i8[16, 2]> = parameter "zero_point",
                 %s: !ng.tensor<bf16[4]> = parameter "s") {
  %affine = ng.call "t"() : () -> !ng.tensor<ui8[16, 64], dim_order = none, quant = #ng.affine_group<scale_data_key = "scale", scale_dtype = f32, quant_min = -8, quant_max = 7, group_size = 32, zero_point_data_key = "zero_point", zero_point_dtype = i8>>
  %no_zp_key = ng.call "t"() : () -> !ng.tensor<ui8[4, 8], quant = #ng.affine_group<scale_data_key = "s", scale_dtype = bf16, quant_min = 0, quant_max = 255, group_size = 0, zero_point_dtype = ui8>>
  %packed = ng.call "t"() : () -> !ng.tensor<ui8[64, 256], dim_order = none, quant = #ng.packed<"gguf:q4_k">>
  %packed_with_order = ng.call "t"() : () -> !ng.tensor<ui8[64, 256], dim_order = [1, 0], quant = #ng.packed<"gguf:q8_0">>
  // V14 (a non-empty codec) needs the data, so the dialect accepts "".
  %empty_codec = ng.call "t"() : () -> !ng.tensor<ui8[2], quant = #ng.packed<"">>
  ng.output()
}

// A value without a tensor_values entry: `!ng.tensor`, no metadata at all.
// CHECK-LABEL: ng.method @no_meta() {
// CHECK-NEXT:    %unknown = ng.call "t"() : () -> !ng.tensor
// CHECK-NEXT:    %out0, %out1 = ng.call "t"() {node = "tuple"} : () -> (!ng.tensor, !ng.tensor<f32[2]>)
// CHECK-NEXT:    ng.output()
ng.method @no_meta() {
  %unknown = ng.call "t"() : () -> !ng.tensor
  %out0, %out1 = ng.call "t"() {node = "tuple"} : () -> (!ng.tensor, !ng.tensor<f32[2]>)
  ng.output()
}

// Spellings that parse but are not canonical: they print normalized. Each
// pair denotes the same TensorMeta, so nothing reaching the wire changes.
// CHECK-LABEL: ng.method @normalized(
// CHECK-SAME:    %s16: !ng.tensor<f16[1]> = parameter "s16"
// CHECK-SAME:    %z8: !ng.tensor<i8[1]> = parameter "z8") {
// CHECK-NEXT:    %min_eq_max = ng.call "t"() : () -> !ng.tensor<f32[3, 2]>
// CHECK-NEXT:    %max_minus_one = ng.call "t"() : () -> !ng.tensor<f32[1:?]>
// CHECK-NEXT:    %identity = ng.call "t"() : () -> !ng.tensor<f32[2, 3, 4]>
// CHECK-NEXT:    %rank0_empty = ng.call "t"() : () -> !ng.tensor<f32[]>
// CHECK-NEXT:    %field_order = ng.call "t"() : () -> !ng.tensor<ui8[2], dim_order = none, quant = #ng.packed<"x">>
// CHECK-NEXT:    %struct_order = ng.call "t"() : () -> !ng.tensor<ui8[2], quant = #ng.affine_group<scale_data_key = "s16", scale_dtype = f16, quant_min = -8, quant_max = 7, group_size = 0, zero_point_data_key = "z8", zero_point_dtype = i8>>
// CHECK-NEXT:    ng.output()
ng.method @normalized(%s16: !ng.tensor<f16[1]> = parameter "s16",
                      %z8: !ng.tensor<i8[1]> = parameter "z8") {
  %min_eq_max = ng.call "t"() : () -> !ng.tensor<f32[3:3, 2]>
  %max_minus_one = ng.call "t"() : () -> !ng.tensor<f32[1:-1]>
  %identity = ng.call "t"() : () -> !ng.tensor<f32[2, 3, 4], dim_order = [0, 1, 2]>
  %rank0_empty = ng.call "t"() : () -> !ng.tensor<f32[], dim_order = []>
  %field_order = ng.call "t"() : () -> !ng.tensor<ui8[2], quant = #ng.packed<"x">, dim_order = none>
  %struct_order = ng.call "t"() : () -> !ng.tensor<ui8[2], quant = #ng.affine_group<zero_point_dtype = i8, zero_point_data_key = "z8", group_size = 0, quant_max = 7, quant_min = -8, scale_dtype = f16, scale_data_key = "s16">>
  ng.output()
}

// The same spellings work wherever a type is written: placeholders (block
// arguments), operand and result lists, subgraph inputs.
// CHECK-LABEL: ng.method @placements(%x: !ng.tensor<f32[1:?, 3], dim_order = [1, 0]>) -> !ng.tensor<f32[1:?, 3], dim_order = [1, 0]> {
// CHECK-NEXT:    %getitem = ng.call "torch.ops.higher_order.cond"(true, graph "g"(%a: !ng.tensor<f32[1:?, 3], dim_order = [1, 0]>) {
// CHECK-NEXT:      ng.output(%a) : !ng.tensor<f32[1:?, 3], dim_order = [1, 0]>
// CHECK-NEXT:    }, [%x]) : (!ng.tensor<f32[1:?, 3], dim_order = [1, 0]>) -> !ng.tensor<f32[1:?, 3], dim_order = [1, 0]>
// CHECK-NEXT:    ng.output(%getitem) : !ng.tensor<f32[1:?, 3], dim_order = [1, 0]>
ng.method @placements(%x: !ng.tensor<f32[1:?, 3], dim_order = [1, 0]>)
    -> !ng.tensor<f32[1:?, 3], dim_order = [1, 0]> {
  %getitem = ng.call "torch.ops.higher_order.cond"(true,
    graph "g"(%a: !ng.tensor<f32[1:?, 3], dim_order = [1, 0]>) {
      ng.output(%a) : !ng.tensor<f32[1:?, 3], dim_order = [1, 0]>
    }, [%x]) : (!ng.tensor<f32[1:?, 3], dim_order = [1, 0]>)
    -> !ng.tensor<f32[1:?, 3], dim_order = [1, 0]>
  ng.output(%getitem) : !ng.tensor<f32[1:?, 3], dim_order = [1, 0]>
}
