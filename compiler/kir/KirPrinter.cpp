// The kernel IR printer (format in KirPrinter.h). Floating constants are printed with the fewest
// digits that read back to the same value, so the text is both short and exact.
#include "compiler/kir/KirPrinter.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <llvm/Support/raw_ostream.h>
#include <string>
#include <utility>
#include <vector>

namespace gpucc {
namespace {

using namespace kir;

std::string format_float(double value, ScalarType type) {
    char buffer[64];
    for (int precision = 1; precision <= 17; ++precision) {
        std::snprintf(buffer, sizeof buffer, "%.*g", precision, value);
        double back = std::strtod(buffer, nullptr);
        bool exact = type == ScalarType::Float64
                         ? back == value
                         : static_cast<float>(back) == static_cast<float>(value);
        if (exact) {
            break;
        }
    }
    std::string text = buffer;
    if (text.find_first_of(".eni") == std::string::npos) {
        text += ".0"; // keep floating constants distinguishable from integers
    }
    return text;
}

std::string_view binary_name(BinaryOp op) {
    switch (op) {
    case BinaryOp::Add:
        return "add";
    case BinaryOp::Sub:
        return "sub";
    case BinaryOp::Mul:
        return "mul";
    case BinaryOp::Div:
        return "div";
    case BinaryOp::Rem:
        return "rem";
    case BinaryOp::Shl:
        return "shl";
    case BinaryOp::Shr:
        return "shr";
    case BinaryOp::BitAnd:
        return "bitand";
    case BinaryOp::BitOr:
        return "bitor";
    case BinaryOp::BitXor:
        return "bitxor";
    }
    return "?";
}

std::string_view compare_name(CompareOp op) {
    switch (op) {
    case CompareOp::Eq:
        return "eq";
    case CompareOp::Ne:
        return "ne";
    case CompareOp::Lt:
        return "lt";
    case CompareOp::Le:
        return "le";
    case CompareOp::Gt:
        return "gt";
    case CompareOp::Ge:
        return "ge";
    }
    return "?";
}

std::string_view unary_name(UnaryOp op) {
    switch (op) {
    case UnaryOp::Neg:
        return "neg";
    case UnaryOp::BitNot:
        return "bitnot";
    case UnaryOp::LogicalNot:
        return "not";
    }
    return "?";
}

class KirPrinter {
public:
    explicit KirPrinter(llvm::raw_ostream& out) : out_(out) {}

    void module(const Module& module) {
        out_ << "module " << module.name << "\n";
        out_ << "source \"" << module.source_path << "\"\n";
        // Kernels in source order: the kinds are in separate lists.
        std::vector<std::pair<SourceLocation, std::function<void()>>> kernels;
        for (const ElementwiseKernel& kernel : module.elementwise) {
            kernels.emplace_back(kernel.loc, [this, &kernel] { this->kernel(kernel); });
        }
        for (const ReductionKernel& kernel : module.reductions) {
            kernels.emplace_back(kernel.loc, [this, &kernel] { reduction(kernel); });
        }
        for (const GridKernel& kernel : module.grid_kernels) {
            kernels.emplace_back(kernel.loc, [this, &kernel] { grid_kernel(kernel); });
        }
        std::stable_sort(kernels.begin(), kernels.end(),
                         [](const auto& a, const auto& b) { return before(a.first, b.first); });
        for (const auto& kernel : kernels) {
            kernel.second();
        }
    }

private:
    static bool before(SourceLocation a, SourceLocation b) {
        if (a.file_id != b.file_id) {
            return a.file_id < b.file_id;
        }
        return a.line != b.line ? a.line < b.line : a.column < b.column;
    }

    void kernel(const ElementwiseKernel& kernel) {
        out_ << "elementwise " << kernel.name;
        placeholders(kernel.placeholders);
        out_ << "\n";
        for (const ElementwiseInstance& instance : kernel.instances) {
            this->instance(kernel, instance);
        }
    }

