// The lexer. One pass over the bytes of a file: white space and comments are skipped, identifiers
// and keywords, numbers, strings (including the triple-quoted strings that hold raw CUDA) and
// punctuators become tokens. A malformed piece (an unterminated comment, a stray character, a bad
// literal) is reported and skipped, so lexing always finishes.
#include "compiler/lex/Lexer.h"

#include "compiler/diag/Diagnostics.h"
#include "compiler/lex/NumericLiteral.h"

#include <array>
#include <cctype>
#include <cstdio>
#include <llvm/Support/raw_ostream.h>
#include <optional>

namespace gpucc {
namespace {

struct KindInfo {
    std::string_view enum_name;
    std::string_view spelling; ///< keywords and punctuators
    std::string_view description;
};

constexpr std::array kKindInfo = {
#define TOKEN(Name, Description) KindInfo{#Name, "", Description},
#define KEYWORD(Name, Spelling) KindInfo{#Name, Spelling, ""},
#define PUNCT(Name, Spelling) KindInfo{#Name, Spelling, ""},
#include "compiler/lex/TokenKinds.def"
};

const KindInfo& kind_info(TokenKind kind) {
    return kKindInfo[static_cast<std::size_t>(kind)];
}

bool is_identifier_start(char c) {
    return std::isalpha(static_cast<unsigned char>(c)) != 0 || c == '_';
}
bool is_identifier_char(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
}

class Lexer {
public:
    Lexer(std::uint32_t file, const SourceManager& sources, DiagnosticEngine& diags)
        : file_(file), text_(sources.buffer(file)), diags_(diags) {}

    std::vector<Token> run() {
        std::vector<Token> tokens;
        while (true) {
            skip_space_and_comments();
            if (pos_ >= text_.size()) {
                break;
            }
            if (auto token = next_token()) {
                tokens.push_back(*token);
            }
        }
        tokens.push_back(Token{TokenKind::EndOfFile, text_.substr(text_.size()), location()});
        return tokens;
    }

private:
    SourceLocation location() const {
        return SourceLocation{file_, line_, static_cast<std::uint32_t>(pos_ - line_start_ + 1)};
    }
    SourceLocation location_at(std::size_t pos, std::uint32_t line, std::size_t line_start) const {
        return SourceLocation{file_, line, static_cast<std::uint32_t>(pos - line_start + 1)};
    }

    char peek(std::size_t ahead = 0) const {
        return pos_ + ahead < text_.size() ? text_[pos_ + ahead] : '\0';
    }

    /// Moves one byte forward, keeping the line count.
    void advance() {
        if (text_[pos_] == '\n') {
            ++line_;
            line_start_ = pos_ + 1;
        }
        ++pos_;
    }

    void skip_space_and_comments() {
        while (pos_ < text_.size()) {
            char c = peek();
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
                advance();
            } else if (c == '/' && peek(1) == '/') {
                while (pos_ < text_.size() && peek() != '\n') {
                    advance();
                }
            } else if (c == '/' && peek(1) == '*') {
                SourceLocation start = location();
                advance();
                advance();
                bool closed = false;
                while (pos_ < text_.size()) {
                    if (peek() == '*' && peek(1) == '/') {
                        advance();
                        advance();
                        closed = true;
                        break;
                    }
                    advance();
                }
                if (!closed) {
                    diags_.report(SourceSpan(start, 2), DiagKind::UnterminatedBlockComment);
                }
            } else {
                return;
            }
        }
    }

    Token make(TokenKind kind, std::size_t begin, SourceLocation loc) const {
        return Token{kind, text_.substr(begin, pos_ - begin), loc};
    }

    /// The next token; a malformed one is reported and returned as an Invalid token, which the
    /// parser treats as an error already reported.
    std::optional<Token> next_token() {
        std::size_t begin = pos_;
        SourceLocation loc = location();
        char c = peek();
        if (is_identifier_start(c)) {
            while (pos_ < text_.size() && is_identifier_char(peek())) {
                advance();
            }
            Token token = make(TokenKind::Identifier, begin, loc);
            for (std::size_t k = 0; k < kKindInfo.size(); ++k) {
                auto kind = static_cast<TokenKind>(k);
                if (kKindInfo[k].description.empty() && kKindInfo[k].spelling == token.spelling &&
                    is_identifier_start(kKindInfo[k].spelling[0])) {
                    token.kind = kind;
                    break;
                }
            }
            return token;
        }
        if (std::isdigit(static_cast<unsigned char>(c)) ||
            (c == '.' && std::isdigit(static_cast<unsigned char>(peek(1))))) {
            return lex_number(begin, loc);
        }
        if (c == '"') {
            return lex_string(begin, loc);
        }
        if (c == '\'') {
            return lex_char_literal(begin, loc);
        }
        for (std::size_t length : {3u, 2u, 1u}) {
            std::string_view candidate = text_.substr(pos_, length);
            for (std::size_t k = 0; k < kKindInfo.size(); ++k) {
                const KindInfo& info = kKindInfo[k];
                if (info.description.empty() && info.spelling.size() == length &&
                    !is_identifier_start(info.spelling[0]) && info.spelling == candidate) {
                    for (std::size_t i = 0; i < length; ++i) {
                        advance();
                    }
                    return make(static_cast<TokenKind>(k), begin, loc);
                }
            }
        }
        advance();
        std::string shown;
        if (std::isprint(static_cast<unsigned char>(c))) {
            shown = std::string(1, c);
        } else {
            char hex[8];
            std::snprintf(hex, sizeof hex, "\\x%02X",
                          static_cast<unsigned>(static_cast<unsigned char>(c)));
            shown = hex;
        }
        diags_.report(SourceSpan(loc, 1), DiagKind::InvalidCharacter, shown);
        return make(TokenKind::Invalid, begin, loc);
    }

