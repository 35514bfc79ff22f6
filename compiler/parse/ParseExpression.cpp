// Expressions of kernel bodies, with C's precedence and associativity: assignment (right),
// ?: (right), then the binary operators by precedence climbing, unary and cast operators, postfix
// operators (index, call, member, ++/--) and primaries. The comma operator and the pointer
// operators (unary * and &, ->) are recognised only to say they are not part of the language.
#include "compiler/lex/NumericLiteral.h"
#include "compiler/parse/ParserImpl.h"

namespace gpucc::parse_detail {
namespace {

struct BinaryInfo {
    ast::BinaryOp op;
    int precedence; ///< higher binds tighter
};

std::optional<BinaryInfo> binary_info(TokenKind kind) {
    using ast::BinaryOp;
    switch (kind) {
    case TokenKind::PipePipe:
        return BinaryInfo{BinaryOp::LogicalOr, 1};
    case TokenKind::AmpAmp:
        return BinaryInfo{BinaryOp::LogicalAnd, 2};
    case TokenKind::Pipe:
        return BinaryInfo{BinaryOp::BitOr, 3};
    case TokenKind::Caret:
        return BinaryInfo{BinaryOp::BitXor, 4};
    case TokenKind::Amp:
        return BinaryInfo{BinaryOp::BitAnd, 5};
    case TokenKind::EqualEqual:
        return BinaryInfo{BinaryOp::Eq, 6};
    case TokenKind::BangEqual:
        return BinaryInfo{BinaryOp::Ne, 6};
    case TokenKind::Less:
        return BinaryInfo{BinaryOp::Lt, 7};
    case TokenKind::Greater:
        return BinaryInfo{BinaryOp::Gt, 7};
    case TokenKind::LessEqual:
        return BinaryInfo{BinaryOp::Le, 7};
    case TokenKind::GreaterEqual:
        return BinaryInfo{BinaryOp::Ge, 7};
    case TokenKind::LessLess:
        return BinaryInfo{BinaryOp::Shl, 8};
    case TokenKind::GreaterGreater:
        return BinaryInfo{BinaryOp::Shr, 8};
    case TokenKind::Plus:
        return BinaryInfo{BinaryOp::Add, 9};
    case TokenKind::Minus:
        return BinaryInfo{BinaryOp::Sub, 9};
    case TokenKind::Star:
        return BinaryInfo{BinaryOp::Mul, 10};
    case TokenKind::Slash:
        return BinaryInfo{BinaryOp::Div, 10};
    case TokenKind::Percent:
        return BinaryInfo{BinaryOp::Rem, 10};
    default:
        return std::nullopt;
    }
}

/// For an assignment operator: nullopt inside for `=`, the arithmetic operator for `op=`.
std::optional<std::optional<ast::BinaryOp>> assign_info(TokenKind kind) {
    using ast::BinaryOp;
    switch (kind) {
    case TokenKind::Equal:
        return std::optional<BinaryOp>{};
    case TokenKind::PlusEqual:
        return BinaryOp::Add;
    case TokenKind::MinusEqual:
        return BinaryOp::Sub;
    case TokenKind::StarEqual:
        return BinaryOp::Mul;
    case TokenKind::SlashEqual:
        return BinaryOp::Div;
    case TokenKind::PercentEqual:
        return BinaryOp::Rem;
    case TokenKind::AmpEqual:
        return BinaryOp::BitAnd;
    case TokenKind::PipeEqual:
        return BinaryOp::BitOr;
    case TokenKind::CaretEqual:
        return BinaryOp::BitXor;
    case TokenKind::LessLessEqual:
        return BinaryOp::Shl;
    case TokenKind::GreaterGreaterEqual:
        return BinaryOp::Shr;
    default:
        return std::nullopt;
    }
}

constexpr int kLowestBinaryPrecedence = 1;

} // namespace

/// expression ::= assignment          (C's comma operator is not part of the language)
ast::ExprPtr Parser::parse_expression() {
    ast::ExprPtr expr = parse_assignment();
    if (expr && at(TokenKind::Comma)) {
        diags_.report(SourceSpan(peek().loc, 1), DiagKind::CommaOperatorUnsupported);
        return nullptr;
    }
    return expr;
}

/// assignment ::= conditional (assign_op assignment)?
/// assign_op ::= '=' | '+=' | '-=' | '*=' | '/=' | '%=' | '&=' | '|=' | '^=' | '<<=' | '>>='
ast::ExprPtr Parser::parse_assignment() {
    if (!enter_nesting("expression")) {
        return nullptr;
    }
    ast::ExprPtr expr = parse_assignment_unguarded();
    leave_nesting();
    return expr;
}

ast::ExprPtr Parser::parse_assignment_unguarded() {
    ast::ExprPtr target = parse_conditional();
    if (!target) {
        return nullptr;
    }
    std::optional<std::optional<ast::BinaryOp>> op = assign_info(peek().kind);
    if (!op) {
        return target;
    }
    SourceLocation loc = advance().loc;
    ast::ExprPtr value = parse_assignment();
    if (!value) {
        return nullptr;
    }
    return std::make_unique<ast::AssignExpr>(*op, std::move(target), std::move(value), loc);
}

/// conditional ::= binary ('?' expression ':' assignment)?
ast::ExprPtr Parser::parse_conditional() {
    ast::ExprPtr condition = parse_binary(kLowestBinaryPrecedence);
    if (!condition || !at(TokenKind::Question)) {
        return condition;
    }
    SourceLocation loc = advance().loc;
    ast::ExprPtr if_true = parse_expression();
    if (!if_true || !expect(TokenKind::Colon, "in the conditional expression")) {
        return nullptr;
    }
    ast::ExprPtr if_false = parse_assignment();
    if (!if_false) {
        return nullptr;
    }
    return std::make_unique<ast::ConditionalExpr>(std::move(condition), std::move(if_true),
                                                  std::move(if_false), loc);
}

/// binary ::= unary (binary_op unary)*, by precedence climbing (all left-associative):
///   || < && < | < ^ < & < (== !=) < (< > <= >=) < (<< >>) < (+ -) < (* / %)
ast::ExprPtr Parser::parse_binary(int min_precedence) {
    ast::ExprPtr lhs = parse_unary();
    if (!lhs) {
        return nullptr;
    }
    while (true) {
        std::optional<BinaryInfo> info = binary_info(peek().kind);
        if (!info || info->precedence < min_precedence) {
            return lhs;
        }
        if (!count_chain_link()) {
            return nullptr;
        }
        SourceLocation loc = advance().loc;
        ast::ExprPtr rhs = parse_binary(info->precedence + 1);
        if (!rhs) {
            return nullptr;
        }
        lhs = std::make_unique<ast::BinaryExpr>(info->op, std::move(lhs), std::move(rhs), loc);
    }
}

/// unary ::= ('+' | '-' | '!' | '~' | '++' | '--' | '&') unary      ('&' in jit-style kernels)
///          | '(' type_name ')' unary | postfix
ast::ExprPtr Parser::parse_unary() {
    // A prefix operator's or a cast's operand is one level deeper; a parenthesis is counted by
    // parse_assignment, so each '(' counts once.
    bool nests = false;
    switch (peek().kind) {
    case TokenKind::Plus:
    case TokenKind::Minus:
    case TokenKind::Bang:
    case TokenKind::Tilde:
    case TokenKind::PlusPlus:
    case TokenKind::MinusMinus:
    case TokenKind::Amp:
        nests = true;
        break;
    case TokenKind::LParen: {
        std::size_t length = type_name_length(1);
        nests = length != 0 && peek(1 + length).is(TokenKind::RParen);
        break;
    }
    default:
        break;
    }
    if (!nests) {
        return parse_unary_unguarded();
    }
    if (!enter_nesting("expression")) {
        return nullptr;
    }
    ast::ExprPtr expr = parse_unary_unguarded();
    leave_nesting();
    return expr;
}

ast::ExprPtr Parser::parse_unary_unguarded() {
    const Token& token = peek();
    std::optional<ast::UnaryOp> op;
    switch (token.kind) {
    case TokenKind::Plus:
        op = ast::UnaryOp::Plus;
        break;
    case TokenKind::Minus:
        op = ast::UnaryOp::Minus;
        break;
    case TokenKind::Bang:
        op = ast::UnaryOp::Not;
        break;
    case TokenKind::Tilde:
        op = ast::UnaryOp::BitNot;
        break;
    case TokenKind::PlusPlus:
        op = ast::UnaryOp::PreInc;
        break;
    case TokenKind::MinusMinus:
        op = ast::UnaryOp::PreDec;
        break;
    case TokenKind::Amp:
        if (in_grid_kernel_) {
            op = ast::UnaryOp::AddressOf; // Sema allows it as an atomic's address only
            break;
        }
        [[fallthrough]];
    case TokenKind::Star:
        if (token.is(TokenKind::Star) && pos_ > 0 && tokens_[pos_ - 1].is(TokenKind::Star) &&
            tokens_[pos_ - 1].loc.line == token.loc.line &&
            tokens_[pos_ - 1].loc.column + 1 == token.loc.column) {
            // `x ** y`, Python's and NumPy's power: the lexer saw `*` and a unary `*`.
            diags_.report(SourceSpan(tokens_[pos_ - 1].loc, 2), DiagKind::PowerOperatorUnsupported,
                          in_fuse_ ? "write 'power(x, y)'" : "write 'pow(x, y)'");
            return nullptr;
        }
        diags_.report(SourceSpan(token.loc, 1), DiagKind::PointerOperatorUnsupported,
                      std::string("unary ") + std::string(token.spelling));
        return nullptr;
    case TokenKind::LParen: {
        std::size_t length = type_name_length(1);
        if (length != 0 && peek(1 + length).is(TokenKind::RParen)) {
            SourceLocation loc = advance().loc;
            std::optional<ast::TypeName> type = parse_type_name();
            advance(); // ')'
            ast::ExprPtr operand = parse_unary();
            if (!operand) {
                return nullptr;
            }
            return std::make_unique<ast::CastExpr>(std::move(*type), std::move(operand), false,
                                                   loc);
        }
        break;
    }
    default:
        break;
    }
    if (!op) {
        return parse_postfix();
    }
    SourceLocation loc = advance().loc;
    ast::ExprPtr operand = parse_unary();
    if (!operand) {
        return nullptr;
    }
    return std::make_unique<ast::UnaryExpr>(*op, std::move(operand), loc);
}

/// postfix ::= primary ('[' expression ']' | '(' (assignment (',' assignment)*)? ')'
///                      | '.' identifier | '++' | '--')*
ast::ExprPtr Parser::parse_postfix() {
    ast::ExprPtr expr = parse_primary();
    if (!expr) {
        return nullptr;
    }
    while (true) {
        const Token& token = peek();
        bool is_postfix = token.is(TokenKind::LBracket) || token.is(TokenKind::LParen) ||
                          token.is(TokenKind::Dot) || token.is(TokenKind::PlusPlus) ||
                          token.is(TokenKind::MinusMinus);
        if (is_postfix && !count_chain_link()) {
            return nullptr;
        }
        switch (token.kind) {
        case TokenKind::LBracket: {
            advance();
            std::vector<ast::ExprPtr> indices;
            do {
                ast::ExprPtr index = parse_assignment();
                if (!index) {
                    return nullptr;
                }
                indices.push_back(std::move(index));
            } while (consume(TokenKind::Comma));
            if (!expect(TokenKind::RBracket, "after the index")) {
                return nullptr;
            }
            expr = std::make_unique<ast::IndexExpr>(std::move(expr), std::move(indices), token.loc);
            break;
        }
        case TokenKind::LParen: {
            advance();
            std::vector<ast::ExprPtr> args;
            if (!at(TokenKind::RParen)) {
                do {
                    ast::ExprPtr arg = parse_assignment();
                    if (!arg) {
                        return nullptr;
                    }
                    args.push_back(std::move(arg));
                } while (consume(TokenKind::Comma));
            }
            if (!expect(TokenKind::RParen, "after the arguments")) {
                return nullptr;
            }
            SourceLocation loc = expr->loc;
            expr = std::make_unique<ast::CallExpr>(std::move(expr), std::move(args), loc);
            break;
        }
        case TokenKind::Dot: {
            advance();
            if (!at(TokenKind::Identifier)) {
                error_expected("a member name after '.'");
                return nullptr;
            }
            const Token& member = advance();
            expr = std::make_unique<ast::MemberExpr>(std::move(expr), std::string(member.spelling),
                                                     member.loc);
            break;
        }
        case TokenKind::PlusPlus:
        case TokenKind::MinusMinus:
            advance();
            expr = std::make_unique<ast::UnaryExpr>(
                token.kind == TokenKind::PlusPlus ? ast::UnaryOp::PostInc : ast::UnaryOp::PostDec,
                std::move(expr), token.loc);
            break;
        case TokenKind::Arrow:
            diags_.report(SourceSpan(token.loc, 2), DiagKind::PointerOperatorUnsupported, "->");
            return nullptr;
        default:
            return expr;
        }
    }
}

/// primary ::= integer_literal | floating_literal | 'true' | 'false' | identifier
///           | type_name '(' expression ')' | '(' expression ')'
ast::ExprPtr Parser::parse_primary() {
    const Token& token = peek();
    switch (token.kind) {
    case TokenKind::IntegerLiteral:
    case TokenKind::FloatLiteral: {
        advance();
        NumericLiteral literal;
        std::string error;
        bool valid = read_numeric_literal(token.spelling, literal, error);
        if (valid && literal.is_floating) {
            auto expr = std::make_unique<ast::FloatLiteralExpr>(token.loc);
            expr->spelling = std::string(token.spelling);
            expr->value = literal.float_value;
            expr->has_float_suffix = literal.has_float_suffix;
            return expr;
        }
        // An invalid literal was reported by the lexer; it reads as the integer 0.
        auto expr = std::make_unique<ast::IntegerLiteralExpr>(token.loc);
        expr->spelling = std::string(token.spelling);
        if (valid) {
            expr->value = literal.int_value;
            expr->is_decimal = literal.is_decimal;
            expr->has_unsigned_suffix = literal.has_unsigned_suffix;
            expr->long_suffix_count = literal.long_suffix_count;
        }
        return expr;
    }
    case TokenKind::KwTrue:
    case TokenKind::KwFalse:
        advance();
        return std::make_unique<ast::BoolLiteralExpr>(token.kind == TokenKind::KwTrue, token.loc);
    case TokenKind::LParen: {
        advance();
        if (in_fuse_) {
            return parse_fuse_parenthesized(token.loc); // `(x)` or a tuple `(0, 2)`
        }
        ast::ExprPtr inner = parse_expression();
        if (!inner || !expect(TokenKind::RParen, "closing the parenthesis")) {
            return nullptr;
        }
        return inner;
    }
    case TokenKind::Identifier: {
        std::size_t length = type_name_length(0);
        if (length == 1 && peek(1).is(TokenKind::LParen)) {
            std::optional<ast::TypeName> type = parse_type_name();
            advance(); // '('
            ast::ExprPtr operand = parse_expression();
            if (!operand || !expect(TokenKind::RParen, "after the functional cast's operand")) {
                return nullptr;
            }
            return std::make_unique<ast::CastExpr>(std::move(*type), std::move(operand), true,
                                                   token.loc);
        }
        if (length == 1 && in_fuse_ &&
            (peek(1).is(TokenKind::RParen) || peek(1).is(TokenKind::Comma))) {
            // A fused function's `astype(x, float32)`: the type as a name, which Sema reads.
            return std::make_unique<ast::NameExpr>(std::string(advance().spelling), token.loc);
        }
        if (length != 0) {
            std::optional<ast::TypeName> type = parse_type_name();
            diags_.report(SourceSpan(type->loc, type->length), DiagKind::TypeNameNotExpression,
                          type->spelling);
            return nullptr;
        }
        advance();
        return std::make_unique<ast::NameExpr>(std::string(token.spelling), token.loc);
    }
    case TokenKind::Hash:
        report_stray_hash();
        return nullptr;
    default:
        error_expected("an expression");
        return nullptr;
    }
}

/// condition ::= '(' expression ')'
ast::ExprPtr Parser::parse_parenthesized_condition(std::string_view after) {
    std::string context = "after " + std::string(after);
    if (!expect(TokenKind::LParen, context)) {
        return nullptr;
    }
    ast::ExprPtr condition = parse_expression();
    if (!condition || !expect(TokenKind::RParen, "after the condition")) {
        return nullptr;
    }
    return condition;
}

} // namespace gpucc::parse_detail
