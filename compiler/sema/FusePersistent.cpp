// FusePersistent.h: the reductions found and checked (one axis, the same for all; shapes that
// broadcast along the rows), each pass lowered from a copy of the definition, and the kernel
// body built around the passes.
#include "compiler/sema/FusePersistent.h"

#include "compiler/diag/Diagnostics.h"
#include "compiler/kir/GridRegions.h"
#include "compiler/sema/BodyChecker.h"
#include "compiler/sema/CheckFuse.h"
#include "compiler/sema/FuseClone.h"
#include "compiler/sema/FuseLowering.h"
#include "compiler/sema/FuseReduction.h"
#include "compiler/sema/FuseSyntax.h"
#include "compiler/sema/Instantiation.h"

#include <map>

namespace gpucc::sema {
namespace {

/// The reduction calls of `expr`, operands before the call (so a reduction inside another's
/// operand comes first).
void collect_reductions(const ast::Expr& expr, std::vector<const ast::CallExpr*>& found) {
    switch (expr.kind) {
    case ast::ExprKind::Call: {
        const auto& call = static_cast<const ast::CallExpr&>(expr);
        for (const ast::ExprPtr& arg : call.args) {
            collect_reductions(*arg, found);
        }
        if (call.callee->kind == ast::ExprKind::Name &&
            is_fusable_reduction(static_cast<const ast::NameExpr&>(*call.callee).name)) {
            found.push_back(&call);
        }
        return;
    }
    case ast::ExprKind::Unary:
        collect_reductions(*static_cast<const ast::UnaryExpr&>(expr).operand, found);
        return;
    case ast::ExprKind::Binary: {
        const auto& binary = static_cast<const ast::BinaryExpr&>(expr);
        collect_reductions(*binary.lhs, found);
        collect_reductions(*binary.rhs, found);
        return;
    }
    case ast::ExprKind::Assign:
        collect_reductions(*static_cast<const ast::AssignExpr&>(expr).value, found);
        return;
    case ast::ExprKind::Conditional: {
        const auto& conditional = static_cast<const ast::ConditionalExpr&>(expr);
        collect_reductions(*conditional.condition, found);
        collect_reductions(*conditional.if_true, found);
        collect_reductions(*conditional.if_false, found);
        return;
    }
    case ast::ExprKind::Cast:
        collect_reductions(*static_cast<const ast::CastExpr&>(expr).operand, found);
        return;
    default:
        return;
    }
}

/// The names `expr` reads.
void collect_names(const ast::Expr& expr, std::set<std::string>& names) {
    switch (expr.kind) {
    case ast::ExprKind::Name:
        names.insert(static_cast<const ast::NameExpr&>(expr).name);
        return;
    case ast::ExprKind::Call:
        for (const ast::ExprPtr& arg : static_cast<const ast::CallExpr&>(expr).args) {
            collect_names(*arg, names);
        }
        return;
    case ast::ExprKind::Unary:
        collect_names(*static_cast<const ast::UnaryExpr&>(expr).operand, names);
        return;
    case ast::ExprKind::Binary:
        collect_names(*static_cast<const ast::BinaryExpr&>(expr).lhs, names);
        collect_names(*static_cast<const ast::BinaryExpr&>(expr).rhs, names);
        return;
    case ast::ExprKind::Assign:
        collect_names(*static_cast<const ast::AssignExpr&>(expr).value, names);
        return;
    case ast::ExprKind::Conditional: {
        const auto& conditional = static_cast<const ast::ConditionalExpr&>(expr);
        collect_names(*conditional.condition, names);
        collect_names(*conditional.if_true, names);
        collect_names(*conditional.if_false, names);
        return;
    }
    case ast::ExprKind::Cast:
        collect_names(*static_cast<const ast::CastExpr&>(expr).operand, names);
        return;
    default:
        return;
    }
}

/// The start of the kernel's own names (its locals, the reduced values): "fused_", lengthened
/// while a parameter or binding of the definition being lowered starts with it. Set by the entry
/// points, per definition (one thread lowers one definition at a time).
thread_local std::string prefix_ = "fused_";

void choose_prefix(const ast::FuseDef& def) {
    prefix_ = "fused_";
    auto taken = [&]() {
        for (const ast::Param& param : def.params) {
            if (param.name.starts_with(prefix_)) {
                return true;
            }
        }
        for (const ast::FuseBinding& binding : def.bindings) {
            if (binding.name.starts_with(prefix_)) {
                return true;
            }
        }
        return false;
    };
    while (taken()) {
        prefix_ += "f_";
    }
}

std::string reduced_name(std::size_t k) {
    return prefix_ + "reduced" + std::to_string(k);
}

/// What a value is the shape of, for the broadcasting rule along the rows.
enum class RowShape {
    Scalar,  ///< a literal or a value of no array
    Full,    ///< the inputs' shape
    Kept,    ///< reduced with keepdims: broadcasts back along the row
    Reduced, ///< reduced without keepdims: one value per row, not broadcastable along it
};

std::string_view describe(RowShape shape) {
    switch (shape) {
    case RowShape::Scalar:
        return "a scalar";
    case RowShape::Full:
        return "an array of the inputs' shape";
    case RowShape::Kept:
        return "a reduced value with keepdims";
    case RowShape::Reduced:
        return "a reduced value without keepdims";
    }
    return "";
}

/// The reductions of a definition and what the rule needs to know of them.
class PersistentPlan {
public:
    PersistentPlan(const ast::FuseDef& def, DiagnosticEngine* diags) : def_(def), diags_(diags) {
        for (const ast::FuseBinding& binding : def.bindings) {
            std::size_t first = reductions_.size();
            collect_reductions(*binding.value, reductions_);
            binding_reductions_[binding.name] = {first, reductions_.size()};
        }
        for (const ast::ExprPtr& result : def.results) {
            collect_reductions(*result, reductions_);
        }
        for (std::size_t k = 0; k < reductions_.size(); ++k) {
            replaced_all_[reductions_[k]] = reduced_name(k);
        }
    }

