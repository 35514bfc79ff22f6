// Walks over jit-style kernel bodies for the CPU version's barrier handling (GridRegions.h).
#include "compiler/codegen/grid/GridRegions.h"

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

void for_each_in_stmt(const kir::Stmt& stmt,
                      const std::function<void(const kir::Stmt&)>& visit_stmt,
                      const std::function<void(const kir::Expr&)>& visit_expr) {
    using kir::StmtKind;
    visit_stmt(stmt);
    auto expr = [&](const kir::ExprPtr& e) {
        if (e) {
            for_each_expr(*e, visit_expr);
        }
    };
    auto inner = [&](const kir::StmtPtr& s) {
        if (s) {
            for_each_in_stmt(*s, visit_stmt, visit_expr);
        }
    };
    switch (stmt.kind) {
    case StmtKind::Block:
        for (const kir::StmtPtr& s : static_cast<const kir::BlockStmt&>(stmt).statements) {
            inner(s);
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
        inner(branch.then_branch);
        inner(branch.else_branch);
        return;
    }
    case StmtKind::For: {
        const auto& loop = static_cast<const kir::ForStmt&>(stmt);
        inner(loop.init);
        expr(loop.condition);
        inner(loop.body);
        expr(loop.step);
        return;
    }
    case StmtKind::While:
        expr(static_cast<const kir::WhileStmt&>(stmt).condition);
        inner(static_cast<const kir::WhileStmt&>(stmt).body);
        return;
    case StmtKind::DoWhile:
        inner(static_cast<const kir::DoWhileStmt&>(stmt).body);
        expr(static_cast<const kir::DoWhileStmt&>(stmt).condition);
        return;
    case StmtKind::Sync:
        expr(static_cast<const kir::SyncStmt&>(stmt).mask);
        return;
    default:
        return;
    }
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
    int loop_depth = 0;
    std::function<void(const kir::Stmt&)> walk = [&](const kir::Stmt& stmt) {
        using kir::StmtKind;
        switch (stmt.kind) {
        case StmtKind::Return:
            found = true;
            return;
        case StmtKind::Continue:
            found = found || loop_depth == 0;
            return;
        case StmtKind::Block:
            for (const kir::StmtPtr& s : static_cast<const kir::BlockStmt&>(stmt).statements) {
                walk(*s);
            }
            return;
        case StmtKind::If: {
            const auto& branch = static_cast<const kir::IfStmt&>(stmt);
            walk(*branch.then_branch);
            if (branch.else_branch) {
                walk(*branch.else_branch);
            }
            return;
        }
        case StmtKind::For:
            ++loop_depth;
            walk(*static_cast<const kir::ForStmt&>(stmt).body);
            --loop_depth;
            return;
        case StmtKind::While:
            ++loop_depth;
            walk(*static_cast<const kir::WhileStmt&>(stmt).body);
            --loop_depth;
            return;
        case StmtKind::DoWhile:
            ++loop_depth;
            walk(*static_cast<const kir::DoWhileStmt&>(stmt).body);
            --loop_depth;
            return;
        default:
            return;
        }
    };
    walk(body);
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
