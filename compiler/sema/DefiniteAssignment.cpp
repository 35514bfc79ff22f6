// The definite assignment check (DefiniteAssignment.h): a walk over the body's statements in
// execution order that carries the set of outputs assigned so far along every path. Locals that
// shadow an output (an inner block may declare one) are tracked by scope so their assignments do
// not count.
#include "compiler/sema/DefiniteAssignment.h"

#include <algorithm>
#include <optional>
#include <string>

namespace gpucc::sema {
namespace {

/// What every path reaching a point has assigned; unreachable points (after `break`) assign all.
struct Flow {
    bool reachable = true;
    std::vector<bool> assigned;
};

Flow join(const Flow& a, const Flow& b) {
    if (!a.reachable) {
        return b;
    }
    if (!b.reachable) {
        return a;
    }
    Flow result = a;
    for (std::size_t k = 0; k < result.assigned.size(); ++k) {
        result.assigned[k] = a.assigned[k] && b.assigned[k];
    }
    return result;
}

Flow unreachable(std::size_t outputs) {
    return Flow{false, std::vector<bool>(outputs, true)};
}

/// The value of a condition written as a literal (`true`, `1`), else nullopt.
std::optional<bool> literal_condition(const ast::Expr* expr) {
    if (expr == nullptr) {
        return true; // `for (;;)`
    }
    if (expr->kind == ast::ExprKind::BoolLiteral) {
        return static_cast<const ast::BoolLiteralExpr*>(expr)->value;
    }
    if (expr->kind == ast::ExprKind::IntegerLiteral) {
        return static_cast<const ast::IntegerLiteralExpr*>(expr)->value != 0;
    }
    return std::nullopt;
}

class Walker {
public:
    Walker(const AssignmentCheck& check, DiagnosticEngine& diags)
        : check_(check), diags_(diags), count_(check.outputs.size()), ever_assigned_(count_),
          used_in_place_(count_), unassigned_exit_(count_), missing_(count_) {}

    void run(const ast::BlockStmt& body) {
        Flow flow{true, std::vector<bool>(count_, false)};
        statement(body, flow);
        exit(flow, SourceLocation{});
        for (std::size_t k = 0; k < count_; ++k) {
            if (!missing_[k] || (check_.reads_mean_in_place && used_in_place_[k])) {
                continue;
            }
            const ast::Param& output = *check_.outputs[k];
            SourceSpan span(output.loc, length_of(output.name));
            diags_.report(span,
                          ever_assigned_[k] ? DiagKind::OutputNotAlwaysAssigned
                                            : DiagKind::OutputNeverAssigned,
                          output.name, check_.kind, check_.kernel);
            if (ever_assigned_[k] && unassigned_exit_[k].is_valid()) {
                diags_.report(SourceSpan(unassigned_exit_[k], 8),
                              DiagKind::NoteUnassignedAtContinue, output.name);
            }
        }
    }

private:
    struct Loop {
        Flow breaks;
        Flow continues;
    };

    /// The output `name` refers to here, or -1 (a local or something else).
    int output_of(std::string_view name) const {
        for (const std::vector<std::string_view>& scope : scopes_) {
            if (std::find(scope.begin(), scope.end(), name) != scope.end()) {
                return -1;
            }
        }
        for (std::size_t k = 0; k < count_; ++k) {
            if (check_.outputs[k]->name == name) {
                return static_cast<int>(k);
            }
        }
        return -1;
    }

    int output_target(const ast::Expr& target) const {
        return target.kind == ast::ExprKind::Name
                   ? output_of(static_cast<const ast::NameExpr&>(target).name)
                   : -1;
    }

    void assign(int output, Flow& flow) {
        if (output >= 0) {
            ever_assigned_[static_cast<std::size_t>(output)] = true;
            flow.assigned[static_cast<std::size_t>(output)] = true;
        }
    }

    void read(int output, const Flow& flow) {
        if (output >= 0 && flow.reachable && !flow.assigned[static_cast<std::size_t>(output)]) {
            used_in_place_[static_cast<std::size_t>(output)] = true;
        }
    }

