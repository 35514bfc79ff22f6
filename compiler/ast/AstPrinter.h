// `--emit=ast`: the syntax tree as an indented outline, one node per line with its line:col.
#pragma once

#include "compiler/ast/Ast.h"

namespace llvm {
class raw_ostream;
}

namespace gpucc {

void print_ast(const ast::Module& module, llvm::raw_ostream& out);

} // namespace gpucc