    void placeholders(const std::vector<Placeholder>& placeholders) {
        if (placeholders.empty()) {
            return;
        }
        out_ << "<";
        for (std::size_t k = 0; k < placeholders.size(); ++k) {
            const Placeholder& placeholder = placeholders[k];
            out_ << (k == 0 ? "" : ", ") << placeholder.name << ":";
            for (std::size_t t = 0; t < placeholder.allowed.size(); ++t) {
                out_ << (t == 0 ? " " : " | ") << numpy_name(placeholder.allowed[t]);
            }
        }
        out_ << ">";
    }

    /// "  instance NAME [T = float32]", the parameters and the locals.
    void instance_head(const std::vector<Placeholder>& placeholders, const std::string& symbol,
                       const std::vector<ScalarType>& bindings, const std::vector<Param>& params,
                       const std::vector<std::unique_ptr<Variable>>& locals) {
        params_ = &params;
        out_ << "  instance " << symbol;
        if (!bindings.empty()) {
            out_ << " [";
            for (std::size_t k = 0; k < bindings.size(); ++k) {
                out_ << (k == 0 ? "" : ", ") << placeholders[k].name << " = "
                     << numpy_name(bindings[k]);
            }
            out_ << "]";
        }
        out_ << "\n";
        for (std::size_t k = 0; k < params.size(); ++k) {
            const Param& param = params[k];
            out_ << "    param " << k << " " << param.name << ": " << numpy_name(param.type)
                 << (param.role == ParamRole::Input ? " input" : " output")
                 << (param.is_raw ? " raw" : "") << (param.is_scalar ? " scalar" : "")
                 << (param.is_post ? " post" : "")
                 << (param.rank > 0 ? " rank " + std::to_string(param.rank) : "") << "\n";
        }
        for (const auto& local : locals) {
            out_ << "    local %" << local->id << " " << local->name << ": "
                 << (local->is_const ? "const " : "") << numpy_name(local->type);
            if (local->is_shared()) {
                out_ << " shared[";
                if (local->shared_elements == 0) {
                    out_ << "dynamic";
                } else {
                    out_ << local->shared_elements;
                }
                out_ << "]";
            }
            out_ << "\n";
        }
    }

    void instance(const ElementwiseKernel& kernel, const ElementwiseInstance& instance) {
        instance_head(kernel.placeholders, instance.symbol, instance.bindings, instance.params,
                      instance.locals);
        out_ << "    body ";
        if (instance.body) {
            statement(*instance.body, 2);
        } else {
            out_ << "(none)\n";
        }
    }

    /// reduction NAME<...>, then per instance its reduce type and the four pieces:
    ///   reduce_type float64 (declared)
    ///   identity 0:float64            (or "identity none")
    ///   map (mul:float64 ...)
    ///   reduce (add:float64 a:float64 b:float64)
    ///   post { ... }                  ("post (default) { ... }" without a post clause)
    void reduction(const ReductionKernel& kernel) {
        out_ << "reduction " << kernel.name;
        placeholders(kernel.placeholders);
        out_ << "\n";
        for (const ReductionInstance& instance : kernel.instances) {
            instance_head(kernel.placeholders, instance.symbol, instance.bindings, instance.params,
                          instance.locals);
            out_ << "    reduce_type " << numpy_name(instance.reduce_type)
                 << (kernel.fused                  ? " (fused: NumPy's for the reduction)"
                     : kernel.reduce_type_declared ? " (declared)"
                                                   : " (first output)")
                 << "\n";
            if (instance.identity) {
                piece("identity", instance.identity.get());
            } else {
                out_ << "    identity none\n";
            }
            if (instance.map_prelude) {
                out_ << "    map_prelude ";
                statement(*instance.map_prelude, 2);
            }
            piece("map", instance.map.get());
            piece("reduce", instance.reduce.get());
            for (std::size_t k = 0; k < instance.more_components.size(); ++k) {
                const ReductionComponent& component = instance.more_components[k];
                const std::string label = "component " + std::to_string(k + 1);
                out_ << "    " << label << " reduce_type " << numpy_name(component.reduce_type)
                     << "\n";
                if (component.identity) {
                    piece(label + " identity", component.identity.get());
                } else {
                    out_ << "    " << label << " identity none\n";
                }
                piece(label + " map", component.map.get());
                piece(label + " reduce", component.reduce.get());
            }
            out_ << "    post " << (kernel.post_is_default ? "(default) " : "");
            if (instance.post) {
                statement(*instance.post, 2);
            } else {
                out_ << "(none)\n";
            }
        }
    }