    const std::vector<const ast::CallExpr*>& reductions() const { return reductions_; }
    int axis() const { return axis_; }
    bool needs_elements() const { return needs_elements_; }
    RowShape result_shape() const { return result_shape_; }

    /// Reads every reduction's arguments and checks the rule; false after an error.
    bool check() {
        if (def_.results.size() != 1) {
            report(SourceSpan(def_.name_loc, length_of(def_.name)), DiagKind::FusePersistentResults,
                   std::to_string(def_.results.size()));
            return false;
        }
        bool failed = false;
        std::string first_name;
        for (const ast::CallExpr* call : reductions_) {
            const std::string& name = static_cast<const ast::NameExpr&>(*call->callee).name;
            std::optional<ReductionArguments> args =
                read_reduction_arguments(*call, name, diags_, failed);
            if (!args) {
                return false;
            }
            std::string function = canonical_reduction(name);
            needs_elements_ = needs_elements_ || function == "min" || function == "max";
            keepdims_[call] = args->keepdims;
            if (!args->axes || args->axes->size() != 1) {
                report(SourceSpan(call->loc, length_of(name)), DiagKind::FusePersistentAxes, name,
                       args->axes ? "several axes" : "every axis");
                return false;
            }
            int axis = args->axes->front();
            if (first_name.empty()) {
                first_name = name;
                axis_ = axis;
            } else if (axis != axis_) {
                report(SourceSpan(call->loc, length_of(name)), DiagKind::FusePersistentAxisMismatch,
                       name, std::to_string(axis), first_name, std::to_string(axis_));
                return false;
            }
        }
        for (const ast::FuseBinding& binding : def_.bindings) {
            std::optional<RowShape> shape = shape_of(*binding.value);
            if (!shape) {
                return false;
            }
            binding_shapes_[binding.name] = *shape;
        }
        std::optional<RowShape> shape = shape_of(*def_.results.front());
        if (!shape) {
            return false;
        }
        result_shape_ = *shape;
        return true;
    }

    /// A copy of `def` whose one result is reduction `k`, the earlier reductions being the
    /// values `fused_reducedJ`, with the bindings that can be computed before it.
    ast::FuseDef pass_definition(std::size_t k) const {
        std::map<const ast::Expr*, std::string> replaced;
        for (std::size_t j = 0; j < k; ++j) {
            replaced[reductions_[j]] = reduced_name(j);
        }
        ast::FuseDef pass = header_copy();
        std::set<std::string> available;
        for (const ast::FuseBinding& binding : def_.bindings) {
            auto [first, last] = binding_reductions_.at(binding.name);
            bool ready = last <= k;
            std::set<std::string> names;
            collect_names(*binding.value, names);
            for (const ast::FuseBinding& other : def_.bindings) {
                if (names.count(other.name) != 0 && available.count(other.name) == 0) {
                    ready = false;
                }
            }
            if (!ready) {
                continue;
            }
            available.insert(binding.name);
            pass.bindings.push_back(
                {binding.name, binding.loc, clone_replacing(*binding.value, replaced)});
        }
        std::map<const ast::Expr*, std::string> inner = replaced;
        pass.results.push_back(clone_replacing(*reductions_[k], inner));
        return pass;
    }

    /// A copy of `def` with every reduction a value `fused_reducedJ`.
    ast::FuseDef final_definition() const {
        ast::FuseDef pass = header_copy();
        for (const ast::FuseBinding& binding : def_.bindings) {
            pass.bindings.push_back(
                {binding.name, binding.loc, clone_replacing(*binding.value, replaced_all_)});
        }
        pass.results.push_back(clone_replacing(*def_.results.front(), replaced_all_));
        return pass;
    }

private:
    ast::FuseDef header_copy() const {
        ast::FuseDef copy;
        copy.name = def_.name;
        copy.loc = def_.loc;
        copy.name_loc = def_.name_loc;
        copy.placeholders = def_.placeholders;
        copy.params = def_.params;
        return copy;
    }

    template <class... Args>
    void report(SourceSpan span, DiagKind kind, Args&&... args) {
        if (diags_ != nullptr) {
            diags_->report(span, kind, std::forward<Args>(args)...);
        }
    }

    /// Two shapes combined by an operation at `loc`, or nullopt after reporting why they do not
    /// broadcast along the rows.
    std::optional<RowShape> combine(RowShape a, RowShape b, SourceLocation loc) {
        if (a == RowShape::Scalar || a == b) {
            return b;
        }
        if (b == RowShape::Scalar) {
            return a;
        }
        if ((a == RowShape::Full && b == RowShape::Kept) ||
            (a == RowShape::Kept && b == RowShape::Full)) {
            return RowShape::Full;
        }
        report(SourceSpan(loc, 1), DiagKind::FusePersistentBroadcast, describe(a), describe(b));
        return std::nullopt;
    }