    /// A pp-number as C defines it: digits, letters, '_', '.', and a sign after an exponent letter.
    Token lex_number(std::size_t begin, SourceLocation loc) {
        while (pos_ < text_.size()) {
            char c = peek();
            if ((c == '+' || c == '-') && pos_ > begin &&
                (text_[pos_ - 1] == 'e' || text_[pos_ - 1] == 'E' || text_[pos_ - 1] == 'p' ||
                 text_[pos_ - 1] == 'P')) {
                advance();
            } else if (is_identifier_char(c) || c == '.') {
                advance();
            } else {
                break;
            }
        }
        Token token = make(TokenKind::IntegerLiteral, begin, loc);
        NumericLiteral literal;
        std::string error;
        auto length = static_cast<std::uint32_t>(token.spelling.size());
        if (!read_numeric_literal(token.spelling, literal, error)) {
            // Reported here; the parser reads the token as the integer 0 and goes on.
            diags_.report(SourceSpan(loc, length), DiagKind::InvalidNumber, token.spelling, error);
            return token;
        }
        if (literal.is_floating) {
            token.kind = TokenKind::FloatLiteral;
            if (literal.out_of_range) {
                diags_.report(SourceSpan(loc, length), DiagKind::FloatLiteralOutOfRange,
                              token.spelling, literal.has_float_suffix ? "float32" : "float64");
            }
        } else if (literal.too_large) {
            diags_.report(SourceSpan(loc, length), DiagKind::IntegerLiteralTooLarge,
                          token.spelling);
        }
        return token;
    }

    /// "..." on one line with backslash escapes, or """...""" over any number of lines.
    Token lex_string(std::size_t begin, SourceLocation loc) {
        if (text_.substr(pos_, 3) == "\"\"\"") {
            for (int i = 0; i < 3; ++i) {
                advance();
            }
            while (pos_ < text_.size()) {
                if (text_.substr(pos_, 3) == "\"\"\"") {
                    for (int i = 0; i < 3; ++i) {
                        advance();
                    }
                    return make(TokenKind::StringLiteral, begin, loc);
                }
                advance();
            }
            diags_.report(SourceSpan(loc, 3), DiagKind::UnterminatedString);
            return make(TokenKind::Invalid, begin, loc);
        }
        advance();
        while (pos_ < text_.size() && peek() != '\n') {
            char c = peek();
            advance();
            if (c == '"') {
                return make(TokenKind::StringLiteral, begin, loc);
            }
            if (c == '\\' && pos_ < text_.size() && peek() != '\n') {
                advance();
            }
        }
        diags_.report(SourceSpan(loc, 1), DiagKind::UnterminatedString);
        return make(TokenKind::Invalid, begin, loc);
    }

    Token lex_char_literal(std::size_t begin, SourceLocation loc) {
        advance();
        while (pos_ < text_.size() && peek() != '\n') {
            char c = peek();
            advance();
            if (c == '\'') {
                break;
            }
            if (c == '\\' && pos_ < text_.size() && peek() != '\n') {
                advance();
            }
        }
        // 'float32 x, float32 y' or 'y = x * 2': a CuPy ElementwiseKernel's strings, not a
        // character; say how gpucc writes them.
        std::string_view content = text_.substr(begin + 1, pos_ - begin - 1);
        if (content.ends_with('\'')) {
            content.remove_suffix(1);
        }
        bool cupy_string = content.size() > 2 && content.find(' ') != std::string_view::npos;
        diags_.report(SourceSpan(loc, 1), cupy_string ? DiagKind::CupyStringDefinition
                                                      : DiagKind::CharLiteralUnsupported);
        return make(TokenKind::Invalid, begin, loc);
    }

    std::uint32_t file_;
    std::string_view text_;
    DiagnosticEngine& diags_;
    std::size_t pos_ = 0;
    std::uint32_t line_ = 1;
    std::size_t line_start_ = 0;
};

} // namespace

std::string_view token_kind_name(TokenKind kind) {
    const KindInfo& info = kind_info(kind);
    return info.description.empty() ? info.spelling : info.description;
}

std::string_view token_kind_spelling(TokenKind kind) {
    return kind_info(kind).spelling;
}

std::vector<Token> lex_file(std::uint32_t file, const SourceManager& sources,
                            DiagnosticEngine& diags) {
    return Lexer(file, sources, diags).run();
}

void print_tokens(const std::vector<Token>& tokens, const SourceManager&, llvm::raw_ostream& out) {
    for (const Token& token : tokens) {
        out << token.loc.line << ":" << token.loc.column << " " << kind_info(token.kind).enum_name;
        if (token.kind != TokenKind::EndOfFile) {
            out << " '";
            // Show multi-line strings on one line.
            for (char c : token.spelling) {
                if (c == '\n') {
                    out << "\\n";
                } else {
                    out << c;
                }
            }
            out << "'";
        }
        out << "\n";
    }
}

} // namespace gpucc
