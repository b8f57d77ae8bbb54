//===- Passes.h - ng passes -------------------------------------*- C++ -*-===//

#ifndef NG_TRANSFORMS_PASSES_H
#define NG_TRANSFORMS_PASSES_H

#include "ng/Dialect/NgOps.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "llvm/Support/CommandLine.h"

namespace ng {

/// `--ng-legalize-dim-order`'s `contiguous=`: how a TensorMeta spells a
/// contiguous dim order.
enum class ContiguousSpelling {
  Identity, ///< [0..n-1], what the reference serializer writes
  Empty,    ///< [] (D1)
};

/// `--ng-fold-q4-weights`'s `formats=`: which folds run.
enum class Q4Format {
  Gguf,    ///< torchao.dequantize_gguf (F1, F6)
  Torchao, ///< torchao.dequantize_affine (F2-F5)
};

/// The llvm::cl parser of an enum whose spellings the parser holds itself.
/// A pass's ListOption parses each element with a parser of its own, made
/// after the option's `cl::values` were applied to the option's parser (MLIR
/// 22, mlir/Pass/PassOptions.h), which therefore knows no value; an enum of
/// a list option has its values here instead. (Scalar options take
/// `cl::values` in Passes.td.)
template <typename EnumT>
class EnumOptionParser : public llvm::cl::generic_parser_base {
public:
  struct Spelling {
    llvm::StringLiteral name;
    EnumT value;
    llvm::StringLiteral help;
  };
  using parser_data_type = EnumT;

  EnumOptionParser(llvm::cl::Option &option,
                   std::initializer_list<Spelling> spellings)
      : generic_parser_base(option) {
    for (const Spelling &spelling : spellings)
      Values.emplace_back(spelling.name, spelling.value, spelling.help);
  }

  unsigned getNumOptions() const override { return Values.size(); }
  llvm::StringRef getOption(unsigned n) const override {
    return Values[n].Name;
  }
  llvm::StringRef getDescription(unsigned n) const override {
    return Values[n].HelpStr;
  }
  const llvm::cl::GenericOptionValue &
  getOptionValue(unsigned n) const override {
    return Values[n].V;
  }
  bool parse(llvm::cl::Option &option, llvm::StringRef argName,
             llvm::StringRef arg, EnumT &value) {
    for (const Info &info : Values)
      if (info.Name == arg) {
        value = info.V.getValue();
        return false;
      }
    return option.error("Cannot find option named '" + arg + "'!", argName);
  }

protected:
  struct Info : GenericOptionInfo {
    Info(llvm::StringRef name, EnumT value, llvm::StringRef help)
        : GenericOptionInfo(name, help), V(value) {}
    llvm::cl::OptionValue<EnumT> V;
  };
  /// The name MLIR's GenericOptionParser looks values up in.
  llvm::SmallVector<Info, 4> Values;
};

#define GEN_PASS_DECL
#include "ng/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "ng/Transforms/Passes.h.inc"

/// Register the old spellings of renamed passes (`--fold-q4-weights`,
/// `--legalize-dim-order`, `--ng-cse`), as deprecated aliases kept for one
/// release (docs/Tools.md, "Pass names").
void registerDeprecatedPassAliases();

} // namespace ng

template <>
class llvm::cl::parser<ng::Q4Format>
    : public ng::EnumOptionParser<ng::Q4Format> {
public:
  parser(Option &option)
      : EnumOptionParser(option,
                         {{"gguf", ng::Q4Format::Gguf, "GGUF weights (F1, F6)"},
                          {"torchao", ng::Q4Format::Torchao,
                           "torchao q4 weights (F2-F5)"}}) {}
};

#endif // NG_TRANSFORMS_PASSES_H
