// The lexer: turns one source file into tokens. Comments and white space are dropped; each token
// keeps its spelling (a view into the SourceManager's text) and its location. Numeric literals are
// checked here (digits, suffixes, range) so later phases can trust them; mistakes are diagnostics,
// and the lexer always reaches the end of the file and ends the stream with an EndOfFile token.
// A malformed piece becomes an Invalid token after its diagnostic, so the parser can stop there
// without reporting the same mistake again.
#pragma once

#include "compiler/basic/SourceLocation.h"

#include <cstdint>
#include <string_view>
#include <vector>

namespace llvm {
class raw_ostream;
}

namespace gpucc {

class SourceManager;
class DiagnosticEngine;

enum class TokenKind : std::uint8_t {
#define TOKEN(Name, Description) Name,
#define KEYWORD(Name, Spelling) Name,
#define PUNCT(Name, Spelling) Name,
#include "compiler/lex/TokenKinds.def"
};

/// "identifier", "'if'", "'<<='": how diagnostics and token dumps name a kind.
std::string_view token_kind_name(TokenKind kind);
/// The fixed spelling of a keyword or punctuator ("if", "<<="); empty for the other kinds.
std::string_view token_kind_spelling(TokenKind kind);

struct Token {
    TokenKind kind = TokenKind::EndOfFile;
    std::string_view spelling; ///< the exact source text (a string literal includes its quotes)
    SourceLocation loc;

    bool is(TokenKind other) const { return kind == other; }
    /// An identifier spelled `word` (the contextual keywords: "elementwise", "raw", ...).
    bool is_word(std::string_view word) const {
        return kind == TokenKind::Identifier && spelling == word;
    }
};

/// Lexes a whole file. Always ends with an EndOfFile token.
std::vector<Token> lex_file(std::uint32_t file, const SourceManager& sources,
                            DiagnosticEngine& diags);

/// One token per line, `line:col kind 'spelling'`, for `--emit=tokens` and lit tests.
void print_tokens(const std::vector<Token>& tokens, const SourceManager& sources,
                  llvm::raw_ostream& out);

} // namespace gpucc
