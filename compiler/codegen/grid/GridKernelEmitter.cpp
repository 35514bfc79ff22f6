// Jit-style kernels to LLVM IR (GridKernelEmitter.h): the function and its arguments, the GPU
// entry (the body once, `return;` jumping to its end) and the host version (blocks
// [block_begin, block_end) of the launch, numbered x fastest, and in each the block's threads in
// three nested loops, x innermost; a body with barriers or shuffles is cut into several such
// loops, GridBarrierRegions.cpp). Builtins are in GridKernelBuiltins.cpp.
#include "compiler/codegen/grid/GridKernelEmitter.h"

#include "compiler/codegen/common/ArgumentSlots.h"
#include "compiler/codegen/common/Loops.h"
#include "compiler/codegen/grid/GridKernelEmitterImpl.h"
#include "compiler/kir/GridRegions.h"

#include <functional>

namespace gpucc {
namespace grid_detail {

llvm::Function* GridKernelEmitter::create_function() {
    llvm::Type* ptr = builder_.getPtrTy();
    llvm::Type* i64 = builder_.getInt64Ty();
    llvm::FunctionType* type = nullptr;
    std::string name;
    if (target_ == CodegenTarget::Nvptx) {
        std::vector<llvm::Type*> slots;
        for (const kir::Param& param : instance_.params) {
            if (param.is_raw) {
                slots.push_back(ptr);
                slots.insert(slots.end(), 1 + 2 * static_cast<std::size_t>(param.rank), i64);
                continue;
            }
            slots.push_back(gpu_scalar_slot_type(storage_type(param.type)));
        }
        type = llvm::FunctionType::get(builder_.getVoidTy(), slots, false);
        name = grid_gpu_symbol(instance_, entry_);
    } else {
        type = llvm::FunctionType::get(builder_.getVoidTy(), {ptr, ptr, i64, i64}, false);
        name = grid_host_symbol(module_.getName().str(), instance_, isa_, entry_);
    }
    llvm::Function* function =
        llvm::Function::Create(type, llvm::Function::ExternalLinkage, name, module_);
    function->setDoesNotThrow();
    if (target_ == CodegenTarget::Nvptx) {
        function->setCallingConv(llvm::CallingConv::PTX_Kernel);
        unsigned slot = 0;
        for (const kir::Param& param : instance_.params) {
            if (param.is_raw) {
                // Arrays are at least element-aligned (the runtime's allocations are 256-byte
                // aligned; views move by whole elements).
                function->addParamAttr(slot, llvm::Attribute::getWithAlignment(
                                                 context_, llvm::Align(size_in_bytes(param.type))));
                slot += 2 + 2 * static_cast<unsigned>(param.rank);
            } else {
                ++slot;
            }
        }
    } else {
        set_host_cpu(*function, isa_);
    }
    return function;
}

void GridKernelEmitter::load_arguments() {
    std::size_t count = instance_.params.size();
    array_pointers_.assign(count, nullptr);
    array_sizes_.assign(count, nullptr);
    array_shapes_.assign(count, {});
    array_strides_.assign(count, {});
    element_.assign(count, {});
    ArgumentReader slots(builder_, *function_, host_args_); // host_args_ is null on the GPU
    for (std::size_t p = 0; p < count; ++p) {
        const kir::Param& param = instance_.params[p];
        if (param.is_raw) {
            array_pointers_[p] = slots.value(builder_.getPtrTy());
            array_pointers_[p]->setName(param.name + ".ptr");
            array_sizes_[p] = slots.value(builder_.getInt64Ty());
            array_sizes_[p]->setName(param.name + ".size");
            for (auto* axes : {&array_shapes_[p], &array_strides_[p]}) {
                for (int axis = 0; axis < param.rank; ++axis) {
                    axes->push_back(slots.value(builder_.getInt64Ty()));
                    axes->back()->setName(param.name +
                                          (axes == &array_shapes_[p] ? ".shape" : ".strides") +
                                          std::to_string(axis));
                }
            }
            continue;
        }
        element_[p].value = from_storage(slots.scalar(storage_type(param.type)), param.type);
        element_[p].value->setName(param.name);
    }
}

void GridKernelEmitter::emit_gpu_body() {
    llvm::BasicBlock* done = new_block("thread.end");
    element_end_ = done;
    emit_stmt(*instance_.body);
    if (block_is_open()) {
        builder_.CreateBr(done);
    }
    builder_.SetInsertPoint(done);
    builder_.CreateRetVoid();
}

void GridKernelEmitter::load_host_shape() {
    auto shape_word = [&](int offset) {
        llvm::Value* address =
            builder_.CreateConstInBoundsGEP1_64(builder_.getInt8Ty(), host_shape_, offset);
        return builder_.CreateLoad(builder_.getInt32Ty(), address);
    };
    for (std::size_t d = 0; d < 3; ++d) {
        grid_dim_[d] = shape_word(kHostGridShapeGrid + 4 * static_cast<int>(d));
        block_dim_[d] = shape_word(kHostGridShapeBlock + 4 * static_cast<int>(d));
    }
    // At most 1024 threads (the launcher checks): the product fits 32 bits.
    thread_count_ = builder_.CreateNUWMul(builder_.CreateNUWMul(block_dim_[0], block_dim_[1]),
                                          block_dim_[2], "threads");
}

void GridKernelEmitter::emit_host_blocks() {
    llvm::Type* i32 = builder_.getInt32Ty();
    llvm::Type* i64 = builder_.getInt64Ty();
    llvm::Value* grid_x = builder_.CreateZExt(grid_dim_[0], i64);
    llvm::Value* grid_y = builder_.CreateZExt(grid_dim_[1], i64);
    llvm::Value* zero = builder_.getInt32(0);
    // `for (i = begin; i < end; ++i)`, unsigned; `return;` in the body jumps to the latch.
    auto counted = [](llvm::Value* begin, llvm::Value* end, const std::string& name) {
        CountedLoop loop;
        loop.begin = begin;
        loop.end = end;
        loop.compare = LoopCompare::UnsignedLess;
        loop.index_name = name;
        loop.blocks = {name + ".cond", name + ".body", name + ".end", name + ".next"};
        return loop;
    };
    // Threads z, y, x from `dim` inwards, then the body; `return;` ends the thread's iteration.
    const char* const thread_names[3] = {"tx", "ty", "tz"};
    std::function<void(int)> thread_loops = [&](int dim) {
        if (dim < 0) {
            emit_stmt(*instance_.body);
            return;
        }
        emit_counted_loop(builder_, counted(zero, block_dim_[dim], thread_names[dim]),
                          [&](llvm::Value* thread, llvm::BasicBlock* next) {
                              thread_idx_[dim] = thread;
                              element_end_ = next;
                              thread_loops(dim - 1);
                          });
    };
    emit_counted_loop(
        builder_, counted(function_->getArg(2), function_->getArg(3), "block"),
        [&](llvm::Value* block, llvm::BasicBlock*) {
            llvm::Value* rest = builder_.CreateUDiv(block, grid_x);
            block_idx_[0] = builder_.CreateTrunc(builder_.CreateURem(block, grid_x), i32);
            block_idx_[1] = builder_.CreateTrunc(builder_.CreateURem(rest, grid_y), i32);
            block_idx_[2] = builder_.CreateTrunc(builder_.CreateUDiv(rest, grid_y), i32);
            thread_loops(2);
        });
    builder_.CreateRetVoid();
}

llvm::Function* GridKernelEmitter::emit() {
    if (target_ == CodegenTarget::Host && !grid_runs_on_host(instance_)) {
        return nullptr;
    }
    function_ = create_function();
    builder_.SetInsertPoint(llvm::BasicBlock::Create(context_, "entry", function_));
    if (target_ == CodegenTarget::Host) {
        host_args_ = function_->getArg(0);
        host_shape_ = function_->getArg(1);
    }
    load_arguments();
    if (target_ == CodegenTarget::Host) {
        load_host_shape();
    }
    locals_.assign(instance_.locals.size(), nullptr);
    for (const auto& variable : instance_.locals) {
        if (!variable->is_shared()) {
            locals_[variable->id] =
                builder_.CreateAlloca(register_type(variable->type), nullptr, variable->name);
        }
    }
    create_shared_arrays();
    if (target_ == CodegenTarget::Nvptx) {
        emit_gpu_body();
    } else if (splits_threads(*instance_.body)) {
        entry_block_ = builder_.GetInsertBlock();
        emit_host_regions();
    } else {
        emit_host_blocks();
    }
    return function_;
}

} // namespace grid_detail

llvm::Function* emit_grid_kernel(const kir::GridKernelInstance& instance, CodegenTarget target,
                                 llvm::Module& module, HostIsa isa, EntryKind entry) {
    return grid_detail::GridKernelEmitter(instance, target, module, isa, entry).emit();
}

} // namespace gpucc
