// Walks over jit-style kernel bodies for the CPU version's barrier handling (GridRegions.h).
#include "compiler/kir/GridRegions.h"

namespace gpucc::grid_detail {

void for_each_expr(const kir::Expr& expr, const std::function<void(const kir::Expr&)>& visit) {
    using kir::ExprKind;
    visit(expr);
    auto walk = [&](const kir::ExprPtr& child) {
        if (child) {
            for_each_expr(*child, visit);
        }
    };
    switch (expr.kind) {
    case ExprKind::RawElement: {
        const auto& element = static_cast<const kir::RawElementExpr&>(expr);
        walk(element.index);
        for (const kir::ExprPtr& subscript : element.subscripts) {
            walk(subscript);
        }
        return;
    }
    case ExprKind::Unary:
        walk(static_cast<const kir::UnaryExpr&>(expr).operand);
        return;
    case ExprKind::Binary:
        walk(static_cast<const kir::BinaryExpr&>(expr).lhs);
        walk(static_cast<const kir::BinaryExpr&>(expr).rhs);
        return;
    case ExprKind::Compare:
        walk(static_cast<const kir::CompareExpr&>(expr).lhs);
        walk(static_cast<const kir::CompareExpr&>(expr).rhs);
        return;
    case ExprKind::Logical:
        walk(static_cast<const kir::LogicalExpr&>(expr).lhs);
        walk(static_cast<const kir::LogicalExpr&>(expr).rhs);
        return;
    case ExprKind::Select: {
        const auto& select = static_cast<const kir::SelectExpr&>(expr);
        walk(select.condition);
        walk(select.if_true);
        walk(select.if_false);
        return;
    }
    case ExprKind::Cast:
        walk(static_cast<const kir::CastExpr&>(expr).operand);
        return;
    case ExprKind::Call:
        for (const kir::ExprPtr& arg : static_cast<const kir::CallExpr&>(expr).args) {
            walk(arg);
        }
        return;
    case ExprKind::Assign:
        walk(static_cast<const kir::AssignExpr&>(expr).target);
        walk(static_cast<const kir::AssignExpr&>(expr).value);
        return;
    case ExprKind::IncDec:
        walk(static_cast<const kir::IncDecExpr&>(expr).target);
        return;
    case ExprKind::SharedElement:
        walk(static_cast<const kir::SharedElementExpr&>(expr).index);
        return;
    case ExprKind::Atomic: {
        const auto& atomic = static_cast<const kir::AtomicExpr&>(expr);
        walk(atomic.target);
        walk(atomic.compare);
        walk(atomic.value);
        return;
    }
    case ExprKind::Shuffle: {
        const auto& shuffle = static_cast<const kir::ShuffleExpr&>(expr);
        walk(shuffle.mask);
        walk(shuffle.value);
        walk(shuffle.lane);
        walk(shuffle.width);
        return;
    }
    default:
        return; // leaves
    }
}

namespace {

/// The conditions that decide whether a statement runs: those of the branches and loops around it,
/// outermost first.
using Conditions = std::vector<const kir::Expr*>;

/// Calls `visit` on `stmt` and every statement inside it with the conditions around it, and
/// `visit_expr` on every expression a statement evaluates directly (a declaration's initializer,
/// an expression statement, a condition, a loop's step, a warp barrier's mask) with the
/// conditions under which it runs (a loop's condition and step run under the loop's condition
/// too, once the first test passed; here, under the conditions around the loop, plus the loop's
/// own for its step).
void walk_under_conditions(
    const kir::Stmt& stmt, Conditions& around,
    const std::function<void(const kir::Stmt&, const Conditions&)>& visit,
    const std::function<void(const kir::Expr&, const Conditions&)>& visit_expr) {
    using kir::StmtKind;
    visit(stmt, around);
    auto expr = [&](const kir::ExprPtr& e) {
        if (e) {
            visit_expr(*e, around);
        }
    };
    auto under = [&](const kir::Expr* condition, const kir::StmtPtr& body) {
        if (!body) {
            return;
        }
        if (condition != nullptr) {
            around.push_back(condition);
        }
        walk_under_conditions(*body, around, visit, visit_expr);
        if (condition != nullptr) {
            around.pop_back();
        }
    };
    switch (stmt.kind) {
    case StmtKind::Block:
        for (const kir::StmtPtr& s : static_cast<const kir::BlockStmt&>(stmt).statements) {
            under(nullptr, s);
        }
        return;
    case StmtKind::Decl:
        expr(static_cast<const kir::DeclStmt&>(stmt).init);
        return;
    case StmtKind::ExprStmt:
        expr(static_cast<const kir::ExprStmt&>(stmt).expr);
        return;
    case StmtKind::If: {
        const auto& branch = static_cast<const kir::IfStmt&>(stmt);
        expr(branch.condition);
        under(branch.condition.get(), branch.then_branch);
        under(branch.condition.get(), branch.else_branch);
        return;
    }
    case StmtKind::For: {
        const auto& loop = static_cast<const kir::ForStmt&>(stmt);
        under(nullptr, loop.init);
        expr(loop.condition);
        under(loop.condition.get(), loop.body);
        if (loop.step) {
            if (loop.condition) {
                around.push_back(loop.condition.get());
            }
            visit_expr(*loop.step, around);
            if (loop.condition) {
                around.pop_back();
            }
        }
        return;
    }
    case StmtKind::While: {
        const auto& loop = static_cast<const kir::WhileStmt&>(stmt);
        expr(loop.condition);
        under(loop.condition.get(), loop.body);
        return;
    }
    case StmtKind::DoWhile: {
        const auto& loop = static_cast<const kir::DoWhileStmt&>(stmt);
        under(loop.condition.get(), loop.body);
        expr(loop.condition);
        return;
    }
    case StmtKind::Sync:
        expr(static_cast<const kir::SyncStmt&>(stmt).mask);
        return;
    default:
        return;
    }
}

/// The local that `expr` writes when it is an assignment or an increment of one; null otherwise.
const kir::Variable* assigned_local(const kir::Expr& expr) {
    const kir::Expr* target = nullptr;
    if (expr.kind == kir::ExprKind::Assign) {
        target = static_cast<const kir::AssignExpr&>(expr).target.get();
    } else if (expr.kind == kir::ExprKind::IncDec) {
        target = static_cast<const kir::IncDecExpr&>(expr).target.get();
    }
    return target != nullptr && target->kind == kir::ExprKind::LocalRef
               ? static_cast<const kir::LocalRefExpr*>(target)->variable
               : nullptr;
}

/// Calls `visit` on every `return;`, `break` and `continue` in `stmt` with the number of loops
/// between it and `stmt` (0: it leaves `stmt` itself, or the loop `stmt` is the body of).
void for_each_exit(const kir::Stmt& stmt, const std::function<void(const kir::Stmt&, int)>& visit,
                   int loop_depth = 0) {
    using kir::StmtKind;
    switch (stmt.kind) {
    case StmtKind::Return:
    case StmtKind::Break:
    case StmtKind::Continue:
        visit(stmt, loop_depth);
        return;
    case StmtKind::Block:
        for (const kir::StmtPtr& s : static_cast<const kir::BlockStmt&>(stmt).statements) {
            for_each_exit(*s, visit, loop_depth);
        }
        return;
    case StmtKind::If: {
        const auto& branch = static_cast<const kir::IfStmt&>(stmt);
        for_each_exit(*branch.then_branch, visit, loop_depth);
        if (branch.else_branch) {
            for_each_exit(*branch.else_branch, visit, loop_depth);
        }
        return;
    }
    case StmtKind::For:
        for_each_exit(*static_cast<const kir::ForStmt&>(stmt).body, visit, loop_depth + 1);
        return;
    case StmtKind::While:
        for_each_exit(*static_cast<const kir::WhileStmt&>(stmt).body, visit, loop_depth + 1);
        return;
    case StmtKind::DoWhile:
        for_each_exit(*static_cast<const kir::DoWhileStmt&>(stmt).body, visit, loop_depth + 1);
        return;
    default:
        return;
    }
}

} // namespace

void for_each_in_stmt(const kir::Stmt& stmt,
                      const std::function<void(const kir::Stmt&)>& visit_stmt,
                      const std::function<void(const kir::Expr&)>& visit_expr) {
    Conditions around;
    walk_under_conditions(
        stmt, around, [&](const kir::Stmt& s, const Conditions&) { visit_stmt(s); },
        [&](const kir::Expr& e, const Conditions&) { for_each_expr(e, visit_expr); });
}

bool has_shuffle(const kir::Expr& expr) {
    bool found = false;
    for_each_expr(expr,
                  [&](const kir::Expr& e) { found = found || e.kind == kir::ExprKind::Shuffle; });
    return found;
}

bool splits_threads(const kir::Stmt& stmt) {
    bool found = false;
    for_each_in_stmt(
        stmt, [&](const kir::Stmt& s) { found = found || s.kind == kir::StmtKind::Sync; },
        [&](const kir::Expr& e) { found = found || e.kind == kir::ExprKind::Shuffle; });
    return found;
}

std::vector<const kir::ShuffleExpr*> outer_shuffles(const kir::Expr& expr) {
    std::vector<const kir::ShuffleExpr*> found;
    std::function<void(const kir::Expr&)> visit = [&](const kir::Expr& e) {
        if (e.kind == kir::ExprKind::Shuffle) {
            found.push_back(static_cast<const kir::ShuffleExpr*>(&e));
        }
    };
    // for_each_expr visits parents first: keep a shuffle unless an earlier one contains it.
    for_each_expr(expr, visit);
    std::vector<const kir::ShuffleExpr*> outer;
    for (const kir::ShuffleExpr* candidate : found) {
        bool nested = false;
        for (const kir::ShuffleExpr* other : outer) {
            for_each_expr(*other->value,
                          [&](const kir::Expr& e) { nested = nested || &e == candidate; });
            for (const kir::ExprPtr* operand : {&other->mask, &other->lane, &other->width}) {
                for_each_expr(**operand,
                              [&](const kir::Expr& e) { nested = nested || &e == candidate; });
            }
        }
        if (!nested) {
            outer.push_back(candidate);
        }
    }
    return outer;
}

bool has_thread_exit(const kir::Stmt& body) {
    bool found = false;
    for_each_exit(body, [&](const kir::Stmt& exit, int loop_depth) {
        found = found || exit.kind == kir::StmtKind::Return ||
                (exit.kind == kir::StmtKind::Continue && loop_depth == 0);
    });
    return found;
}

namespace {

/// Whether `expr` reads only constants, scalar parameters, grid values (thread coordinates too
/// when `per_thread`), array properties and the locals `allowed` accepts, and cannot trap or
/// touch memory.
bool pure_of_launch(const kir::Expr& expr, bool per_thread,
                    const std::function<bool(const kir::Variable*)>& allowed) {
    bool pure = true;
    for_each_expr(expr, [&](const kir::Expr& e) {
        switch (e.kind) {
        case kir::ExprKind::Constant:
        case kir::ExprKind::ParamRef:
        case kir::ExprKind::ArrayProperty:
        case kir::ExprKind::Unary:
        case kir::ExprKind::Compare:
        case kir::ExprKind::Logical:
        case kir::ExprKind::Select:
        case kir::ExprKind::Cast:
            return;
        case kir::ExprKind::Binary: {
            const auto& binary = static_cast<const kir::BinaryExpr&>(e);
            bool divides = binary.op == kir::BinaryOp::Div || binary.op == kir::BinaryOp::Rem;
            if (divides && !is_floating(binary.type) &&
                binary.rhs->kind != kir::ExprKind::Constant) {
                pure = false; // x / 0 may trap where the thread would not have divided
            }
            return;
        }
        case kir::ExprKind::GridValue: {
            auto value = static_cast<const kir::GridValueExpr&>(e).value;
            bool thread = value == kir::GridValue::ThreadIdxX ||
                          value == kir::GridValue::ThreadIdxY ||
                          value == kir::GridValue::ThreadIdxZ || value == kir::GridValue::LaneId;
            pure = pure && (per_thread || !thread);
            return;
        }
        case kir::ExprKind::LocalRef:
            pure = pure && allowed(static_cast<const kir::LocalRefExpr&>(e).variable);
            return;
        default:
            pure = false;
            return;
        }
    });
    return pure;
}

/// Locals assigned anywhere in `stmt` (Assign and IncDec targets), and how many times each is
/// declared; per Variable id.
void count_writes(const kir::Stmt& stmt, std::vector<int>& assigned, std::vector<int>& declared) {
    for_each_in_stmt(
        stmt,
        [&](const kir::Stmt& s) {
            if (s.kind == kir::StmtKind::Decl) {
                ++declared[static_cast<std::size_t>(
                    static_cast<const kir::DeclStmt&>(s).variable->id)];
            }
        },
        [&](const kir::Expr& e) {
            if (const kir::Variable* written = assigned_local(e)) {
                ++assigned[static_cast<std::size_t>(written->id)];
            }
        });
}

} // namespace

std::vector<const kir::Expr*> thread_invariant_inits(const kir::GridKernelInstance& instance) {
    std::size_t count = instance.locals.size();
    std::vector<const kir::Expr*> inits(count, nullptr);
    std::vector<int> assigned(count, 0), declared(count, 0);
    count_writes(*instance.body, assigned, declared);
    // Declarations come before uses: one walk in order sees the locals an initializer reads.
    for_each_in_stmt(
        *instance.body,
        [&](const kir::Stmt& s) {
            if (s.kind != kir::StmtKind::Decl) {
                return;
            }
            const auto& decl = static_cast<const kir::DeclStmt&>(s);
            auto id = static_cast<std::size_t>(decl.variable->id);
            if (!decl.init || decl.variable->is_shared() || assigned[id] != 0 ||
                declared[id] != 1) {
                return;
            }
            if (pure_of_launch(*decl.init, true, [&](const kir::Variable* v) {
                    return inits[static_cast<std::size_t>(v->id)] != nullptr;
                })) {
                inits[id] = decl.init.get();
            }
        },
        [](const kir::Expr&) {});
    return inits;
}

const kir::Variable* uniform_loop_variable(const kir::Stmt& stmt) {
    if (stmt.kind != kir::StmtKind::For) {
        return nullptr;
    }
    const auto& loop = static_cast<const kir::ForStmt&>(stmt);
    if (!loop.init || loop.init->kind != kir::StmtKind::Decl || !loop.condition || !loop.step) {
        return nullptr;
    }
    const auto& decl = static_cast<const kir::DeclStmt&>(*loop.init);
    const kir::Variable* variable = decl.variable;
    auto only_variable = [&](const kir::Variable* v) { return v == variable; };
    auto none = [](const kir::Variable*) { return false; };
    if (!decl.init || variable->is_shared() || !pure_of_launch(*decl.init, false, none) ||
        !pure_of_launch(*loop.condition, false, only_variable)) {
        return nullptr;
    }
    // The step: `k += e`, `k -= e`, `k = e`, `++k`, ... with e as uniform as the condition.
    const kir::Expr& step = *loop.step;
    if (step.kind == kir::ExprKind::IncDec) {
        const kir::Expr& target = *static_cast<const kir::IncDecExpr&>(step).target;
        if (target.kind != kir::ExprKind::LocalRef ||
            static_cast<const kir::LocalRefExpr&>(target).variable != variable) {
            return nullptr;
        }
    } else if (step.kind == kir::ExprKind::Assign) {
        const auto& assign = static_cast<const kir::AssignExpr&>(step);
        if (assign.target->kind != kir::ExprKind::LocalRef ||
            static_cast<const kir::LocalRefExpr&>(*assign.target).variable != variable ||
            !pure_of_launch(*assign.value, false, only_variable)) {
            return nullptr;
        }
    } else {
        return nullptr;
    }
    // The body neither assigns the variable nor leaves the loop early.
    bool leaves = false;
    for_each_exit(*loop.body, [&](const kir::Stmt& exit, int loop_depth) {
        leaves = leaves || exit.kind == kir::StmtKind::Return || loop_depth == 0;
    });
    bool written = false;
    for_each_in_stmt(
        *loop.body, [](const kir::Stmt&) {},
        [&](const kir::Expr& e) { written = written || assigned_local(e) == variable; });
    return leaves || written ? nullptr : variable;
}

namespace {

/// Which locals (by Variable id) hold values that may differ between the threads of a block.
class ThreadDependence {
public:
    explicit ThreadDependence(const kir::GridKernelInstance& instance)
        : varying_(instance.locals.size(), false) {
        // A local becomes varying when a varying value is stored in it, or any value is stored in
        // it under a varying condition; repeat until nothing changes (loops carry values back).
        bool changed = true;
        while (changed) {
            changed = false;
            Conditions around;
            walk_under_conditions(
                *instance.body, around,
                [&](const kir::Stmt& s, const Conditions& conditions) {
                    if (s.kind != kir::StmtKind::Decl) {
                        return;
                    }
                    const auto& decl = static_cast<const kir::DeclStmt&>(s);
                    if (decl.init) {
                        mark(decl.variable, any_varies(conditions) || varies(*decl.init), changed);
                    }
                },
                [&](const kir::Expr& e, const Conditions& conditions) {
                    const bool divergent = any_varies(conditions);
                    for_each_expr(e, [&](const kir::Expr& inner) {
                        if (const kir::Variable* written = assigned_local(inner)) {
                            bool varying_value =
                                inner.kind == kir::ExprKind::Assign &&
                                varies(*static_cast<const kir::AssignExpr&>(inner).value);
                            mark(written, divergent || varying_value, changed);
                        }
                    });
                });
        }
    }