    /// kernel NAME<...>, then per instance its parameters, locals (shared arrays with their
    /// element count, "dynamic" for the launch-sized one) and body.
    void grid_kernel(const GridKernel& kernel) {
        out_ << "kernel " << kernel.name;
        placeholders(kernel.placeholders);
        out_ << "\n";
        for (const GridKernelInstance& instance : kernel.instances) {
            instance_head(kernel.placeholders, instance.symbol, instance.bindings, instance.params,
                          instance.locals);
            if (!instance.gpu_only_feature.empty()) {
                out_ << "    gpu only: " << instance.gpu_only_feature << "\n";
            }
            out_ << "    body ";
            if (instance.body) {
                statement(*instance.body, 2);
            } else {
                out_ << "(none)\n";
            }
        }
    }

    void indent(int depth) { out_.indent(2 * depth); }
    /// A loop's `#pragma unroll` on a line of its own, the loop indented again after it.
    void unroll(const LoopUnroll& unroll, int depth) {
        if (unroll.kind != LoopUnroll::Kind::Default) {
            out_ << pragma_spelling(unroll) << "\n";
            indent(depth);
        }
    }

    /// "    map (mul:float32 ...)"; "(none)" where the piece had an error.
    void piece(std::string_view label, const Expr* expr) {
        out_ << "    " << label << " ";
        if (expr != nullptr) {
            expression(*expr);
        } else {
            out_ << "(none)";
        }
        out_ << "\n";
    }

    /// Prints a statement whose first line is already indented.
    void statement(const Stmt& stmt, int depth) {
        switch (stmt.kind) {
        case StmtKind::Block: {
            out_ << "{\n";
            for (const StmtPtr& inner : static_cast<const BlockStmt&>(stmt).statements) {
                indent(depth + 1);
                statement(*inner, depth + 1);
            }
            indent(depth);
            out_ << "}\n";
            return;
        }
        case StmtKind::Decl: {
            const auto& decl = static_cast<const DeclStmt&>(stmt);
            out_ << "decl %" << decl.variable->id << " " << decl.variable->name;
            if (decl.init) {
                out_ << " = ";
                expression(*decl.init);
            }
            out_ << "\n";
            return;
        }
        case StmtKind::ExprStmt:
            out_ << "expr ";
            expression(*static_cast<const ExprStmt&>(stmt).expr);
            out_ << "\n";
            return;
        case StmtKind::If: {
            const auto& branch = static_cast<const IfStmt&>(stmt);
            out_ << "if ";
            expression(*branch.condition);
            out_ << "\n";
            indent(depth + 1);
            statement(*branch.then_branch, depth + 1);
            if (branch.else_branch) {
                indent(depth);
                out_ << "else\n";
                indent(depth + 1);
                statement(*branch.else_branch, depth + 1);
            }
            return;
        }
        case StmtKind::For: {
            const auto& loop = static_cast<const ForStmt&>(stmt);
            unroll(loop.unroll, depth);
            out_ << "for\n";
            indent(depth + 1);
            out_ << "init: ";
            if (loop.init) {
                statement(*loop.init, depth + 1);
            } else {
                out_ << "(none)\n";
            }
            optional_expression("condition", loop.condition.get(), depth + 1);
            optional_expression("step", loop.step.get(), depth + 1);
            indent(depth + 1);
            statement(*loop.body, depth + 1);
            return;
        }
        case StmtKind::While: {
            const auto& loop = static_cast<const WhileStmt&>(stmt);
            unroll(loop.unroll, depth);
            out_ << "while ";
            expression(*loop.condition);
            out_ << "\n";
            indent(depth + 1);
            statement(*loop.body, depth + 1);
            return;
        }
        case StmtKind::DoWhile: {
            const auto& loop = static_cast<const DoWhileStmt&>(stmt);
            unroll(loop.unroll, depth);
            out_ << "do\n";
            indent(depth + 1);
            statement(*loop.body, depth + 1);
            indent(depth);
            out_ << "while ";
            expression(*loop.condition);
            out_ << "\n";
            return;
        }
        case StmtKind::Break:
            out_ << "break\n";
            return;
        case StmtKind::Continue:
            out_ << "continue\n";
            return;
        case StmtKind::Sync: {
            const auto& sync = static_cast<const SyncStmt&>(stmt);
            if (sync.warp) {
                out_ << "syncwarp ";
                expression(*sync.mask);
                out_ << "\n";
            } else {
                out_ << "syncthreads\n";
            }
            return;
        }
        case StmtKind::Return:
            out_ << "return\n";
            return;
        }
    }

