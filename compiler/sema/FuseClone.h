// A deep copy of a fused function's expression, with chosen calls replaced by names. The
// persistent lowering of a fused function with several reductions (FusePersistent.cpp) lowers
// each reduction as a fused function of its own whose earlier reductions are values already
// computed: it copies the definition's expressions with those calls replaced by the names of the
// values, and hands the copies to the one-reduction lowering. Internal to sema/.
#pragma once

#include "compiler/ast/Ast.h"

#include <map>
#include <string>

namespace gpucc::sema {

/// A copy of `expr` in which every call found in `replaced` is the name it maps to.
ast::ExprPtr clone_replacing(const ast::Expr& expr,
                             const std::map<const ast::Expr*, std::string>& replaced);

/// A deep copy of `stmt` (every statement kind; expressions copied by clone_replacing).
ast::StmtPtr clone_statement(const ast::Stmt& stmt);

} // namespace gpucc::sema
