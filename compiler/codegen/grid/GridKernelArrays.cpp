// Addressing the array parameters of jit-style kernels (slots in GridKernelAbi.h). A `T[]` array
// is C-contiguous: element i is ptr[i]. A ranked array `T[:, ..., :]` is addressed by its entry
// point: the contiguous entry, used when every ranked argument is C-contiguous and under 2^31
// elements, computes `x[i, j, k]` as ptr[(i * n1 + j) * n2 + k] from the extents in 32-bit
// arithmetic (a hand-written kernel's, so its speed), and a flat `x[i]` as ptr[i]; the strided
// entry, for any other launch, adds
// i * stride0 + j * stride1 + ... bytes, and unravels a flat index over the extents first (C
// order, as CuPy's CArray does). Both entries read `x.strides[k]` from its slot, so the body sees
// the array's true strides either way.
#include "compiler/codegen/grid/GridKernelEmitterImpl.h"

namespace gpucc::grid_detail {

llvm::Value* GridKernelEmitter::element_address(int param, llvm::Value* index) {
    const kir::Param& info = instance_.params[static_cast<std::size_t>(param)];
    llvm::Value* base = array_pointers_[static_cast<std::size_t>(param)];
    if (info.rank == 0 || entry_ == EntryKind::Contiguous) {
        return builder_.CreateInBoundsGEP(storage_type(info.type), base, index);
    }
    const std::vector<llvm::Value*>& shape = array_shapes_[static_cast<std::size_t>(param)];
    const std::vector<llvm::Value*>& strides = array_strides_[static_cast<std::size_t>(param)];
    // Unravel the C-order index, last axis first; the first axis takes what is left.
    llvm::Value* rest = index;
    llvm::Value* offset = nullptr;
    for (int axis = info.rank - 1; axis >= 0; --axis) {
        llvm::Value* subscript = rest;
        if (axis > 0) {
            subscript = builder_.CreateURem(rest, shape[static_cast<std::size_t>(axis)]);
            rest = builder_.CreateUDiv(rest, shape[static_cast<std::size_t>(axis)]);
        }
        llvm::Value* term =
            builder_.CreateNSWMul(subscript, strides[static_cast<std::size_t>(axis)]);
        offset = offset != nullptr ? builder_.CreateNSWAdd(offset, term) : term;
    }
    return builder_.CreateInBoundsGEP(builder_.getInt8Ty(), base, offset);
}

LValue GridKernelEmitter::ranked_element(const kir::RawElementExpr& element) {
    auto param = static_cast<std::size_t>(element.param_index);
    std::vector<llvm::Value*> subscripts;
    subscripts.reserve(element.subscripts.size());
    for (const kir::ExprPtr& subscript : element.subscripts) {
        subscripts.push_back(emit_expr(*subscript)); // left to right, as written
    }
    llvm::Value* address = nullptr;
    if (entry_ == EntryKind::Contiguous) {
        // Arrays under 2^31 elements here (the launcher sends larger ones to the strided entry),
        // so an element in bounds has a 32-bit linear index, and so has every partial sum.
        llvm::Type* i32 = builder_.getInt32Ty();
        llvm::Value* linear = builder_.CreateTrunc(subscripts[0], i32);
        for (std::size_t axis = 1; axis < subscripts.size(); ++axis) {
            llvm::Value* extent = builder_.CreateTrunc(array_shapes_[param][axis], i32);
            linear = builder_.CreateNSWAdd(builder_.CreateNSWMul(linear, extent),
                                           builder_.CreateTrunc(subscripts[axis], i32));
        }
        address = builder_.CreateInBoundsGEP(storage_type(element.type), array_pointers_[param],
                                             builder_.CreateSExt(linear, builder_.getInt64Ty()));
    } else {
        llvm::Value* offset = nullptr;
        for (std::size_t axis = 0; axis < subscripts.size(); ++axis) {
            llvm::Value* term =
                builder_.CreateNSWMul(subscripts[axis], array_strides_[param][axis]);
            offset = offset != nullptr ? builder_.CreateNSWAdd(offset, term) : term;
        }
        address = builder_.CreateInBoundsGEP(builder_.getInt8Ty(), array_pointers_[param], offset);
    }
    return {address, element.type, element.type == ScalarType::Bool};
}

llvm::Value* GridKernelEmitter::array_property(const kir::ArrayPropertyExpr& property) {
    auto param = static_cast<std::size_t>(property.param_index);
    auto axis = static_cast<std::size_t>(property.axis);
    switch (property.property) {
    case kir::ArrayProperty::Size:
        return array_sizes_[param];
    case kir::ArrayProperty::Extent:
        return array_shapes_[param][axis];
    case kir::ArrayProperty::Stride:
        return array_strides_[param][axis];
    }
    return nullptr;
}

} // namespace gpucc::grid_detail
