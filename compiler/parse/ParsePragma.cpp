// `#pragma unroll` and `#pragma unroll N` on the line before a loop, with CUDA's spelling and
// meaning: unroll fully, unroll by N, or (N = 1) never unroll. The parser records it in the loop's
// LoopUnroll; the back end turns that into the loop's `!llvm.loop` metadata. A pragma is the '#'
// and the tokens after it on the same line. An unknown pragma is warned about and ignored, as
// CUDA's compilers do; any other '#' is an error naming it.
#include "compiler/lex/NumericLiteral.h"
#include "compiler/parse/ParserImpl.h"

#include <cctype>
#include <cstdint>
#include <limits>
#include <optional>

namespace gpucc::parse_detail {
namespace {

SourceSpan token_span(const Token& token) {
    return SourceSpan(token.loc, static_cast<std::uint32_t>(token.spelling.size()));
}

/// N of `#pragma unroll N`: an integer literal from 1 to INT32_MAX. `reported` is set when the
/// lexer has already reported the literal as malformed.
std::optional<std::uint32_t> unroll_count(const Token& token, bool& reported) {
    reported = token.is(TokenKind::Invalid);
    if (!token.is(TokenKind::IntegerLiteral)) {
        return std::nullopt;
    }
    NumericLiteral literal;
    std::string error;
    if (!read_numeric_literal(token.spelling, literal, error) || literal.too_large) {
        reported = true;
        return std::nullopt;
    }
    if (literal.int_value == 0 ||
        literal.int_value > static_cast<std::uint64_t>(std::numeric_limits<std::int32_t>::max())) {
        return std::nullopt;
    }
    return static_cast<std::uint32_t>(literal.int_value);
}

} // namespace

void Parser::report_stray_hash() {
    const Token& hash = peek();
    const Token& next = peek(1);
    std::string shown = "#";
    auto length = static_cast<std::uint32_t>(1);
    bool joined = next.loc.line == hash.loc.line && next.loc.column == hash.loc.column + 1 &&
                  !next.spelling.empty() &&
                  (std::isalpha(static_cast<unsigned char>(next.spelling[0])) != 0);
    if (joined && !next.is(TokenKind::EndOfFile)) {
        shown.append(next.spelling);
        length += static_cast<std::uint32_t>(next.spelling.size());
    }
    diags_.report(SourceSpan(hash.loc, length), DiagKind::StrayHash, shown);
}

/// pragma ::= '#' 'pragma' 'unroll' integer_literal? (on one line) (for | while | do_while)
///          | '#' 'pragma' token* (on one line; warned and ignored)
ast::StmtPtr Parser::parse_pragma() {
    const Token& hash = peek();
    std::uint32_t line = hash.loc.line;
    auto on_line = [&](std::size_t ahead) {
        const Token& token = peek(ahead);
        return !token.is(TokenKind::EndOfFile) && token.loc.line == line;
    };
    if (!on_line(1) || !peek(1).is_word("pragma")) {
        report_stray_hash();
        return nullptr;
    }
    advance();
    advance();
    if (!on_line(0) || !peek().is_word("unroll")) {
        SourceSpan where = on_line(0) ? token_span(peek()) : SourceSpan(hash.loc, 1);
        std::string text = "#pragma";
        while (on_line(0)) {
            text.append(" ").append(advance().spelling);
        }
        diags_.report(where, DiagKind::UnknownPragma, text);
        return std::make_unique<ast::EmptyStmt>(hash.loc);
    }
    advance();
    LoopUnroll unroll{LoopUnroll::Kind::Full, 0};
    bool valid = true;
    if (on_line(0)) {
        const Token& first = peek();
        bool reported = false;
        std::optional<std::uint32_t> count = unroll_count(first, reported);
        const Token* last = &advance();
        while (on_line(0)) {
            last = &advance();
        }
        if (count && last == &first) {
            unroll = *count == 1 ? LoopUnroll{LoopUnroll::Kind::Disable, 1}
                                 : LoopUnroll{LoopUnroll::Kind::Count, *count};
        } else {
            valid = false;
            if (!reported || last != &first) {
                // The tokens of one line are views into the same source text.
                auto length = static_cast<std::size_t>(
                    last->spelling.data() + last->spelling.size() - first.spelling.data());
                std::string_view text(first.spelling.data(), length);
                std::string found =
                    last == &first ? describe(first) : "'" + std::string(text) + "'";
                diags_.report(SourceSpan(first.loc, static_cast<std::uint32_t>(length)),
                              DiagKind::PragmaUnrollCount, found);
            }
        }
    }
    const Token& next = peek();
    if (!next.is(TokenKind::KwFor) && !next.is(TokenKind::KwWhile) && !next.is(TokenKind::KwDo)) {
        if (!next.is(TokenKind::Invalid)) {
            diags_.report(token_span(next), DiagKind::PragmaUnrollNotLoop, describe(next));
        }
        // Go on with what follows, so its own mistakes are reported too.
        if (next.is(TokenKind::RBrace) || next.is(TokenKind::EndOfFile)) {
            return std::make_unique<ast::EmptyStmt>(hash.loc);
        }
        return parse_statement();
    }
    ast::StmtPtr loop = parse_statement();
    if (!loop || !valid) {
        return loop;
    }
    switch (loop->kind) {
    case ast::StmtKind::For:
        static_cast<ast::ForStmt&>(*loop).unroll = unroll;
        break;
    case ast::StmtKind::While:
        static_cast<ast::WhileStmt&>(*loop).unroll = unroll;
        break;
    case ast::StmtKind::DoWhile:
        static_cast<ast::DoWhileStmt&>(*loop).unroll = unroll;
        break;
    default:
        break;
    }
    return loop;
}

} // namespace gpucc::parse_detail
