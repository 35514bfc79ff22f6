// Reduction kernels in Sema (ReductionChecker.h). The pieces are checked by BodyChecker, each as
// its own Piece so that names mean there what the code generator will give them; this file adds
// what is particular to reductions: the signature's extra rules, the reduce type, the required
// clauses, the identity's range and the default post.
#include "compiler/sema/ReductionChecker.h"

#include "compiler/diag/Diagnostics.h"
#include "compiler/sema/BodyChecker.h"
#include "compiler/sema/DefiniteAssignment.h"
#include "compiler/sema/IdentityRange.h"
#include "compiler/sema/Instantiation.h"
#include "compiler/sema/Signature.h"

namespace gpucc::sema {
namespace {

class ReductionChecker {
public:
    ReductionChecker(const ast::ReductionDef& def, const SemaOptions& options,
                     DiagnosticEngine& diags)
        : def_(def), options_(options), diags_(diags) {}

    std::optional<kir::ReductionKernel> check() {
        SignatureSource source{
            .kind = "reduction",
            .name = def_.name,
            .name_loc = def_.name_loc,
            .placeholders = def_.placeholders,
            .inputs = def_.inputs,
            .outputs = def_.outputs,
            .reserved_names = {{"a", "'a' and 'b' are the operands of 'reduce'"},
                               {"b", "'a' and 'b' are the operands of 'reduce'"}},
            // Checked here: a placeholder may be used by the reduce type alone.
            .check_placeholder_use = false};
        CheckedSignature signature;
        bool complete = check_signature(source, options_, diags_, signature);
        complete = check_param_kinds() && complete;
        kernel_.name = def_.name;
        kernel_.loc = def_.name_loc;
        kernel_.placeholders = std::move(signature.placeholders);
        kernel_.params = std::move(signature.params);
        std::optional<std::variant<ScalarType, int>> reduce_type = resolve_reduce_type();
        check_placeholder_bindings(reduce_type);
        check_clauses_present();
        if (!complete || !reduce_type) {
            return std::nullopt;
        }
        kernel_.reduce_type = *reduce_type;
        kernel_.reduce_type_declared = def_.reduce_type.has_value();
        kernel_.post_is_default = !def_.post_loc.is_valid();
        unsigned errors_before = diags_.error_count();
        for_each_instance(def_.name, def_.name_loc, kernel_.placeholders, diags_,
                          [&](const InstanceKey& key) { instantiate(key); });
        if (def_.post && diags_.error_count() == errors_before) {
            // A post replaces the default `y = a`: it must assign every output.
            AssignmentCheck check{
                .kind = "reduction", .kernel = def_.name, .reads_mean_in_place = false};
            for (const ast::Param& output : def_.outputs) {
                check.outputs.push_back(&output);
            }
            check_outputs_assigned(*def_.post, check, diags_);
        }
        return std::move(kernel_);
    }

private:
    SourceSpan name_span() const { return SourceSpan(def_.name_loc, length_of(def_.name)); }

    /// Raw parameters (not yet), scalar outputs, at least one array input. False when the kernel
    /// cannot be instantiated.
    bool check_param_kinds() {
        bool complete = true;
        bool array_input = false;
        for (const auto* list : {&def_.inputs, &def_.outputs}) {
            for (const ast::Param& param : *list) {
                if (param.is_raw) {
                    diags_.report(SourceSpan(param.loc, length_of(param.name)),
                                  DiagKind::RawInReduction);
                    complete = false;
                }
                if (list == &def_.outputs && param.is_scalar) {
                    diags_.report(SourceSpan(param.loc, length_of(param.name)),
                                  DiagKind::ScalarOutput, param.name);
                }
                array_input = array_input || (list == &def_.inputs && !param.is_scalar);
            }
        }
        if (!array_input) {
            diags_.report(name_span(), DiagKind::ReductionNoArrayInput, def_.name);
        }
        return complete;
    }

    /// `type: T` or `type: float64`; else the first output's type (CuPy's default). Nullopt when
    /// it cannot be known (reported, or an output's type already reported).
    std::optional<std::variant<ScalarType, int>> resolve_reduce_type() {
        if (def_.reduce_type) {
            return resolve_signature_type(*def_.reduce_type, def_.placeholders, diags_);
        }
        for (const kir::ParamSignature& param : kernel_.params) {
            if (param.role == kir::ParamRole::Output && !def_.outputs.empty() &&
                param.name == def_.outputs.front().name) {
                return param.type;
            }
        }
        return std::nullopt;
    }

