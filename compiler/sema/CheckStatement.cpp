// Statements of kernel code (an elementwise body, a reduction's post): scopes, declarations,
// control flow. Conditions are converted to bool; a declaration of several variables becomes one
// DeclStmt per variable; `for` with several declared variables is hoisted into a block (the
// kernel IR's `for` declares at most one).
#include "compiler/sema/BodyChecker.h"
#include "compiler/sema/Suggest.h"

namespace gpucc::sema {

BodyChecker::BodyChecker(KernelView kernel, Piece piece, std::vector<Binding> bindings,
                         const std::vector<kir::Param>& params,
                         std::vector<std::unique_ptr<kir::Variable>>& locals,
                         DiagnosticEngine& diags, ScalarType reduce_type)
    : kernel_(kernel), piece_(piece), bindings_(std::move(bindings)), params_(params),
      locals_(locals), diags_(diags), reduce_type_(reduce_type) {
}

std::unique_ptr<kir::BlockStmt> BodyChecker::check_body(const ast::BlockStmt& body) {
    return check_block(body);
}

kir::ExprPtr BodyChecker::check_value(const ast::Expr& expr) {
    return check_expression(expr);
}

kir::ExprPtr BodyChecker::check_statements_then_value(const ast::BlockStmt& statements,
                                                      const ast::Expr& expr,
                                                      std::unique_ptr<kir::BlockStmt>& checked) {
    checked = std::make_unique<kir::BlockStmt>(statements.loc);
    scopes_.emplace_back();
    for (const ast::StmtPtr& stmt : statements.statements) {
        check_statement(*stmt, checked->statements);
    }
    kir::ExprPtr value = check_expression(expr);
    scopes_.pop_back();
    return value;
}

std::vector<kir::ExprPtr>
BodyChecker::check_statements_then_values(const ast::BlockStmt& statements,
                                          const std::vector<const ast::Expr*>& exprs,
                                          std::unique_ptr<kir::BlockStmt>& checked) {
    checked = std::make_unique<kir::BlockStmt>(statements.loc);
    scopes_.emplace_back();
    for (const ast::StmtPtr& stmt : statements.statements) {
        check_statement(*stmt, checked->statements);
    }
    std::vector<kir::ExprPtr> values;
    for (const ast::Expr* expr : exprs) {
        values.push_back(check_expression(*expr));
    }
    scopes_.pop_back();
    return values;
}

std::optional<ScalarType> BodyChecker::resolve_type(const ast::TypeName& type) {
    if (in_reduction() && type.spelling == "_type_reduce") {
        return reduce_type_; // CuPy's name for the reduce type
    }
    for (const Binding& binding : bindings_) {
        if (binding.name == type.spelling) {
            return binding.type;
        }
    }
    if (std::optional<ScalarType> scalar = scalar_type_from_name(type.spelling, true)) {
        return scalar;
    }
    std::vector<std::string> candidates;
    for (int k = 0; k < kNumScalarTypes; ++k) {
        candidates.emplace_back(numpy_name(static_cast<ScalarType>(k)));
    }
    for (const char* c_name : {"float", "double", "int", "unsigned", "long", "short", "char",
                               "half", "size_t", "ptrdiff_t", "int64_t", "uint64_t"}) {
        candidates.emplace_back(c_name);
    }
    for (const Binding& binding : bindings_) {
        candidates.push_back(binding.name);
    }
    SourceSpan span(type.loc, type.length);
    if (std::optional<std::string> suggestion = closest_name(type.spelling, candidates)) {
        diags_.report(span, DiagKind::UnknownTypeSuggest, type.spelling, *suggestion);
    } else {
        diags_.report(span, DiagKind::UnknownType, type.spelling);
    }
    return std::nullopt;
}

std::unique_ptr<kir::BlockStmt> BodyChecker::check_block(const ast::BlockStmt& block) {
    auto result = std::make_unique<kir::BlockStmt>(block.loc);
    scopes_.emplace_back();
    for (const ast::StmtPtr& stmt : block.statements) {
        check_statement(*stmt, result->statements);
    }
    scopes_.pop_back();
    return result;
}

kir::StmtPtr BodyChecker::check_scoped_statement(const ast::Stmt& stmt) {
    if (stmt.kind == ast::StmtKind::Block) {
        return check_block(static_cast<const ast::BlockStmt&>(stmt));
    }
    std::vector<kir::StmtPtr> statements;
    scopes_.emplace_back();
    check_statement(stmt, statements);
    scopes_.pop_back();
    if (statements.size() == 1) {
        return std::move(statements.front());
    }
    auto block = std::make_unique<kir::BlockStmt>(stmt.loc);
    block->statements = std::move(statements);
    return block;
}

void BodyChecker::check_statement(const ast::Stmt& stmt, std::vector<kir::StmtPtr>& out) {
    switch (stmt.kind) {
    case ast::StmtKind::Block:
        out.push_back(check_block(static_cast<const ast::BlockStmt&>(stmt)));
        return;
    case ast::StmtKind::Decl:
        check_declaration(static_cast<const ast::DeclStmt&>(stmt), out);
        return;
    case ast::StmtKind::Expr: {
        if (check_sync_statement(static_cast<const ast::ExprStmt&>(stmt), out)) {
            return;
        }
        if (kir::ExprPtr expr = check_expression(*static_cast<const ast::ExprStmt&>(stmt).expr)) {
            out.push_back(std::make_unique<kir::ExprStmt>(std::move(expr), stmt.loc));
        }
        return;
    }
    case ast::StmtKind::If: {
        const auto& branch = static_cast<const ast::IfStmt&>(stmt);
        kir::ExprPtr condition = check_condition(*branch.condition);
        kir::StmtPtr then_branch = check_scoped_statement(*branch.then_branch);
        kir::StmtPtr else_branch =
            branch.else_branch ? check_scoped_statement(*branch.else_branch) : nullptr;
        if (condition) {
            out.push_back(std::make_unique<kir::IfStmt>(
                std::move(condition), std::move(then_branch), std::move(else_branch), stmt.loc));
        }
        return;
    }
    case ast::StmtKind::For:
        check_for(static_cast<const ast::ForStmt&>(stmt), out);
        return;
    case ast::StmtKind::While: {
        const auto& loop = static_cast<const ast::WhileStmt&>(stmt);
        kir::ExprPtr condition = check_condition(*loop.condition);
        ++loop_depth_;
        kir::StmtPtr body = check_scoped_statement(*loop.body);
        --loop_depth_;
        if (condition) {
            auto result =
                std::make_unique<kir::WhileStmt>(std::move(condition), std::move(body), stmt.loc);
            result->unroll = loop.unroll;
            out.push_back(std::move(result));
        }
        return;
    }
    case ast::StmtKind::DoWhile: {
        const auto& loop = static_cast<const ast::DoWhileStmt&>(stmt);
        ++loop_depth_;
        kir::StmtPtr body = check_scoped_statement(*loop.body);
        --loop_depth_;
        kir::ExprPtr condition = check_condition(*loop.condition);
        if (condition) {
            auto result =
                std::make_unique<kir::DoWhileStmt>(std::move(body), std::move(condition), stmt.loc);
            result->unroll = loop.unroll;
            out.push_back(std::move(result));
        }
        return;
    }
    case ast::StmtKind::Break:
        if (loop_depth_ == 0) {
            diags_.report(SourceSpan(stmt.loc, 5), DiagKind::BreakOutsideLoop);
            return;
        }
        out.push_back(std::make_unique<kir::BreakStmt>(stmt.loc));
        return;
    case ast::StmtKind::Continue:
        // Outside a loop of the body, `continue` ends the current element (CuPy's body sits in
        // the element loop). A reduction's post has no element to end.
        if (loop_depth_ == 0 && piece_ == Piece::Post) {
            diags_.report(SourceSpan(stmt.loc, 8), DiagKind::ContinueInPost);
            return;
        }
        if (loop_depth_ == 0 && in_grid_kernel()) {
            diags_.report(SourceSpan(stmt.loc, 8), DiagKind::ContinueOutsideLoopKernel);
            return;
        }
        out.push_back(std::make_unique<kir::ContinueStmt>(stmt.loc));
        return;
    case ast::StmtKind::Empty:
        return;
    case ast::StmtKind::SharedDecl:
        check_shared_declaration(static_cast<const ast::SharedDeclStmt&>(stmt));
        return;
    case ast::StmtKind::Return:
        // The parser reads `return;` only in jit-style kernels.
        out.push_back(std::make_unique<kir::ReturnStmt>(stmt.loc));
        return;
    }
}

/// for (init; condition; step) body. A declaration of several variables in `init` is hoisted:
/// `{ decl a; decl b; for (; condition; step) body }`, which means the same.
void BodyChecker::check_for(const ast::ForStmt& loop, std::vector<kir::StmtPtr>& out) {
    scopes_.emplace_back();
    std::vector<kir::StmtPtr> init;
    if (loop.init) {
        check_statement(*loop.init, init);
    }
    auto result = std::make_unique<kir::ForStmt>(loop.loc);
    result->unroll = loop.unroll;
    bool ok = !loop.init || !init.empty();
    if (loop.condition) {
        result->condition = check_condition(*loop.condition);
        ok = ok && result->condition;
    }
    if (loop.step) {
        result->step = check_expression(*loop.step);
        ok = ok && result->step;
    }
    ++loop_depth_;
    result->body = check_scoped_statement(*loop.body);
    --loop_depth_;
    scopes_.pop_back();
    if (!ok) {
        return;
    }
    if (init.size() <= 1) {
        result->init = init.empty() ? nullptr : std::move(init.front());
        out.push_back(std::move(result));
        return;
    }
    auto hoisted = std::make_unique<kir::BlockStmt>(loop.loc);
    hoisted->statements = std::move(init);
    hoisted->statements.push_back(std::move(result));
    out.push_back(std::move(hoisted));
}

void BodyChecker::check_declaration(const ast::DeclStmt& decl, std::vector<kir::StmtPtr>& out) {
    std::optional<ScalarType> type = resolve_type(decl.type);
    for (const ast::Declarator& declarator : decl.declarators) {
        // The name is visible from its declarator on, in its own initializer too (as in C).
        const kir::Variable* variable = nullptr;
        bool declared = declare_local(declarator, type, decl.is_const, variable);
        if (decl.is_const && !declarator.init) {
            diags_.report(
                SourceSpan(declarator.loc, static_cast<std::uint32_t>(declarator.name.size())),
                DiagKind::ConstWithoutInit, declarator.name);
            continue;
        }
        kir::ExprPtr init;
        if (declarator.init) {
            // The name is visible in its initializer but has no value yet: reading it is an error.
            initializing_ = variable;
            init = check_expression(*declarator.init);
            initializing_ = nullptr;
            if (!init) {
                continue;
            }
        }
        if (!declared || variable == nullptr) {
            continue;
        }
        if (init) {
            init = convert(std::move(init), variable->type);
        }
        out.push_back(std::make_unique<kir::DeclStmt>(variable, std::move(init), declarator.loc));
    }
}

/// Adds a local to the innermost scope. Returns false after reporting a reserved or repeated
/// name; `variable` is null when the type had an error (the name is then known but poisoned).
bool BodyChecker::declare_local(const ast::Declarator& declarator, std::optional<ScalarType> type,
                                bool is_const, const kir::Variable*& variable) {
    const std::string& name = declarator.name;
    SourceSpan span(declarator.loc, static_cast<std::uint32_t>(name.size()));
    bool top_scope = scopes_.size() == 1;
    bool ok = true;
    bool repeated = false;
    if (name.starts_with("_")) {
        diags_.report(span, DiagKind::ReservedLocalName, name,
                      "names starting with '_' are reserved");
        ok = false;
    } else if (name == "i" && top_scope && piece_ == Piece::ElementwiseBody) {
        diags_.report(span, DiagKind::ReservedLocalName, name,
                      "'i' is the element index (an inner block may declare its own 'i')");
        ok = false;
    } else if (name == "a" && top_scope && piece_ == Piece::Post) {
        diags_.report(span, DiagKind::ReservedLocalName, name,
                      "'a' is the reduced value (an inner block may declare its own 'a')");
        ok = false;
    } else if (top_scope && find_param(name) >= 0) {
        diags_.report(span, DiagKind::LocalShadowsParam, name, kernel_.name);
        ok = false;
    } else {
        for (const ScopeEntry& entry : scopes_.back()) {
            if (entry.name == name) {
                diags_.report(span, DiagKind::LocalRedeclared, name);
                diags_.report(SourceSpan(entry.loc, static_cast<std::uint32_t>(name.size())),
                              DiagKind::NotePreviousLocal, name);
                ok = false;
                repeated = true;
                break;
            }
        }
    }
    if (ok && type) {
        auto owned = std::make_unique<kir::Variable>();
        owned->name = name;
        owned->type = *type;
        owned->is_const = is_const;
        owned->id = static_cast<int>(locals_.size());
        owned->loc = declarator.loc;
        variable = owned.get();
        locals_.push_back(std::move(owned));
    }
    if (!repeated) {
        // A reserved name is still entered, poisoned, so its uses are not reported again.
        scopes_.back().push_back(ScopeEntry{name, variable, declarator.loc});
    }
    return ok;
}

} // namespace gpucc::sema