    std::optional<RowShape> shape_of(const ast::Expr& expr) {
        switch (expr.kind) {
        case ast::ExprKind::Name: {
            const std::string& name = static_cast<const ast::NameExpr&>(expr).name;
            if (auto bound = binding_shapes_.find(name); bound != binding_shapes_.end()) {
                return bound->second;
            }
            for (const ast::Param& param : def_.params) {
                if (param.name == name) {
                    return RowShape::Full;
                }
            }
            return RowShape::Scalar; // inf, nan, a type's name
        }
        case ast::ExprKind::Call: {
            const auto& call = static_cast<const ast::CallExpr&>(expr);
            if (keepdims_.count(&call) != 0) {
                const std::string& name = static_cast<const ast::NameExpr&>(*call.callee).name;
                const ast::Expr* operand = call.args.empty() ? nullptr : call.args.front().get();
                if (operand != nullptr && operand->kind == ast::ExprKind::Assign) {
                    operand = static_cast<const ast::AssignExpr&>(*operand).value.get();
                }
                std::optional<RowShape> shape =
                    operand ? shape_of(*operand) : std::optional<RowShape>(RowShape::Full);
                if (!shape) {
                    return std::nullopt;
                }
                if (*shape != RowShape::Full) {
                    report(SourceSpan(call.loc, length_of(name)), DiagKind::FusePersistentOperand,
                           name, describe(*shape));
                    return std::nullopt;
                }
                return keepdims_.at(&call) ? RowShape::Kept : RowShape::Reduced;
            }
            RowShape shape = RowShape::Scalar;
            for (const ast::ExprPtr& arg : call.args) {
                if (arg->kind == ast::ExprKind::Name && &arg == &call.args.back() &&
                    call.callee->kind == ast::ExprKind::Name &&
                    static_cast<const ast::NameExpr&>(*call.callee).name == "astype") {
                    continue; // the type's name
                }
                std::optional<RowShape> each = shape_of(*arg);
                if (!each || !(each = combine(shape, *each, call.loc))) {
                    return std::nullopt;
                }
                shape = *each;
            }
            return shape;
        }
        case ast::ExprKind::Unary:
            return shape_of(*static_cast<const ast::UnaryExpr&>(expr).operand);
        case ast::ExprKind::Binary: {
            const auto& binary = static_cast<const ast::BinaryExpr&>(expr);
            std::optional<RowShape> lhs = shape_of(*binary.lhs);
            std::optional<RowShape> rhs = lhs ? shape_of(*binary.rhs) : std::nullopt;
            return rhs ? combine(*lhs, *rhs, binary.loc) : std::nullopt;
        }
        case ast::ExprKind::Assign:
            return shape_of(*static_cast<const ast::AssignExpr&>(expr).value);
        case ast::ExprKind::Conditional: {
            const auto& conditional = static_cast<const ast::ConditionalExpr&>(expr);
            std::optional<RowShape> shape = shape_of(*conditional.condition);
            for (const ast::Expr* each : {conditional.if_true.get(), conditional.if_false.get()}) {
                std::optional<RowShape> next = shape ? shape_of(*each) : std::nullopt;
                shape = next ? combine(*shape, *next, conditional.loc) : std::nullopt;
            }
            return shape;
        }
        case ast::ExprKind::Cast:
            return shape_of(*static_cast<const ast::CastExpr&>(expr).operand);
        default:
            return RowShape::Scalar;
        }
    }

    const ast::FuseDef& def_;
    DiagnosticEngine* diags_;
    std::vector<const ast::CallExpr*> reductions_;
    std::map<std::string, std::pair<std::size_t, std::size_t>> binding_reductions_;
    std::map<const ast::Expr*, std::string> replaced_all_;
    std::map<const ast::CallExpr*, bool> keepdims_;
    std::map<std::string, RowShape> binding_shapes_;
    int axis_ = -1;
    bool needs_elements_ = false;
    RowShape result_shape_ = RowShape::Full;
};

/// Lowers pass `k` of `plan` with the inputs `params` (earlier values appended to them).
bool lower_pass(const PersistentPlan& plan, std::size_t k, std::vector<kir::Param> params,
                const std::vector<ScalarType>& reduced_types,
                const std::set<std::string>& module_kernels, DiagnosticEngine* diags,
                FuseReductionLowering& lowered) {
    SourceLocation loc = plan.reductions()[k]->loc;
    for (std::size_t j = 0; j < k; ++j) {
        params.push_back(
            kir::Param{reduced_name(j), reduced_types[j], kir::ParamRole::Input, false, loc});
    }
    ast::FuseDef pass = plan.pass_definition(k);
    return lower_fuse_reduction_instance(pass, params, module_kernels, diags, prefix_ + "pass",
                                         lowered);
}

/// Every pass and the final statements of one instance: false after an error.
struct LoweredInstance {
    std::vector<FuseReductionLowering> passes;
    /// Each pass again, for the first element of a row (min and max start from it).
    std::vector<FuseReductionLowering> first_elements;
    std::vector<ScalarType> reduced_types;
    ast::BlockStmt final_body{SourceLocation()};
    ScalarType result_type = ScalarType::Float32;
};

bool lower_instance(const PersistentPlan& plan, const std::vector<kir::Param>& params,
                    const std::set<std::string>& module_kernels, DiagnosticEngine* diags,
                    LoweredInstance& lowered) {
    for (std::size_t k = 0; k < plan.reductions().size(); ++k) {
        FuseReductionLowering pass, again;
        if (!lower_pass(plan, k, params, lowered.reduced_types, module_kernels, diags, pass) ||
            !lower_pass(plan, k, params, lowered.reduced_types, module_kernels, nullptr, again)) {
            return false;
        }
        lowered.reduced_types.push_back(pass.result_type);
        lowered.passes.push_back(std::move(pass));
        lowered.first_elements.push_back(std::move(again));
    }
    std::vector<kir::Param> final_params = params;
    for (std::size_t j = 0; j < plan.reductions().size(); ++j) {
        final_params.push_back(kir::Param{reduced_name(j), lowered.reduced_types[j],
                                          kir::ParamRole::Input, false, plan.reductions()[j]->loc});
    }
    ast::FuseDef final_def = plan.final_definition();
    std::vector<ScalarType> types;
    if (!lower_fuse_instance(final_def, final_params, module_kernels, diags, lowered.final_body,
                             {prefix_ + "result"}, types)) {
        return false;
    }
    lowered.result_type = types.front();
    return true;
}

// ----- The kernel body -----

class BodyBuilder {
public:
    BodyBuilder(SourceLocation loc, const std::vector<kir::Param>& inputs,
                const std::vector<std::string>& input_names)
        : loc_(loc), inputs_(inputs), input_names_(input_names) {}

