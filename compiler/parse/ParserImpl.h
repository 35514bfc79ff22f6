// The parser's state and helpers, shared by the files that parse definitions (Parser.cpp),
// statements (ParseStatement.cpp) and expressions (ParseExpression.cpp). Internal to parse/.
//
// Error protocol: a parse function that meets a syntax error reports it and returns null (or
// false); its callers return null too, up to the definition, which is abandoned; parse_module
// then skips to the next definition. Nothing half-parsed reaches the tree.
#pragma once

#include "compiler/ast/Ast.h"
#include "compiler/diag/Diagnostics.h"
#include "compiler/lex/Lexer.h"

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace gpucc::parse_detail {

class Parser {
public:
    Parser(const std::vector<Token>& tokens, DiagnosticEngine& diags);

    std::unique_ptr<ast::Module> parse_module();

private:
    // ----- Token access -----
    const Token& peek(std::size_t ahead = 0) const;
    const Token& advance();
    bool at(TokenKind kind) const { return peek().kind == kind; }
    bool consume(TokenKind kind);
    /// Consumes `kind` or reports "expected 'X' <context>, found ..." and returns false.
    bool expect(TokenKind kind, std::string_view context);
    /// Reports "expected <what>, found <the current token>".
    void error_expected(std::string_view what);
    /// The same, pointing just past the previous token when the current one is on a later line
    /// (a missing ';' is reported where it belongs).
    void error_expected_after_previous(std::string_view what);
    static std::string describe(const Token& token);

    // ----- Definitions (Parser.cpp) -----
    void parse_module_declaration(ast::Module& module, bool after_definitions);
    std::optional<ast::ElementwiseDef> parse_elementwise();
    /// `name placeholders?` after `keyword`, the start of every definition's signature; `noun`
    /// names the definition in messages. False after reporting an error.
    bool parse_definition_name(std::string_view keyword, std::string_view noun, std::string& name,
                               SourceLocation& name_loc,
                               std::vector<ast::Placeholder>& placeholders);
    /// `name placeholders? '(' inputs ')' '->' '(' outputs ')'` after a kernel keyword, shared by
    /// every kernel kind; `allow_scalar` as parse_param_list. False after reporting an error.
    bool parse_kernel_signature(std::string_view keyword, bool allow_scalar, std::string& name,
                                SourceLocation& name_loc,
                                std::vector<ast::Placeholder>& placeholders,
                                std::vector<ast::Param>& inputs, std::vector<ast::Param>& outputs);
    /// `name placeholders? '(' (param (',' param)*)? ')'` after `keyword`: the signature of the
    /// kinds with one parameter list (fused functions, jit-style kernels), each parameter read by
    /// `parse_one`; `noun` names the definition in messages. False after reporting an error.
    bool parse_single_list_signature(std::string_view keyword, std::string_view noun,
                                     std::string& name, SourceLocation& name_loc,
                                     std::vector<ast::Placeholder>& placeholders,
                                     std::vector<ast::Param>& params,
                                     std::optional<ast::Param> (Parser::*parse_one)());
    bool parse_placeholders(std::vector<ast::Placeholder>& placeholders);
    /// `allow_scalar`: the `scalar` modifier is accepted (reduction kernels).
    bool parse_param_list(std::vector<ast::Param>& params, std::string_view which,
                          bool allow_scalar);
    std::optional<ast::Param> parse_param(bool allow_scalar);
    bool at_definition_start() const;
    void synchronize();

    // ----- Reduction kernels (ParseReduction.cpp) -----
    std::optional<ast::ReductionDef> parse_reduction();
    bool parse_reduction_clause(ast::ReductionDef& def);
    bool at_reduction_clause() const;
    std::unique_ptr<ast::BlockStmt> parse_post_statements(SourceLocation post_loc);

    // ----- Fused functions (ParseFuse.cpp) -----
    std::optional<ast::FuseDef> parse_fuse();
    std::optional<ast::Param> parse_fuse_param();
    bool parse_fuse_block(ast::FuseDef& def);
    /// After a fused function's '(': a parenthesized expression, or a tuple (ast/FuseTuple.h).
    ast::ExprPtr parse_fuse_parenthesized(SourceLocation open);

    // ----- Raw CUDA definitions (ParseRawCuda.cpp) -----
    std::optional<ast::RawCudaDef> parse_raw_cuda();
    std::optional<ast::RawInstantiation> parse_raw_instantiation();
    // ----- Jit-style kernels (ParseGridKernel.cpp) -----
    std::optional<ast::GridKernelDef> parse_grid_kernel();
    std::optional<ast::Param> parse_grid_param();
    bool at_shared_declaration() const;
    ast::StmtPtr parse_shared_declaration();
    ast::StmtPtr parse_return();

    // ----- Types -----
    bool is_c_type_word(const Token& token) const;
    /// How many tokens a type name starting at `ahead` spans; 0 if none starts there.
    std::size_t type_name_length(std::size_t ahead) const;
    std::optional<ast::TypeName> parse_type_name();

    // ----- Statements (ParseStatement.cpp) -----
    std::unique_ptr<ast::BlockStmt> parse_block();
    ast::StmtPtr parse_statement();
    ast::StmtPtr parse_statement_unguarded();
    bool at_declaration() const;
    std::unique_ptr<ast::DeclStmt> parse_declaration();
    ast::StmtPtr parse_if();
    ast::StmtPtr parse_for();
    ast::StmtPtr parse_while();
    ast::StmtPtr parse_do_while();
    ast::StmtPtr parse_expression_statement();

    // ----- Pragmas (ParsePragma.cpp) -----
    /// At '#': `#pragma unroll N?` and the loop after it, an unknown pragma (warned, skipped), or
    /// any other '#' (an error).
    ast::StmtPtr parse_pragma();
    /// Reports the '#' at the current token and what follows it on its line.
    void report_stray_hash();

    // ----- Expressions (ParseExpression.cpp) -----
    ast::ExprPtr parse_expression();
    ast::ExprPtr parse_assignment();
    ast::ExprPtr parse_assignment_unguarded();
    ast::ExprPtr parse_conditional();
    ast::ExprPtr parse_binary(int min_precedence);
    ast::ExprPtr parse_unary();
    ast::ExprPtr parse_unary_unguarded();
    ast::ExprPtr parse_postfix();
    ast::ExprPtr parse_primary();
    ast::ExprPtr parse_parenthesized_condition(std::string_view after);

    // ----- Limits that keep recursion (here, in Sema and in the back end) off the stack's end
    // -----
    /// Counts one level of recursion; reports and returns false past the limit.
    bool enter_nesting(std::string_view what);
    void leave_nesting() { --nesting_; }
    /// Counts one operator of a left-associative chain; reports and returns false past the limit.
    bool count_chain_link();

    const std::vector<Token>& tokens_;
    DiagnosticEngine& diags_;
    std::size_t pos_ = 0;
    std::set<std::string, std::less<>> placeholders_; ///< of the kernel being parsed
    int nesting_ = 0;
    int chain_links_ = 0; ///< operators in chains of the current statement
    bool limit_reported_ = false;
    bool in_fuse_ = false;        ///< parsing a fused function (a type name may be an argument)
    bool in_post_ = false;        ///< parsing a reduction's `post` statements (for messages)
    bool in_reduction_ = false;   ///< parsing a reduction: `_type_reduce` is a type name
    bool in_grid_kernel_ = false; ///< parsing a `kernel` body: `&x[i]` and `return;` are read
};

} // namespace gpucc::parse_detail
