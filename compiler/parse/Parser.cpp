// The parser's entry point, token helpers, error recovery, type names and the definitions of a
// module: the `module` declaration, `elementwise` kernels with their placeholders and parameters.
// Reduction kernels share the placeholders and parameters; their clauses are in
// ParseReduction.cpp; jit-style kernels are in ParseGridKernel.cpp, raw CUDA definitions in
// ParseRawCuda.cpp and fused functions in ParseFuse.cpp.
#include "compiler/parse/Parser.h"

#include "compiler/basic/ScalarType.h"
#include "compiler/parse/ParserImpl.h"

#include <array>
#include <cassert>

namespace gpucc {
namespace parse_detail {

Parser::Parser(const std::vector<Token>& tokens, DiagnosticEngine& diags)
    : tokens_(tokens), diags_(diags) {
    assert(!tokens_.empty() && tokens_.back().is(TokenKind::EndOfFile) &&
           "the lexer ends every stream with EndOfFile");
}

const Token& Parser::peek(std::size_t ahead) const {
    std::size_t index = pos_ + ahead;
    return index < tokens_.size() ? tokens_[index] : tokens_.back();
}

const Token& Parser::advance() {
    const Token& token = peek();
    if (pos_ + 1 < tokens_.size()) {
        ++pos_;
    }
    return token;
}

bool Parser::consume(TokenKind kind) {
    if (!at(kind)) {
        return false;
    }
    advance();
    return true;
}

std::string Parser::describe(const Token& token) {
    std::string text;
    switch (token.kind) {
    case TokenKind::EndOfFile:
        return "end of file";
    case TokenKind::StringLiteral:
    case TokenKind::Invalid:
        return std::string(token_kind_name(token.kind));
    case TokenKind::Identifier:
    case TokenKind::IntegerLiteral:
    case TokenKind::FloatLiteral:
        text.append(token_kind_name(token.kind)).append(" ");
        break;
    default:
        break;
    }
    text.append("'").append(token.spelling).append("'");
    return text;
}

void Parser::error_expected(std::string_view what) {
    const Token& token = peek();
    if (token.is(TokenKind::Invalid)) {
        return; // the lexer reported it
    }
    auto length = static_cast<std::uint32_t>(
        token.spelling.find('\n') == std::string_view::npos ? token.spelling.size() : 1);
    diags_.report(SourceSpan(token.loc, length), DiagKind::ExpectedFound, what, describe(token));
}

void Parser::error_expected_after_previous(std::string_view what) {
    const Token& token = peek();
    if (token.is(TokenKind::Invalid)) {
        return;
    }
    const Token* previous = pos_ > 0 ? &tokens_[pos_ - 1] : nullptr;
    if (previous == nullptr || previous->loc.line == token.loc.line ||
        previous->spelling.find('\n') != std::string_view::npos) {
        error_expected(what);
        return;
    }
    // The missing token belongs at the end of the previous line, as clang points it.
    SourceLocation after = previous->loc;
    after.column += static_cast<std::uint32_t>(previous->spelling.size());
    diags_.report(SourceSpan(after, 1), DiagKind::ExpectedFound, what, describe(token));
}

bool Parser::expect(TokenKind kind, std::string_view context) {
    if (consume(kind)) {
        return true;
    }
    std::string what;
    what.append("'").append(token_kind_spelling(kind)).append("'");
    if (!context.empty()) {
        what.append(" ").append(context);
    }
    error_expected_after_previous(what);
    return false;
}

namespace {
constexpr int kMaxNesting = 200;
constexpr int kMaxChainLinks = 4000;
} // namespace

bool Parser::enter_nesting(std::string_view what) {
    if (nesting_ >= kMaxNesting) {
        if (!limit_reported_) {
            diags_.report(SourceSpan(peek().loc, 1), DiagKind::TooComplex, what,
                          std::to_string(kMaxNesting) +
                              " levels: each enclosing statement, parenthesis, bracket, call, "
                              "prefix operator, cast and assignment is one");
            limit_reported_ = true;
        }
        return false;
    }
    ++nesting_;
    return true;
}

bool Parser::count_chain_link() {
    if (++chain_links_ > kMaxChainLinks) {
        if (!limit_reported_) {
            diags_.report(SourceSpan(peek().loc, 1), DiagKind::TooComplex, "statement",
                          std::to_string(kMaxChainLinks) + " operators");
            limit_reported_ = true;
        }
        return false;
    }
    return true;
}

// ---------------------------------------------------------------------------------------------
// Recovery
// ---------------------------------------------------------------------------------------------

/// A definition starts with its kind word, either at the start of a line or, after a `;` or `}`,
/// followed by a name (`raw` by `cuda`); a body statement practically never looks like that.
bool Parser::at_definition_start() const {
    const Token& token = peek();
    if (token.kind != TokenKind::Identifier) {
        return false;
    }
    bool kind_word = false;
    for (std::string_view word : {"elementwise", "reduction", "kernel", "fuse", "module", "raw"}) {
        kind_word = kind_word || token.spelling == word;
    }
    if (!kind_word) {
        return false;
    }
    if (pos_ == 0 || token.loc.column == 1) {
        return true;
    }
    bool named =
        token.spelling == "raw" ? peek(1).is_word("cuda") : peek(1).is(TokenKind::Identifier);
    const Token& previous = tokens_[pos_ - 1];
    return named && (previous.is(TokenKind::Semicolon) || previous.is(TokenKind::RBrace));
}

void Parser::synchronize() {
    if (!at(TokenKind::EndOfFile)) {
        advance();
    }
    while (!at(TokenKind::EndOfFile) && !at_definition_start()) {
        advance();
    }
}

// ---------------------------------------------------------------------------------------------
// Module and definitions
// ---------------------------------------------------------------------------------------------

/// module ::= module_declaration? definition*
/// definition ::= elementwise | reduction | kernel | raw_cuda | fuse
std::unique_ptr<ast::Module> Parser::parse_module() {
    auto module = std::make_unique<ast::Module>();
    bool seen_definition = false;
    while (!at(TokenKind::EndOfFile)) {
        const Token& token = peek();
        if (token.is_word("module") && peek(1).is(TokenKind::Identifier)) {
            parse_module_declaration(*module, seen_definition);
            continue;
        }
        seen_definition = true;
        nesting_ = 0;
        limit_reported_ = false;
        in_grid_kernel_ = false;
        if (token.is_word("elementwise")) {
            if (std::optional<ast::ElementwiseDef> def = parse_elementwise()) {
                module->elementwise.push_back(std::move(*def));
            } else {
                synchronize();
            }
        } else if (token.is_word("reduction")) {
            if (std::optional<ast::ReductionDef> def = parse_reduction()) {
                module->reductions.push_back(std::move(*def));
            } else {
                synchronize();
            }
        } else if (token.is_word("kernel")) {
            if (std::optional<ast::GridKernelDef> def = parse_grid_kernel()) {
                module->grid_kernels.push_back(std::move(*def));
            } else {
                synchronize();
            }
        } else if (token.is_word("fuse")) {
            if (std::optional<ast::FuseDef> def = parse_fuse()) {
                module->fused.push_back(std::move(*def));
            } else {
                synchronize();
            }
        } else if (token.is_word("raw") && peek(1).is_word("cuda")) {
            if (std::optional<ast::RawCudaDef> def = parse_raw_cuda()) {
                module->raw_cuda.push_back(std::move(*def));
            } else {
                synchronize();
            }
        } else if (peek().is(TokenKind::Invalid)) {
            synchronize(); // the lexer reported it
        } else if (peek().is(TokenKind::Hash)) {
            report_stray_hash();
            synchronize();
        } else {
            const Token& bad = peek();
            diags_.report(SourceSpan(bad.loc, static_cast<std::uint32_t>(bad.spelling.size())),
                          DiagKind::ExpectedDefinition, describe(bad));
            synchronize();
        }
    }
    if (!seen_definition && !diags_.has_errors()) {
        SourceLocation file_start{peek().loc.file_id, 1, 1};
        diags_.report(file_start, DiagKind::NoDefinitions);
    }
    return module;
}

/// module_declaration ::= 'module' identifier ';'
void Parser::parse_module_declaration(ast::Module& module, bool after_definitions) {
    SourceLocation keyword = advance().loc;
    const Token& name = advance();
    if (!expect(TokenKind::Semicolon, "after the module name")) {
        synchronize();
        return;
    }
    if (after_definitions) {
        diags_.report(SourceSpan(keyword, 6), DiagKind::ModuleNotFirst);
        return;
    }
    if (module.name) {
        diags_.report(SourceSpan(keyword, 6), DiagKind::ModuleRedeclared);
        diags_.report(module.name_loc, DiagKind::NotePreviousModule);
        return;
    }
    module.name = std::string(name.spelling);
    module.name_loc = name.loc;
}

bool Parser::parse_definition_name(std::string_view keyword, std::string_view noun,
                                   std::string& name, SourceLocation& name_loc,
                                   std::vector<ast::Placeholder>& placeholders) {
    if (!at(TokenKind::Identifier)) {
        error_expected("the " + std::string(noun) + "'s name after '" + std::string(keyword) + "'");
        return false;
    }
    const Token& token = advance();
    name = std::string(token.spelling);
    name_loc = token.loc;
    return !at(TokenKind::Less) || parse_placeholders(placeholders);
}

bool Parser::parse_kernel_signature(std::string_view keyword, bool allow_scalar, std::string& name,
                                    SourceLocation& name_loc,
                                    std::vector<ast::Placeholder>& placeholders,
                                    std::vector<ast::Param>& inputs,
                                    std::vector<ast::Param>& outputs) {
    if (!parse_definition_name(keyword, "kernel", name, name_loc, placeholders)) {
        return false;
    }
    if (!expect(TokenKind::LParen, "and the input parameters after the kernel's name")) {
        return false;
    }
    if (at(TokenKind::StringLiteral)) {
        // elementwise f("float32 x", "float32 y", "y = x") as CuPy's ElementwiseKernel is written
        diags_.report(SourceSpan(peek().loc, 1), DiagKind::CupyStringDefinition);
        return false;
    }
    if (at(TokenKind::Invalid) && peek().spelling.starts_with("'")) {
        return false; // the lexer reported the quoted text
    }
    return parse_param_list(inputs, "input", allow_scalar) &&
           expect(TokenKind::Arrow, "and the output parameters after the inputs") &&
           expect(TokenKind::LParen, "before the output parameters") &&
           parse_param_list(outputs, "output", allow_scalar);
}

bool Parser::parse_single_list_signature(std::string_view keyword, std::string_view noun,
                                         std::string& name, SourceLocation& name_loc,
                                         std::vector<ast::Placeholder>& placeholders,
                                         std::vector<ast::Param>& params,
                                         std::optional<ast::Param> (Parser::*parse_one)()) {
    if (!parse_definition_name(keyword, noun, name, name_loc, placeholders)) {
        return false;
    }
    if (!expect(TokenKind::LParen,
                "and the parameters after the " + std::string(noun) + "'s name")) {
        return false;
    }
    if (consume(TokenKind::RParen)) {
        return true;
    }
    do {
        std::optional<ast::Param> param = (this->*parse_one)();
        if (!param) {
            return false;
        }
        params.push_back(std::move(*param));
    } while (consume(TokenKind::Comma));
    return expect(TokenKind::RParen, "after the parameters");
}

/// elementwise ::= 'elementwise' identifier placeholders? '(' params? ')'
///                 '->' '(' params? ')' block
std::optional<ast::ElementwiseDef> Parser::parse_elementwise() {
    ast::ElementwiseDef def;
    def.loc = advance().loc;
    placeholders_.clear();
    in_reduction_ = false;
    if (!parse_kernel_signature("elementwise", false, def.name, def.name_loc, def.placeholders,
                                def.inputs, def.outputs)) {
        return std::nullopt;
    }
    if (!at(TokenKind::LBrace)) {
        error_expected("'{' starting the kernel body");
        return std::nullopt;
    }
    def.body = parse_block();
    if (!def.body) {
        return std::nullopt;
    }
    return def;
}

/// placeholders ::= '<' placeholder (',' placeholder)* '>'
/// placeholder ::= identifier (':' type_name ('|' type_name)*)?
bool Parser::parse_placeholders(std::vector<ast::Placeholder>& placeholders) {
    advance(); // '<'
    do {
        if (!at(TokenKind::Identifier)) {
            error_expected("a type placeholder name");
            return false;
        }
        const Token& name = advance();
        ast::Placeholder placeholder{std::string(name.spelling), name.loc, {}};
        if (consume(TokenKind::Colon)) {
            do {
                std::optional<ast::TypeName> type = parse_type_name();
                if (!type) {
                    error_expected("a type name");
                    return false;
                }
                placeholder.allowed.push_back(std::move(*type));
            } while (consume(TokenKind::Pipe));
        }
        placeholders_.insert(placeholder.name);
        placeholders.push_back(std::move(placeholder));
    } while (consume(TokenKind::Comma));
    return expect(TokenKind::Greater, "closing the type placeholders");
}

/// params ::= param (',' param)*      (then the closing ')')
bool Parser::parse_param_list(std::vector<ast::Param>& params, std::string_view which,
                              bool allow_scalar) {
    if (consume(TokenKind::RParen)) {
        return true;
    }
    do {
        std::optional<ast::Param> param = parse_param(allow_scalar);
        if (!param) {
            return false;
        }
        params.push_back(std::move(*param));
    } while (consume(TokenKind::Comma));
    std::string context = "after the " + std::string(which) + " parameters";
    return expect(TokenKind::RParen, context);
}

/// param ::= ('raw' | 'scalar')? type_name identifier      ('scalar' in reductions only)
std::optional<ast::Param> Parser::parse_param(bool allow_scalar) {
    ast::Param param;
    bool three_words = peek(1).is(TokenKind::Identifier) && peek(2).is(TokenKind::Identifier);
    if (peek().is_word("raw") && three_words) {
        param.is_raw = true;
        advance();
    } else if (allow_scalar && peek().is_word("scalar") && three_words) {
        param.is_scalar = true;
        advance();
    } else if (at(TokenKind::KwConst) ||
               (at(TokenKind::Identifier) && !is_c_type_word(peek()) && three_words)) {
        // An unknown modifier: reported, then the parameter is read without it.
        const Token& modifier = advance();
        diags_.report(
            SourceSpan(modifier.loc, static_cast<std::uint32_t>(modifier.spelling.size())),
            allow_scalar ? DiagKind::UnknownParamModifierReduction : DiagKind::UnknownParamModifier,
            modifier.spelling);
    }
    std::optional<ast::TypeName> type = parse_type_name();
    if (!type) {
        error_expected("a parameter type");
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

// ---------------------------------------------------------------------------------------------
// Type names
// ---------------------------------------------------------------------------------------------

bool Parser::is_c_type_word(const Token& token) const {
    static constexpr std::array<std::string_view, 6> kWords = {"unsigned", "signed", "long",
                                                               "short",    "int",    "char"};
    if (token.kind != TokenKind::Identifier) {
        return false;
    }
    for (std::string_view word : kWords) {
        if (token.spelling == word) {
            return true;
        }
    }
    return false;
}

/// In a body, a type name is a NumPy or C type name, a placeholder of the kernel, or in a reduction
/// `_type_reduce` (CuPy's name for the reduce type).
std::size_t Parser::type_name_length(std::size_t ahead) const {
    const Token& token = peek(ahead);
    if (token.kind != TokenKind::Identifier) {
        return 0;
    }
    if (is_c_type_word(token)) {
        std::size_t length = 1;
        while (is_c_type_word(peek(ahead + length))) {
            ++length;
        }
        return length;
    }
    if (scalar_type_from_name(token.spelling, true) || placeholders_.count(token.spelling) != 0 ||
        (in_reduction_ && token.spelling == "_type_reduce")) {
        return 1;
    }
    return 0;
}

/// type_name ::= c_type_word+ | identifier
/// c_type_word ::= 'unsigned' | 'signed' | 'long' | 'short' | 'int' | 'char'
/// Several C words are joined by one space; a trailing 'int' after 'short' or 'long' is
/// dropped ("long long int" is "long long").
std::optional<ast::TypeName> Parser::parse_type_name() {
    if (!at(TokenKind::Identifier)) {
        return std::nullopt;
    }
    const Token& first = advance();
    ast::TypeName type{std::string(first.spelling), first.loc,
                       static_cast<std::uint32_t>(first.spelling.size())};
    if (!is_c_type_word(first)) {
        return type;
    }
    std::vector<std::string_view> words = {first.spelling};
    while (is_c_type_word(peek())) {
        const Token& word = advance();
        words.push_back(word.spelling);
        type.length = word.loc.line == first.loc.line
                          ? word.loc.column + static_cast<std::uint32_t>(word.spelling.size()) -
                                first.loc.column
                          : type.length;
    }
    bool sized = false;
    for (std::string_view word : words) {
        sized = sized || word == "short" || word == "long";
    }
    if (words.size() > 1 && words.back() == "int" && sized) {
        words.pop_back();
    }
    type.spelling.clear();
    for (std::size_t k = 0; k < words.size(); ++k) {
        type.spelling += (k == 0 ? "" : " ");
        type.spelling += words[k];
    }
    return type;
}

} // namespace parse_detail

std::unique_ptr<ast::Module> parse_module(const std::vector<Token>& tokens, const SourceManager&,
                                          DiagnosticEngine& diags) {
    return parse_detail::Parser(tokens, diags).parse_module();
}

} // namespace gpucc