    ast::ExprPtr name(const std::string& text) const { return make_name(text, loc_); }
    ast::ExprPtr integer(std::uint64_t value, bool is_unsigned = false) const {
        auto literal = std::make_unique<ast::IntegerLiteralExpr>(loc_);
        literal->spelling = std::to_string(value) + (is_unsigned ? "u" : "");
        literal->value = value;
        literal->has_unsigned_suffix = is_unsigned;
        return literal;
    }
    ast::ExprPtr member(const std::string& object, const std::string& field) const {
        return std::make_unique<ast::MemberExpr>(name(object), field, loc_);
    }
    ast::ExprPtr binary(ast::BinaryOp op, ast::ExprPtr lhs, ast::ExprPtr rhs) const {
        return std::make_unique<ast::BinaryExpr>(op, std::move(lhs), std::move(rhs), loc_);
    }
    ast::ExprPtr call(const std::string& callee, std::vector<ast::ExprPtr> args) const {
        return std::make_unique<ast::CallExpr>(name(callee), std::move(args), loc_);
    }
    ast::ExprPtr index(const std::string& array, std::vector<ast::ExprPtr> indices) const {
        return std::make_unique<ast::IndexExpr>(name(array), std::move(indices), loc_);
    }
    ast::ExprPtr shape(const std::string& array, std::uint64_t axis) const {
        std::vector<ast::ExprPtr> indices;
        indices.push_back(integer(axis));
        return std::make_unique<ast::IndexExpr>(
            std::make_unique<ast::MemberExpr>(name(array), "shape", loc_), std::move(indices),
            loc_);
    }
    ast::StmtPtr statement(ast::ExprPtr expr) const {
        return std::make_unique<ast::ExprStmt>(std::move(expr), loc_);
    }
    ast::StmtPtr assign(ast::ExprPtr target, ast::ExprPtr value) const {
        return statement(std::make_unique<ast::AssignExpr>(std::nullopt, std::move(target),
                                                           std::move(value), loc_));
    }
    ast::StmtPtr declare(ScalarType type, const std::string& variable, ast::ExprPtr init) const {
        auto decl = std::make_unique<ast::DeclStmt>(loc_);
        decl->type = type_name(type, loc_);
        decl->declarators.push_back(ast::Declarator{variable, loc_, std::move(init)});
        return decl;
    }
    std::unique_ptr<ast::BlockStmt> block() const { return std::make_unique<ast::BlockStmt>(loc_); }

    /// `for (int64 VAR = FROM; VAR < LIMIT; VAR += STEP) BODY`.
    ast::StmtPtr counted_loop(const std::string& variable, ScalarType type, ast::ExprPtr from,
                              ast::ExprPtr limit, ast::ExprPtr step,
                              std::unique_ptr<ast::BlockStmt> body) const {
        auto loop = std::make_unique<ast::ForStmt>(loc_);
        loop->init = declare(type, variable, std::move(from));
        loop->condition = binary(ast::BinaryOp::Lt, name(variable), std::move(limit));
        loop->step = std::make_unique<ast::AssignExpr>(ast::BinaryOp::Add, name(variable),
                                                       std::move(step), loc_);
        loop->body = std::move(body);
        return loop;
    }

    ast::StmtPtr if_else(ast::ExprPtr condition, ast::StmtPtr then_branch,
                         ast::StmtPtr else_branch = nullptr) const {
        auto statement = std::make_unique<ast::IfStmt>(loc_);
        statement->condition = std::move(condition);
        statement->then_branch = std::move(then_branch);
        statement->else_branch = std::move(else_branch);
        return statement;
    }

    /// The input elements at (row, column) as locals named as the parameters.
    void read_elements(ast::BlockStmt& into, const std::string& column) const {
        for (std::size_t k = 0; k < inputs_.size(); ++k) {
            std::vector<ast::ExprPtr> indices;
            indices.push_back(name(prefix_ + "row"));
            indices.push_back(name(column));
            into.statements.push_back(declare(inputs_[k].type, input_names_[k],
                                              index(inputs_[k].name, std::move(indices))));
        }
    }

    /// `{ RT a = ACC; RT b = VALUE; ACC = combine; }`.
    ast::StmtPtr combine_into(const std::string& accumulator, ast::ExprPtr value, ScalarType type,
                              const ast::Expr& combine) const {
        auto scope = block();
        scope->statements.push_back(declare(type, "a", name(accumulator)));
        scope->statements.push_back(declare(type, "b", std::move(value)));
        scope->statements.push_back(assign(name(accumulator), clone_replacing(combine, {})));
        return scope;
    }