    /// Whether `expr` may have a different value in different threads of the block.
    bool varies(const kir::Expr& expr) const {
        bool result = false;
        for_each_expr(expr, [&](const kir::Expr& e) {
            switch (e.kind) {
            case kir::ExprKind::GridValue: {
                auto value = static_cast<const kir::GridValueExpr&>(e).value;
                result = result || value == kir::GridValue::ThreadIdxX ||
                         value == kir::GridValue::ThreadIdxY ||
                         value == kir::GridValue::ThreadIdxZ || value == kir::GridValue::LaneId;
                return;
            }
            case kir::ExprKind::Shuffle:
            case kir::ExprKind::Atomic:
                result = true;
                return;
            case kir::ExprKind::LocalRef:
                result = result || varying_[static_cast<std::size_t>(
                                       static_cast<const kir::LocalRefExpr&>(e).variable->id)];
                return;
            default:
                return; // element reads vary through their index, visited as a child
            }
        });
        return result;
    }

    bool any_varies(const Conditions& conditions) const {
        for (const kir::Expr* condition : conditions) {
            if (varies(*condition)) {
                return true;
            }
        }
        return false;
    }

private:
    void mark(const kir::Variable* variable, bool varying, bool& changed) {
        auto id = static_cast<std::size_t>(variable->id);
        if (varying && !varying_[id]) {
            varying_[id] = true;
            changed = true;
        }
    }

