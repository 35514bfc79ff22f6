// Names in kernel code: locals (innermost scope first), then what the piece being checked defines
// (`a` and `b` of a reduction, parameters, `i`, `_J` in a reduction's map), then the member calls
// `_ind.size()` (elementwise) and `_in_ind.size()`, `_out_ind.size()` (reductions). Each reduction
// clause sees only what it can use when the code generator runs it: the identity is a constant, the
// map sees the inputs, the reduce sees `a` and `b`, the post sees `a`, the outputs and the scalar
// inputs. Using anything else is an error that says where the name can be used.
#include "compiler/sema/BodyChecker.h"
#include "compiler/sema/FuseSyntax.h"
#include "compiler/sema/Suggest.h"

namespace gpucc::sema {
namespace {

bool is_size_object(std::string_view name) {
    return name == "_in_ind" || name == "_out_ind";
}

} // namespace

const BodyChecker::ScopeEntry* BodyChecker::find_local(std::string_view name) const {
    for (auto scope = scopes_.rbegin(); scope != scopes_.rend(); ++scope) {
        for (auto entry = scope->rbegin(); entry != scope->rend(); ++entry) {
            if (entry->name == name) {
                return &*entry;
            }
        }
    }
    return nullptr;
}

int BodyChecker::find_param(std::string_view name) const {
    for (std::size_t k = 0; k < params_.size(); ++k) {
        if (params_[k].name == name) {
            return static_cast<int>(k);
        }
    }
    return -1;
}

bool BodyChecker::param_visible(const kir::Param& param) const {
    switch (piece_) {
    case Piece::ElementwiseBody:
    case Piece::GridBody:
        return true;
    case Piece::Identity:
    case Piece::Reduce:
        return false;
    case Piece::Map:
        return param.role == kir::ParamRole::Input && !param.is_post;
    case Piece::Post:
        return param.role == kir::ParamRole::Output || param.is_scalar || param.is_post;
    }
    return false;
}

bool BodyChecker::reduce_operand_visible(int operand) const {
    return piece_ == Piece::Reduce || (piece_ == Piece::Post && operand == 0);
}

std::vector<std::string> BodyChecker::visible_value_names() const {
    std::vector<std::string> names;
    for (const Scope& scope : scopes_) {
        for (const ScopeEntry& entry : scope) {
            names.push_back(entry.name);
        }
    }
    for (const kir::Param& param : params_) {
        if (param_visible(param)) {
            names.push_back(param.name);
        }
    }
    if (piece_ == Piece::ElementwiseBody) {
        names.emplace_back("i");
    }
    for (int operand : {0, 1}) {
        if (in_reduction() && reduce_operand_visible(operand)) {
            names.emplace_back(operand == 0 ? "a" : "b");
        }
    }
    return names;
}

void BodyChecker::report_unknown_name(const ast::NameExpr& name) {
    SourceSpan span(name.loc, length_of(name.name));
    if (std::optional<std::string> suggestion = closest_name(name.name, visible_value_names())) {
        diags_.report(span, DiagKind::UnknownNameSuggest, name.name, *suggestion);
    } else {
        diags_.report(span, DiagKind::UnknownName, name.name);
    }
}

std::string BodyChecker::declared_type_spelling(const kir::Param& param) const {
    for (const auto* list : {&kernel_.inputs, &kernel_.outputs}) {
        for (const ast::Param& declared : *list) {
            if (declared.name == param.name) {
                return declared.type.spelling;
            }
        }
    }
    return std::string(numpy_name(param.type));
}

kir::ExprPtr BodyChecker::check_param_use(int param, const ast::NameExpr& name) {
    const kir::Param& info = params_[static_cast<std::size_t>(param)];
    SourceSpan span(name.loc, length_of(name.name));
    if (param_visible(info)) {
        if (info.is_raw) {
            diags_.report(
                span, in_grid_kernel() ? DiagKind::ArrayWithoutIndex : DiagKind::RawWithoutIndex,
                name.name);
            return nullptr;
        }
        return std::make_unique<kir::ParamRefExpr>(param, info.type, name.loc);
    }
    switch (piece_) {
    case Piece::Identity:
        diags_.report(span, DiagKind::NameInIdentity, name.name);
        break;
    case Piece::Reduce:
        diags_.report(span, DiagKind::ParamInReduce, name.name);
        break;
    case Piece::Map:
        diags_.report(span, DiagKind::OutputOutsidePost, name.name);
        break;
    case Piece::Post:
        diags_.report(span, DiagKind::ArrayInputInPost, name.name, declared_type_spelling(info));
        break;
    case Piece::ElementwiseBody:
    case Piece::GridBody:
        break;
    }
    return nullptr;
}

kir::ExprPtr BodyChecker::check_name(const ast::NameExpr& name) {
    if (const ScopeEntry* entry = find_local(name.name)) {
        if (entry->variable == nullptr) {
            return nullptr; // its declaration was reported
        }
        if (entry->variable == initializing_) {
            diags_.report(SourceSpan(name.loc, length_of(name.name)), DiagKind::LocalReadInOwnInit,
                          name.name);
            return nullptr;
        }
        if (entry->variable->is_shared()) {
            diags_.report(SourceSpan(name.loc, length_of(name.name)), DiagKind::SharedNotIndexed,
                          name.name);
            return nullptr;
        }
        return std::make_unique<kir::LocalRefExpr>(entry->variable, name.loc);
    }
    SourceSpan span(name.loc, length_of(name.name));
    if (piece_ == Piece::Post && name.name == kFusedReducedValue) {
        return std::make_unique<kir::ReduceOperandExpr>(0, reduce_type_, name.loc);
    }
    for (std::size_t k = 0; piece_ == Piece::Reduce && k < reduced_components_.size(); ++k) {
        for (int reduce_operand : {0, 1}) {
            if (name.name == fused_reduce_operand(reduce_operand, static_cast<int>(k))) {
                return std::make_unique<kir::ReduceOperandExpr>(
                    reduce_operand, reduced_components_[k], name.loc, static_cast<int>(k));
            }
        }
    }
    for (std::size_t k = 1; piece_ == Piece::Post && k < reduced_components_.size(); ++k) {
        if (name.name == fused_reduced_value(static_cast<int>(k))) {
            return std::make_unique<kir::ReduceOperandExpr>(0, reduced_components_[k], name.loc,
                                                            static_cast<int>(k));
        }
    }
    int operand = name.name == "a" ? 0 : name.name == "b" ? 1 : -1;
    // A map or post reads a parameter named `a` or `b` (only fused functions have them: a
    // reduction kernel's signature reserves the names; a fused post names the reduced value
    // kFusedReducedValue).
    bool map_param = (piece_ == Piece::Map || piece_ == Piece::Post) && find_param(name.name) >= 0;
    if (in_reduction() && operand >= 0 && !map_param) {
        if (reduce_operand_visible(operand)) {
            return std::make_unique<kir::ReduceOperandExpr>(
                operand, reduce_type_, name.loc, piece_ == Piece::Reduce ? own_component_ : 0);
        }
        diags_.report(span, DiagKind::ReduceOperandOutside, name.name,
                      operand == 0 ? "'reduce' and 'post'" : "'reduce'");
        return nullptr;
    }
    int param = find_param(name.name);
    if (param >= 0) {
        return check_param_use(param, name);
    }
    if (std::optional<kir::ExprPtr> grid = check_grid_name(name)) {
        return std::move(*grid);
    }
    if (in_grid_kernel()) {
        report_unknown_name(name); // `i` and `_ind` mean nothing in a jit-style kernel
        return nullptr;
    }
    if (name.name == "i") {
        if (in_reduction()) {
            diags_.report(span, DiagKind::LoopIndexInReduction);
            return nullptr;
        }
        return std::make_unique<kir::LoopIndexExpr>(name.loc);
    }
    if (name.name == "_ind") {
        if (in_reduction()) {
            diags_.report(span, DiagKind::IndInReduction);
        } else {
            diags_.report(span, DiagKind::IndAlone, name.name);
        }
        return nullptr;
    }
    if (in_reduction() && is_size_object(name.name)) {
        diags_.report(span, DiagKind::IndAlone, name.name);
        return nullptr;
    }
    if (in_reduction() && name.name == "_J") {
        if (piece_ != Piece::Map) {
            diags_.report(span, DiagKind::PositionOutsideMap);
            return nullptr;
        }
        used_position_ = true;
        return std::make_unique<kir::ReducePositionExpr>(name.loc);
    }
    report_unknown_name(name);
    return nullptr;
}

/// raw_param '[' index ']': the element at a C-order linear index, converted to int64. In
/// jit-style kernels also `x[i, j]` and `x.shape[k]` (CheckGridArrays.cpp).
kir::ExprPtr BodyChecker::check_index(const ast::IndexExpr& index) {
    if (std::optional<kir::ExprPtr> property = check_array_axis_property(index)) {
        return std::move(*property);
    }
    const auto* base = index.base->kind == ast::ExprKind::Name
                           ? static_cast<const ast::NameExpr*>(index.base.get())
                           : nullptr;
    if (const ScopeEntry* entry = base != nullptr ? find_local(base->name) : nullptr;
        entry != nullptr && entry->variable != nullptr && entry->variable->is_shared()) {
        return check_shared_index(*entry->variable, index);
    }
    int param = base != nullptr && find_local(base->name) == nullptr ? find_param(base->name) : -1;
    if (param < 0) {
        if (base != nullptr && find_local(base->name) == nullptr && base->name != "i" &&
            base->name != "_ind" && !(in_reduction() && (base->name == "a" || base->name == "b"))) {
            report_unknown_name(*base);
        } else {
            diags_.report(SourceSpan(index.base->loc, 1), DiagKind::IndexNotRawParam);
        }
        return nullptr;
    }
    const kir::Param& info = params_[static_cast<std::size_t>(param)];
    if (!info.is_raw) {
        SourceSpan span(base->loc, length_of(base->name));
        if (in_reduction()) {
            diags_.report(span, DiagKind::IndexInReduction, base->name);
        } else if (in_grid_kernel()) {
            diags_.report(span, DiagKind::ScalarIndexed, base->name, declared_type_spelling(info));
        } else {
            diags_.report(span, DiagKind::IndexNonRaw, base->name, declared_type_spelling(info));
        }
        return nullptr;
    }
    if (!param_visible(info)) {
        return check_param_use(param, *base);
    }
    if (in_grid_kernel()) {
        return check_array_element(param, index);
    }
    if (index.indices.size() != 1) {
        diags_.report(SourceSpan(index.indices[1]->loc, 1), DiagKind::MultiIndexNotArray);
        return nullptr;
    }
    kir::ExprPtr position = check_index_value(*index.indices[0]);
    if (!position) {
        return nullptr;
    }
    return std::make_unique<kir::RawElementExpr>(param, info.type, std::move(position), base->loc);
}

/// `_ind.size()` in an elementwise body; `_in_ind.size()` and `_out_ind.size()` in a reduction's
/// map and post.
kir::ExprPtr BodyChecker::check_member_call(const ast::CallExpr& call,
                                            const ast::MemberExpr& member) {
    const auto* object = member.object->kind == ast::ExprKind::Name
                             ? static_cast<const ast::NameExpr*>(member.object.get())
                             : nullptr;
    std::string object_name = object != nullptr ? object->name : std::string("this expression");
    if (in_grid_kernel()) {
        // A jit-style kernel has no member calls: no `_ind` (its threads are not elements) and
        // array members without parentheses (`x.size`).
        diags_.report(SourceSpan(member.loc, length_of(member.member)), DiagKind::GridMemberCall,
                      object_name, member.member);
        return nullptr;
    }
    bool unshadowed =
        object != nullptr && find_local(object->name) == nullptr && find_param(object->name) < 0;
    bool is_ind = unshadowed && object->name == "_ind";
    bool is_size_call = unshadowed && is_size_object(object->name) && in_reduction();
    SourceSpan member_span(member.loc, length_of(member.member));
    if (is_ind && in_reduction()) {
        diags_.report(SourceSpan(object->loc, length_of(object->name)), DiagKind::IndInReduction);
        return nullptr;
    }
    if ((!is_ind && !is_size_call) || member.member != "size") {
        diags_.report(member_span,
                      in_reduction() ? DiagKind::UnknownMemberReduction : DiagKind::UnknownMember,
                      object_name, member.member);
        return nullptr;
    }
    if (!call.args.empty()) {
        std::string given =
            std::to_string(call.args.size()) + (call.args.size() == 1 ? " was" : " were");
        diags_.report(SourceSpan(call.loc, length_of(member.member)), DiagKind::WrongArgumentCount,
                      object->name + ".size", "no arguments", given);
        return nullptr;
    }
    if (is_ind) {
        return std::make_unique<kir::LoopSizeExpr>(call.loc);
    }
    if (!sizes_visible()) {
        diags_.report(SourceSpan(object->loc, length_of(object->name)), DiagKind::SizeNotInPiece,
                      object->name);
        return nullptr;
    }
    if (object->name == "_in_ind") {
        return std::make_unique<kir::InputSizeExpr>(call.loc);
    }
    return std::make_unique<kir::OutputSizeExpr>(call.loc);
}

} // namespace gpucc::sema