    void optional_expression(std::string_view label, const Expr* expr, int depth) {
        indent(depth);
        out_ << label << ": ";
        if (expr != nullptr) {
            expression(*expr);
        } else {
            out_ << "(none)";
        }
        out_ << "\n";
    }

    void open(std::string_view name, ScalarType type) {
        out_ << "(" << name << ":" << numpy_name(type);
    }

    void operands(std::initializer_list<const Expr*> exprs) {
        for (const Expr* expr : exprs) {
            out_ << " ";
            expression(*expr);
        }
        out_ << ")";
    }

    void expression(const Expr& expr) {
        switch (expr.kind) {
        case ExprKind::Constant: {
            const auto& constant = static_cast<const ConstantExpr&>(expr);
            if (expr.type == ScalarType::Bool) {
                out_ << (constant.int_bits != 0 ? "true" : "false");
            } else if (is_floating(expr.type)) {
                out_ << format_float(constant.float_value, expr.type);
            } else if (is_signed(expr.type)) {
                out_ << static_cast<std::int64_t>(constant.int_bits);
            } else {
                out_ << constant.int_bits;
            }
            out_ << ":" << numpy_name(expr.type);
            return;
        }
        case ExprKind::ParamRef: {
            const auto& ref = static_cast<const ParamRefExpr&>(expr);
            out_ << (*params_)[static_cast<std::size_t>(ref.param_index)].name << ":"
                 << numpy_name(expr.type);
            return;
        }
        case ExprKind::LocalRef:
            out_ << "%" << static_cast<const LocalRefExpr&>(expr).variable->id << ":"
                 << numpy_name(expr.type);
            return;
        case ExprKind::RawElement: {
            const auto& element = static_cast<const RawElementExpr&>(expr);
            out_ << "(element:" << numpy_name(expr.type) << " "
                 << (*params_)[static_cast<std::size_t>(element.param_index)].name;
            if (element.index) {
                operands({element.index.get()});
                return;
            }
            for (const ExprPtr& subscript : element.subscripts) {
                out_ << " ";
                expression(*subscript);
            }
            out_ << ")";
            return;
        }
        case ExprKind::LoopIndex:
            out_ << "i:int64";
            return;
        case ExprKind::LoopSize:
            out_ << "_ind.size():int64";
            return;
        case ExprKind::ReduceOperand:
            out_ << (static_cast<const ReduceOperandExpr&>(expr).operand == 0 ? "a" : "b");
            if (int component = static_cast<const ReduceOperandExpr&>(expr).component;
                component != 0) {
                out_ << "." << component;
            }
            out_ << ":" << numpy_name(expr.type);
            return;
        case ExprKind::InputSize:
            out_ << "_in_ind.size():int64";
            return;
        case ExprKind::OutputSize:
            out_ << "_out_ind.size():int64";
            return;
        case ExprKind::ReducePosition:
            out_ << "_J:int64";
            return;
        case ExprKind::Unary: {
            const auto& unary = static_cast<const UnaryExpr&>(expr);
            open(unary_name(unary.op), expr.type);
            operands({unary.operand.get()});
            return;
        }
        case ExprKind::Binary: {
            const auto& binary = static_cast<const BinaryExpr&>(expr);
            open(binary_name(binary.op), expr.type);
            operands({binary.lhs.get(), binary.rhs.get()});
            return;
        }
        case ExprKind::Compare: {
            const auto& compare = static_cast<const CompareExpr&>(expr);
            open(compare_name(compare.op), expr.type);
            operands({compare.lhs.get(), compare.rhs.get()});
            return;
        }
        case ExprKind::Logical: {
            const auto& logical = static_cast<const LogicalExpr&>(expr);
            open(logical.op == LogicalOp::And ? "and" : "or", expr.type);
            operands({logical.lhs.get(), logical.rhs.get()});
            return;
        }
        case ExprKind::Select: {
            const auto& select = static_cast<const SelectExpr&>(expr);
            open("select", expr.type);
            operands({select.condition.get(), select.if_true.get(), select.if_false.get()});
            return;
        }
        case ExprKind::Cast:
            open("cast", expr.type);
            operands({static_cast<const CastExpr&>(expr).operand.get()});
            return;
        case ExprKind::Call: {
            const auto& call = static_cast<const CallExpr&>(expr);
            out_ << "(call " << builtin_name(call.builtin) << ":" << numpy_name(expr.type);
            for (const ExprPtr& arg : call.args) {
                out_ << " ";
                expression(*arg);
            }
            out_ << ")";
            return;
        }
        case ExprKind::Assign: {
            const auto& assign = static_cast<const AssignExpr&>(expr);
            if (assign.compound_op) {
                out_ << "(assign-" << binary_name(*assign.compound_op) << ":"
                     << numpy_name(expr.type) << " in " << numpy_name(assign.compute_type);
            } else {
                open("assign", expr.type);
            }
            operands({assign.target.get(), assign.value.get()});
            return;
        }
        case ExprKind::IncDec: {
            const auto& incdec = static_cast<const IncDecExpr&>(expr);
            std::string name = std::string(incdec.is_prefix ? "pre" : "post") +
                               (incdec.is_increment ? "inc" : "dec");
            open(name, expr.type);
            operands({incdec.target.get()});
            return;
        }
        case ExprKind::GridValue:
            out_ << grid_value_name(static_cast<const GridValueExpr&>(expr).value) << ":uint32";
            return;
        case ExprKind::ArrayProperty: {
            const auto& property = static_cast<const ArrayPropertyExpr&>(expr);
            out_ << (*params_)[static_cast<std::size_t>(property.param_index)].name;
            if (property.property == ArrayProperty::Size) {
                out_ << ".size:int64";
            } else {
                out_ << (property.property == ArrayProperty::Extent ? ".shape[" : ".strides[")
                     << property.axis << "]:int64";
            }
            return;
        }
        case ExprKind::SharedElement: {
            const auto& element = static_cast<const SharedElementExpr&>(expr);
            out_ << "(shared-element:" << numpy_name(expr.type) << " %" << element.array->id;
            operands({element.index.get()});
            return;
        }
        case ExprKind::Atomic: {
            const auto& atomic = static_cast<const AtomicExpr&>(expr);
            open(atomic_name(atomic.op), expr.type);
            if (atomic.compare) {
                operands({atomic.target.get(), atomic.compare.get(), atomic.value.get()});
            } else {
                operands({atomic.target.get(), atomic.value.get()});
            }
            return;
        }
        case ExprKind::Shuffle: {
            const auto& shuffle = static_cast<const ShuffleExpr&>(expr);
            open(shuffle_name(shuffle.op), expr.type);
            operands(
                {shuffle.mask.get(), shuffle.value.get(), shuffle.lane.get(), shuffle.width.get()});
            return;
        }
        }
    }

    llvm::raw_ostream& out_;
    const std::vector<Param>* params_ = nullptr; ///< of the instance being printed
};

} // namespace

void print_kir(const kir::Module& module, llvm::raw_ostream& out) {
    KirPrinter(out).module(module);
}

} // namespace gpucc
