// The host version of a jit-style kernel whose body has barriers (syncthreads, syncwarp) or warp
// shuffles. A GPU runs a block's threads together; the CPU runs them one after another, so the
// body is cut at every barrier into regions, and each region becomes its own loop over the
// block's threads (z, y, x, x innermost): every thread finishes one region before any starts the
// next, which is what a barrier promises ("work-item loops", as POCL and CuPBoP lower OpenCL and
// CUDA kernels for CPUs). Locals whose values cross a cut live in an array with one element per
// thread; the others stay scalars SROA promotes, so a region without cross-thread state is a
// plain counted loop the loop vectoriser can take. Shared arrays are the block's stack arrays
// (GridKernelBuiltins.cpp). A branch or loop with a barrier inside is evaluated per thread into a
// flag array, and its regions run the threads whose flags are set (a loop repeats while any
// thread is still in it; `break` and `continue` clear the thread's flags, `return;` its `alive`
// flag), so barriers in uniform control flow, the only kind CUDA defines, mean what they mean on
// the GPU. A shuffle is a barrier among a warp's lanes: the loop before the statement holding it
// evaluates its operands for every thread, and the statement's loop reads the source lane's value
// from there. The cut is made here, on the kernel IR, rather than as an LLVM pass over the host
// module: the IR still has the structured statements (a `for` whose body holds a barrier is a
// ForStmt, not a cycle to rediscover), its locals are not yet SSA values to be found live across
// a barrier, and a region's thread loop is emitted directly in the clean counted form the
// vectoriser wants.
#include "compiler/codegen/common/Loops.h"
#include "compiler/codegen/grid/GridKernelEmitterImpl.h"
#include "compiler/diag/InternalError.h"
#include "compiler/kir/GridRegions.h"