    /// A path leaves the element here (`loc` is the `continue`, or invalid for the body's end).
    void exit(const Flow& flow, SourceLocation loc) {
        if (!flow.reachable) {
            return;
        }
        for (std::size_t k = 0; k < count_; ++k) {
            if (!flow.assigned[k] && !missing_[k]) {
                missing_[k] = true;
                unassigned_exit_[k] = loc;
            }
        }
    }

    void expression(const ast::Expr& expr, Flow& flow) {
        switch (expr.kind) {
        case ast::ExprKind::IntegerLiteral:
        case ast::ExprKind::FloatLiteral:
        case ast::ExprKind::BoolLiteral:
            return;
        case ast::ExprKind::Name:
            read(output_target(expr), flow);
            return;
        case ast::ExprKind::Index: {
            const auto& index = static_cast<const ast::IndexExpr&>(expr);
            expression(*index.base, flow);
            for (const ast::ExprPtr& subscript : index.indices) {
                expression(*subscript, flow);
            }
            return;
        }
        case ast::ExprKind::Call: {
            const auto& call = static_cast<const ast::CallExpr&>(expr);
            if (call.callee->kind == ast::ExprKind::Member) {
                expression(*call.callee, flow);
            }
            for (const ast::ExprPtr& arg : call.args) {
                expression(*arg, flow);
            }
            return;
        }
        case ast::ExprKind::Member:
            expression(*static_cast<const ast::MemberExpr&>(expr).object, flow);
            return;
        case ast::ExprKind::Unary: {
            const auto& unary = static_cast<const ast::UnaryExpr&>(expr);
            expression(*unary.operand, flow); // ++y reads y
            if (unary.op == ast::UnaryOp::PreInc || unary.op == ast::UnaryOp::PreDec ||
                unary.op == ast::UnaryOp::PostInc || unary.op == ast::UnaryOp::PostDec) {
                assign(output_target(*unary.operand), flow);
            }
            return;
        }
        case ast::ExprKind::Binary: {
            const auto& binary = static_cast<const ast::BinaryExpr&>(expr);
            expression(*binary.lhs, flow);
            if (binary.op == ast::BinaryOp::LogicalAnd || binary.op == ast::BinaryOp::LogicalOr) {
                Flow maybe = flow; // the right operand may not run
                expression(*binary.rhs, maybe);
                return;
            }
            expression(*binary.rhs, flow);
            return;
        }
        case ast::ExprKind::Assign: {
            const auto& assignment = static_cast<const ast::AssignExpr&>(expr);
            int output = output_target(*assignment.target);
            if (output < 0) {
                expression(*assignment.target, flow);
            } else if (assignment.compound_op) {
                read(output, flow);
            }
            expression(*assignment.value, flow);
            assign(output, flow);
            return;
        }
        case ast::ExprKind::Conditional: {
            const auto& conditional = static_cast<const ast::ConditionalExpr&>(expr);
            expression(*conditional.condition, flow);
            Flow if_false = flow;
            expression(*conditional.if_true, flow);
            expression(*conditional.if_false, if_false);
            flow = join(flow, if_false);
            return;
        }
        case ast::ExprKind::Cast:
            expression(*static_cast<const ast::CastExpr&>(expr).operand, flow);
            return;
        }
    }

    /// A statement in its own scope (a branch, a loop body).
    void scoped(const ast::Stmt& stmt, Flow& flow) {
        scopes_.emplace_back();
        statement(stmt, flow);
        scopes_.pop_back();
    }

    /// A loop whose body runs after `flow` (the condition evaluated once) zero or more times, or
    /// at least once for `do`; on return `flow` is what holds after the loop.
    void loop(const ast::Stmt& body, const ast::Expr* condition, const ast::Expr* step,
              bool runs_once, Flow& flow) {
        std::optional<bool> constant = literal_condition(condition);
        if (!runs_once && condition != nullptr) {
            expression(*condition, flow);
        }
        Flow entry = flow;
        loops_.push_back(Loop{unreachable(count_), unreachable(count_)});
        Flow inside = flow;
        scoped(body, inside);
        Loop done = std::move(loops_.back());
        loops_.pop_back();
        Flow end = join(inside, done.continues);
        if (step != nullptr) {
            expression(*step, end);
        }
        if (runs_once && condition != nullptr) {
            expression(*condition, end);
        }
        // The loop ends when its condition is false (never for a constant true) or by `break`.
        Flow after = done.breaks;
        if (constant != std::optional<bool>(true)) {
            after = join(after, runs_once ? end : join(entry, end));
        }
        flow = after;
    }

