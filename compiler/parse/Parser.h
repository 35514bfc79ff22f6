// The parser: tokens to a syntax tree (compiler/ast), by recursive descent with the grammar
// production written above each parse function. After a syntax error it reports it, skips to the
// next top-level definition and goes on, so one run reports an error in every definition; it
// always returns a module (holding the definitions that parsed).
#pragma once

#include "compiler/ast/Ast.h"
#include "compiler/lex/Lexer.h"

#include <memory>
#include <vector>

namespace gpucc {

class SourceManager;
class DiagnosticEngine;

std::unique_ptr<ast::Module> parse_module(const std::vector<Token>& tokens,
                                          const SourceManager& sources, DiagnosticEngine& diags);

} // namespace gpucc
