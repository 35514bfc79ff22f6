// A fused function's tuple, `(0, 2)`, which the body language has only as the `axis` of a
// reduction (`sum(x, axis = (0, 2))`, as NumPy's). The parser gives it as a call whose callee is
// a name no source can spell, so that the syntax tree needs no kind of its own; Sema reads it as
// the axes of a reduction and reports it anywhere else.
#pragma once

#include "compiler/ast/Ast.h"

#include <string_view>

namespace gpucc::ast {

/// The callee's name of a tuple: not an identifier, so no source spells it.
inline constexpr std::string_view kFuseTupleCallee = "(tuple)";

/// Whether `expr` is a tuple `(e1, e2, ...)` of a fused function (its elements are the call's
/// arguments).
inline bool is_fuse_tuple(const Expr& expr) {
    if (expr.kind != ExprKind::Call) {
        return false;
    }
    const auto& call = static_cast<const CallExpr&>(expr);
    return call.callee->kind == ExprKind::Name &&
           static_cast<const NameExpr&>(*call.callee).name == kFuseTupleCallee;
}

} // namespace gpucc::ast