    void statement(const ast::Stmt& stmt, Flow& flow) {
        switch (stmt.kind) {
        case ast::StmtKind::Block: {
            scopes_.emplace_back();
            for (const ast::StmtPtr& inner : static_cast<const ast::BlockStmt&>(stmt).statements) {
                statement(*inner, flow);
            }
            scopes_.pop_back();
            return;
        }
        case ast::StmtKind::Decl:
            for (const ast::Declarator& declarator :
                 static_cast<const ast::DeclStmt&>(stmt).declarators) {
                scopes_.back().push_back(declarator.name);
                if (declarator.init) {
                    expression(*declarator.init, flow);
                }
            }
            return;
        case ast::StmtKind::Expr:
            expression(*static_cast<const ast::ExprStmt&>(stmt).expr, flow);
            return;
        case ast::StmtKind::If: {
            const auto& branch = static_cast<const ast::IfStmt&>(stmt);
            expression(*branch.condition, flow);
            std::optional<bool> constant = literal_condition(branch.condition.get());
            Flow if_true = flow;
            Flow if_false = flow;
            scoped(*branch.then_branch, if_true);
            if (branch.else_branch) {
                scoped(*branch.else_branch, if_false);
            }
            flow = constant ? (*constant ? if_true : if_false) : join(if_true, if_false);
            return;
        }
        case ast::StmtKind::For: {
            const auto& loop_stmt = static_cast<const ast::ForStmt&>(stmt);
            scopes_.emplace_back();
            if (loop_stmt.init) {
                statement(*loop_stmt.init, flow);
            }
            loop(*loop_stmt.body, loop_stmt.condition.get(), loop_stmt.step.get(), false, flow);
            scopes_.pop_back();
            return;
        }
        case ast::StmtKind::While: {
            const auto& loop_stmt = static_cast<const ast::WhileStmt&>(stmt);
            loop(*loop_stmt.body, loop_stmt.condition.get(), nullptr, false, flow);
            return;
        }
        case ast::StmtKind::DoWhile: {
            const auto& loop_stmt = static_cast<const ast::DoWhileStmt&>(stmt);
            loop(*loop_stmt.body, loop_stmt.condition.get(), nullptr, true, flow);
            return;
        }
        case ast::StmtKind::Break:
            if (!loops_.empty()) {
                loops_.back().breaks = join(loops_.back().breaks, flow);
            }
            flow = unreachable(count_);
            return;
        case ast::StmtKind::Continue:
            if (!loops_.empty()) {
                loops_.back().continues = join(loops_.back().continues, flow);
            } else {
                exit(flow, stmt.loc); // ends the element
            }
            flow = unreachable(count_);
            return;
        case ast::StmtKind::Return:
            exit(flow, SourceLocation{});
            flow = unreachable(count_);
            return;
        case ast::StmtKind::Empty:
        case ast::StmtKind::SharedDecl:
            return;
        }
    }

    const AssignmentCheck& check_;
    DiagnosticEngine& diags_;
    std::size_t count_;
    std::vector<std::vector<std::string_view>> scopes_;
    std::vector<Loop> loops_;
    std::vector<bool> ever_assigned_;
    std::vector<bool> used_in_place_;
    std::vector<SourceLocation> unassigned_exit_;
    std::vector<bool> missing_;
};

} // namespace

void check_outputs_assigned(const ast::BlockStmt& body, const AssignmentCheck& check,
                            DiagnosticEngine& diags) {
    if (check.outputs.empty()) {
        return;
    }
    Walker(check, diags).run(body);
}

} // namespace gpucc::sema
