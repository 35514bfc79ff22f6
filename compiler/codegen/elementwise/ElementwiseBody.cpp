// The element of an elementwise kernel (ElementwiseEmitterImpl.h): reading each input and the old
// value of each output for the current element (one at a time or one vector at a time), then the
// body, whose statements and expressions BodyEmitter lowers.
#include "compiler/codegen/common/MathLowering.h"
#include "compiler/codegen/elementwise/ElementwiseEmitterImpl.h"

#include <cassert>
#include <llvm/IR/Intrinsics.h>
#include <vector>

namespace gpucc::elementwise_detail {

// ---------------------------------------------------------------------------------------------
// Element
// ---------------------------------------------------------------------------------------------

llvm::Value* ElementwiseEmitter::element_address(int param, llvm::Value* index) {
    ScalarType type = instance_.params[param].type;
    if (strided() && !instance_.params[param].is_raw) {
        // Strided entry: the element sits at its own offset (negative strides included).
        return builder_.CreateGEP(storage_type(type), param_pointers_[param],
                                  element_offsets_[param]);
    }
    return builder_.CreateInBoundsGEP(storage_type(type), param_pointers_[param], index);
}

llvm::Value* ElementwiseEmitter::load_input(int param, llvm::Value* index, InputForm form) {
    ScalarType type = instance_.params[param].type;
    auto load_array = [&] {
        return from_storage(builder_.CreateLoad(storage_type(type), element_address(param, index)),
                            type);
    };
    switch (form) {
    case InputForm::Array:
        return load_array();
    case InputForm::Scalar:
        return scalar_values_[param];
    case InputForm::Unknown:
        break;
    }
    llvm::BasicBlock* from_array = new_block("input.array");
    llvm::BasicBlock* join = new_block("input.join");
    llvm::BasicBlock* before = builder_.GetInsertBlock();
    builder_.CreateCondBr(builder_.CreateIsNull(param_pointers_[param]), join, from_array);
    builder_.SetInsertPoint(from_array);
    llvm::Value* loaded = load_array();
    llvm::BasicBlock* loaded_in = builder_.GetInsertBlock();
    builder_.CreateBr(join);
    builder_.SetInsertPoint(join);
    llvm::PHINode* value = builder_.CreatePHI(register_type(type), 2);
    value->addIncoming(scalar_values_[param], before);
    value->addIncoming(loaded, loaded_in);
    return value;
}

llvm::Value* ElementwiseEmitter::load_vector(int param, llvm::Value* base, int width) {
    ScalarType type = instance_.params[param].type;
    llvm::Type* vector = llvm::FixedVectorType::get(storage_type(type), width);
    llvm::Align align(static_cast<std::uint64_t>(width) * size_in_bytes(type));
    if (!strided() || inner_broadcast_[param] == nullptr) {
        return builder_.CreateAlignedLoad(vector, element_address(param, base), align);
    }
    // An input broadcast along the innermost dimension: one element for the whole vector.
    // The condition is uniform across the grid, so the branch costs no divergence.
    llvm::BasicBlock* splat_block = new_block("vload.splat");
    llvm::BasicBlock* vector_block = new_block("vload.vector");
    llvm::BasicBlock* join = new_block("vload.join");
    builder_.CreateCondBr(inner_broadcast_[param], splat_block, vector_block);
    builder_.SetInsertPoint(splat_block);
    llvm::Value* one = builder_.CreateLoad(storage_type(type), element_address(param, base));
    llvm::Value* splat = builder_.CreateVectorSplat(static_cast<unsigned>(width), one);
    llvm::BasicBlock* splat_end = builder_.GetInsertBlock();
    builder_.CreateBr(join);
    builder_.SetInsertPoint(vector_block);
    llvm::Value* loaded = builder_.CreateAlignedLoad(vector, element_address(param, base), align);
    llvm::BasicBlock* vector_end = builder_.GetInsertBlock();
    builder_.CreateBr(join);
    builder_.SetInsertPoint(join);
    llvm::PHINode* phi = builder_.CreatePHI(vector, 2);
    phi->addIncoming(splat, splat_end);
    phi->addIncoming(loaded, vector_end);
    return phi;
}

void ElementwiseEmitter::emit_scalar_element(llvm::Value* index,
                                             const std::vector<InputForm>& forms) {
    element_.assign(instance_.params.size(), {});
    for (std::size_t p = 0; p < instance_.params.size(); ++p) {
        const kir::Param& param = instance_.params[p];
        if (param.is_raw) {
            continue;
        }
        if (param.role == kir::ParamRole::Input) {
            element_[p].value = load_input(static_cast<int>(p), index, forms[p]);
        } else {
            // The output starts as what memory holds, so a body that reads it or leaves it
            // unassigned on some path sees the old value, as CuPy's reference does; when every
            // path assigns first, the load is dead and LLVM removes it.
            llvm::Value* old = builder_.CreateLoad(storage_type(param.type),
                                                   element_address(static_cast<int>(p), index));
            builder_.CreateStore(from_storage(old, param.type), output_slots_[p]);
            element_[p].slot = output_slots_[p];
        }
    }
    emit_body_for_element(index);
    for (std::size_t p = 0; p < instance_.params.size(); ++p) {
        if (element_[p].slot != nullptr) {
            ScalarType type = instance_.params[p].type;
            llvm::Value* result = builder_.CreateLoad(register_type(type), element_[p].slot);
            builder_.CreateStore(to_storage(result, type),
                                 element_address(static_cast<int>(p), index));
        }
    }
}

void ElementwiseEmitter::emit_vector_elements(llvm::Value* base, int width,
                                              const std::vector<InputForm>& forms) {
    std::size_t count = instance_.params.size();
    std::vector<llvm::Value*> vectors(count, nullptr); // loaded inputs and old outputs
    std::vector<llvm::Value*> results(count, nullptr); // outputs being assembled
    for (std::size_t p = 0; p < count; ++p) {
        const kir::Param& param = instance_.params[p];
        if (param.is_raw) {
            continue;
        }
        if (param.role == kir::ParamRole::Input) {
            if (forms[p] == InputForm::Scalar) {
                continue;
            }
            if (forms[p] == InputForm::Unknown) {
                // Uniform across the grid: a branch around the vector load, no per-lane cost.
                llvm::Type* vector_type =
                    llvm::FixedVectorType::get(storage_type(param.type), width);
                llvm::BasicBlock* from_array = new_block("vinput.array");
                llvm::BasicBlock* join = new_block("vinput.join");
                llvm::BasicBlock* before = builder_.GetInsertBlock();
                builder_.CreateCondBr(builder_.CreateIsNull(param_pointers_[p]), join, from_array);
                builder_.SetInsertPoint(from_array);
                llvm::Value* loaded = load_vector(static_cast<int>(p), base, width);
                llvm::BasicBlock* loaded_in = builder_.GetInsertBlock();
                builder_.CreateBr(join);
                builder_.SetInsertPoint(join);
                llvm::PHINode* phi = builder_.CreatePHI(vector_type, 2);
                phi->addIncoming(llvm::PoisonValue::get(vector_type), before);
                phi->addIncoming(loaded, loaded_in);
                vectors[p] = phi;
                continue;
            }
        }
        vectors[p] = load_vector(static_cast<int>(p), base, width);
        if (param.role == kir::ParamRole::Output) {
            results[p] = llvm::PoisonValue::get(vectors[p]->getType());
        }
    }
    for (int lane = 0; lane < width; ++lane) {
        element_.assign(count, {});
        llvm::Value* index = builder_.CreateAdd(base, builder_.getInt64(lane), "", true, true);
        for (std::size_t p = 0; p < count; ++p) {
            const kir::Param& param = instance_.params[p];
            if (param.is_raw) {
                continue;
            }
            if (param.role == kir::ParamRole::Input) {
                if (forms[p] == InputForm::Scalar) {
                    element_[p].value = scalar_values_[p];
                } else {
                    llvm::Value* lane_value =
                        from_storage(builder_.CreateExtractElement(vectors[p], lane), param.type);
                    if (forms[p] == InputForm::Unknown) {
                        lane_value =
                            builder_.CreateSelect(builder_.CreateIsNull(param_pointers_[p]),
                                                  scalar_values_[p], lane_value);
                    }
                    element_[p].value = lane_value;
                }
            } else {
                llvm::Value* old =
                    from_storage(builder_.CreateExtractElement(vectors[p], lane), param.type);
                builder_.CreateStore(old, output_slots_[p]);
                element_[p].slot = output_slots_[p];
            }
        }
        emit_body_for_element(index);
        for (std::size_t p = 0; p < count; ++p) {
            if (element_[p].slot != nullptr) {
                ScalarType type = instance_.params[p].type;
                llvm::Value* value =
                    to_storage(builder_.CreateLoad(register_type(type), element_[p].slot), type);
                results[p] = builder_.CreateInsertElement(results[p], value, lane);
            }
        }
    }
    for (std::size_t p = 0; p < count; ++p) {
        if (results[p] != nullptr) {
            llvm::Align align(static_cast<std::uint64_t>(width) *
                              size_in_bytes(instance_.params[p].type));
            builder_.CreateAlignedStore(results[p], element_address(static_cast<int>(p), base),
                                        align);
        }
    }
}

void ElementwiseEmitter::emit_body_for_element(llvm::Value* index) {
    element_index_ = index;
    element_end_ = new_block("element.end");
    emit_stmt(*instance_.body);
    if (block_is_open()) {
        builder_.CreateBr(element_end_);
    }
    builder_.SetInsertPoint(element_end_);
    element_end_ = nullptr;
}

} // namespace gpucc::elementwise_detail