    std::vector<bool> varying_;
};

} // namespace

std::vector<DivergentBarrier> divergent_barriers(const kir::GridKernelInstance& instance) {
    std::vector<DivergentBarrier> found;
    if (!instance.body) {
        return found;
    }
    const ThreadDependence dependence(instance);
    Conditions around;
    walk_under_conditions(
        *instance.body, around,
        [&](const kir::Stmt& s, const Conditions& conditions) {
            if (s.kind != kir::StmtKind::Sync) {
                return;
            }
            for (auto it = conditions.rbegin(); it != conditions.rend(); ++it) {
                if (dependence.varies(**it)) {
                    found.push_back({static_cast<const kir::SyncStmt*>(&s), *it});
                    return;
                }
            }
        },
        [](const kir::Expr&, const Conditions&) {});
    return found;
}

std::string host_obstacle(const kir::Stmt& body) {
    std::string obstacle;
    for_each_in_stmt(
        body, [](const kir::Stmt&) {},
        [&](const kir::Expr& e) {
            if (e.kind != kir::ExprKind::Shuffle || !obstacle.empty()) {
                return;
            }
            const auto& shuffle = static_cast<const kir::ShuffleExpr&>(e);
            for (const kir::ExprPtr* operand :
                 {&shuffle.mask, &shuffle.value, &shuffle.lane, &shuffle.width}) {
                if (has_shuffle(**operand)) {
                    obstacle = "a shuffle inside another shuffle's operands";
                }
            }
        });
    return obstacle;
}

} // namespace gpucc::grid_detail