namespace gpucc::grid_detail {

llvm::Value* GridKernelEmitter::per_thread_array(llvm::Type* type, const char* name) {
    llvm::IRBuilder<> entry(entry_block_->getTerminator());
    auto* array = entry.CreateAlloca(type, thread_count_, name);
    array->setAlignment(llvm::Align(64));
    return array;
}

llvm::Value* GridKernelEmitter::thread_flags_array(const char* name) {
    return per_thread_array(builder_.getInt8Ty(), name);
}

void GridKernelEmitter::choose_per_thread_locals() {
    // Mirrors emit_region's cuts: every thread loop is a unit; a local seen in two units (its
    // declaration counts) crosses a cut and needs one value per thread.
    std::size_t count = instance_.locals.size();
    std::vector<int> unit_of(count, -1);
    std::vector<bool> crosses(count, false);
    int unit = 0;
    auto note_variable = [&](const kir::Variable* variable) {
        auto id = static_cast<std::size_t>(variable->id);
        if (unit_of[id] < 0) {
            unit_of[id] = unit;
        } else if (unit_of[id] != unit) {
            crosses[id] = true;
        }
    };
    auto note_expr = [&](const kir::Expr& expr) {
        if (expr.kind == kir::ExprKind::LocalRef) {
            note_variable(static_cast<const kir::LocalRefExpr&>(expr).variable);
        }
    };
    auto note_stmt = [&](const kir::Stmt& stmt) {
        for_each_in_stmt(
            stmt,
            [&](const kir::Stmt& s) {
                if (s.kind == kir::StmtKind::Decl) {
                    note_variable(static_cast<const kir::DeclStmt&>(s).variable);
                }
            },
            note_expr);
    };
    auto note_piece = [&](const kir::Expr* expr) {
        ++unit;
        if (expr != nullptr) {
            for_each_expr(*expr, note_expr);
            if (has_shuffle(*expr)) {
                ++unit; // its operands' loop, then its own
                for_each_expr(*expr, note_expr);
            }
        }
    };
    std::function<void(const kir::Stmt&)> region;
    std::function<void(const kir::Stmt&)> split = [&](const kir::Stmt& stmt) {
        switch (stmt.kind) {
        case kir::StmtKind::Block:
            region(stmt);
            return;
        case kir::StmtKind::If: {
            const auto& branch = static_cast<const kir::IfStmt&>(stmt);
            note_piece(branch.condition.get());
            region(*branch.then_branch);
            if (branch.else_branch) {
                region(*branch.else_branch);
            }
            return;
        }
        case kir::StmtKind::For: {
            const auto& loop = static_cast<const kir::ForStmt&>(stmt);
            if (uniform_loop_variable(stmt) != nullptr) {
                region(*loop.body); // init, condition and step run outside the thread loops
                return;
            }
            if (loop.init) {
                region(*loop.init);
            }
            note_piece(loop.condition.get());
            region(*loop.body);
            note_piece(loop.step.get());
            return;
        }
        case kir::StmtKind::While:
            note_piece(static_cast<const kir::WhileStmt&>(stmt).condition.get());
            region(*static_cast<const kir::WhileStmt&>(stmt).body);
            return;
        case kir::StmtKind::DoWhile:
            region(*static_cast<const kir::DoWhileStmt&>(stmt).body);
            note_piece(static_cast<const kir::DoWhileStmt&>(stmt).condition.get());
            return;
        case kir::StmtKind::Sync:
            return;
        default: // a statement holding a shuffle: two loops
            ++unit;
            note_stmt(stmt);
            ++unit;
            note_stmt(stmt);
            return;
        }
    };
    region = [&](const kir::Stmt& stmt) {
        if (stmt.kind != kir::StmtKind::Block) {
            if (cuts_threads(stmt)) {
                split(stmt);
            } else {
                ++unit;
                note_stmt(stmt);
            }
            return;
        }
        bool in_group = false;
        for (const kir::StmtPtr& s : static_cast<const kir::BlockStmt&>(stmt).statements) {
            if (cuts_threads(*s)) {
                in_group = false;
                split(*s);
                continue;
            }
            if (!in_group) {
                ++unit;
                in_group = true;
            }
            note_stmt(*s);
        }
    };
    region(*instance_.body);
    per_thread_locals_.assign(count, nullptr);
    for (const auto& variable : instance_.locals) {
        auto id = static_cast<std::size_t>(variable->id);
        bool uniform = false;
        for_each_in_stmt(
            *instance_.body,
            [&](const kir::Stmt& s) {
                const kir::Variable* loop_variable = uniform_loop_variable(s);
                uniform = uniform || loop_variable == variable.get();
            },
            [](const kir::Expr&) {});
        if (crosses[id] && !variable->is_shared() && invariant_inits_[id] == nullptr && !uniform) {
            per_thread_locals_[id] =
                per_thread_array(register_type(variable->type), variable->name.c_str());
        }
    }
}

llvm::Value* GridKernelEmitter::thread_is_active(const ThreadMask& mask) {
    llvm::Type* i8 = builder_.getInt8Ty();
    auto flag = [&](llvm::Value* array) {
        llvm::Value* address = builder_.CreateInBoundsGEP(i8, array, linear_thread_);
        return builder_.CreateICmpNE(builder_.CreateLoad(i8, address), builder_.getInt8(0));
    };
    llvm::Value* active = tracks_exit_ ? flag(alive_) : nullptr;
    for (llvm::Value* array : mask.flags) {
        llvm::Value* set = flag(array);
        active = active != nullptr ? builder_.CreateAnd(active, set) : set;
    }
    return active;
}

void GridKernelEmitter::emit_thread_loop(const ThreadMask& mask, bool masked,
                                         const std::function<void(llvm::BasicBlock*)>& body) {
    static const char* const kNames[3] = {"tx", "ty", "tz"};
    std::function<void(int, llvm::Value*)> nest = [&](int dim, llvm::Value* outer) {
        CountedLoop loop;
        loop.begin = builder_.getInt32(0);
        loop.end = block_dim_[static_cast<std::size_t>(dim)];
        loop.compare = LoopCompare::UnsignedLess;
        loop.no_wrap = true;
        std::string name = kNames[dim];
        loop.index_name = name;
        loop.blocks = {name + ".cond", name + ".body", name + ".end", name + ".next"};
        emit_counted_loop(builder_, loop, [&](llvm::PHINode* thread, llvm::BasicBlock* next) {
            thread_idx_[static_cast<std::size_t>(dim)] = thread;
            llvm::Value* linear =
                outer == nullptr
                    ? static_cast<llvm::Value*>(thread)
                    : builder_.CreateNUWAdd(
                          builder_.CreateNUWMul(outer, block_dim_[static_cast<std::size_t>(dim)]),
                          thread);
            if (dim > 0) {
                nest(dim - 1, linear);
                return;
            }
            linear_thread_ = linear;
            for (std::size_t id = 0; id < invariant_inits_.size(); ++id) {
                if (invariant_inits_[id] != nullptr) {
                    builder_.CreateStore(emit_expr(*invariant_inits_[id]), locals_[id]);
                }
            }
            for (std::size_t id = 0; id < per_thread_locals_.size(); ++id) {
                if (per_thread_locals_[id] != nullptr) {
                    locals_[id] = builder_.CreateInBoundsGEP(
                        register_type(instance_.locals[id]->type), per_thread_locals_[id], linear);
                }
            }
            element_end_ = next;
            if (tracks_exit_) {
                // `return;`: the thread takes no part in later regions.
                llvm::BasicBlock* here = builder_.GetInsertBlock();
                llvm::BasicBlock* exit = new_block("thread.exit");
                builder_.SetInsertPoint(exit);
                builder_.CreateStore(
                    builder_.getInt8(0),
                    builder_.CreateInBoundsGEP(builder_.getInt8Ty(), alive_, linear));
                builder_.CreateBr(next);
                builder_.SetInsertPoint(here);
                element_end_ = exit;
            }
            if (masked) {
                if (llvm::Value* active = thread_is_active(mask)) {
                    llvm::BasicBlock* run = new_block("thread.run");
                    builder_.CreateCondBr(active, run, next);
                    builder_.SetInsertPoint(run);
                }
            }
            body(next);
        });
    };
    nest(2, nullptr);
}

void GridKernelEmitter::emit_shuffle_operands(const std::vector<const kir::ShuffleExpr*>& shuffles,
                                              const ThreadMask& mask) {
    llvm::Type* i32 = builder_.getInt32Ty();
    for (const kir::ShuffleExpr* shuffle : shuffles) {
        ShuffleSlots slots;
        slots.values = per_thread_array(register_type(shuffle->type), "shfl.values");
        slots.sources = per_thread_array(i32, "shfl.sources");
        shuffle_slots_[shuffle] = slots;
    }
    emit_thread_loop(mask, true, [&](llvm::BasicBlock*) {
        for (const kir::ShuffleExpr* shuffle : shuffles) {
            const ShuffleSlots& slots = shuffle_slots_.at(shuffle);
            emit_expr(*shuffle->mask); // evaluated as on the GPU; the CPU needs no lane mask
            llvm::Value* value = emit_expr(*shuffle->value);
            llvm::Value* b = emit_expr(*shuffle->lane);
            llvm::Value* width = emit_expr(*shuffle->width);
            builder_.CreateStore(
                value, builder_.CreateInBoundsGEP(value->getType(), slots.values, linear_thread_));
            // PTX's shfl.sync: the segment mask, the lowest and highest lane of the segment.
            llvm::Value* lane = builder_.CreateAnd(linear_thread_, builder_.getInt32(31));
            llvm::Value* segment = builder_.CreateAnd(
                builder_.CreateSub(builder_.getInt32(32), width), builder_.getInt32(31));
            llvm::Value* inside =
                builder_.CreateAnd(builder_.CreateNot(segment), builder_.getInt32(31));
            llvm::Value* min_lane = builder_.CreateAnd(lane, segment);
            llvm::Value* max_lane = builder_.CreateOr(min_lane, inside);
            llvm::Value* source = nullptr;
            llvm::Value* valid = nullptr;
            switch (shuffle->op) {
            case kir::ShuffleOp::Idx:
                source = builder_.CreateOr(min_lane, builder_.CreateAnd(b, inside));
                valid = builder_.CreateICmpULE(source, max_lane);
                break;
            case kir::ShuffleOp::Up:
                source = builder_.CreateSub(lane, b);
                valid = builder_.CreateICmpSGE(source, min_lane);
                break;
            case kir::ShuffleOp::Down:
                source = builder_.CreateAdd(lane, b);
                valid = builder_.CreateICmpULE(source, max_lane);
                break;
            case kir::ShuffleOp::Xor:
                source = builder_.CreateXor(lane, b);
                valid = builder_.CreateICmpULE(source, max_lane);
                break;
            }
            // Out of the segment: the thread keeps its own value, as on the GPU. A lane past the
            // block's last thread (a partial warp) does not exist: the thread keeps its own too.
            llvm::Value* thread = builder_.CreateAdd(builder_.CreateSub(linear_thread_, lane),
                                                     builder_.CreateSelect(valid, source, lane));
            thread = builder_.CreateSelect(builder_.CreateICmpULT(thread, thread_count_), thread,
                                           linear_thread_);
            builder_.CreateStore(thread,
                                 builder_.CreateInBoundsGEP(i32, slots.sources, linear_thread_));
        }
    });
}

llvm::Value* GridKernelEmitter::host_shuffle(const kir::ShuffleExpr& shuffle) {
    auto found = shuffle_slots_.find(&shuffle);
    GPUCC_CHECK(found != shuffle_slots_.end(), "a shuffle without its operands' loop");
    llvm::Type* i32 = builder_.getInt32Ty();
    llvm::Type* type = register_type(shuffle.type);
    llvm::Value* source = builder_.CreateLoad(
        i32, builder_.CreateInBoundsGEP(i32, found->second.sources, linear_thread_));
    return builder_.CreateLoad(type,
                               builder_.CreateInBoundsGEP(type, found->second.values, source));
}

void GridKernelEmitter::emit_thread_group(const std::vector<const kir::Stmt*>& statements,
                                          const ThreadMask& mask) {
    std::vector<const kir::ShuffleExpr*> shuffles;
    for (const kir::Stmt* stmt : statements) {
        const kir::Expr* expr = nullptr;
        if (stmt->kind == kir::StmtKind::ExprStmt) {
            expr = static_cast<const kir::ExprStmt*>(stmt)->expr.get();
        } else if (stmt->kind == kir::StmtKind::Decl) {
            expr = static_cast<const kir::DeclStmt*>(stmt)->init.get();
        }
        if (expr != nullptr) {
            for (const kir::ShuffleExpr* shuffle : outer_shuffles(*expr)) {
                shuffles.push_back(shuffle);
            }
        }
    }
    if (!shuffles.empty()) {
        emit_shuffle_operands(shuffles, mask);
    }
    emit_thread_loop(mask, true, [&](llvm::BasicBlock* next) {
        bool in_split_loop = mask.loop_flags != nullptr;
        if (in_split_loop) {
            // `break` and `continue` of the loop whose body holds the barrier.
            llvm::BasicBlock* here = builder_.GetInsertBlock();
            llvm::Type* i8 = builder_.getInt8Ty();
            auto clear = [&](llvm::Value* array) {
                builder_.CreateStore(builder_.getInt8(0),
                                     builder_.CreateInBoundsGEP(i8, array, linear_thread_));
            };
            llvm::BasicBlock* leave = new_block("thread.break");
            builder_.SetInsertPoint(leave);
            clear(mask.loop_flags);
            clear(mask.iteration_flags);
            builder_.CreateBr(next);
            llvm::BasicBlock* skip = new_block("thread.continue");
            builder_.SetInsertPoint(skip);
            clear(mask.iteration_flags);
            builder_.CreateBr(next);
            builder_.SetInsertPoint(here);
            break_targets_.push_back(leave);
            continue_targets_.push_back(skip);
        }
        for (const kir::Stmt* stmt : statements) {
            emit_stmt(*stmt);
        }
        if (in_split_loop) {
            break_targets_.pop_back();
            continue_targets_.pop_back();
        }
    });
    for (const kir::ShuffleExpr* shuffle : shuffles) {
        shuffle_slots_.erase(shuffle);
    }
}

llvm::Value* GridKernelEmitter::emit_thread_condition(const kir::Expr* condition,
                                                      const ThreadMask& mask,
                                                      const std::vector<llvm::Value*>& into,
                                                      llvm::Value* negated, llvm::Value* any) {
    std::vector<const kir::ShuffleExpr*> shuffles;
    if (condition != nullptr) {
        shuffles = outer_shuffles(*condition);
        if (!shuffles.empty()) {
            emit_shuffle_operands(shuffles, mask);
        }
    }
    llvm::Type* i8 = builder_.getInt8Ty();
    emit_thread_loop(mask, false, [&](llvm::BasicBlock*) {
        llvm::Value* active = thread_is_active(mask);
        llvm::Value* taken = nullptr;
        llvm::Value* not_taken = nullptr;
        if (condition == nullptr) {
            taken = active != nullptr ? active : builder_.getTrue();
            not_taken = builder_.getFalse();
        } else if (active == nullptr) {
            taken = emit_expr(*condition);
            not_taken = builder_.CreateNot(taken);
        } else {
            // The condition only for active threads (it may read out of bounds otherwise).
            llvm::BasicBlock* before = builder_.GetInsertBlock();
            llvm::BasicBlock* test = new_block("cond.test");
            llvm::BasicBlock* join = new_block("cond.join");
            builder_.CreateCondBr(active, test, join);
            builder_.SetInsertPoint(test);
            llvm::Value* value = emit_expr(*condition);
            llvm::Value* inverse = builder_.CreateNot(value);
            llvm::BasicBlock* tested = builder_.GetInsertBlock();
            builder_.CreateBr(join);
            builder_.SetInsertPoint(join);
            llvm::PHINode* phi = builder_.CreatePHI(builder_.getInt1Ty(), 2);
            phi->addIncoming(builder_.getFalse(), before);
            phi->addIncoming(value, tested);
            llvm::PHINode* other = builder_.CreatePHI(builder_.getInt1Ty(), 2);
            other->addIncoming(builder_.getFalse(), before);
            other->addIncoming(inverse, tested);
            taken = phi;
            not_taken = other;
        }
        for (llvm::Value* array : into) {
            builder_.CreateStore(builder_.CreateZExt(taken, i8),
                                 builder_.CreateInBoundsGEP(i8, array, linear_thread_));
        }
        if (negated != nullptr) {
            builder_.CreateStore(builder_.CreateZExt(not_taken, i8),
                                 builder_.CreateInBoundsGEP(i8, negated, linear_thread_));
        }
        if (any != nullptr) {
            builder_.CreateStore(
                builder_.CreateOr(builder_.CreateLoad(i8, any), builder_.CreateZExt(taken, i8)),
                any);
        }
    });
    for (const kir::ShuffleExpr* shuffle : shuffles) {
        shuffle_slots_.erase(shuffle);
    }
    return into.empty() ? nullptr : into.front();
}

void GridKernelEmitter::emit_split_loop(const kir::Stmt* init, const kir::Expr* condition,
                                        const kir::Expr* step, const kir::Stmt& body,
                                        bool test_first, const ThreadMask& mask) {
    if (init != nullptr) {
        emit_region(*init, mask);
    }
    llvm::Value* loop_flags = thread_flags_array("loop.active");
    llvm::Value* iteration_flags = thread_flags_array("iteration.active");
    llvm::Value* any = nullptr;
    {
        llvm::IRBuilder<> entry(entry_block_->getTerminator());
        any = entry.CreateAlloca(builder_.getInt8Ty(), nullptr, "loop.any");
    }
    // Every thread of `mask` enters the loop.
    emit_thread_condition(nullptr, mask, {loop_flags}, nullptr, nullptr);
    ThreadMask in_loop;
    in_loop.flags = {loop_flags};
    ThreadMask in_body;
    in_body.flags = {iteration_flags};
    in_body.loop_flags = loop_flags;
    in_body.iteration_flags = iteration_flags;
    llvm::BasicBlock* top = new_block("split.loop");
    llvm::BasicBlock* exit = new_block("split.end");
    builder_.CreateBr(top);
    builder_.SetInsertPoint(top);
    auto test = [&](llvm::BasicBlock* stay) {
        builder_.CreateStore(builder_.getInt8(0), any);
        std::vector<llvm::Value*> into{loop_flags};
        if (test_first) {
            into.push_back(iteration_flags);
        }
        emit_thread_condition(condition, in_loop, into, nullptr, any);
        llvm::Value* some = builder_.CreateICmpNE(builder_.CreateLoad(builder_.getInt8Ty(), any),
                                                  builder_.getInt8(0));
        builder_.CreateCondBr(some, stay, exit);
    };
    if (test_first) {
        llvm::BasicBlock* run = new_block("split.body");
        test(run);
        builder_.SetInsertPoint(run);
    } else {
        emit_thread_condition(nullptr, in_loop, {iteration_flags}, nullptr, nullptr);
    }
    emit_region(body, in_body);
    if (step != nullptr) {
        std::vector<const kir::ShuffleExpr*> shuffles = outer_shuffles(*step);
        if (!shuffles.empty()) {
            emit_shuffle_operands(shuffles, in_loop);
        }
        emit_thread_loop(in_loop, true, [&](llvm::BasicBlock*) { emit_expr(*step); });
        for (const kir::ShuffleExpr* shuffle : shuffles) {
            shuffle_slots_.erase(shuffle);
        }
    }
    if (test_first) {
        builder_.CreateBr(top);
    } else {
        test(top);
    }
    builder_.SetInsertPoint(exit);
}

void GridKernelEmitter::emit_split_stmt(const kir::Stmt& stmt, const ThreadMask& mask) {
    switch (stmt.kind) {
    case kir::StmtKind::Block:
        emit_region(stmt, mask);
        return;
    case kir::StmtKind::Sync:
        return; // the cut itself: the loop before ends for every thread before the next starts
    case kir::StmtKind::If: {
        const auto& branch = static_cast<const kir::IfStmt&>(stmt);
        llvm::Value* then_flags = thread_flags_array("then.active");
        llvm::Value* else_flags = branch.else_branch ? thread_flags_array("else.active") : nullptr;
        emit_thread_condition(branch.condition.get(), mask, {then_flags}, else_flags, nullptr);
        ThreadMask then_mask = mask;
        then_mask.flags.push_back(then_flags);
        emit_region(*branch.then_branch, then_mask);
        if (branch.else_branch) {
            ThreadMask else_mask = mask;
            else_mask.flags.push_back(else_flags);
            emit_region(*branch.else_branch, else_mask);
        }
        return;
    }
    case kir::StmtKind::For: {
        const auto& loop = static_cast<const kir::ForStmt&>(stmt);
        if (uniform_loop_variable(stmt) != nullptr) {
            emit_uniform_loop(loop, mask);
            return;
        }
        emit_split_loop(loop.init.get(), loop.condition.get(), loop.step.get(), *loop.body, true,
                        mask);
        return;
    }
    case kir::StmtKind::While: {
        const auto& loop = static_cast<const kir::WhileStmt&>(stmt);
        emit_split_loop(nullptr, loop.condition.get(), nullptr, *loop.body, true, mask);
        return;
    }
    case kir::StmtKind::DoWhile: {
        const auto& loop = static_cast<const kir::DoWhileStmt&>(stmt);
        emit_split_loop(nullptr, loop.condition.get(), nullptr, *loop.body, false, mask);
        return;
    }
    default: // an expression or declaration holding a shuffle
        emit_thread_group({&stmt}, mask);
        return;
    }
}

bool GridKernelEmitter::cuts_threads(const kir::Stmt& stmt) {
    return splits_threads(stmt) || uniform_loop_variable(stmt) != nullptr;
}

void GridKernelEmitter::emit_uniform_loop(const kir::ForStmt& loop, const ThreadMask& mask) {
    // The same iterations for every thread: one loop around the body's thread loops. A
    // `#pragma unroll` on it is not applied here (nor on the split loops below): unrolling would
    // copy whole thread loops, and the threads, innermost, are what the host vectorises.
    const auto& init = static_cast<const kir::DeclStmt&>(*loop.init);
    builder_.CreateStore(emit_expr(*init.init), locals_[init.variable->id]);
    llvm::BasicBlock* header = new_block("uniform.cond");
    llvm::BasicBlock* body = new_block("uniform.body");
    llvm::BasicBlock* exit = new_block("uniform.end");
    builder_.CreateBr(header);
    builder_.SetInsertPoint(header);
    builder_.CreateCondBr(emit_expr(*loop.condition), body, exit);
    builder_.SetInsertPoint(body);
    emit_region(*loop.body, mask);
    emit_expr(*loop.step);
    builder_.CreateBr(header);
    builder_.SetInsertPoint(exit);
}

void GridKernelEmitter::emit_region(const kir::Stmt& stmt, const ThreadMask& mask) {
    if (stmt.kind != kir::StmtKind::Block) {
        if (cuts_threads(stmt)) {
            emit_split_stmt(stmt, mask);
        } else {
            emit_thread_group({&stmt}, mask);
        }
        return;
    }
    std::vector<const kir::Stmt*> group;
    for (const kir::StmtPtr& s : static_cast<const kir::BlockStmt&>(stmt).statements) {
        if (!cuts_threads(*s)) {
            group.push_back(s.get());
            continue;
        }
        if (!group.empty()) {
            emit_thread_group(group, mask);
            group.clear();
        }
        emit_split_stmt(*s, mask);
    }
    if (!group.empty()) {
        emit_thread_group(group, mask);
    }
}

void GridKernelEmitter::emit_host_regions() {
    llvm::BasicBlock* start = new_block("blocks");
    builder_.CreateBr(start);
    builder_.SetInsertPoint(start);
    tracks_exit_ = has_thread_exit(*instance_.body);
    if (tracks_exit_) {
        alive_ = thread_flags_array("alive");
    }
    invariant_inits_ = thread_invariant_inits(instance_);
    choose_per_thread_locals();
    llvm::Type* i32 = builder_.getInt32Ty();
    llvm::Type* i64 = builder_.getInt64Ty();
    llvm::Value* grid_x = builder_.CreateZExt(grid_dim_[0], i64);
    llvm::Value* grid_y = builder_.CreateZExt(grid_dim_[1], i64);
    CountedLoop blocks;
    blocks.begin = function_->getArg(2);
    blocks.end = function_->getArg(3);
    blocks.compare = LoopCompare::UnsignedLess;
    blocks.index_name = "block";
    blocks.blocks = {"block.cond", "block.body", "block.end", "block.next"};
    emit_counted_loop(builder_, blocks, [&](llvm::Value* block, llvm::BasicBlock*) {
        llvm::Value* rest = builder_.CreateUDiv(block, grid_x);
        block_idx_[0] = builder_.CreateTrunc(builder_.CreateURem(block, grid_x), i32);
        block_idx_[1] = builder_.CreateTrunc(builder_.CreateURem(rest, grid_y), i32);
        block_idx_[2] = builder_.CreateTrunc(builder_.CreateUDiv(rest, grid_y), i32);
        if (tracks_exit_) {
            emit_thread_loop({}, false, [&](llvm::BasicBlock*) {
                builder_.CreateStore(
                    builder_.getInt8(1),
                    builder_.CreateInBoundsGEP(builder_.getInt8Ty(), alive_, linear_thread_));
            });
        }
        emit_region(*instance_.body, ThreadMask{});
    });
    builder_.CreateRetVoid();
}

} // namespace gpucc::grid_detail
