// The GPU kernel of a reduction (ReductionEmitterImpl.h). Each thread finds its output and its
// lane from the plan (the runtime's gpucc/detail/reduction_plan.h), folds its share of the
// reduced positions into several independent partial results (so several loads are in flight,
// and float sums stay accurate), combines them, then the threads of one output combine theirs:
// with warp shuffles when the lanes of an output run along a warp, through shared memory when
// they run across warps. With several slices each block leaves its partials in global memory and
// the last block of each column (counted with an atomic) combines them in slice order, so the
// result does not depend on the order blocks finish in.
#include "compiler/codegen/common/ArgumentSlots.h"
#include "compiler/codegen/common/Loops.h"
#include "compiler/codegen/reduction/ReductionEmitter.h"
#include "compiler/codegen/reduction/ReductionEmitterImpl.h"

#include <llvm/IR/Intrinsics.h>
#include <llvm/IR/IntrinsicsNVPTX.h>

namespace gpucc::reduction_detail {

namespace {
constexpr unsigned kSharedSpace = 3;
/// Independent partial results per thread in the element-at-a-time loop: the rows kernel keeps
/// more loads in flight (its 4-byte loads are smaller than the lanes kernel's vectors).
constexpr int kLanesScalarUnroll = 4;
constexpr int kRowsScalarUnroll = 8;
/// Vectors per iteration in the vector loop.
constexpr int kVectorUnroll = 2;
} // namespace

llvm::Function* ReductionEmitter::create_gpu_function() {
    llvm::Type* ptr = builder_.getPtrTy();
    std::vector<llvm::Type*> slots;
    for (const kir::Param& param : instance_.params) {
        if (!param.is_scalar) {
            slots.push_back(ptr);
            continue;
        }
        slots.push_back(gpu_scalar_slot_type(storage_type(param.type)));
    }
    slots.push_back(ptr); // the plan, by value
    slots.push_back(ptr); // partials
    slots.push_back(ptr); // semaphores
    auto* type = llvm::FunctionType::get(builder_.getVoidTy(), slots, false);
    llvm::Function* function = llvm::Function::Create(
        type, llvm::Function::ExternalLinkage, reduction_gpu_symbol(instance_, rows_), module_);
    llvm::Type* plan = llvm::ArrayType::get(
        builder_.getInt64Ty(), static_cast<std::uint64_t>(reduce_plan_words(instance_)));
    const unsigned plan_arg = function->arg_size() - 3;
    function->addParamAttr(plan_arg, llvm::Attribute::getWithByValType(context_, plan));
    function->addParamAttr(plan_arg, llvm::Attribute::getWithAlignment(context_, llvm::Align(8)));
    function->addParamAttr(plan_arg, llvm::Attribute::NoAlias);
    function->addParamAttr(plan_arg, llvm::Attribute::ReadOnly);
    function->setCallingConv(llvm::CallingConv::PTX_Kernel);
    function->addFnAttr("nvvm.maxntid", std::to_string(kReduceBlockSize));
    if (rows_) {
        // Four blocks per SM (at most 64 registers): with eight 4-byte loads in flight per
        // thread that is what a strided reduced axis needs to approach the copy bandwidth.
        function->addFnAttr("nvvm.minctasm", "4");
    }
    return function;
}

llvm::Value* ReductionEmitter::special_register(llvm::Intrinsic::ID id) {
    return builder_.CreateIntrinsic(builder_.getInt32Ty(), id, {});
}

void ReductionEmitter::barrier() {
    builder_.CreateIntrinsic(llvm::Intrinsic::nvvm_barrier_cta_sync_aligned_all, {},
                             {builder_.getInt32(0)});
}

// ---------------------------------------------------------------------------------------------
// Shared memory and shuffles
// ---------------------------------------------------------------------------------------------

void ReductionEmitter::store_shared(llvm::Value* index, Partial value) {
    // One i64 slot per thread and component: component k's slots follow component k - 1's.
    if (components() == 1) {
        llvm::Value* address =
            builder_.CreateInBoundsGEP(builder_.getInt64Ty(), shared_values_, index);
        builder_.CreateStore(value.value, address);
    } else {
        for (int k = 0; k < components(); ++k) {
            llvm::Value* slot = builder_.CreateAdd(
                index, builder_.getInt32(static_cast<std::uint32_t>(k * kReduceBlockSize)));
            builder_.CreateStore(
                component_word(value.value, k),
                builder_.CreateInBoundsGEP(builder_.getInt64Ty(), shared_values_, slot));
        }
    }
    if (!has_identity_) {
        llvm::Value* flag = builder_.CreateInBoundsGEP(builder_.getInt8Ty(), shared_valid_, index);
        builder_.CreateStore(builder_.CreateZExt(value.valid, builder_.getInt8Ty()), flag);
    }
}

Partial ReductionEmitter::load_shared(llvm::Value* index) {
    Partial result{nullptr, builder_.getTrue()};
    if (components() == 1) {
        llvm::Value* address =
            builder_.CreateInBoundsGEP(builder_.getInt64Ty(), shared_values_, index);
        result.value = builder_.CreateLoad(register_type(instance_.reduce_type), address);
    } else {
        result.value = llvm::PoisonValue::get(partial_type());
        for (int k = 0; k < components(); ++k) {
            llvm::Value* slot = builder_.CreateAdd(
                index, builder_.getInt32(static_cast<std::uint32_t>(k * kReduceBlockSize)));
            llvm::Value* word = builder_.CreateLoad(
                builder_.getInt64Ty(),
                builder_.CreateInBoundsGEP(builder_.getInt64Ty(), shared_values_, slot));
            result.value = builder_.CreateInsertValue(result.value, component_from_word(word, k),
                                                      static_cast<unsigned>(k));
        }
    }
    if (!has_identity_) {
        llvm::Value* flag = builder_.CreateInBoundsGEP(builder_.getInt8Ty(), shared_valid_, index);
        result.valid = builder_.CreateICmpNE(builder_.CreateLoad(builder_.getInt8Ty(), flag),
                                             builder_.getInt8(0));
    }
    return result;
}

llvm::Value* ReductionEmitter::shuffle_scalar(llvm::Value* value, int distance) {
    llvm::Type* i32 = builder_.getInt32Ty();
    auto shuffle = [&](llvm::Value* word) {
        return builder_.CreateIntrinsic(i32, llvm::Intrinsic::nvvm_shfl_sync_bfly_i32,
                                        {builder_.getInt32(0xffffffffU), word,
                                         builder_.getInt32(static_cast<std::uint32_t>(distance)),
                                         builder_.getInt32(0x1f)});
    };
    llvm::Type* type = value->getType();
    const unsigned bits = type->getPrimitiveSizeInBits();
    llvm::Type* as_int = builder_.getIntNTy(bits);
    llvm::Value* word = builder_.CreateBitCast(value, as_int);
    llvm::Value* moved = nullptr;
    if (bits == 64) {
        llvm::Value* low = shuffle(builder_.CreateTrunc(word, i32));
        llvm::Value* high = shuffle(builder_.CreateTrunc(builder_.CreateLShr(word, 32), i32));
        moved = builder_.CreateOr(builder_.CreateZExt(low, as_int),
                                  builder_.CreateShl(builder_.CreateZExt(high, as_int), 32));
    } else if (bits == 32) {
        moved = shuffle(word);
    } else {
        moved = builder_.CreateTrunc(shuffle(builder_.CreateZExt(word, i32)), as_int);
    }
    return builder_.CreateBitCast(moved, type);
}

Partial ReductionEmitter::shuffle_xor(Partial value, int distance) {
    Partial result{nullptr, builder_.getTrue()};
    if (components() == 1) {
        result.value = shuffle_scalar(value.value, distance);
    } else {
        result.value = llvm::PoisonValue::get(partial_type());
        for (int k = 0; k < components(); ++k) {
            const auto index = static_cast<unsigned>(k);
            result.value = builder_.CreateInsertValue(
                result.value,
                shuffle_scalar(builder_.CreateExtractValue(value.value, index), distance), index);
        }
    }
    if (!has_identity_) {
        result.valid = builder_.CreateTrunc(
            shuffle_scalar(builder_.CreateZExt(value.valid, builder_.getInt32Ty()), distance),
            builder_.getInt1Ty());
    }
    return result;
}

Partial ReductionEmitter::shuffle_reduce(Partial mine, int max_distance, llvm::Value* limit) {
    // Every lane of the warp shuffles (the distances are uniform); a distance at or beyond
    // `limit` would reach another output's lanes and is skipped.
    for (int distance = max_distance; distance >= 1; distance /= 2) {
        Partial other = shuffle_xor(mine, distance);
        Partial combined = combine(mine, other);
        llvm::Value* inside =
            builder_.CreateICmpULT(builder_.getInt32(static_cast<std::uint32_t>(distance)), limit);
        mine = {builder_.CreateSelect(inside, combined.value, mine.value),
                builder_.CreateSelect(inside, combined.valid, mine.valid)};
    }
    return mine;
}

Partial ReductionEmitter::block_reduce(Partial mine) {
    const PartialSlot block = new_partial_slot("block");
    auto save = [&](Partial partial) { store_partial(block, partial); };
    llvm::BasicBlock* along_warp = new_block("block.lanes");
    llvm::BasicBlock* across_rows = new_block("block.rows");
    llvm::BasicBlock* done = new_block("block.done");
    builder_.CreateCondBr(lanes_first_, along_warp, across_rows);

    // Lanes first: the lanes of one output are consecutive threads.
    builder_.SetInsertPoint(along_warp);
    Partial warp = shuffle_reduce(mine, 16, lane_count_);
    save(warp);
    llvm::BasicBlock* many_warps = new_block("block.warps");
    builder_.CreateCondBr(builder_.CreateICmpUGT(lane_count_, builder_.getInt32(32)), many_warps,
                          done);
    builder_.SetInsertPoint(many_warps);
    {
        llvm::BasicBlock* leader = new_block("block.leader");
        llvm::BasicBlock* stored = new_block("block.stored");
        builder_.CreateCondBr(builder_.CreateICmpEQ(builder_.CreateAnd(tid_, builder_.getInt32(31)),
                                                    builder_.getInt32(0)),
                              leader, stored);
        builder_.SetInsertPoint(leader);
        store_shared(builder_.CreateLShr(tid_, 5), warp);
        builder_.CreateBr(stored);
        builder_.SetInsertPoint(stored);
        barrier();
        llvm::Value* warps = builder_.CreateLShr(lane_count_, 5);
        llvm::Value* has_one = builder_.CreateICmpULT(lane_, warps);
        llvm::Value* index = builder_.CreateSelect(
            has_one, builder_.CreateAdd(builder_.CreateMul(out_lane_, warps), lane_),
            builder_.getInt32(0));
        Partial loaded = load_shared(index);
        Partial empty = empty_partial();
        Partial first{builder_.CreateSelect(has_one, loaded.value, empty.value),
                      builder_.CreateSelect(has_one, loaded.valid, empty.valid)};
        save(shuffle_reduce(first, kReduceBlockSize / 64, warps));
        barrier(); // shared memory is reused after
        builder_.CreateBr(done);
    }

    // Outputs first: the lanes of one output are rows, Ob threads apart; a tree in shared memory.
    builder_.SetInsertPoint(across_rows);
    {
        store_shared(tid_, mine);
        barrier();
        // for (half = lanes / 2; half != 0; half /= 2): the lanes below half take their partner's.
        emit_loop(
            builder_, {"rows.header", "rows.body", "rows.exit"},
            {{builder_.CreateLShr(lane_count_, 1), "half"}},
            [&](llvm::ArrayRef<llvm::PHINode*> carried) {
                return LoopTest{builder_.CreateICmpEQ(carried[0], builder_.getInt32(0)),
                                /*leave_when_true=*/true};
            },
            [&](llvm::ArrayRef<llvm::PHINode*> carried) -> std::vector<llvm::Value*> {
                llvm::Value* half = carried[0];
                llvm::BasicBlock* active = new_block("rows.active");
                llvm::BasicBlock* next = new_block("rows.next");
                builder_.CreateCondBr(builder_.CreateICmpULT(lane_, half), active, next);
                builder_.SetInsertPoint(active);
                llvm::Value* partner =
                    builder_.CreateAdd(tid_, builder_.CreateMul(half, out_count_));
                store_shared(tid_, combine(load_shared(tid_), load_shared(partner)));
                builder_.CreateBr(next);
                builder_.SetInsertPoint(next);
                barrier();
                return {builder_.CreateLShr(half, 1)};
            });
        save(load_shared(out_lane_));
        barrier(); // shared memory is reused after
        builder_.CreateBr(done);
    }

    builder_.SetInsertPoint(done);
    return load_partial(block);
}

// ---------------------------------------------------------------------------------------------
// A thread's share
// ---------------------------------------------------------------------------------------------

namespace {

/// Combines `partials` pairwise in a fixed order.
template <class Combine>
Partial combine_all(std::vector<Partial> partials, Combine combine) {
    while (partials.size() > 1) {
        std::vector<Partial> next;
        for (std::size_t k = 0; k + 1 < partials.size(); k += 2) {
            next.push_back(combine(partials[k], partials[k + 1]));
        }
        if (partials.size() % 2 == 1) {
            next.push_back(partials.back());
        }
        partials = std::move(next);
    }
    return partials.front();
}

} // namespace

Partial ReductionEmitter::accumulate_scalars(llvm::Value* first, llvm::Value* step,
                                             llvm::Value* r_end, bool one_dim, bool index32) {
    const int scalar_unroll = rows_ ? kRowsScalarUnroll : kLanesScalarUnroll;
    llvm::Type* i64 = builder_.getInt64Ty();
    std::vector<PartialSlot> accumulators;
    for (int u = 0; u < scalar_unroll; ++u) {
        accumulators.push_back(new_partial_slot("acc"));
        store_partial(accumulators.back(), empty_partial());
    }
    llvm::AllocaInst* position = entry_alloca(i64, "r");
    builder_.CreateStore(first, position);
    auto fold = [&](int u, llvm::Value* mapped) { fold_into(accumulators[u], mapped); };
    auto load_inputs = [&](llvm::Value* r) {
        std::vector<llvm::Value*> reduce = reduce_offsets(r, one_dim, index32);
        std::vector<llvm::Value*> loaded;
        for (int a = 0; a < array_inputs_; ++a) {
            const auto p = static_cast<std::size_t>(param_of_operand_[static_cast<std::size_t>(a)]);
            loaded.push_back(load_element(pointers_[static_cast<std::size_t>(a)],
                                          builder_.CreateAdd(outer_[static_cast<std::size_t>(a)],
                                                             reduce[static_cast<std::size_t>(a)]),
                                          instance_.params[p].type));
        }
        if (instance_.uses_position) {
            loaded.push_back(reduce[static_cast<std::size_t>(array_inputs_)]);
        }
        return loaded;
    };
    // Main loop: scalar_unroll positions a step apart, loads first.
    emit_slot_loop(
        builder_,
        {position, step, r_end, scalar_unroll, {"scalars.header", "scalars.body", "scalars.exit"}},
        [&](llvm::Value* r) {
            std::vector<std::vector<llvm::Value*>> loaded;
            for (int u = 0; u < scalar_unroll; ++u) {
                loaded.push_back(load_inputs(builder_.CreateAdd(
                    r,
                    builder_.CreateMul(step, builder_.getInt64(static_cast<std::uint64_t>(u))))));
            }
            for (int u = 0; u < scalar_unroll; ++u) {
                fold(u, map_values(loaded[static_cast<std::size_t>(u)]));
            }
        });
    // The rest, one position at a time.
    emit_slot_loop(
        builder_,
        {position, step, r_end, 1, {"scalars.tail", "scalars.tail.body", "scalars.tail.exit"}},
        [&](llvm::Value* r) { fold(0, map_values(load_inputs(r))); });
    std::vector<Partial> partials;
    for (const PartialSlot& accumulator : accumulators) {
        partials.push_back(load_partial(accumulator));
    }
    return combine_all(partials, [&](Partial a, Partial b) { return combine(a, b); });
}

Partial ReductionEmitter::accumulate_vectors(llvm::Value* lane, llvm::Value* lanes,
                                             llvm::Value* r_begin, llvm::Value* r_end) {
    // The plan promises: one reduce dimension, stride 1 for every array input, aligned rows.
    llvm::Type* i64 = builder_.getInt64Ty();
    const int width = reduce_vector_width(instance_);
    const int count = width * kVectorUnroll;
    std::vector<PartialSlot> accumulators;
    for (int k = 0; k < count; ++k) {
        accumulators.push_back(new_partial_slot("vacc"));
        store_partial(accumulators.back(), empty_partial());
    }
    llvm::AllocaInst* position = entry_alloca(i64, "vr");
    auto fold = [&](int k, llvm::Value* mapped) { fold_into(accumulators[k], mapped); };
    // Loads the vectors at `r` of every array input: [input][element] register values.
    auto load_vectors = [&](llvm::Value* r) {
        std::vector<std::vector<llvm::Value*>> elements;
        for (int a = 0; a < array_inputs_; ++a) {
            const auto p = static_cast<std::size_t>(param_of_operand_[static_cast<std::size_t>(a)]);
            ScalarType type = instance_.params[p].type;
            llvm::Type* stored = storage_type(type);
            auto* vector = llvm::FixedVectorType::get(stored, static_cast<unsigned>(width));
            llvm::Value* address =
                builder_.CreateGEP(stored, pointers_[static_cast<std::size_t>(a)],
                                   builder_.CreateAdd(outer_[static_cast<std::size_t>(a)], r));
            llvm::Value* loaded = builder_.CreateAlignedLoad(
                vector, address,
                llvm::Align(static_cast<std::uint64_t>(width) * size_in_bytes(type)));
            std::vector<llvm::Value*> lanes_of;
            for (int k = 0; k < width; ++k) {
                lanes_of.push_back(from_storage(
                    builder_.CreateExtractElement(loaded, static_cast<std::uint64_t>(k)), type));
            }
            elements.push_back(std::move(lanes_of));
        }
        if (instance_.uses_position) {
            // The position operand has stride 1 here too (the plan's promise): r + k.
            std::vector<llvm::Value*> positions;
            for (int k = 0; k < width; ++k) {
                positions.push_back(
                    builder_.CreateAdd(r, builder_.getInt64(static_cast<std::uint64_t>(k))));
            }
            elements.push_back(std::move(positions));
        }
        return elements;
    };
    auto map_lane = [&](const std::vector<std::vector<llvm::Value*>>& elements, int k) {
        std::vector<llvm::Value*> values_of;
        for (const auto& input : elements) {
            values_of.push_back(input[static_cast<std::size_t>(k)]);
        }
        return map_values(values_of);
    };
    llvm::Value* span = builder_.CreateSub(r_end, r_begin);
    llvm::Value* full_end = builder_.CreateAdd(
        r_begin, builder_.CreateAnd(span, builder_.getInt64(~std::uint64_t(width - 1))));
    llvm::Value* v = builder_.getInt64(static_cast<std::uint64_t>(width));
    llvm::Value* step = builder_.CreateMul(lanes, v);
    builder_.CreateStore(builder_.CreateAdd(r_begin, builder_.CreateMul(lane, v)), position);
    // kVectorUnroll vectors a step apart per iteration.
    emit_slot_loop(
        builder_,
        {position,
         step,
         full_end,
         kVectorUnroll,
         {"vectors.header", "vectors.body", "vectors.exit"}},
        [&](llvm::Value* r) {
            std::vector<std::vector<std::vector<llvm::Value*>>> loaded;
            for (int u = 0; u < kVectorUnroll; ++u) {
                loaded.push_back(load_vectors(builder_.CreateAdd(
                    r,
                    builder_.CreateMul(step, builder_.getInt64(static_cast<std::uint64_t>(u))))));
            }
            for (int u = 0; u < kVectorUnroll; ++u) {
                for (int k = 0; k < width; ++k) {
                    fold(u * width + k, map_lane(loaded[static_cast<std::size_t>(u)], k));
                }
            }
        });
    // Whole vectors left, one at a time.
    emit_slot_loop(
        builder_,
        {position, step, full_end, 1, {"vectors.rest", "vectors.rest.body", "vectors.rest.exit"}},
        [&](llvm::Value* r) {
            auto loaded = load_vectors(r);
            for (int k = 0; k < width; ++k) {
                fold(k, map_lane(loaded, k));
            }
        });
    std::vector<Partial> partials;
    for (const PartialSlot& accumulator : accumulators) {
        partials.push_back(load_partial(accumulator));
    }
    Partial vectors = combine_all(partials, [&](Partial a, Partial b) { return combine(a, b); });
    // Positions past the last whole vector: one element per lane.
    Partial tail = accumulate_scalars(builder_.CreateAdd(full_end, lane), lanes, r_end,
                                      /*one_dim=*/true, /*index32=*/false);
    return combine(vectors, tail);
}

Partial ReductionEmitter::accumulate(llvm::Value* lane, llvm::Value* lanes, llvm::Value* r_begin,
                                     llvm::Value* r_end) {
    const PartialSlot share = new_partial_slot("share");
    llvm::BasicBlock* done = new_block("share.done");
    auto finish = [&](Partial partial) {
        store_partial(share, partial);
        builder_.CreateBr(done);
    };
    llvm::Value* flags = plan_word(kReducePlanFlags);
    auto flag = [&](int bit) {
        return builder_.CreateICmpNE(
            builder_.CreateAnd(flags, builder_.getInt64(static_cast<std::uint64_t>(bit))),
            builder_.getInt64(0));
    };
    llvm::BasicBlock* scalars = new_block("share.scalars");
    if (rows_) {
        builder_.CreateBr(scalars); // kReduceVector is for the lanes mapping only
    } else {
        llvm::BasicBlock* vectors = new_block("share.vectors");
        builder_.CreateCondBr(flag(kReduceVector), vectors, scalars);
        builder_.SetInsertPoint(vectors);
        finish(accumulate_vectors(lane, lanes, r_begin, r_end));
    }

    builder_.SetInsertPoint(scalars);
    llvm::Value* first = builder_.CreateAdd(r_begin, lane);
    llvm::BasicBlock* one_dim = new_block("share.one_dim");
    llvm::BasicBlock* general = new_block("share.general");
    builder_.CreateCondBr(
        builder_.CreateICmpULE(plan_word(kReducePlanReduceNdim), builder_.getInt64(1)), one_dim,
        general);
    builder_.SetInsertPoint(one_dim);
    finish(accumulate_scalars(first, lanes, r_end, true, false));
    builder_.SetInsertPoint(general);
    llvm::BasicBlock* narrow = new_block("share.index32");
    llvm::BasicBlock* wide = new_block("share.index64");
    builder_.CreateCondBr(flag(kReduceIndex32), narrow, wide);
    builder_.SetInsertPoint(narrow);
    finish(accumulate_scalars(first, lanes, r_end, false, true));
    builder_.SetInsertPoint(wide);
    finish(accumulate_scalars(first, lanes, r_end, false, false));

    builder_.SetInsertPoint(done);
    return load_partial(share);
}

// ---------------------------------------------------------------------------------------------
// The kernel
// ---------------------------------------------------------------------------------------------

void ReductionEmitter::emit_gpu_kernel(bool rows) {
    rows_ = rows;
    begin_function(create_gpu_function());
    load_arguments(nullptr);
    llvm::Type* i32 = builder_.getInt32Ty();
    llvm::Type* i64 = builder_.getInt64Ty();
    input_size_ = plan_word(kReducePlanInputSize);
    output_size_ = plan_word(kReducePlanOutputs);

    auto* shared_values_type =
        llvm::ArrayType::get(i64, static_cast<std::uint64_t>(kReduceBlockSize * components()));
    shared_values_ = new llvm::GlobalVariable(
        module_, shared_values_type, false, llvm::GlobalValue::InternalLinkage,
        llvm::UndefValue::get(shared_values_type),
        reduction_gpu_symbol(instance_, rows_) + ".shared", nullptr,
        llvm::GlobalValue::NotThreadLocal, kSharedSpace);
    shared_values_->setAlignment(llvm::Align(8));
    if (!has_identity_) {
        auto* valid_type = llvm::ArrayType::get(builder_.getInt8Ty(), kReduceBlockSize);
        shared_valid_ =
            new llvm::GlobalVariable(module_, valid_type, false, llvm::GlobalValue::InternalLinkage,
                                     llvm::UndefValue::get(valid_type),
                                     reduction_gpu_symbol(instance_, rows_) + ".shared_valid",
                                     nullptr, llvm::GlobalValue::NotThreadLocal, kSharedSpace);
    }
    shared_flag_ = new llvm::GlobalVariable(
        module_, i32, false, llvm::GlobalValue::InternalLinkage, llvm::UndefValue::get(i32),
        reduction_gpu_symbol(instance_, rows_) + ".last", nullptr,
        llvm::GlobalValue::NotThreadLocal, kSharedSpace);

    llvm::Value* outputs = plan_word(kReducePlanOutputs);
    llvm::Value* reduced = plan_word(kReducePlanReduced);
    llvm::Value* slices = plan_word(kReducePlanSlices);
    llvm::Value* slice_length = plan_word(kReducePlanSliceLength);
    llvm::Value* lane_shift = builder_.CreateTrunc(plan_word(kReducePlanLaneShift), i32);
    llvm::Value* out_shift = builder_.CreateTrunc(plan_word(kReducePlanOutputShift), i32);
    tid_ = special_register(llvm::Intrinsic::nvvm_read_ptx_sreg_tid_x);
    lanes_first_ = builder_.getInt1(!rows_); // each kernel has one thread mapping
    lane_count_ = builder_.CreateShl(builder_.getInt32(1), lane_shift);
    out_count_ = builder_.CreateShl(builder_.getInt32(1), out_shift);
    llvm::Value* one = builder_.getInt32(1);
    lane_ = builder_.CreateSelect(lanes_first_,
                                  builder_.CreateAnd(tid_, builder_.CreateSub(lane_count_, one)),
                                  builder_.CreateLShr(tid_, out_shift), "lane");
    out_lane_ = builder_.CreateSelect(lanes_first_, builder_.CreateLShr(tid_, lane_shift),
                                      builder_.CreateAnd(tid_, builder_.CreateSub(out_count_, one)),
                                      "out_lane");
    llvm::Value* column =
        builder_.CreateZExt(special_register(llvm::Intrinsic::nvvm_read_ptx_sreg_ctaid_x), i64);
    llvm::Value* slice =
        builder_.CreateZExt(special_register(llvm::Intrinsic::nvvm_read_ptx_sreg_ctaid_y), i64);
    llvm::Value* output =
        builder_.CreateAdd(builder_.CreateShl(column, builder_.CreateZExt(out_shift, i64)),
                           builder_.CreateZExt(out_lane_, i64), "o");
    llvm::Value* output_valid = builder_.CreateICmpSLT(output, outputs);
    llvm::Value* r_begin = builder_.CreateMul(slice, slice_length);
    llvm::Value* r_stop = builder_.CreateAdd(r_begin, slice_length);
    llvm::Value* r_end =
        builder_.CreateSelect(builder_.CreateICmpSLT(r_stop, reduced), r_stop, reduced);
    llvm::Value* safe_output = builder_.CreateSelect(output_valid, output, builder_.getInt64(0));
    outer_ = decompose(safe_output, plan_word(kReducePlanOuterNdim), kReducePlanOuterExtent,
                       kReducePlanOuterDivisor, kReducePlanOuterStride, plan_inputs_ + outputs_,
                       /*index32=*/false);
    llvm::Value* lane64 = builder_.CreateZExt(lane_, i64);
    llvm::Value* lanes64 = builder_.CreateZExt(lane_count_, i64);

    // This thread's share.
    const PartialSlot share = new_partial_slot("mine");
    {
        store_partial(share, empty_partial());
        llvm::BasicBlock* work = new_block("share");
        llvm::BasicBlock* joined = new_block("share.joined");
        builder_.CreateCondBr(output_valid, work, joined);
        builder_.SetInsertPoint(work);
        store_partial(share, accumulate(lane64, lanes64, r_begin, r_end));
        builder_.CreateBr(joined);
        builder_.SetInsertPoint(joined);
    }
    Partial block = block_reduce(load_partial(share));
    llvm::Value* writer =
        builder_.CreateAnd(output_valid, builder_.CreateICmpEQ(lane_, builder_.getInt32(0)));
    auto post_if_writer = [&](llvm::Value* a) {
        llvm::BasicBlock* write = new_block("post");
        llvm::BasicBlock* end = new_block("post.done");
        builder_.CreateCondBr(writer, write, end);
        builder_.SetInsertPoint(write);
        emit_post(a);
        builder_.CreateBr(end);
        builder_.SetInsertPoint(end);
    };

    llvm::BasicBlock* single = new_block("single");
    llvm::BasicBlock* several = new_block("several");
    builder_.CreateCondBr(builder_.CreateICmpEQ(slices, builder_.getInt64(1)), single, several);
    builder_.SetInsertPoint(single);
    post_if_writer(block.value);
    builder_.CreateRetVoid();

    // Several slices: leave the partial, count the block, the last one finishes the column.
    builder_.SetInsertPoint(several);
    llvm::Type* stored = partial_storage_type();
    {
        llvm::BasicBlock* write = new_block("partial.write");
        llvm::BasicBlock* written = new_block("partial.written");
        builder_.CreateCondBr(writer, write, written);
        builder_.SetInsertPoint(write);
        llvm::Value* index = builder_.CreateAdd(builder_.CreateMul(slice, outputs), output);
        builder_.CreateStore(partial_to_storage(block.value),
                             builder_.CreateGEP(stored, partials_, index));
        builder_.CreateBr(written);
        builder_.SetInsertPoint(written);
    }
    builder_.CreateIntrinsic(llvm::Intrinsic::nvvm_membar_gl, llvm::ArrayRef<llvm::Type*>{},
                             llvm::ArrayRef<llvm::Value*>{});
    barrier();
    {
        llvm::BasicBlock* count = new_block("count");
        llvm::BasicBlock* counted = new_block("counted");
        builder_.CreateCondBr(builder_.CreateICmpEQ(tid_, builder_.getInt32(0)), count, counted);
        builder_.SetInsertPoint(count);
        llvm::Value* semaphore = builder_.CreateGEP(i32, semaphores_, column);
        llvm::Value* ticket =
            builder_.CreateAtomicRMW(llvm::AtomicRMWInst::Add, semaphore, builder_.getInt32(1),
                                     llvm::Align(4), llvm::AtomicOrdering::Monotonic);
        llvm::Value* last = builder_.CreateICmpEQ(builder_.CreateZExt(ticket, i64),
                                                  builder_.CreateSub(slices, builder_.getInt64(1)));
        builder_.CreateStore(builder_.CreateZExt(last, i32), shared_flag_);
        builder_.CreateBr(counted);
        builder_.SetInsertPoint(counted);
    }
    barrier();
    llvm::BasicBlock* finish = new_block("finish");
    llvm::BasicBlock* leave = new_block("leave");
    builder_.CreateCondBr(
        builder_.CreateICmpNE(builder_.CreateLoad(i32, shared_flag_), builder_.getInt32(0)), finish,
        leave);
    builder_.SetInsertPoint(leave);
    builder_.CreateRetVoid();

    builder_.SetInsertPoint(finish);
    builder_.CreateIntrinsic(llvm::Intrinsic::nvvm_membar_gl, llvm::ArrayRef<llvm::Type*>{},
                             llvm::ArrayRef<llvm::Value*>{});
    {
        store_partial(share, empty_partial());
        llvm::BasicBlock* gather = new_block("gather");
        llvm::BasicBlock* gathered = new_block("gathered");
        builder_.CreateCondBr(output_valid, gather, gathered);
        builder_.SetInsertPoint(gather);
        // Slices lane, lane + Rb, ... of this output, in order.
        CountedLoop slices_of_output;
        slices_of_output.begin = lane64;
        slices_of_output.end = slices;
        slices_of_output.step = lanes64;
        slices_of_output.index_name = "t";
        slices_of_output.blocks = {"gather.header", "gather.body", ""};
        slices_of_output.exit = gathered;
        emit_counted_loop(builder_, slices_of_output, [&](llvm::Value* t, llvm::BasicBlock*) {
            llvm::Value* index = builder_.CreateAdd(builder_.CreateMul(t, outputs), output);
            llvm::Value* address = builder_.CreateGEP(stored, partials_, index);
            llvm::Value* loaded = nullptr;
            if (components() == 1) {
                llvm::LoadInst* load = builder_.CreateLoad(stored, address);
                load->setVolatile(true); // written by other blocks: not from a stale L1 line
                loaded = load;
            } else {
                loaded = llvm::PoisonValue::get(stored);
                for (int k = 0; k < components(); ++k) {
                    llvm::LoadInst* word =
                        builder_.CreateLoad(i64, builder_.CreateConstInBoundsGEP2_32(
                                                     stored, address, 0, static_cast<unsigned>(k)));
                    word->setVolatile(true);
                    loaded = builder_.CreateInsertValue(loaded, word, static_cast<unsigned>(k));
                }
            }
            fold_into(share, partial_from_storage(loaded));
        });
    }
    Partial total = block_reduce(load_partial(share));
    post_if_writer(total.value);
    builder_.CreateRetVoid();
}

} // namespace gpucc::reduction_detail
