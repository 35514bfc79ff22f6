// The copy of an elementwise kernel's body that a fused function inlines where it calls the kernel
// (`fuse f(a, b) = sqrt(sq_diff(a, b) + 1);`): every statement cloned with the kernel's
// parameters, outputs and locals renamed to names the fused body does not use (scope by scope, so
// shadowing in inner blocks stays as written) and its placeholders replaced by the types the call
// binds. What cannot be inlined is reported by name: the element index (`i`, `_ind`) and a
// `continue` outside a loop (in a kernel it ends the element; inlined it would end the whole fused
// element). The checks of the call itself (arguments, outputs, raw parameters) are
// FuseLowerKernelCall.cpp's. Internal to sema/.
#pragma once

#include "compiler/ast/Ast.h"
#include "compiler/basic/ScalarType.h"

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace gpucc::sema {

/// What the copy needs to know about the call.
struct KernelInlining {
    /// The kernel's parameters and outputs, each to the local of the fused body that holds it.
    std::map<std::string, std::string> renamed_params;
    /// The kernel's placeholders, each to the type the call binds it to.
    std::map<std::string, ScalarType> bound_types;
    /// A name for a local of the kernel's body (given its name in the kernel), free in the fused
    /// body.
    std::function<std::string(const std::string&)> fresh_name;
};

/// Why a body cannot be inlined: the construct's location and what it is ("'i'", "'_ind'" or
/// "'continue' outside a loop").
struct InlineObstacle {
    SourceLocation loc;
    std::uint32_t length = 0;
    std::string what;
};

/// Appends to `out` the statements of `body` as the fused body's, renamed by `inlining`. False
/// (with `obstacle` set) when the body reads the element index or continues outside a loop.
bool inline_kernel_body(const ast::BlockStmt& body, const KernelInlining& inlining,
                        std::vector<ast::StmtPtr>& out, InlineObstacle& obstacle);

} // namespace gpucc::sema
