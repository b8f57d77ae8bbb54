// Programs whose weights are GGUF blocks behind torchao.dequantize_gguf:
// --ng-fold-q4-weights turns each into a packed weight (F1) that ng-run
// decodes when the method binds it (test/Interpreter/passes.test).
module attributes {ng.data = {"gguf.q4_k" = dense_resource<gguf_q4_k> : tensor<2x144xui8>, "gguf.q6_k" = dense_resource<gguf_q6_k> : tensor<2x210xui8>, "gguf.q4_0" = dense_resource<gguf_q4_0> : tensor<2x144xui8>}} {
  ng.method @q4_k(%p_weight: !ng.tensor<ui8[2, 144]> = parameter "gguf.q4_k", %x: !ng.tensor<f32[3, 256]>, %idx: !ng.tensor<i64[4]>) -> (!ng.tensor<f32[3, 2]>, !ng.tensor<f32[4, 256]>) {
    %dq = ng.call "torch.ops.torchao.dequantize_gguf.default"(weight: %p_weight, ggml_type: "q4_k", output_dtype: f32) : (!ng.tensor<ui8[2, 144]>) -> !ng.tensor<f32[2, 256]>
    %y = ng.call "torch.ops.aten.linear.default"(input: %x, weight: %dq, bias: none) : (!ng.tensor<f32[3, 256]>, !ng.tensor<f32[2, 256]>) -> !ng.tensor<f32[3, 2]>
    %e = ng.call "torch.ops.aten.embedding.default"(weight: %dq, indices: %idx) : (!ng.tensor<f32[2, 256]>, !ng.tensor<i64[4]>) -> !ng.tensor<f32[4, 256]>
    ng.output(%y, %e) : !ng.tensor<f32[3, 2]>, !ng.tensor<f32[4, 256]>
  }
  ng.method @q6_k(%p_weight: !ng.tensor<ui8[2, 210]> = parameter "gguf.q6_k", %x: !ng.tensor<f32[3, 256]>, %idx: !ng.tensor<i64[4]>) -> (!ng.tensor<f32[3, 2]>, !ng.tensor<f32[4, 256]>) {
    %dq = ng.call "torch.ops.torchao.dequantize_gguf.default"(weight: %p_weight, ggml_type: "q6_k", output_dtype: f32) : (!ng.tensor<ui8[2, 210]>) -> !ng.tensor<f32[2, 256]>
    %y = ng.call "torch.ops.aten.linear.default"(input: %x, weight: %dq, bias: none) : (!ng.tensor<f32[3, 256]>, !ng.tensor<f32[2, 256]>) -> !ng.tensor<f32[3, 2]>
    %e = ng.call "torch.ops.aten.embedding.default"(weight: %dq, indices: %idx) : (!ng.tensor<f32[2, 256]>, !ng.tensor<i64[4]>) -> !ng.tensor<f32[4, 256]>
    ng.output(%y, %e) : !ng.tensor<f32[3, 2]>, !ng.tensor<f32[4, 256]>
  }
  ng.method @q4_0(%p_weight: !ng.tensor<ui8[2, 144]> = parameter "gguf.q4_0", %x: !ng.tensor<f32[3, 256]>, %idx: !ng.tensor<i64[4]>) -> (!ng.tensor<f32[3, 2]>, !ng.tensor<f32[4, 256]>) {
    %dq = ng.call "torch.ops.torchao.dequantize_gguf.default"(weight: %p_weight, ggml_type: "q4_0", output_dtype: f32) : (!ng.tensor<ui8[2, 144]>) -> !ng.tensor<f32[2, 256]>
    %y = ng.call "torch.ops.aten.linear.default"(input: %x, weight: %dq, bias: none) : (!ng.tensor<f32[3, 256]>, !ng.tensor<f32[2, 256]>) -> !ng.tensor<f32[3, 2]>
    %e = ng.call "torch.ops.aten.embedding.default"(weight: %dq, indices: %idx) : (!ng.tensor<f32[2, 256]>, !ng.tensor<i64[4]>) -> !ng.tensor<f32[4, 256]>
    ng.output(%y, %e) : !ng.tensor<f32[3, 2]>, !ng.tensor<f32[4, 256]>
  }
}
{-#
  dialect_resources: {
    builtin: {
      gguf_q4_k: "0x010000001F211F1DC1076D9CF21582119CD9313F64A15CB7F03532B6D4B46052EB2524CE234114582771D9E4DFFCF7E21DFD905618D1C0EA09F470DBB320423F2F775F45704BBF6B55E7BD9BB9FDFEEAEED8E5C0B53886D5A20E75085A843885101F53108A59A32833D14FBC408C2F2F6F57252608A7557587262F3E950EEC94BB91818C1C508DDF149D01922349AEF41D78F9E61F211F1DB81998E5A09D4FB8D523791A3142C906424728A0951726BF3639103BFF1D252B6621F65BCA8952C5BB3B1E299D675926C232E52171C35C436390F4DA6721ECCA469F79B05A52D813A5F9766BAE8BDAE4B81C69B0F3180B3A3AC8854A0AB7D6D883A01020DCFCED7F1488C504D90422A96F241B023413F8123F308B35CCF8DC4350108708C0D818BD4B3AF2AE",
      gguf_q6_k: "0x0100000086081185E18EB0DA1E33345672A111439649AE8C8EDCFE3CEA69B40C44D40C75B3913CCCB5A00B342313DCFA64490E540DEFBD94749315710EE2D0DDF12CAFFBD989E2A8928E71C50CAE578519CA69AD07272F373AF1B42DFF2BF77BBB885DAF6444505377DBA0726A27833AA0C3DDF6FB0C9192E7727F0B387C18C92E4A34D1D41DA2C64A7F366176ABA94027658E22F74C3B6CB5A324C045E5EACD594964A8A520CA2D635DF9B0717D5080BBF810652C09BA5E143D493A1E16799F97530096EE12FB10FD06F500030FF7FF071311F01F259C7B45BCB0FD7D44CFC4D985C011321A6B20A2AB775D22390C7FD7F2E293AEBC2802299BA65D0D9B0D8F8C9A638A328239BC74FBB32310A9CCE326C107530CCFF1A024AD6358B6CE5CAEA82C6875A0CE430955E76DBAC5A001914EC0C5BF0929027E22F7A48B98B8E250B0DC4643D94DFEDCA4F941865CD304CE0C8BD1454493FA89E359102556E302D06152434EBAAD3694716A89E15D8E9AC684A5075723C28F8CDEAFF1BECE96C1DA9B4E69EEB1727068BA751D5F9F1C58F7D3A40DECDC27FDF502F5FFF9FBF20C09F8FA010901F51F25",
      gguf_q4_0: "0x01000000662E61F0A8A5DEF6BF423DBA931D83638A69662E46EEC63B266D677E0E4C2B7FCA3DB54A662E23EB74D31432A8AFD9E18B703C375715662E39C53337BC5DAB036E481030AF4EA663662EED69B45E9698D65435E0282F5B69BAE5662E3BF5498C23116216BD3517BDFA46F3B7662E809526EEC20AFAE5B3523188F4700E4A662ED254FECD1E4D65DCF2C54AD904F6CA8B662E5EBB511E6C71104B30BD79696CF34ECA662EE1963FFBD87CD5377395932D61C3CBBF662E80415F68239314E94848A144190D4808662E3297F2CB2A1A4AA84EED1DF6C7D0A586662E0222BE52CAC630CE747E0FC228AA38F5662E8BB3212B34577E4FF1EAF4D3372B1133662E58DD7BF5D907FB6AC054E26E2CECED3E662EB1B8E0C8D5D51218222D486012BEABAD"
    }
  }
#-}
