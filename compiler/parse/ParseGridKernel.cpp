// Jit-style kernels (language.md section 3, after cupyx.jit.rawkernel): `kernel name<T>(params)
// { body }`, whose parameters are arrays (`T[] x`) or scalars (`T n`), and the two statements
// only their bodies have a use for: `shared` array declarations and `return;`. The body is the
// statement language of the other kinds; `&x[i]` (an atomic's address) is read in
// ParseExpression.cpp while `in_grid_kernel_` is set.
#include "compiler/parse/ParserImpl.h"

namespace gpucc::parse_detail {

/// kernel ::= 'kernel' identifier placeholders? '(' (kernel_param (',' kernel_param)*)? ')' block
std::optional<ast::GridKernelDef> Parser::parse_grid_kernel() {
    ast::GridKernelDef def;
    def.loc = advance().loc;
    placeholders_.clear();
    in_reduction_ = false;
    if (!parse_single_list_signature("kernel", "kernel", def.name, def.name_loc, def.placeholders,
                                     def.params, &Parser::parse_grid_param)) {
        return std::nullopt;
    }
    if (!at(TokenKind::LBrace)) {
        error_expected("'{' starting the kernel body");
        return std::nullopt;
    }
    in_grid_kernel_ = true;
    def.body = parse_block();
    in_grid_kernel_ = false;
    if (!def.body) {
        return std::nullopt;
    }
    return def;
}

/// kernel_param ::= type_name ('[' ']' | '[' ':' (',' ':')* ']')? identifier
/// `T[] x` is a C-contiguous array indexed flat; `T[:, :] x` an array of that rank with any
/// strides (Numba's and Cython's spelling).
std::optional<ast::Param> Parser::parse_grid_param() {
    ast::Param param;
    std::optional<ast::TypeName> type = parse_type_name();
    if (!type) {
        error_expected("a parameter type");
        return std::nullopt;
    }
    param.type = std::move(*type);
    if (at(TokenKind::LBracket)) {
        SourceLocation bracket = advance().loc;
        param.is_array = true;
        if (at(TokenKind::Colon)) {
            do {
                if (!expect(TokenKind::Colon, "for each axis (a ranked array is 'T[:, :] name')")) {
                    return std::nullopt;
                }
                ++param.rank;
            } while (consume(TokenKind::Comma));
        }
        if (!expect(TokenKind::RBracket, "after '[' (an array parameter is written 'T[] name' or, "
                                         "with its shape and strides, 'T[:, :] name')")) {
            return std::nullopt;
        }
        if (param.rank > ast::kMaxArrayParamRank) {
            diags_.report(SourceSpan(bracket, 1), DiagKind::ArrayParamRankTooLarge,
                          std::to_string(param.rank), std::to_string(ast::kMaxArrayParamRank));
            return std::nullopt;
        }
        if (at(TokenKind::LBracket)) {
            diags_.report(SourceSpan(peek().loc, 1), DiagKind::ArrayParamRank);
            return std::nullopt;
        }
    }
    if (!at(TokenKind::Identifier)) {
        error_expected("a parameter name after its type");
        return std::nullopt;
    }
    const Token& name = advance();
    param.name = std::string(name.spelling);
    param.loc = name.loc;
    return param;
}

/// Whether a `shared` declaration starts here: `shared` followed by a type name and a name.
bool Parser::at_shared_declaration() const {
    if (!peek().is_word("shared")) {
        return false;
    }
    std::size_t length = type_name_length(1);
    return length != 0 && peek(1 + length).is(TokenKind::Identifier);
}

/// shared_declaration ::= 'shared' type_name identifier '[' expression? ']' ';'
ast::StmtPtr Parser::parse_shared_declaration() {
    auto decl = std::make_unique<ast::SharedDeclStmt>(advance().loc);
    std::optional<ast::TypeName> type = parse_type_name();
    decl->type = std::move(*type); // at_shared_declaration saw one
    const Token& name = advance();
    decl->name = std::string(name.spelling);
    decl->name_loc = name.loc;
    if (!expect(TokenKind::LBracket,
                "after the shared array's name ('shared T name[size];' or 'shared T name[];')")) {
        return nullptr;
    }
    if (!at(TokenKind::RBracket)) {
        decl->size = parse_expression();
        if (!decl->size) {
            return nullptr;
        }
    }
    if (!expect(TokenKind::RBracket, "after the shared array's size") ||
        !expect(TokenKind::Semicolon, "after the shared array declaration")) {
        return nullptr;
    }
    return decl;
}

/// return ::= 'return' ';'      (jit-style kernels; a kernel returns no value)
ast::StmtPtr Parser::parse_return() {
    SourceLocation loc = advance().loc;
    if (!at(TokenKind::Semicolon)) {
        diags_.report(SourceSpan(peek().loc, 1), DiagKind::ReturnValueInKernel);
        return nullptr;
    }
    advance();
    return std::make_unique<ast::ReturnStmt>(loc);
}

} // namespace gpucc::parse_detail
