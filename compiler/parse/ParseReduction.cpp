// Reduction kernels (language.md section 2, CuPy's ReductionKernel): the signature as elementwise
// kernels write it (with `scalar` parameters besides), then a body of clauses instead of
// statements. A reduction is not a loop body but four pieces the code generator places
// separately (the identity that seeds partial results, the map applied to each element, the
// binary reduce, the post that writes each output), so each piece is its own clause:
//
//   reduction l2norm<T: float32 | float64>(T x) -> (T y) {
//       identity: 0;
//       map:      x * x;
//       reduce:   a + b;
//       post:     y = sqrt(a);
//       type:     float64;        // optional: the reduce type (CuPy's reduce_type)
//   }
//
// Clauses come in any order, each at most once; which ones are required is Sema's business, so
// the tree keeps whatever was written.
#include "compiler/parse/ParserImpl.h"

namespace gpucc::parse_detail {

namespace {

constexpr std::string_view kClauseList = "'identity:', 'map:', 'reduce:', 'post:' or 'type:'";

} // namespace

/// reduction ::= 'reduction' identifier placeholders? '(' params? ')'
///               '->' '(' params? ')' '{' clause* '}'
std::optional<ast::ReductionDef> Parser::parse_reduction() {
    ast::ReductionDef def;
    def.loc = advance().loc;
    placeholders_.clear();
    in_reduction_ = true;
    if (!parse_kernel_signature("reduction", true, def.name, def.name_loc, def.placeholders,
                                def.inputs, def.outputs)) {
        return std::nullopt;
    }
    if (!at(TokenKind::LBrace)) {
        error_expected("'{' starting the reduction's clauses");
        return std::nullopt;
    }
    advance();
    while (!at(TokenKind::RBrace)) {
        if (at(TokenKind::EndOfFile)) {
            error_expected("'}' closing the reduction");
            return std::nullopt;
        }
        if (!parse_reduction_clause(def)) {
            return std::nullopt;
        }
    }
    advance();
    return def;
}

/// A clause starts with a word and a colon; no statement of the language does (there are no
/// labels), so this also ends the statements of `post`.
bool Parser::at_reduction_clause() const {
    return at(TokenKind::Identifier) && peek(1).is(TokenKind::Colon);
}

/// clause ::= 'identity' ':' ('none' | expression) ';'
///          | 'map' ':' expression ';'
///          | 'reduce' ':' expression ';'
///          | 'post' ':' statement+            (up to the next clause or the closing '}')
///          | 'type' ':' type_name ';'
bool Parser::parse_reduction_clause(ast::ReductionDef& def) {
    if (!at_reduction_clause()) {
        error_expected(std::string("a clause (") + std::string(kClauseList) + ")");
        return false;
    }
    const Token& word = advance();
    advance(); // ':'
    std::string_view clause = word.spelling;
    SourceLocation* seen = nullptr;
    if (clause == "identity") {
        seen = &def.identity_loc;
    } else if (clause == "map") {
        seen = &def.map_loc;
    } else if (clause == "reduce") {
        seen = &def.reduce_loc;
    } else if (clause == "post") {
        seen = &def.post_loc;
    } else if (clause == "type") {
        seen = &def.type_loc;
    } else {
        diags_.report(SourceSpan(word.loc, static_cast<std::uint32_t>(clause.size())),
                      DiagKind::UnknownReductionClause, clause);
        return false;
    }
    // A repeated clause is reported and parsed into a throwaway definition, so the first one
    // stays and the rest of the body is still read.
    ast::ReductionDef repeated;
    ast::ReductionDef& into = seen->is_valid() ? repeated : def;
    if (seen->is_valid()) {
        SourceSpan span(word.loc, static_cast<std::uint32_t>(clause.size()));
        diags_.report(span, DiagKind::ReductionClauseRepeated, clause);
        diags_.report(SourceSpan(*seen, static_cast<std::uint32_t>(clause.size())),
                      DiagKind::NotePreviousClause, clause);
    } else {
        *seen = word.loc;
    }

    std::string after = "after the '" + std::string(clause) + "' clause";
    if (clause == "post") {
        into.post = parse_post_statements(word.loc);
        return into.post != nullptr;
    }
    if (clause == "type") {
        std::optional<ast::TypeName> type = parse_type_name();
        if (!type) {
            error_expected("the reduce type after 'type:'");
            return false;
        }
        into.reduce_type = std::move(*type);
        return expect(TokenKind::Semicolon, after);
    }
    if (clause == "identity" && peek().is_word("none") && peek(1).is(TokenKind::Semicolon)) {
        into.identity_is_none = true;
        advance();
        return expect(TokenKind::Semicolon, after);
    }
    chain_links_ = 0;
    ast::ExprPtr expr = parse_expression();
    if (!expr) {
        return false;
    }
    (clause == "identity" ? into.identity
     : clause == "map"    ? into.map
                          : into.reduce) = std::move(expr);
    return expect(TokenKind::Semicolon, after);
}

/// post ::= statement+, up to the next clause or the reduction's closing '}'.
std::unique_ptr<ast::BlockStmt> Parser::parse_post_statements(SourceLocation post_loc) {
    auto block = std::make_unique<ast::BlockStmt>(post_loc);
    if (at(TokenKind::RBrace) || at_reduction_clause()) {
        error_expected("a statement after 'post:'");
        return nullptr;
    }
    in_post_ = true;
    while (!at(TokenKind::RBrace) && !at_reduction_clause()) {
        if (at(TokenKind::EndOfFile)) {
            error_expected("'}' closing the reduction");
            in_post_ = false;
            return nullptr;
        }
        ast::StmtPtr statement = parse_statement();
        if (!statement) {
            in_post_ = false;
            return nullptr;
        }
        block->statements.push_back(std::move(statement));
    }
    in_post_ = false;
    return block;
}

} // namespace gpucc::parse_detail
