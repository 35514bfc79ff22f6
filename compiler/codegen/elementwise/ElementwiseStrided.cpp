// The strided entry point of an elementwise kernel (ElementwiseEmitterImpl.h): the loops that
// visit a broadcast, strided, possibly negatively strided loop through the collapsed layout the
// runtime passes (KernelAbi.h). Every element's linear index `i` (in C order of the loop shape,
// as CuPy defines it) is divided through the dimensions to find each array's offset.
//
//  - GPU: when the layout allows (kVectorOk), a thread takes elements_per_thread consecutive
//    elements with one vector access per array (an input broadcast along the innermost
//    dimension is loaded once and splatted), in the entry point StridedVector; otherwise one
//    element at a time, in the entry point Strided (tiles are in ElementwiseTiles.cpp). Division
//    uses 32-bit multiplication by precomputed magic numbers when n < 2^31 (kIndex32), 64-bit
//    division beyond. The dimension loop is unrolled to kIndexerDims steps so the layout is read
//    with constant offsets from parameter space.
//  - Host: the thread's [begin, end) range is divided once; then rows of the innermost
//    dimension run as a plain loop over j with offset + j * stride per array (LLVM versions it
//    for unit strides and vectorizes), and the coordinates carry like an odometer between rows.
#include "compiler/codegen/common/Loops.h"
#include "compiler/codegen/elementwise/ElementwiseEmitterImpl.h"

#include <llvm/IR/Intrinsics.h>

