// The array parameters of jit-style kernels, as cupyx.jit passes them: `T[] x` is a
// C-contiguous array read by a flat index and `x.size`; `T[:, :] x` (any rank) carries its shape
// and strides, so it takes transposed, sliced and broadcast views, and its body reads `x[i, j]`
// (one subscript per axis), `x[i]` (a flat C-order index, as CuPy's CArray), `x.shape[k]`,
// `x.strides[k]` (bytes, as CuPy's), `x.size` and `x.ndim`. Axes of shape and strides are
// integer constants, negative ones counting from the end as in Python. Code generation sees
// RawElement (with one index or one subscript per axis) and ArrayProperty nodes.
#include "compiler/sema/BodyChecker.h"

#include <string>

namespace gpucc::sema {

kir::ExprPtr BodyChecker::check_array_member(int param, const ast::MemberExpr& member) {
    const kir::Param& info = params_[static_cast<std::size_t>(param)];
    const auto& object = static_cast<const ast::NameExpr&>(*member.object);
    SourceSpan member_span(member.loc, length_of(member.member));
    if (member.member == "size") {
        return std::make_unique<kir::ArrayPropertyExpr>(param, kir::ArrayProperty::Size, 0,
                                                        member.loc);
    }
    bool axis_member = member.member == "shape" || member.member == "strides";
    if (!axis_member && member.member != "ndim") {
        diags_.report(member_span, DiagKind::ArrayMember, object.name, member.member);
        return nullptr;
    }
    if (info.rank == 0) {
        diags_.report(member_span, DiagKind::FlatArrayMember, object.name, member.member,
                      declared_type_spelling(info));
        return nullptr;
    }
    if (axis_member) {
        diags_.report(member_span, DiagKind::ArrayAxisMember, object.name, member.member);
        return nullptr;
    }
    auto ndim = std::make_unique<kir::ConstantExpr>(ScalarType::Int64, member.loc);
    ndim->int_bits = static_cast<std::uint64_t>(info.rank);
    return ndim;
}

std::optional<kir::ExprPtr> BodyChecker::check_array_axis_property(const ast::IndexExpr& index) {
    if (!in_grid_kernel() || index.base->kind != ast::ExprKind::Member) {
        return std::nullopt;
    }
    const auto& member = static_cast<const ast::MemberExpr&>(*index.base);
    bool axis_member = member.member == "shape" || member.member == "strides";
    if (!axis_member || member.object->kind != ast::ExprKind::Name) {
        return std::nullopt;
    }
    const auto& object = static_cast<const ast::NameExpr&>(*member.object);
    int param = find_local(object.name) == nullptr ? find_param(object.name) : -1;
    if (param < 0 || !params_[static_cast<std::size_t>(param)].is_raw) {
        // Not an array: the member itself is the error (a scalar's or a local's members, an
        // unknown name), which check_grid_member reports.
        if (check_expression(*index.base)) {
            diags_.report(SourceSpan(index.loc, 1), DiagKind::IndexNotRawParam);
        }
        return kir::ExprPtr();
    }
    const kir::Param& info = params_[static_cast<std::size_t>(param)];
    SourceSpan member_span(member.loc, length_of(member.member));
    if (info.rank == 0) {
        diags_.report(member_span, DiagKind::FlatArrayMember, object.name, member.member,
                      declared_type_spelling(info));
        return kir::ExprPtr();
    }
    kir::ExprPtr axis = check_expression(*index.indices[0]);
    if (!axis && index.indices.size() == 1) {
        return kir::ExprPtr();
    }
    std::optional<std::int64_t> value =
        axis && index.indices.size() == 1 ? constant_integer(*axis) : std::nullopt;
    if (!value || *value < -info.rank || *value >= info.rank) {
        diags_.report(SourceSpan(index.indices[0]->loc, 1), DiagKind::ArrayAxisNotConstant,
                      object.name, member.member, std::to_string(-info.rank),
                      std::to_string(info.rank - 1));
        return kir::ExprPtr();
    }
    int normalized = static_cast<int>(*value < 0 ? *value + info.rank : *value);
    kir::ArrayProperty property =
        member.member == "shape" ? kir::ArrayProperty::Extent : kir::ArrayProperty::Stride;
    return kir::ExprPtr(
        std::make_unique<kir::ArrayPropertyExpr>(param, property, normalized, member.loc));
}

kir::ExprPtr BodyChecker::check_array_element(int param, const ast::IndexExpr& index) {
    const kir::Param& info = params_[static_cast<std::size_t>(param)];
    const auto& base = static_cast<const ast::NameExpr&>(*index.base);
    auto count = static_cast<int>(index.indices.size());
    if (count > 1 && info.rank == 0) {
        diags_.report(SourceSpan(index.indices[1]->loc, 1), DiagKind::FlatArrayMultiIndex,
                      base.name, declared_type_spelling(info), ast::array_brackets(count));
        return nullptr;
    }
    if (count > 1 && count != info.rank) {
        diags_.report(SourceSpan(index.loc, 1), DiagKind::ArraySubscriptCount, base.name,
                      std::to_string(info.rank), std::to_string(count));
        return nullptr;
    }
    std::vector<kir::ExprPtr> subscripts;
    bool ok = true;
    for (const ast::ExprPtr& subscript : index.indices) {
        subscripts.push_back(check_index_value(*subscript));
        ok = ok && subscripts.back();
    }
    if (!ok) {
        return nullptr;
    }
    // One index on a rank-1 array is its one subscript; on a higher rank it is flat.
    if (info.rank == 0 || (count == 1 && info.rank > 1)) {
        return std::make_unique<kir::RawElementExpr>(param, info.type, std::move(subscripts[0]),
                                                     base.loc);
    }
    return std::make_unique<kir::RawElementExpr>(param, info.type, std::move(subscripts), base.loc);
}

} // namespace gpucc::sema
