// FusionReport.h: the operations from the syntax tree in evaluation order, the arrays and their
// sizes from each instance's checked parameters.
#include "compiler/sema/FusionReport.h"

#include "compiler/sema/FusePersistent.h"

#include <algorithm>
#include <ostream>
#include <sstream>
#include <utility>
#include <vector>

namespace gpucc {
namespace {

/// Appends the operations of `expr`, operands first.
void collect_operations(const ast::Expr& expr, std::vector<std::string>& operations) {
    switch (expr.kind) {
    case ast::ExprKind::Call: {
        const auto& call = static_cast<const ast::CallExpr&>(expr);
        for (const ast::ExprPtr& arg : call.args) {
            collect_operations(*arg, operations);
        }
        if (call.callee->kind == ast::ExprKind::Name) {
            operations.push_back(static_cast<const ast::NameExpr&>(*call.callee).name);
        }
        return;
    }
    case ast::ExprKind::Unary: {
        const auto& unary = static_cast<const ast::UnaryExpr&>(expr);
        collect_operations(*unary.operand, operations);
        if (unary.op != ast::UnaryOp::Plus) {
            operations.push_back("unary " + std::string(ast::spelling(unary.op)));
        }
        return;
    }
    case ast::ExprKind::Binary: {
        const auto& binary = static_cast<const ast::BinaryExpr&>(expr);
        collect_operations(*binary.lhs, operations);
        collect_operations(*binary.rhs, operations);
        operations.emplace_back(ast::spelling(binary.op));
        return;
    }
    case ast::ExprKind::Conditional: {
        const auto& conditional = static_cast<const ast::ConditionalExpr&>(expr);
        collect_operations(*conditional.condition, operations);
        collect_operations(*conditional.if_true, operations);
        collect_operations(*conditional.if_false, operations);
        operations.emplace_back("where");
        return;
    }
    case ast::ExprKind::Cast: {
        const auto& cast = static_cast<const ast::CastExpr&>(expr);
        collect_operations(*cast.operand, operations);
        operations.push_back("astype " + cast.type.spelling);
        return;
    }
    default:
        return; // names and literals: no operation
    }
}

/// The operations of `def` in evaluation order.
std::vector<std::string> operations_of(const ast::FuseDef& def) {
    std::vector<std::string> operations;
    for (const ast::FuseBinding& binding : def.bindings) {
        collect_operations(*binding.value, operations);
    }
    for (const ast::ExprPtr& result : def.results) {
        collect_operations(*result, operations);
    }
    return operations;
}

void write_head(std::ostream& out, const ast::FuseDef& def, const char* kind) {
    std::vector<std::string> operations = operations_of(def);
    out << "fuse " << def.name << " (line " << def.name_loc.line << "): one " << kind << " kernel, "
        << operations.size() << (operations.size() == 1 ? " operation" : " operations")
        << " fused\n  operations:";
    for (std::size_t k = 0; k < operations.size(); ++k) {
        out << (k == 0 ? " " : ", ") << operations[k];
    }
    out << "\n";
}

/// "x float32, y float32" and their bytes, for the array parameters of `role` (post arrays when
/// `post`, the others when not).
std::pair<std::string, int> arrays_of(const std::vector<kir::Param>& params, kir::ParamRole role,
                                      bool post = false) {
    std::string list;
    int bytes = 0;
    for (const kir::Param& param : params) {
        if (param.role == role && !param.is_scalar && param.is_post == post) {
            list +=
                (list.empty() ? "" : ", ") + param.name + " " + std::string(numpy_name(param.type));
            bytes += size_in_bytes(param.type);
        }
    }
    return {list, bytes};
}

void write_reduction(std::ostream& out, const ast::FuseDef& def,
                     const kir::ReductionKernel& kernel) {
    write_head(out, def, "reduction");
    out << "  reduces over ";
    if (kernel.fused && kernel.fused->axes) {
        out << "axis";
        for (int axis : *kernel.fused->axes) {
            out << " " << axis;
        }
    } else {
        out << "every axis";
    }
    out << (kernel.fused && kernel.fused->keepdims ? ", keepdims" : "") << "\n";
    for (const kir::ReductionInstance& instance : kernel.instances) {
        auto [reads, read_bytes] = arrays_of(instance.params, kir::ParamRole::Input);
        auto [writes, write_bytes] = arrays_of(instance.params, kir::ParamRole::Output);
        auto [post_reads, post_bytes] = arrays_of(instance.params, kir::ParamRole::Input, true);
        out << "  " << instance.symbol << ": reads " << reads << " (" << read_bytes
            << " bytes per element reduced); reduces in " << numpy_name(instance.reduce_type);
        for (const kir::ReductionComponent& component : instance.more_components) {
            out << " and " << numpy_name(component.reduce_type); // one pass, a tuple
        }
        if (!post_reads.empty()) {
            out << "; post reads " << post_reads << " (" << post_bytes << " bytes per result)";
        }
        out << "; writes " << writes << " (" << write_bytes << " bytes per result)\n";
    }
}

/// A fused function with several reductions: its kernel's passes over each row.
void write_rows(std::ostream& out, const ast::FuseDef& def, const kir::GridKernel& kernel) {
    const kir::FusedRows& rows = *kernel.fused_rows;
    write_head(out, def, "persistent");
    std::size_t passes = rows.reductions.size() + (rows.full_result ? 1 : 0);
    out << "  " << kernel.name << ": axis " << rows.axis << ", " << rows.reductions.size()
        << " reductions (";
    for (std::size_t k = 0; k < rows.reductions.size(); ++k) {
        out << (k == 0 ? "" : ", ") << rows.reductions[k];
    }
    out << "); on the GPU a short row held in registers and read once (a kernel per length "
           "class: a warp per row, or a block), a "
        << "longer one read by each of " << passes
        << " passes (from the caches while it fits them); the result "
        << (rows.full_result ? "of the inputs' shape"
            : rows.keepdims  ? "of the reduced shape, keepdims"
                             : "of the reduced shape")
        << "\n";
    out << "  register kernels (GPU only):";
    for (const kir::FusedRows::Variant& variant : rows.variants) {
        out << " " << variant.kernel;
    }
    out << "\n";
    for (const kir::GridKernelInstance& instance : kernel.instances) {
        std::string reads;
        int read_bytes = 0;
        for (std::size_t k = 0; k + 1 < instance.params.size(); ++k) {
            const kir::Param& param = instance.params[k];
            reads += (reads.empty() ? "" : ", ") + param.name.substr(8) + " " +
                     std::string(numpy_name(param.type));
            read_bytes += size_in_bytes(param.type);
        }
        const kir::Param& result = instance.params.back();
        int by_warp = 0, held = 0;
        for (const sema::PersistentRowVariant& variant : sema::persistent_row_variants()) {
            if (sema::persistent_variant_fits(variant, read_bytes)) {
                int longest = (variant.by_warp ? 32 : 256) * variant.slots;
                held = std::max(held, longest);
                by_warp = variant.by_warp ? std::max(by_warp, longest) : by_warp;
            }
        }
        out << "  " << instance.symbol << ": reads " << reads << " (" << read_bytes
            << " bytes per element; on the GPU once for a row of up to " << held
            << " elements, a warp per row up to " << by_warp
            << ", per pass beyond and on the host); writes out " << numpy_name(result.type) << " ("
            << size_in_bytes(result.type) << " bytes per " << (rows.full_result ? "element" : "row")
            << ")\n";
    }
}

} // namespace

std::string fusion_report(const ast::Module& syntax, const kir::Module& kernels) {
    std::ostringstream out;
    for (const ast::FuseDef& def : syntax.fused) {
        const kir::ElementwiseKernel* kernel = nullptr;
        for (const kir::ElementwiseKernel& candidate : kernels.elementwise) {
            if (candidate.name == def.name) {
                kernel = &candidate;
            }
        }
        for (const kir::ReductionKernel& candidate : kernels.reductions) {
            if (candidate.name == def.name && candidate.fused) {
                write_reduction(out, def, candidate);
            }
        }
        for (const kir::GridKernel& candidate : kernels.grid_kernels) {
            if (candidate.fused_rows && candidate.fused_rows->function == def.name) {
                write_rows(out, def, candidate);
            }
        }
        if (kernel == nullptr) {
            continue;
        }
        write_head(out, def, "elementwise");
        for (const kir::ElementwiseInstance& instance : kernel->instances) {
            int bytes = 0;
            std::string reads, writes;
            for (const kir::Param& param : instance.params) {
                std::string& list = param.role == kir::ParamRole::Input ? reads : writes;
                list += (list.empty() ? "" : ", ") + param.name + " " +
                        std::string(numpy_name(param.type));
                bytes += size_in_bytes(param.type);
            }
            out << "  " << instance.symbol << ": reads " << reads << "; writes " << writes << "; "
                << bytes << " bytes per element\n";
        }
    }
    return out.str();
}

} // namespace gpucc