namespace gpucc::elementwise_detail {

llvm::Value* ElementwiseEmitter::indexer_word(llvm::Value* word) {
    llvm::Type* i64 = builder_.getInt64Ty();
    return builder_.CreateLoad(i64, builder_.CreateInBoundsGEP(i64, indexer_, word));
}

llvm::Value* ElementwiseEmitter::indexer_word(int word) {
    return indexer_word(builder_.getInt64(static_cast<std::uint64_t>(word)));
}

llvm::Value* ElementwiseEmitter::operand_stride(int operand, llvm::Value* dim) {
    llvm::Value* first =
        builder_.getInt64(static_cast<std::uint64_t>(kIndexerStrideWord + operand * kIndexerDims));
    return indexer_word(builder_.CreateAdd(first, dim));
}

void ElementwiseEmitter::set_inner_broadcast_flags() {
    inner_broadcast_.assign(instance_.params.size(), nullptr);
    element_offsets_.assign(instance_.params.size(), nullptr);
    for (std::size_t p = 0; p < instance_.params.size(); ++p) {
        const kir::Param& param = instance_.params[p];
        if (param.is_raw || param.role != kir::ParamRole::Input) {
            continue;
        }
        llvm::Value* inner = operand_stride(operand_of_param_[p], builder_.getInt64(0));
        inner_broadcast_[p] = builder_.CreateICmpEQ(inner, builder_.getInt64(0),
                                                    instance_.params[p].name + ".broadcast");
    }
}

void ElementwiseEmitter::decompose_index(llvm::Value* index, bool index32) {
    llvm::Type* i32 = builder_.getInt32Ty();
    llvm::Type* i64 = builder_.getInt64Ty();
    const std::size_t count = instance_.params.size();
    llvm::Value* ndim = indexer_word(0);
    llvm::Value* remaining = index32 ? builder_.CreateTrunc(index, i32) : index;
    std::vector<llvm::Value*> offsets(count, nullptr);
    for (std::size_t p = 0; p < count; ++p) {
        if (!instance_.params[p].is_raw) {
            offsets[p] = builder_.getInt64(0);
        }
    }
    auto add_coordinate = [&](llvm::Value* coordinate, int dim) {
        llvm::Value* wide = index32 ? builder_.CreateZExt(coordinate, i64) : coordinate;
        for (std::size_t p = 0; p < count; ++p) {
            if (offsets[p] != nullptr) {
                llvm::Value* stride = operand_stride(
                    operand_of_param_[p], builder_.getInt64(static_cast<std::uint64_t>(dim)));
                offsets[p] = builder_.CreateAdd(offsets[p], builder_.CreateMul(wide, stride));
            }
        }
    };
    // Blocks "done" collects the offsets from whichever dimension was the last.
    llvm::BasicBlock* done = new_block("decompose.done");
    std::vector<std::pair<llvm::BasicBlock*, std::vector<llvm::Value*>>> arrivals;
    for (int dim = 0; dim < kIndexerDims; ++dim) {
        if (dim + 1 < kIndexerDims) {
            llvm::BasicBlock* last = new_block("decompose.last");
            llvm::BasicBlock* divide = new_block("decompose.divide");
            builder_.CreateCondBr(
                builder_.CreateICmpEQ(ndim, builder_.getInt64(static_cast<std::uint64_t>(dim + 1))),
                last, divide);
            builder_.SetInsertPoint(last);
            std::vector<llvm::Value*> saved = offsets;
            add_coordinate(remaining, dim);
            arrivals.emplace_back(builder_.GetInsertBlock(), offsets);
            builder_.CreateBr(done);
            offsets = std::move(saved);
            builder_.SetInsertPoint(divide);
        } else {
            add_coordinate(remaining, dim);
            arrivals.emplace_back(builder_.GetInsertBlock(), offsets);
            builder_.CreateBr(done);
            break;
        }
        llvm::Value* quotient = nullptr;
        llvm::Value* extent = indexer_word(kIndexerShapeWord + dim);
        if (index32) {
            llvm::Value* divisor = indexer_word(kIndexerDivisorWord + dim);
            llvm::Value* magic = builder_.CreateTrunc(divisor, i32);
            llvm::Value* shift = builder_.CreateTrunc(builder_.CreateLShr(divisor, 32), i32);
            llvm::Value* product = builder_.CreateMul(builder_.CreateZExt(remaining, i64),
                                                      builder_.CreateZExt(magic, i64));
            llvm::Value* high = builder_.CreateTrunc(builder_.CreateLShr(product, 32), i32);
            quotient = builder_.CreateLShr(builder_.CreateAdd(high, remaining), shift);
            extent = builder_.CreateTrunc(extent, i32);
        } else {
            quotient = builder_.CreateUDiv(remaining, extent);
        }
        llvm::Value* coordinate =
            builder_.CreateSub(remaining, builder_.CreateMul(quotient, extent));
        add_coordinate(coordinate, dim);
        remaining = quotient;
    }
    builder_.SetInsertPoint(done);
    for (std::size_t p = 0; p < count; ++p) {
        if (offsets[p] == nullptr) {
            continue;
        }
        llvm::PHINode* phi = builder_.CreatePHI(i64, static_cast<unsigned>(arrivals.size()),
                                                instance_.params[p].name + ".offset");
        for (const auto& [block, values] : arrivals) {
            phi->addIncoming(values[p], block);
        }
        element_offsets_[p] = phi;
    }
}

void ElementwiseEmitter::emit_strided_gpu_loop(const std::vector<InputForm>& forms, bool vectors,
                                               bool index32) {
    llvm::Type* i64 = builder_.getInt64Ty();
    const int width = vectors ? elements_per_thread(instance_) : 1;
    llvm::Value* tid = thread_index();
    llvm::Value* nthreads = thread_count();
    llvm::Value* first =
        builder_.CreateMul(tid, llvm::ConstantInt::get(i64, width), "", true, true);
    llvm::Value* step =
        builder_.CreateMul(nthreads, llvm::ConstantInt::get(i64, width), "", true, true);
    // With vectors the runtime guarantees n is a multiple of the width.
    emit_counted_loop(builder_, element_loop(first, loop_size_, step, "i", "strided"),
                      [&](llvm::Value* base, llvm::BasicBlock*) {
                          decompose_index(base, index32);
                          if (vectors) {
                              emit_vector_elements(base, width, forms);
                          } else {
                              emit_scalar_element(base, forms);
                          }
                      });
}

void ElementwiseEmitter::emit_strided_gpu_loops(const std::vector<InputForm>& forms) {
    // The vector and tile loops are entry points of their own (KernelAbi.h, EntryKind); the
    // runtime calls each only for layouts with its flag.
    if (entry_kind_ == EntryKind::StridedVector) {
        emit_strided_gpu_loop(forms, true, true);
        return;
    }
    if (entry_kind_ == EntryKind::StridedTiled) {
        emit_strided_tile_loop(forms);
        return;
    }
    llvm::Value* flags = indexer_word(1);
    llvm::Value* index32 = builder_.CreateICmpNE(
        builder_.CreateAnd(flags, builder_.getInt64(kIndexerFlagIndex32)), builder_.getInt64(0));
    llvm::BasicBlock* done = new_block("strided.done");
    llvm::BasicBlock* scalar32 = new_block("strided.scalar32");
    llvm::BasicBlock* scalar64 = new_block("strided.scalar64");
    builder_.CreateCondBr(index32, scalar32, scalar64);
    builder_.SetInsertPoint(scalar32);
    emit_strided_gpu_loop(forms, false, true);
    builder_.CreateBr(done);
    builder_.SetInsertPoint(scalar64);
    emit_strided_gpu_loop(forms, false, false);
    builder_.CreateBr(done);
    builder_.SetInsertPoint(done);
}

void ElementwiseEmitter::emit_strided_host_loop(const std::vector<InputForm>& forms) {
    llvm::Type* i64 = builder_.getInt64Ty();
    const std::size_t count = instance_.params.size();
    llvm::Value* zero = builder_.getInt64(0);
    llvm::Value* one = builder_.getInt64(1);
    llvm::Value* ndim = indexer_word(0);
    llvm::Value* inner_extent = indexer_word(kIndexerShapeWord);

    // Coordinates and offsets live in stack slots (SROA turns the offsets into registers; the
    // coordinates are indexed by dimension in the carry loop).
    llvm::Function* function = builder_.GetInsertBlock()->getParent();
    llvm::IRBuilder<> entry_builder(&function->getEntryBlock(),
                                    function->getEntryBlock().getFirstInsertionPt());
    llvm::AllocaInst* coordinates =
        entry_builder.CreateAlloca(llvm::ArrayType::get(i64, kIndexerDims), nullptr, "coordinates");
    std::vector<llvm::AllocaInst*> offset_slots(count, nullptr);
    std::vector<llvm::Value*> inner_strides(count, nullptr);
    for (std::size_t p = 0; p < count; ++p) {
        if (!instance_.params[p].is_raw) {
            offset_slots[p] =
                entry_builder.CreateAlloca(i64, nullptr, instance_.params[p].name + ".offset");
            builder_.CreateStore(zero, offset_slots[p]);
            inner_strides[p] = operand_stride(operand_of_param_[p], zero);
        }
    }
    auto coordinate_address = [&](llvm::Value* dim) {
        return builder_.CreateInBoundsGEP(llvm::ArrayType::get(i64, kIndexerDims), coordinates,
                                          {zero, dim});
    };
    auto add_to_offsets = [&](llvm::Value* amount_of_dim, llvm::Value* dim, bool subtract) {
        for (std::size_t p = 0; p < count; ++p) {
            if (offset_slots[p] == nullptr) {
                continue;
            }
            llvm::Value* delta =
                builder_.CreateMul(amount_of_dim, operand_stride(operand_of_param_[p], dim));
            llvm::Value* old = builder_.CreateLoad(i64, offset_slots[p]);
            builder_.CreateStore(subtract ? builder_.CreateSub(old, delta)
                                          : builder_.CreateAdd(old, delta),
                                 offset_slots[p]);
        }
    };

    // Divide `begin` through the dimensions once.
    emit_loop(
        builder_, {"split.header", "split.body", "split.exit"},
        {{zero, "dim"}, {host_begin_, "remaining"}},
        [&](llvm::ArrayRef<llvm::PHINode*> carried) {
            return LoopTest{builder_.CreateICmpSLT(carried[0], ndim)};
        },
        [&](llvm::ArrayRef<llvm::PHINode*> carried) -> std::vector<llvm::Value*> {
            llvm::Value* dim = carried[0];
            llvm::Value* remaining = carried[1];
            llvm::Value* extent =
                indexer_word(builder_.CreateAdd(dim, builder_.getInt64(kIndexerShapeWord)));
            llvm::Value* quotient = builder_.CreateUDiv(remaining, extent);
            llvm::Value* coordinate =
                builder_.CreateSub(remaining, builder_.CreateMul(quotient, extent));
            builder_.CreateStore(coordinate, coordinate_address(dim));
            add_to_offsets(coordinate, dim, false);
            return {builder_.CreateAdd(dim, one), quotient};
        });

    // Carry into the outer dimensions: dimension `dim` wrapped when its coordinate reached its
    // extent and a next one exists.
    auto emit_carry = [&] {
        llvm::Value* extent = nullptr;
        llvm::Value* next_dim = nullptr;
        emit_loop(
            builder_, {"carry.header", "carry.body", "carry.exit"}, {{zero, "carry_dim"}},
            [&](llvm::ArrayRef<llvm::PHINode*> carried) {
                llvm::Value* dim = carried[0];
                extent =
                    indexer_word(builder_.CreateAdd(dim, builder_.getInt64(kIndexerShapeWord)));
                llvm::Value* coordinate = builder_.CreateLoad(i64, coordinate_address(dim));
                next_dim = builder_.CreateAdd(dim, one);
                return LoopTest{builder_.CreateAnd(builder_.CreateICmpSGE(coordinate, extent),
                                                   builder_.CreateICmpSLT(next_dim, ndim))};
            },
            [&](llvm::ArrayRef<llvm::PHINode*> carried) -> std::vector<llvm::Value*> {
                llvm::Value* dim = carried[0];
                builder_.CreateStore(zero, coordinate_address(dim));
                add_to_offsets(extent, dim, true);
                llvm::Value* outer = builder_.CreateLoad(i64, coordinate_address(next_dim));
                builder_.CreateStore(builder_.CreateAdd(outer, one), coordinate_address(next_dim));
                add_to_offsets(one, next_dim, false);
                return {next_dim};
            });
    };

    // Rows: for j in [0, segment): the element at linear index i + j.
    auto emit_row = [&](llvm::ArrayRef<llvm::PHINode*> carried) -> std::vector<llvm::Value*> {
        llvm::Value* row_start = carried[0];
        llvm::Value* inner_coordinate = builder_.CreateLoad(i64, coordinate_address(zero));
        llvm::Value* segment = builder_.CreateBinaryIntrinsic(
            llvm::Intrinsic::smin, builder_.CreateSub(inner_extent, inner_coordinate),
            builder_.CreateSub(host_end_, row_start), nullptr, "segment");
        std::vector<llvm::Value*> row_offsets(count, nullptr);
        for (std::size_t p = 0; p < count; ++p) {
            if (offset_slots[p] != nullptr) {
                row_offsets[p] = builder_.CreateLoad(i64, offset_slots[p]);
            }
        }
        emit_counted_loop(builder_, element_loop(zero, segment, one, "j", "inner"),
                          [&](llvm::Value* j, llvm::BasicBlock*) {
                              for (std::size_t p = 0; p < count; ++p) {
                                  if (row_offsets[p] != nullptr) {
                                      element_offsets_[p] = builder_.CreateAdd(
                                          row_offsets[p], builder_.CreateMul(j, inner_strides[p]));
                                  }
                              }
                              emit_scalar_element(builder_.CreateAdd(row_start, j, "", true, true),
                                                  forms);
                          });
        llvm::Value* next_row = builder_.CreateAdd(row_start, segment, "", true, true);
        // Carry: the row ended at the innermost extent (or the range ended, and nothing is read).
        add_to_offsets(segment, zero, false);
        builder_.CreateStore(builder_.CreateAdd(inner_coordinate, segment),
                             coordinate_address(zero));
        emit_carry();
        return {next_row};
    };
    emit_loop(
        builder_, {"row.header", "row.body", "row.exit"}, {{host_begin_, "row_start"}},
        [&](llvm::ArrayRef<llvm::PHINode*> carried) {
            return LoopTest{builder_.CreateICmpSLT(carried[0], host_end_)};
        },
        emit_row);
}

} // namespace gpucc::elementwise_detail
