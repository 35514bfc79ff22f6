// Statements of kernel bodies: C's blocks, declarations, if/else, for, while, do/while, break,
// continue, empty and expression statements. `return`, `switch` and `goto` are recognised only to
// say they are not part of the language.
#include "compiler/parse/ParserImpl.h"

namespace gpucc::parse_detail {

/// block ::= '{' statement* '}'
std::unique_ptr<ast::BlockStmt> Parser::parse_block() {
    auto block = std::make_unique<ast::BlockStmt>(peek().loc);
    if (!expect(TokenKind::LBrace, "")) {
        return nullptr;
    }
    while (!at(TokenKind::RBrace)) {
        if (at(TokenKind::EndOfFile)) {
            error_expected("'}' closing the block");
            return nullptr;
        }
        ast::StmtPtr statement = parse_statement();
        if (!statement) {
            return nullptr;
        }
        block->statements.push_back(std::move(statement));
    }
    advance();
    return block;
}

/// statement ::= pragma | block | declaration | shared_declaration | if | for | while | do_while
///             | 'return' ';'      (the last two in jit-style kernels)
///             | 'break' ';' | 'continue' ';' | ';' | expression ';'
ast::StmtPtr Parser::parse_statement() {
    if (!enter_nesting("statement")) {
        return nullptr;
    }
    chain_links_ = 0;
    ast::StmtPtr statement = parse_statement_unguarded();
    leave_nesting();
    return statement;
}

ast::StmtPtr Parser::parse_statement_unguarded() {
    const Token& token = peek();
    switch (token.kind) {
    case TokenKind::LBrace:
        return parse_block();
    case TokenKind::KwIf:
        return parse_if();
    case TokenKind::KwFor:
        return parse_for();
    case TokenKind::KwWhile:
        return parse_while();
    case TokenKind::KwDo:
        return parse_do_while();
    case TokenKind::Hash:
        return parse_pragma();
    case TokenKind::KwBreak:
    case TokenKind::KwContinue: {
        SourceLocation loc = advance().loc;
        bool is_break = token.kind == TokenKind::KwBreak;
        if (!expect(TokenKind::Semicolon, is_break ? "after 'break'" : "after 'continue'")) {
            return nullptr;
        }
        if (is_break) {
            return std::make_unique<ast::BreakStmt>(loc);
        }
        return std::make_unique<ast::ContinueStmt>(loc);
    }
    case TokenKind::Semicolon:
        return std::make_unique<ast::EmptyStmt>(advance().loc);
    case TokenKind::KwReturn:
        if (in_grid_kernel_) {
            return parse_return();
        }
        diags_.report(SourceSpan(token.loc, 6),
                      in_post_ ? DiagKind::ReturnNotAllowedInPost : DiagKind::ReturnNotAllowed);
        return nullptr;
    case TokenKind::KwSwitch:
    case TokenKind::KwCase:
    case TokenKind::KwDefault:
    case TokenKind::KwGoto:
        diags_.report(SourceSpan(token.loc, static_cast<std::uint32_t>(token.spelling.size())),
                      DiagKind::UnsupportedStatement, token.spelling);
        return nullptr;
    default:
        break;
    }
    if (at_shared_declaration()) {
        return parse_shared_declaration(); // Sema reports it outside jit-style kernels
    }
    if (at_declaration()) {
        return parse_declaration();
    }
    return parse_expression_statement();
}

/// A declaration starts with `const`, with a type name followed by a name, or with two names in
/// a row (an unknown type, which Sema reports).
bool Parser::at_declaration() const {
    if (at(TokenKind::KwConst)) {
        return true;
    }
    std::size_t length = type_name_length(0);
    if (length != 0) {
        return peek(length).is(TokenKind::Identifier);
    }
    return peek().is(TokenKind::Identifier) && peek(1).is(TokenKind::Identifier);
}

/// declaration ::= 'const'? type_name declarator (',' declarator)* ';'
/// declarator ::= identifier ('=' assignment)?
std::unique_ptr<ast::DeclStmt> Parser::parse_declaration() {
    auto decl = std::make_unique<ast::DeclStmt>(peek().loc);
    decl->is_const = consume(TokenKind::KwConst);
    std::optional<ast::TypeName> type = parse_type_name();
    if (!type) {
        error_expected("a type name");
        return nullptr;
    }
    decl->type = std::move(*type);
    do {
        if (!at(TokenKind::Identifier)) {
            error_expected("a variable name");
            return nullptr;
        }
        const Token& name = advance();
        ast::Declarator declarator{std::string(name.spelling), name.loc, nullptr};
        if (consume(TokenKind::Equal)) {
            declarator.init = parse_assignment();
            if (!declarator.init) {
                return nullptr;
            }
        }
        decl->declarators.push_back(std::move(declarator));
    } while (consume(TokenKind::Comma));
    if (!expect(TokenKind::Semicolon, "after the declaration")) {
        return nullptr;
    }
    return decl;
}

/// if ::= 'if' '(' expression ')' statement ('else' statement)?
ast::StmtPtr Parser::parse_if() {
    auto branch = std::make_unique<ast::IfStmt>(advance().loc);
    branch->condition = parse_parenthesized_condition("'if'");
    if (!branch->condition) {
        return nullptr;
    }
    branch->then_branch = parse_statement();
    if (!branch->then_branch) {
        return nullptr;
    }
    if (consume(TokenKind::KwElse)) {
        branch->else_branch = parse_statement();
        if (!branch->else_branch) {
            return nullptr;
        }
    }
    return branch;
}

/// for ::= 'for' '(' (declaration | expression? ';') expression? ';' expression? ')' statement
ast::StmtPtr Parser::parse_for() {
    auto loop = std::make_unique<ast::ForStmt>(advance().loc);
    if (!expect(TokenKind::LParen, "after 'for'")) {
        return nullptr;
    }
    if (at_declaration()) {
        loop->init = parse_declaration();
        if (!loop->init) {
            return nullptr;
        }
    } else if (!consume(TokenKind::Semicolon)) {
        loop->init = parse_expression_statement();
        if (!loop->init) {
            return nullptr;
        }
    }
    if (!at(TokenKind::Semicolon)) {
        loop->condition = parse_expression();
        if (!loop->condition) {
            return nullptr;
        }
    }
    if (!expect(TokenKind::Semicolon, "after the loop condition")) {
        return nullptr;
    }
    if (!at(TokenKind::RParen)) {
        loop->step = parse_expression();
        if (!loop->step) {
            return nullptr;
        }
    }
    if (!expect(TokenKind::RParen, "after the loop step")) {
        return nullptr;
    }
    loop->body = parse_statement();
    if (!loop->body) {
        return nullptr;
    }
    return loop;
}

/// while ::= 'while' '(' expression ')' statement
ast::StmtPtr Parser::parse_while() {
    auto loop = std::make_unique<ast::WhileStmt>(advance().loc);
    loop->condition = parse_parenthesized_condition("'while'");
    if (!loop->condition) {
        return nullptr;
    }
    loop->body = parse_statement();
    if (!loop->body) {
        return nullptr;
    }
    return loop;
}

/// do_while ::= 'do' statement 'while' '(' expression ')' ';'
ast::StmtPtr Parser::parse_do_while() {
    auto loop = std::make_unique<ast::DoWhileStmt>(advance().loc);
    loop->body = parse_statement();
    if (!loop->body) {
        return nullptr;
    }
    if (!expect(TokenKind::KwWhile, "after the body of 'do'")) {
        return nullptr;
    }
    loop->condition = parse_parenthesized_condition("'while'");
    if (!loop->condition || !expect(TokenKind::Semicolon, "after 'do ... while (...)'")) {
        return nullptr;
    }
    return loop;
}

/// expression_statement ::= expression ';'
ast::StmtPtr Parser::parse_expression_statement() {
    SourceLocation loc = peek().loc;
    ast::ExprPtr expr = parse_expression();
    if (!expr) {
        return nullptr;
    }
    if (!expect(TokenKind::Semicolon, "after the expression")) {
        return nullptr;
    }
    return std::make_unique<ast::ExprStmt>(std::move(expr), loc);
}

} // namespace gpucc::parse_detail