    /// The warp's combine of `accumulator` by shuffles: every lane ends with the warp's value.
    ast::StmtPtr warp_reduce(const std::string& accumulator, ScalarType type,
                             const ast::Expr& combine) const {
        auto body = block();
        std::vector<ast::ExprPtr> args;
        args.push_back(integer(0xffffffffu, true));
        args.push_back(name(accumulator));
        args.push_back(name(prefix_ + "offset"));
        body->statements.push_back(
            combine_into(accumulator, call("shfl_xor_sync", std::move(args)), type, combine));
        auto loop = std::make_unique<ast::ForStmt>(loc_);
        loop->init = declare(ScalarType::Int32, prefix_ + "offset", integer(16));
        loop->condition = binary(ast::BinaryOp::Gt, name(prefix_ + "offset"), integer(0));
        loop->step = std::make_unique<ast::AssignExpr>(ast::BinaryOp::Div, name(prefix_ + "offset"),
                                                       integer(2), loc_);
        loop->body = std::move(body);
        return loop;
    }

private:
    SourceLocation loc_;
    const std::vector<kir::Param>& inputs_;
    const std::vector<std::string>& input_names_;
};

/// The block's combine of `accumulator` after each thread's: each warp's by shuffles, then the
/// warps' values through the shared array `partials`; every thread ends with the block's value.
void block_reduce(const BodyBuilder& make, ast::BlockStmt& into, const std::string& accumulator,
                  const std::string& partials, const FuseReductionLowering& pass,
                  SourceLocation loc) {
    into.statements.push_back(make.warp_reduce(accumulator, pass.reduce_type, *pass.combine));
    {
        std::vector<ast::ExprPtr> slot;
        slot.push_back(
            make.binary(ast::BinaryOp::Div, make.member("threadIdx", "x"), make.integer(32, true)));
        into.statements.push_back(make.if_else(
            make.binary(ast::BinaryOp::Eq, make.call("laneid", {}), make.integer(0, true)),
            make.assign(make.index(partials, std::move(slot)), make.name(accumulator))));
    }
    into.statements.push_back(make.statement(make.call("syncthreads", {})));
    {
        std::vector<ast::ExprPtr> lane, zero;
        lane.push_back(make.call("laneid", {}));
        zero.push_back(make.integer(0));
        ast::ExprPtr otherwise = pass.function == "min" || pass.function == "max"
                                     ? make.index(partials, std::move(zero))
                                     : reduction_identity(pass.function, loc);
        into.statements.push_back(
            make.if_else(make.binary(ast::BinaryOp::Lt, make.call("laneid", {}),
                                     make.binary(ast::BinaryOp::Div, make.member("blockDim", "x"),
                                                 make.integer(32, true))),
                         make.assign(make.name(accumulator), make.index(partials, std::move(lane))),
                         make.assign(make.name(accumulator), std::move(otherwise))));
    }
    into.statements.push_back(make.warp_reduce(accumulator, pass.reduce_type, *pass.combine));
    into.statements.push_back(make.statement(make.call("syncthreads", {})));
}

/// `REDUCED_k = ACC` in the result type (mean: the sum divided by the row's length).
ast::StmtPtr declare_reduced(const BodyBuilder& make, std::size_t k, const std::string& accumulator,
                             const FuseReductionLowering& pass, SourceLocation loc) {
    ast::ExprPtr value = make.name(accumulator);
    if (pass.function == "mean") {
        value = make.binary(ast::BinaryOp::Div, std::move(value),
                            make_cast(make.name(prefix_ + "length"), pass.reduce_type, loc));
    }
    return make.declare(pass.result_type, reduced_name(k),
                        make_cast(std::move(value), pass.result_type, loc));
}

/// One row computed from registers: the thread holds the row's elements `lane + s * group` for
/// s < `slots` (a column past the row reads the row's last element, which no result uses), each
/// pass combines them (a select drops the columns past the row, straight-line code with no branch,
/// so the compiler computes a value a later pass and the result share, exp(x - m) in softmax,
/// once), reduces across the warp (`across_block`: then across the block), and the result is
/// written once per held column (or once per row). The row is read from memory once.
void register_row(const BodyBuilder& make, ast::BlockStmt& row_body, const PersistentPlan& plan,
                  const LoweredInstance& lowered, const std::vector<kir::Param>& inputs,
                  const std::vector<std::string>& input_names, int slots, bool across_block,
                  bool exact, SourceLocation loc) {
    auto column = [&](int s) { return prefix_ + "column" + std::to_string(s); };
    auto held = [&](std::size_t input, int s) {
        return prefix_ + "held" + std::to_string(input) + "_" + std::to_string(s);
    };
    auto inside = [&](int s) {
        return make.binary(ast::BinaryOp::Lt, make.name(column(s)),
                           make.name(prefix_ + "held_length"));
    };
    auto read_held = [&](ast::BlockStmt& into, int s) {
        for (std::size_t i = 0; i < inputs.size(); ++i) {
            into.statements.push_back(
                make.declare(inputs[i].type, input_names[i], make.name(held(i, s))));
        }
    };
    for (int s = 0; s < slots; ++s) {
        row_body.statements.push_back(
            make.declare(ScalarType::Int32, column(s),
                         make.binary(ast::BinaryOp::Add, make.name(prefix_ + "lane"),
                                     make.binary(ast::BinaryOp::Mul, make.integer(s),
                                                 make.name(prefix_ + "group")))));
        for (std::size_t i = 0; i < inputs.size(); ++i) {
            std::vector<ast::ExprPtr> indices;
            indices.push_back(make.name(prefix_ + "row"));
            if (exact) {
                indices.push_back(make.name(column(s)));
            } else {
                indices.push_back(std::make_unique<ast::ConditionalExpr>(
                    inside(s), make.name(column(s)),
                    make.binary(ast::BinaryOp::Sub, make.name(prefix_ + "held_length"),
                                make.integer(1)),
                    loc));
            }
            row_body.statements.push_back(make.declare(
                inputs[i].type, held(i, s), make.index(inputs[i].name, std::move(indices))));
        }
    }
    for (std::size_t k = 0; k < lowered.passes.size(); ++k) {
        const FuseReductionLowering& pass = lowered.passes[k];
        const std::string accumulator = prefix_ + "accumulated" + std::to_string(k);
        ScalarType type = pass.reduce_type;
        row_body.statements.push_back(
            make.declare(type, accumulator,
                         pass.identity ? clone_replacing(*pass.identity, {}) : ast::ExprPtr()));
        for (int s = 0; s < slots; ++s) {
            const std::string value =
                prefix_ + "value" + std::to_string(k) + "_" + std::to_string(s);
            row_body.statements.push_back(make.declare(type, value, nullptr));
            auto element = make.block();
            read_held(*element, s);
            for (const ast::StmtPtr& statement : pass.prelude->statements) {
                element->statements.push_back(clone_statement(*statement));
            }
            element->statements.push_back(
                make.assign(make.name(value), clone_replacing(*pass.map, {})));
            row_body.statements.push_back(std::move(element));
            if (!pass.identity && s == 0) {
                // min and max: the first held value is an element of the row (a column past
                // the row holds the last element), and repeating an element changes neither.
                row_body.statements.push_back(
                    make.assign(make.name(accumulator), make.name(value)));
                continue;
            }
            auto scope = make.block();
            scope->statements.push_back(make.declare(type, "a", make.name(accumulator)));
            scope->statements.push_back(make.declare(type, "b", make.name(value)));
            ast::ExprPtr combined = clone_replacing(*pass.combine, {});
            if (pass.identity && !exact) {
                combined = std::make_unique<ast::ConditionalExpr>(inside(s), std::move(combined),
                                                                  make.name("a"), loc);
            }
            scope->statements.push_back(make.assign(make.name(accumulator), std::move(combined)));
            row_body.statements.push_back(std::move(scope));
        }
        if (across_block) {
            block_reduce(make, row_body, accumulator, prefix_ + "partials" + std::to_string(k),
                         pass, loc);
        } else {
            row_body.statements.push_back(make.warp_reduce(accumulator, type, *pass.combine));
        }
        row_body.statements.push_back(declare_reduced(make, k, accumulator, pass, loc));
    }
    const bool full = plan.result_shape() == RowShape::Full;
    for (int s = 0; s < (full ? slots : 1); ++s) {
        auto result = make.block();
        result->statements.push_back(
            make.declare(lowered.result_type, prefix_ + "result", nullptr));
        if (full) {
            read_held(*result, s);
        }
        for (const ast::StmtPtr& statement : lowered.final_body.statements) {
            result->statements.push_back(clone_statement(*statement));
        }
        std::vector<ast::ExprPtr> at;
        at.push_back(make.name(prefix_ + "row"));
        if (full) {
            at.push_back(make.name(column(s)));
        }
        ast::StmtPtr store =
            make.assign(make.index("rows_of_out", std::move(at)), make.name(prefix_ + "result"));
        if (full) {
            // The value computed for every held column, the store only inside the row.
            result->statements.push_back(exact ? std::move(store)
                                               : make.if_else(inside(s), std::move(store)));
            row_body.statements.push_back(std::move(result));
        } else {
            result->statements.push_back(std::move(store));
            row_body.statements.push_back(make.if_else(
                make.binary(ast::BinaryOp::Eq, make.name(prefix_ + "lane"), make.integer(0)),
                std::move(result)));
        }
    }
}

/// `{ int64 ROW = FIRST; if (ROW < rows) { int32 lane = LANE; int32 group = GROUP; the row
/// from registers } }`; `exact`: every held column is inside the row (no select, no
/// store test).
ast::StmtPtr register_rows(const BodyBuilder& make, const PersistentPlan& plan,
                           const LoweredInstance& lowered, const std::vector<kir::Param>& inputs,
                           const std::vector<std::string>& input_names, int slots,
                           bool across_block, bool exact, SourceLocation loc) {
    auto as_int64 = [&](ast::ExprPtr value) {
        return make_cast(std::move(value), ScalarType::Int64, loc);
    };
    auto as_int32 = [&](ast::ExprPtr value) {
        return make_cast(std::move(value), ScalarType::Int32, loc);
    };
    // Columns in 32 bits (a held row has at most 32 * 1024 elements), so that the compiler
    // folds a held column's offset into the address.
    auto row_body = make.block();
    ast::ExprPtr first;
    if (across_block) {
        row_body->statements.push_back(make.declare(ScalarType::Int32, prefix_ + "lane",
                                                    as_int32(make.member("threadIdx", "x"))));
        row_body->statements.push_back(make.declare(ScalarType::Int32, prefix_ + "group",
                                                    as_int32(make.member("blockDim", "x"))));
        first = as_int64(make.member("blockIdx", "x"));
    } else {
        // A warp per row: the block's warps take consecutive rows.
        row_body->statements.push_back(
            make.declare(ScalarType::Int32, prefix_ + "lane", as_int32(make.call("laneid", {}))));
        row_body->statements.push_back(
            make.declare(ScalarType::Int32, prefix_ + "group", make.integer(32)));
        auto warps = [&]() {
            return as_int64(make.binary(ast::BinaryOp::Div, make.member("blockDim", "x"),
                                        make.integer(32, true)));
        };
        first = make.binary(
            ast::BinaryOp::Add,
            make.binary(ast::BinaryOp::Mul, as_int64(make.member("blockIdx", "x")), warps()),
            as_int64(make.binary(ast::BinaryOp::Div, make.member("threadIdx", "x"),
                                 make.integer(32, true))));
    }
    register_row(make, *row_body, plan, lowered, inputs, input_names, slots, across_block, exact,
                 loc);
    // One row per warp (or block), no loop over rows: what depends only on the lane and the
    // length (the clamped columns, their tests) is then not hoisted out of a loop to stay live in
    // registers across the row. The launch covers every row (FusedRowsLaunch::pick).
    auto scope = make.block();
    scope->statements.push_back(make.declare(ScalarType::Int64, prefix_ + "row", std::move(first)));
    scope->statements.push_back(make.if_else(
        make.binary(ast::BinaryOp::Lt, make.name(prefix_ + "row"), make.name(prefix_ + "rows")),
        std::move(row_body)));
    return scope;
}

/// `int64 rows = ...; int64 length = ...;` and the shared arrays of the block reductions.
void declare_row_extents(const BodyBuilder& make, ast::BlockStmt& body,
                         const LoweredInstance& lowered, const std::string& first_input,
                         bool block_reductions, SourceLocation loc) {
    body.statements.push_back(
        make.declare(ScalarType::Int64, prefix_ + "rows", make.shape(first_input, 0)));
    body.statements.push_back(
        make.declare(ScalarType::Int64, prefix_ + "length", make.shape(first_input, 1)));
    if (!block_reductions) {
        return;
    }
    for (std::size_t k = 0; k < lowered.passes.size(); ++k) {
        auto shared = std::make_unique<ast::SharedDeclStmt>(loc);
        shared->type = type_name(lowered.passes[k].reduce_type, loc);
        shared->name = prefix_ + "partials" + std::to_string(k);
        shared->name_loc = loc;
        shared->size = make.integer(32);
        body.statements.push_back(std::move(shared));
    }
}

/// The body of a register kernel (persistent_row_variants()): rows of at least 1 and at most
/// `slots` times the group (32 for a warp per row, blockDim.x for a block per row) elements,
/// each held in `slots` registers per thread and read once. The launch picks the kernel from
/// the row's length, so the body tests only whether the row fills every held column exactly
/// (rows of 1024 in warp32: then no column is clamped, no value dropped and no store tested; the
/// clamped columns' indices and tests otherwise take registers of their own).
std::unique_ptr<ast::BlockStmt> build_register_body(const PersistentPlan& plan,
                                                    const LoweredInstance& lowered,
                                                    const std::vector<kir::Param>& inputs,
                                                    const std::vector<std::string>& input_names,
                                                    const PersistentRowVariant& variant,
                                                    SourceLocation loc) {
    BodyBuilder make(loc, inputs, input_names);
    auto body = make.block();
    declare_row_extents(make, *body, lowered, inputs.front().name, !variant.by_warp, loc);
    // The length in 32 bits (a held row has at most 1024 * 16 elements).
    body->statements.push_back(
        make.declare(ScalarType::Int32, prefix_ + "held_length",
                     make_cast(make.name(prefix_ + "length"), ScalarType::Int32, loc)));
    ast::ExprPtr group = variant.by_warp
                             ? make.integer(32)
                             : make_cast(make.member("blockDim", "x"), ScalarType::Int32, loc);
    body->statements.push_back(make.if_else(
        make.binary(ast::BinaryOp::Eq, make.name(prefix_ + "held_length"),
                    make.binary(ast::BinaryOp::Mul, std::move(group), make.integer(variant.slots))),
        register_rows(make, plan, lowered, inputs, input_names, variant.slots, !variant.by_warp,
                      true, loc),
        register_rows(make, plan, lowered, inputs, input_names, variant.slots, !variant.by_warp,
                      false, loc)));
    return body;
}

/// The body of `NAME__rows`, on both targets: a block per row of any length, each reduction a
/// pass over the row reading it again (from the caches while they hold them), then a last pass
/// writes the result. Moves the lowered pieces out of `lowered`.
std::unique_ptr<ast::BlockStmt> build_rereading_body(const PersistentPlan& plan,
                                                     LoweredInstance& lowered,
                                                     const std::vector<kir::Param>& inputs,
                                                     const std::vector<std::string>& input_names,
                                                     SourceLocation loc) {
    BodyBuilder make(loc, inputs, input_names);
    auto body = make.block();
    declare_row_extents(make, *body, lowered, inputs.front().name, true, loc);
    auto row_body = make.block();
    for (std::size_t k = 0; k < lowered.passes.size(); ++k) {
        FuseReductionLowering& pass = lowered.passes[k];
        const std::string accumulator = prefix_ + "accumulated" + std::to_string(k);
        const std::string partials = prefix_ + "partials" + std::to_string(k);
        ScalarType type = pass.reduce_type;
        // The start: the identity, or (min, max, which have none) the row's first element.
        if (pass.identity) {
            row_body->statements.push_back(
                make.declare(type, accumulator, std::move(pass.identity)));
        } else {
            row_body->statements.push_back(make.declare(type, accumulator, nullptr));
            FuseReductionLowering& again = lowered.first_elements[k];
            auto scope = make.block();
            scope->statements.push_back(
                make.declare(ScalarType::Int64, prefix_ + "first", make.integer(0)));
            make.read_elements(*scope, prefix_ + "first");
            for (ast::StmtPtr& statement : again.prelude->statements) {
                scope->statements.push_back(std::move(statement));
            }
            scope->statements.push_back(make.assign(make.name(accumulator), std::move(again.map)));
            row_body->statements.push_back(std::move(scope));
        }
        // The thread's elements, strided by the block.
        auto column_body = make.block();
        column_body->statements.push_back(make.declare(type, prefix_ + "value", nullptr));
        auto element = make.block();
        make.read_elements(*element, prefix_ + "column");
        for (ast::StmtPtr& statement : pass.prelude->statements) {
            element->statements.push_back(std::move(statement));
        }
        element->statements.push_back(
            make.assign(make.name(prefix_ + "value"), std::move(pass.map)));
        column_body->statements.push_back(std::move(element));
        column_body->statements.push_back(
            make.combine_into(accumulator, make.name(prefix_ + "value"), type, *pass.combine));
        row_body->statements.push_back(make.counted_loop(
            prefix_ + "column", ScalarType::Int64, make.member("threadIdx", "x"),
            make.name(prefix_ + "length"), make.member("blockDim", "x"), std::move(column_body)));
        block_reduce(make, *row_body, accumulator, partials, pass, loc);
        row_body->statements.push_back(declare_reduced(make, k, accumulator, pass, loc));
    }
    // The result: per element of the row, or once per row.
    auto result = make.block();
    result->statements.push_back(make.declare(lowered.result_type, prefix_ + "result", nullptr));
    const bool full = plan.result_shape() == RowShape::Full;
    if (full) {
        make.read_elements(*result, prefix_ + "column");
    }
    for (ast::StmtPtr& statement : lowered.final_body.statements) {
        result->statements.push_back(std::move(statement));
    }
    std::vector<ast::ExprPtr> at;
    at.push_back(make.name(prefix_ + "row"));
    if (full) {
        at.push_back(make.name(prefix_ + "column"));
    }
    result->statements.push_back(
        make.assign(make.index("rows_of_out", std::move(at)), make.name(prefix_ + "result")));
    if (full) {
        row_body->statements.push_back(make.counted_loop(
            prefix_ + "column", ScalarType::Int64, make.member("threadIdx", "x"),
            make.name(prefix_ + "length"), make.member("blockDim", "x"), std::move(result)));
    } else {
        row_body->statements.push_back(make.if_else(
            make.binary(ast::BinaryOp::Eq, make.member("threadIdx", "x"), make.integer(0, true)),
            std::move(result)));
    }
    body->statements.push_back(make.counted_loop(
        prefix_ + "row", ScalarType::Int64, make.member("blockIdx", "x"),
        make.name(prefix_ + "rows"), make.member("gridDim", "x"), std::move(row_body)));
    return body;
}

} // namespace

const std::vector<PersistentRowVariant>& persistent_row_variants() {
    // A warp per row up to 1024 elements (as PyTorch's warp softmax), then a block of 256
    // threads up to 4096; longer rows are re-read by NAME__rows.
    static const std::vector<PersistentRowVariant> variants = {
        {"warp4", true, 4},   {"warp8", true, 8},   {"warp16", true, 16},
        {"warp32", true, 32}, {"block8", false, 8}, {"block16", false, 16},
    };
    return variants;
}

bool fuse_is_persistent(const ast::FuseDef& def) {
    std::vector<const ast::CallExpr*> found;
    for (const ast::FuseBinding& binding : def.bindings) {
        collect_reductions(*binding.value, found);
    }
    for (const ast::ExprPtr& result : def.results) {
        collect_reductions(*result, found);
    }
    return found.size() > 1;
}

bool persistent_instance_lowers(const ast::FuseDef& def, const std::vector<kir::Param>& params,
                                const std::set<std::string>& module_kernels) {
    choose_prefix(def);
    PersistentPlan plan(def, nullptr);
    LoweredInstance lowered;
    return plan.check() && lower_instance(plan, params, module_kernels, nullptr, lowered);
}

std::vector<kir::GridKernel> check_fuse_persistent(const ast::FuseDef& def,
                                                   const ast::Module& module,
                                                   const SemaOptions& options,
                                                   DiagnosticEngine& diags) {
    choose_prefix(def);
    PersistentPlan plan(def, &diags);
    if (!plan.check()) {
        return {};
    }
    std::optional<FuseSignature> checked = check_fuse_signature(def, module, options, diags);
    if (!checked) {
        return {};
    }
    CheckedSignature& signature = checked->signature;
    const std::vector<PersistentRowVariant>& variants = persistent_row_variants();
    // kernels[0] is NAME__rows, kernels[1 + v] the register kernel of variants[v].
    std::vector<kir::GridKernel> kernels(1 + variants.size());
    kir::GridKernel& kernel = kernels.front();
    kernel.name = def.name + "__rows";
    kernel.loc = def.name_loc;
    kernel.placeholders = std::move(signature.placeholders);
    std::vector<std::string> input_names;
    for (kir::ParamSignature param : signature.params) {
        input_names.push_back(param.name);
        param.name = "rows_of_" + param.name;
        param.is_raw = true;
        param.rank = 2;
        kernel.params.push_back(std::move(param));
    }
    const bool full = plan.result_shape() == RowShape::Full;
    kir::FusedRows rows;
    rows.function = def.name;
    rows.axis = plan.axis();
    rows.keepdims = plan.result_shape() == RowShape::Kept;
    rows.full_result = full;
    rows.needs_elements = plan.needs_elements();
    for (const ast::CallExpr* call : plan.reductions()) {
        rows.reductions.push_back(
            canonical_reduction(static_cast<const ast::NameExpr&>(*call->callee).name));
    }
    for (std::size_t v = 0; v < variants.size(); ++v) {
        kir::GridKernel& variant = kernels[1 + v];
        variant.name = kernel.name + "_" + variants[v].suffix;
        variant.loc = kernel.loc;
        variant.placeholders = kernel.placeholders;
        variant.params = kernel.params;
        rows.variants.push_back({variant.name, variants[v].by_warp, variants[v].slots});
    }
    kernel.fused_rows = rows;

    std::vector<ScalarType> result_types;
    std::vector<std::vector<ScalarType>> bindings;
    bool lowered_every_instance = true;
    for_each_instance(
        kernel.name, def.name_loc, kernel.placeholders, diags, [&](const InstanceKey& key) {
            std::vector<kir::Param> element_params, array_params;
            for (std::size_t k = 0; k < kernel.params.size(); ++k) {
                const kir::ParamSignature& param = kernel.params[k];
                ScalarType type = bound_type(param.type, key.types);
                element_params.push_back(
                    kir::Param{input_names[k], type, kir::ParamRole::Input, false, param.loc});
                kir::Param array{param.name, type, kir::ParamRole::Input, true, param.loc};
                array.rank = 2;
                array_params.push_back(array);
            }
            LoweredInstance lowered;
            if (!lower_instance(plan, element_params, checked->module_kernels, &diags, lowered)) {
                lowered_every_instance = false;
                return;
            }
            kir::Param output{"rows_of_out", lowered.result_type, kir::ParamRole::Input, true,
                              def.name_loc};
            output.rank = full ? 2 : 1;
            std::vector<kir::Param> instance_params = array_params;
            instance_params.push_back(output);
            std::vector<ast::Param> ast_params;
            for (const kir::Param& param : instance_params) {
                ast::Param declared;
                declared.name = param.name;
                declared.loc = param.loc;
                declared.type = type_name(param.type, param.loc);
                declared.is_array = true;
                declared.rank = param.rank;
                ast_params.push_back(std::move(declared));
            }
            // Each kernel's instance from its body: the register kernels first (they clone the
            // lowered pieces), NAME__rows last (it moves them).
            auto add_instance = [&](kir::GridKernel& into, std::unique_ptr<ast::BlockStmt> body,
                                    bool gpu_only) {
                kir::GridKernelInstance instance;
                // "NAME__rows_warp4__float32" for "NAME__rows__float32".
                instance.symbol = into.name + key.symbol.substr(kernel.name.size());
                instance.bindings = key.types;
                instance.params = instance_params;
                static const std::vector<ast::Param> kNoOutputs;
                BodyChecker checker({into.name, ast_params, kNoOutputs}, Piece::GridBody,
                                    key.bindings, instance.params, instance.locals, diags);
                instance.body = checker.check_body(*body);
                instance.gpu_only_feature =
                    instance.body ? grid_detail::host_obstacle(*instance.body) : std::string();
                if (gpu_only && instance.gpu_only_feature.empty()) {
                    // The host runs NAME__rows for every row (its speed is not this kernel's
                    // purpose), so the register kernels are not compiled for it.
                    instance.gpu_only_feature =
                        "a row held in registers (the host runs " + kernel.name + ")";
                }
                into.instances.push_back(std::move(instance));
            };
            for (std::size_t v = 0; v < variants.size(); ++v) {
                add_instance(kernels[1 + v],
                             build_register_body(plan, lowered, array_params, input_names,
                                                 variants[v], def.loc),
                             true);
            }
            add_instance(kernel,
                         build_rereading_body(plan, lowered, array_params, input_names, def.loc),
                         false);
            result_types.push_back(lowered.result_type);
            bindings.push_back(key.types);
        });
    if (!lowered_every_instance) {
        return {};
    }
    kir::ParamSignature output =
        fuse_output_signature("rows_of_out", def.name_loc, result_types, bindings);
    output.role = kir::ParamRole::Input;
    output.is_raw = true;
    output.rank = full ? 2 : 1;
    for (kir::GridKernel& each : kernels) {
        each.params.push_back(output);
    }
    return kernels;
}

} // namespace gpucc::sema