    /// Each placeholder must be bound by an array input: the call's arrays decide the instance,
    /// and an allocated output must get its type from them.
    void
    check_placeholder_bindings(const std::optional<std::variant<ScalarType, int>>& reduce_type) {
        for (std::size_t k = 0; k < kernel_.placeholders.size(); ++k) {
            int index = static_cast<int>(k);
            bool repeated = false;
            for (std::size_t earlier = 0; earlier < k; ++earlier) {
                repeated =
                    repeated || kernel_.placeholders[earlier].name == kernel_.placeholders[k].name;
            }
            if (repeated) {
                continue;
            }
            bool used = reduce_type && std::holds_alternative<int>(*reduce_type) &&
                        std::get<int>(*reduce_type) == index;
            bool bound = false;
            for (const kir::ParamSignature& param : kernel_.params) {
                const int* placeholder = std::get_if<int>(&param.type);
                if (placeholder == nullptr || *placeholder != index) {
                    continue;
                }
                used = true;
                bound = bound || (param.role == kir::ParamRole::Input && !param.is_scalar);
            }
            const kir::Placeholder& placeholder = kernel_.placeholders[k];
            if (!used) {
                diags_.report(SourceSpan(placeholder.loc, 1), DiagKind::PlaceholderUnused,
                              placeholder.name);
            } else if (!bound) {
                diags_.report(SourceSpan(placeholder.loc, 1), DiagKind::PlaceholderNotBoundByInput,
                              placeholder.name);
            }
        }
    }

    void check_clauses_present() {
        if (!def_.identity_loc.is_valid()) {
            diags_.report(name_span(), DiagKind::ReductionIdentityMissing, def_.name);
        }
        if (!def_.map_loc.is_valid()) {
            diags_.report(name_span(), DiagKind::ReductionClauseMissing, def_.name, "map");
        }
        if (!def_.reduce_loc.is_valid()) {
            diags_.report(name_span(), DiagKind::ReductionClauseMissing, def_.name, "reduce");
        }
        if (!def_.post_loc.is_valid() && def_.outputs.size() > 1) {
            diags_.report(name_span(), DiagKind::ReductionPostMissing, def_.name,
                          def_.outputs.size());
        }
    }

    void instantiate(const InstanceKey& key) {
        kir::ReductionInstance instance;
        instance.symbol = key.symbol;
        instance.bindings = key.types;
        for (const kir::ParamSignature& param : kernel_.params) {
            kir::Param bound{param.name, bound_type(param.type, key.types), param.role,
                             param.is_raw, param.loc};
            bound.is_scalar = param.is_scalar;
            instance.params.push_back(std::move(bound));
        }
        ScalarType reduce_type = bound_type(kernel_.reduce_type, key.types);
        instance.reduce_type = reduce_type;
        KernelView view{def_.name, def_.inputs, def_.outputs};
        auto checker = [&](Piece piece) {
            return BodyChecker(view, piece, key.bindings, instance.params, instance.locals, diags_,
                               reduce_type);
        };
        if (def_.identity) {
            if (kir::ExprPtr identity = checker(Piece::Identity).check_value(*def_.identity)) {
                check_identity_range(*identity, *def_.identity, reduce_type, diags_);
                instance.identity = BodyChecker::convert(std::move(identity), reduce_type);
            }
        }
        if (def_.map) {
            BodyChecker map_checker = checker(Piece::Map);
            if (kir::ExprPtr map = map_checker.check_value(*def_.map)) {
                instance.map = BodyChecker::convert(std::move(map), reduce_type);
                instance.uses_position = map_checker.used_position();
            }
        }
        if (def_.reduce) {
            if (kir::ExprPtr reduce = checker(Piece::Reduce).check_value(*def_.reduce)) {
                instance.reduce = BodyChecker::convert(std::move(reduce), reduce_type);
            }
        }
        if (def_.post) {
            instance.post = checker(Piece::Post).check_body(*def_.post);
        } else {
            instance.post = default_post(instance);
        }
        kernel_.instances.push_back(std::move(instance));
    }

    /// `y = a` for the one output (null when there is not exactly one: reported already).
    static std::unique_ptr<kir::BlockStmt> default_post(const kir::ReductionInstance& instance) {
        int output = -1;
        int outputs = 0;
        for (std::size_t k = 0; k < instance.params.size(); ++k) {
            if (instance.params[k].role == kir::ParamRole::Output) {
                output = static_cast<int>(k);
                ++outputs;
            }
        }
        if (outputs != 1) {
            return nullptr;
        }
        const kir::Param& param = instance.params[static_cast<std::size_t>(output)];
        auto target = std::make_unique<kir::ParamRefExpr>(output, param.type, param.loc);
        kir::ExprPtr value = BodyChecker::convert(
            std::make_unique<kir::ReduceOperandExpr>(0, instance.reduce_type, param.loc),
            param.type);
        auto assign = std::make_unique<kir::AssignExpr>(std::move(target), std::move(value),
                                                        std::nullopt, param.type, param.loc);
        auto block = std::make_unique<kir::BlockStmt>(param.loc);
        block->statements.push_back(std::make_unique<kir::ExprStmt>(std::move(assign), param.loc));
        return block;
    }

    const ast::ReductionDef& def_;
    const SemaOptions& options_;
    DiagnosticEngine& diags_;
    kir::ReductionKernel kernel_;
};

} // namespace

std::optional<kir::ReductionKernel>
check_reduction(const ast::ReductionDef& def, const SemaOptions& options, DiagnosticEngine& diags) {
    return ReductionChecker(def, options, diags).check();
}

} // namespace gpucc::sema
