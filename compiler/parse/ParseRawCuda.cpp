// Raw CUDA definitions (language.md section 4, CuPy's RawKernel and RawModule): CUDA C++ that
// Clang compiles, inline or from a file, with the template instantiations that get launchers:
//
//   raw cuda """
//   extern "C" __global__ void my_add(const float* x1, const float* x2, float* y, int n) { ... }
//   template <typename T> __global__ void scale(T* x, T a, int n) { ... }
//   """ instantiate scale<float>, scale<double>;
//
//   raw cuda file "gemm.cu";
//
// The parser does not look inside the CUDA source: it keeps the text and where it starts, so
// that Clang's diagnostics can be mapped back to the .dsl file (compiler/rawcuda). An
// instantiation is kept as spelled, from its name to its closing '>'.
#include "compiler/parse/ParserImpl.h"

namespace gpucc::parse_detail {
namespace {

/// The contents of a one-line "..." literal with its backslash escapes resolved.
std::string unquote(std::string_view literal) {
    std::string text;
    for (std::size_t i = 1; i + 1 < literal.size(); ++i) {
        if (literal[i] == '\\' && i + 2 < literal.size()) {
            ++i;
        }
        text += literal[i];
    }
    return text;
}

} // namespace

/// raw_cuda ::= 'raw' 'cuda' ( '"""' text '"""' | 'file' string ) instantiate? ';'?
/// instantiate ::= 'instantiate' template_id (',' template_id)* ';'
/// template_id ::= identifier ('::' identifier)* '<' balanced tokens '>'
std::optional<ast::RawCudaDef> Parser::parse_raw_cuda() {
    ast::RawCudaDef def;
    def.loc = advance().loc; // raw
    advance();               // cuda
    if (peek().is_word("file")) {
        advance();
        const Token& path = peek();
        if (!path.is(TokenKind::StringLiteral) || path.spelling.starts_with("\"\"\"")) {
            error_expected("the CUDA file's path as a string (\"name.cu\") after 'raw cuda file'");
            return std::nullopt;
        }
        advance();
        def.is_file = true;
        def.text = unquote(path.spelling);
        def.text_loc = path.loc;
        def.text_length = static_cast<std::uint32_t>(path.spelling.size());
        if (def.text.empty()) {
            diags_.report(SourceSpan(path.loc, def.text_length), DiagKind::RawCudaEmptyPath);
            return std::nullopt;
        }
    } else {
        const Token& source = peek();
        if (!source.is(TokenKind::StringLiteral) || !source.spelling.starts_with("\"\"\"")) {
            error_expected("CUDA source in triple quotes (\"\"\"...\"\"\") or 'file' after 'raw "
                           "cuda'");
            return std::nullopt;
        }
        advance();
        std::string_view text = source.spelling.substr(3, source.spelling.size() - 6);
        def.text = std::string(text);
        def.text_loc = source.loc;
        def.text_loc.column += 3;
        def.text_length = 3;
    }
    if (peek().is_word("instantiate")) {
        advance();
        do {
            std::optional<ast::RawInstantiation> instantiation = parse_raw_instantiation();
            if (!instantiation) {
                return std::nullopt;
            }
            def.instantiations.push_back(std::move(*instantiation));
        } while (consume(TokenKind::Comma));
        if (!expect(TokenKind::Semicolon, "after the instantiations")) {
            return std::nullopt;
        }
        return def;
    }
    consume(TokenKind::Semicolon);
    return def;
}

/// One template_id of an `instantiate` list: a name, then template arguments in balanced angle
/// brackets (a '>>' closes two; angle brackets inside parentheses are operators).
std::optional<ast::RawInstantiation> Parser::parse_raw_instantiation() {
    const Token& first = peek();
    if (!first.is(TokenKind::Identifier)) {
        error_expected("a kernel template's name and arguments ('scale<float>') to instantiate");
        return std::nullopt;
    }
    advance();
    while (at(TokenKind::ColonColon) && peek(1).is(TokenKind::Identifier)) {
        advance();
        advance();
    }
    if (!at(TokenKind::Less)) {
        error_expected("'<' and the template arguments after '" + std::string(first.spelling) +
                       "'");
        return std::nullopt;
    }
    // As in C++: inside parentheses, brackets or braces '<' and '>' are comparisons
    // (`t<(2 > 1)>`), and '<<' is a shift.
    int depth = 0;
    int groups = 0;
    const Token* last = nullptr;
    while (!at(TokenKind::EndOfFile) && !at(TokenKind::Semicolon)) {
        const Token& token = advance();
        if (token.is(TokenKind::LParen) || token.is(TokenKind::LBracket) ||
            token.is(TokenKind::LBrace)) {
            ++groups;
        } else if (token.is(TokenKind::RParen) || token.is(TokenKind::RBracket) ||
                   token.is(TokenKind::RBrace)) {
            if (--groups < 0) {
                break;
            }
        } else if (groups > 0) {
            continue;
        } else if (token.is(TokenKind::Less)) {
            ++depth;
        } else if (token.is(TokenKind::Greater)) {
            --depth;
        } else if (token.is(TokenKind::GreaterGreater)) {
            depth -= 2;
        }
        if (depth <= 0) {
            last = &token;
            break;
        }
    }
    if (last == nullptr || depth < 0) {
        error_expected("'>' closing the template arguments of '" + std::string(first.spelling) +
                       "'");
        return std::nullopt;
    }
    ast::RawInstantiation instantiation;
    instantiation.loc = first.loc;
    const char* begin = first.spelling.data();
    const char* end = last->spelling.data() + last->spelling.size();
    instantiation.spelling.assign(begin, end);
    return instantiation;
}

} // namespace gpucc::parse_detail
