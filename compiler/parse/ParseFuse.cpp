// Fused functions (language.md section 5, after cupy.fuse): `fuse name<T>(params) = expr;` and
// the block form `fuse name(params) { a = expr; ... return r1, r2; }`. A parameter may be typed
// (`float32 x`, `T x`) or, as in Python, just a name. The expressions are the body language's; what
// they may call and how they are typed is Sema's business (compiler/sema/CheckFuse.cpp). A tuple,
// `(0, 2)`, is read here too (ast/FuseTuple.h): Sema takes it as a reduction's `axis` only.
#include "compiler/ast/FuseTuple.h"
#include "compiler/parse/ParserImpl.h"

namespace gpucc::parse_detail {

/// fuse ::= 'fuse' identifier placeholders? '(' (fuse_param (',' fuse_param)*)? ')'
///          ( '=' expression ';' | fuse_block )
std::optional<ast::FuseDef> Parser::parse_fuse() {
    ast::FuseDef def;
    def.loc = advance().loc;
    placeholders_.clear();
    in_reduction_ = false;
    in_fuse_ = true;
    struct LeaveFuse {
        bool& flag;
        ~LeaveFuse() { flag = false; }
    } leave{in_fuse_};
    if (!parse_single_list_signature("fuse", "function", def.name, def.name_loc, def.placeholders,
                                     def.params, &Parser::parse_fuse_param)) {
        return std::nullopt;
    }
    if (at(TokenKind::LBrace)) {
        if (!parse_fuse_block(def)) {
            return std::nullopt;
        }
        return def;
    }
    if (!expect(TokenKind::Equal, "or '{' after the parameters of a fused function")) {
        return std::nullopt;
    }
    ast::ExprPtr result = parse_conditional();
    if (!result || !expect(TokenKind::Semicolon, "after the fused function's expression")) {
        return std::nullopt;
    }
    def.results.push_back(std::move(result));
    return def;
}

/// fuse_param ::= type_name? identifier
std::optional<ast::Param> Parser::parse_fuse_param() {
    ast::Param param;
    if (at(TokenKind::Identifier) &&
        (peek(1).is(TokenKind::Comma) || peek(1).is(TokenKind::RParen))) {
        const Token& name = advance();
        param.name = std::string(name.spelling);
        param.loc = name.loc;
        param.type.loc = name.loc;
        return param; // untyped
    }
    std::optional<ast::TypeName> type = parse_type_name();
    if (!type) {
        error_expected("a parameter name");
        return std::nullopt;
    }
    param.type = std::move(*type);
    if (!at(TokenKind::Identifier)) {
        error_expected("a parameter name after its type");
        return std::nullopt;
    }
    const Token& name = advance();
    param.name = std::string(name.spelling);
    param.loc = name.loc;
    return param;
}

/// fuse_block ::= '{' (identifier '=' expression ';')* 'return' expression (',' expression)* ';'
///                '}'
bool Parser::parse_fuse_block(ast::FuseDef& def) {
    advance(); // '{'
    while (!at(TokenKind::KwReturn)) {
        if (!at(TokenKind::Identifier) || !peek(1).is(TokenKind::Equal)) {
            error_expected("'name = expression;' or 'return' in a fused function");
            return false;
        }
        const Token& name = advance();
        advance(); // '='
        ast::ExprPtr value = parse_conditional();
        if (!value || !expect(TokenKind::Semicolon, "after the value")) {
            return false;
        }
        def.bindings.push_back(
            ast::FuseBinding{std::string(name.spelling), name.loc, std::move(value)});
    }
    advance(); // 'return'
    do {
        ast::ExprPtr result = parse_conditional();
        if (!result) {
            return false;
        }
        def.results.push_back(std::move(result));
    } while (consume(TokenKind::Comma));
    return expect(TokenKind::Semicolon, "after the returned values") &&
           expect(TokenKind::RBrace, "closing the fused function");
}

/// parenthesized ::= '(' expression ')' | '(' ')'
///                   | '(' expression ',' (expression (',' expression)*)? ')'
/// (the '(' read). A tuple of one element is written `(0,)`, as in Python.
ast::ExprPtr Parser::parse_fuse_parenthesized(SourceLocation open) {
    auto tuple = [&](std::vector<ast::ExprPtr> elements) {
        auto callee = std::make_unique<ast::NameExpr>(std::string(ast::kFuseTupleCallee), open);
        return std::make_unique<ast::CallExpr>(std::move(callee), std::move(elements), open);
    };
    if (consume(TokenKind::RParen)) {
        return tuple({}); // `()`, the empty tuple
    }
    ast::ExprPtr first = parse_assignment();
    if (!first) {
        return nullptr;
    }
    if (!at(TokenKind::Comma)) {
        if (!expect(TokenKind::RParen, "closing the parenthesis")) {
            return nullptr;
        }
        return first;
    }
    std::vector<ast::ExprPtr> elements;
    elements.push_back(std::move(first));
    while (consume(TokenKind::Comma)) {
        if (at(TokenKind::RParen)) {
            break; // a trailing comma
        }
        ast::ExprPtr element = parse_assignment();
        if (!element) {
            return nullptr;
        }
        elements.push_back(std::move(element));
    }
    if (!expect(TokenKind::RParen, "closing the tuple")) {
        return nullptr;
    }
    return tuple(std::move(elements));
}

} // namespace gpucc::parse_detail
