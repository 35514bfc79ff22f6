// The builtins of jit-style kernels in LLVM IR: the thread's coordinates (NVVM special
// registers on the GPU, the host loops' counters on the CPU), shared arrays (addrspace(3)
// globals: a sized one per declaration, and for `shared T buf[];` an external zero-length one,
// which PTX places at the start of the launch's dynamic shared memory; stack arrays of the call
// on the host, which runs its blocks one after another), barriers
// (barrier.cta.sync.aligned.all, bar.warp.sync), atomics (atomicrmw and cmpxchg, relaxed, device
// scope on the GPU, so PTX atom/red without fences, and real atomics on the host where blocks
// run in parallel) and shuffles (shfl.sync on 32-bit words; 64-bit values in two halves; on the
// host, barriers and shuffles are GridBarrierRegions.cpp's).
#include "compiler/codegen/grid/GridKernelEmitterImpl.h"
#include "compiler/diag/InternalError.h"

#include <llvm/IR/Intrinsics.h>
#include <llvm/IR/IntrinsicsNVPTX.h>

namespace gpucc::grid_detail {
namespace {
constexpr unsigned kSharedSpace = 3;
} // namespace

void GridKernelEmitter::create_shared_arrays() {
    shared_arrays_.assign(instance_.locals.size(), nullptr);
    llvm::Value* host_dynamic = nullptr; // every `shared T buf[];` of a host block starts here
    for (const auto& variable : instance_.locals) {
        if (!variable->is_shared()) {
            continue;
        }
        llvm::Type* element = storage_type(variable->type);
        bool dynamic = variable->shared_elements == 0;
        auto* type = llvm::ArrayType::get(
            element, static_cast<std::uint64_t>(dynamic ? 0 : variable->shared_elements));
        llvm::Value* array = nullptr;
        if (target_ == CodegenTarget::Host) {
            // The host runs one block at a time per call: its shared memory is this call's stack,
            // reused by the next block of the range as a GPU reuses a finished block's.
            if (dynamic && host_dynamic == nullptr) {
                llvm::Value* bytes = builder_.CreateLoad(
                    builder_.getInt64Ty(),
                    builder_.CreateConstInBoundsGEP1_64(builder_.getInt8Ty(), host_shape_,
                                                        kHostGridShapeSharedBytes));
                auto* area = builder_.CreateAlloca(builder_.getInt8Ty(), bytes, "shared.dynamic");
                area->setAlignment(llvm::Align(16));
                host_dynamic = area;
            }
            if (dynamic) {
                array = host_dynamic;
            } else {
                auto* alloca = builder_.CreateAlloca(type, nullptr, variable->name);
                alloca->setAlignment(llvm::Align(16));
                array = alloca;
            }
            shared_arrays_[static_cast<std::size_t>(variable->id)] = array;
            continue;
        }
        std::string name = instance_.symbol + "__" + variable->name + "__" +
                           std::to_string(variable->id) + (dynamic ? "__dynamic" : "");
        auto* global = new llvm::GlobalVariable(
            module_, type, false,
            dynamic ? llvm::GlobalValue::ExternalLinkage : llvm::GlobalValue::InternalLinkage,
            dynamic ? nullptr : llvm::UndefValue::get(type), name, nullptr,
            llvm::GlobalValue::NotThreadLocal, kSharedSpace);
        // 16 bytes: vector accesses stay possible, and the dynamic area starts at least there.
        global->setAlignment(llvm::Align(16));
        shared_arrays_[static_cast<std::size_t>(variable->id)] = global;
    }
}

llvm::Value* GridKernelEmitter::grid_value(kir::GridValue value) {
    int which = static_cast<int>(value);
    if (target_ == CodegenTarget::Nvptx) {
        static constexpr llvm::Intrinsic::ID kRegisters[] = {
            llvm::Intrinsic::nvvm_read_ptx_sreg_tid_x,
            llvm::Intrinsic::nvvm_read_ptx_sreg_tid_y,
            llvm::Intrinsic::nvvm_read_ptx_sreg_tid_z,
            llvm::Intrinsic::nvvm_read_ptx_sreg_ctaid_x,
            llvm::Intrinsic::nvvm_read_ptx_sreg_ctaid_y,
            llvm::Intrinsic::nvvm_read_ptx_sreg_ctaid_z,
            llvm::Intrinsic::nvvm_read_ptx_sreg_ntid_x,
            llvm::Intrinsic::nvvm_read_ptx_sreg_ntid_y,
            llvm::Intrinsic::nvvm_read_ptx_sreg_ntid_z,
            llvm::Intrinsic::nvvm_read_ptx_sreg_nctaid_x,
            llvm::Intrinsic::nvvm_read_ptx_sreg_nctaid_y,
            llvm::Intrinsic::nvvm_read_ptx_sreg_nctaid_z,
            llvm::Intrinsic::nvvm_read_ptx_sreg_laneid,
        };
        return builder_.CreateIntrinsic(builder_.getInt32Ty(), kRegisters[which], {});
    }
    if (value == kir::GridValue::LaneId) {
        // The thread's linear index in its block, modulo the warp size.
        llvm::Value* linear = builder_.CreateAdd(
            thread_idx_[0],
            builder_.CreateMul(
                block_dim_[0],
                builder_.CreateAdd(thread_idx_[1],
                                   builder_.CreateMul(block_dim_[1], thread_idx_[2]))));
        return builder_.CreateAnd(linear, builder_.getInt32(31));
    }
    const std::array<llvm::Value*, 3>* group[] = {&thread_idx_, &block_idx_, &block_dim_,
                                                  &grid_dim_};
    return (*group[which / 3])[static_cast<std::size_t>(which % 3)];
}

llvm::Value* GridKernelEmitter::emit_index(const kir::Expr& index, bool narrow_ok) {
    if (narrow_ok && index.kind == kir::ExprKind::Cast) {
        const kir::Expr& inner = *static_cast<const kir::CastExpr&>(index).operand;
        if (inner.type == ScalarType::Int32 || inner.type == ScalarType::UInt32) {
            return emit_expr(inner);
        }
    }
    return emit_expr(index);
}

LValue GridKernelEmitter::emit_grid_lvalue(const kir::Expr& expr) {
    if (expr.kind == kir::ExprKind::RawElement) {
        return ranked_element(static_cast<const kir::RawElementExpr&>(expr));
    }
    const auto& element = static_cast<const kir::SharedElementExpr&>(expr);
    llvm::Value* array = shared_arrays_[static_cast<std::size_t>(element.array->id)];
    // A shared array holds at most 228 KiB: its index needs no 64-bit arithmetic (an index outside
    // it is undefined behaviour at any width).
    llvm::Value* index = emit_index(*element.index, /*narrow_ok=*/true);
    llvm::Value* address = builder_.CreateInBoundsGEP(storage_type(expr.type), array, index);
    return {address, expr.type, expr.type == ScalarType::Bool};
}

void GridKernelEmitter::emit_grid_stmt(const kir::Stmt& stmt) {
    if (stmt.kind == kir::StmtKind::Return) {
        builder_.CreateBr(element_end_);
        return;
    }
    const auto& sync = static_cast<const kir::SyncStmt&>(stmt);
    // On the host a barrier is where the thread loops are cut (GridBarrierRegions.cpp), never
    // an instruction.
    GPUCC_CHECK(target_ == CodegenTarget::Nvptx, "a host barrier outside the region cuts");
    if (sync.warp) {
        builder_.CreateIntrinsic(llvm::Intrinsic::nvvm_bar_warp_sync, {}, {emit_expr(*sync.mask)});
    } else {
        builder_.CreateIntrinsic(llvm::Intrinsic::nvvm_barrier_cta_sync_aligned_all, {},
                                 {builder_.getInt32(0)});
    }
}

llvm::Value* GridKernelEmitter::emit_grid_expr(const kir::Expr& expr) {
    switch (expr.kind) {
    case kir::ExprKind::GridValue:
        return grid_value(static_cast<const kir::GridValueExpr&>(expr).value);
    case kir::ExprKind::ArrayProperty:
        return array_property(static_cast<const kir::ArrayPropertyExpr&>(expr));
    case kir::ExprKind::Atomic:
        return emit_atomic(static_cast<const kir::AtomicExpr&>(expr));
    case kir::ExprKind::Shuffle:
        return emit_shuffle(static_cast<const kir::ShuffleExpr&>(expr));
    default:
        break;
    }
    GPUCC_UNREACHABLE("not a grid expression");
}

llvm::Value* GridKernelEmitter::emit_atomic(const kir::AtomicExpr& atomic) {
    using Op = llvm::AtomicRMWInst::BinOp;
    ScalarType type = atomic.type;
    llvm::Value* address = emit_lvalue(*atomic.target).address;
    llvm::Value* compare = atomic.compare ? emit_expr(*atomic.compare) : nullptr;
    llvm::Value* value = emit_expr(*atomic.value);
    llvm::Align align(size_in_bytes(type));
    // CUDA's atomics are relaxed and device-wide; the host's blocks run on several threads.
    llvm::SyncScope::ID scope = target_ == CodegenTarget::Nvptx
                                    ? context_.getOrInsertSyncScopeID("device")
                                    : llvm::SyncScope::ID{llvm::SyncScope::System};
    constexpr auto kRelaxed = llvm::AtomicOrdering::Monotonic;
    bool floating = is_floating(type);
    bool signed_type = is_signed(type);
    llvm::Type* bits = builder_.getIntNTy(8 * size_in_bytes(type));
    auto rmw = [&](Op op, llvm::Value* operand) {
        return builder_.CreateAtomicRMW(op, address, operand, align, kRelaxed, scope);
    };
    switch (atomic.op) {
    case kir::AtomicOp::Add:
        return rmw(floating ? Op::FAdd : Op::Add, value);
    case kir::AtomicOp::Sub:
        return floating ? rmw(Op::FAdd, builder_.CreateFNeg(value)) : rmw(Op::Sub, value);
    case kir::AtomicOp::Min:
        return rmw(signed_type ? Op::Min : Op::UMin, value);
    case kir::AtomicOp::Max:
        return rmw(signed_type ? Op::Max : Op::UMax, value);
    case kir::AtomicOp::And:
        return rmw(Op::And, value);
    case kir::AtomicOp::Or:
        return rmw(Op::Or, value);
    case kir::AtomicOp::Xor:
        return rmw(Op::Xor, value);
    case kir::AtomicOp::Exch: {
        llvm::Value* old = rmw(Op::Xchg, builder_.CreateBitCast(value, bits));
        return builder_.CreateBitCast(old, value->getType());
    }
    case kir::AtomicOp::Cas: {
        llvm::Value* exchange = builder_.CreateAtomicCmpXchg(
            address, builder_.CreateBitCast(compare, bits), builder_.CreateBitCast(value, bits),
            align, kRelaxed, kRelaxed, scope);
        return builder_.CreateBitCast(builder_.CreateExtractValue(exchange, 0), value->getType());
    }
    }
    return nullptr;
}

llvm::Value* GridKernelEmitter::emit_shuffle(const kir::ShuffleExpr& shuffle) {
    if (target_ == CodegenTarget::Host) {
        return host_shuffle(shuffle); // its operands' loop ran before (GridBarrierRegions.cpp)
    }
    llvm::Type* i32 = builder_.getInt32Ty();
    llvm::Value* mask = emit_expr(*shuffle.mask);
    llvm::Value* value = emit_expr(*shuffle.value);
    llvm::Value* lane = emit_expr(*shuffle.lane);
    llvm::Value* width = emit_expr(*shuffle.width);
    // c: the segment mask (32 - width) << 8, with the clamp lane 31 except for `up` (0).
    llvm::Value* segment = builder_.CreateShl(builder_.CreateSub(builder_.getInt32(32), width), 8);
    llvm::Value* c = shuffle.op == kir::ShuffleOp::Up
                         ? segment
                         : builder_.CreateOr(segment, builder_.getInt32(0x1f));
    llvm::Intrinsic::ID id = llvm::Intrinsic::nvvm_shfl_sync_idx_i32;
    switch (shuffle.op) {
    case kir::ShuffleOp::Idx:
        id = llvm::Intrinsic::nvvm_shfl_sync_idx_i32;
        break;
    case kir::ShuffleOp::Up:
        id = llvm::Intrinsic::nvvm_shfl_sync_up_i32;
        break;
    case kir::ShuffleOp::Down:
        id = llvm::Intrinsic::nvvm_shfl_sync_down_i32;
        break;
    case kir::ShuffleOp::Xor:
        id = llvm::Intrinsic::nvvm_shfl_sync_bfly_i32;
        break;
    }
    auto move = [&](llvm::Value* word) {
        return builder_.CreateIntrinsic(i32, id, {mask, word, lane, c});
    };
    llvm::Type* type = value->getType();
    unsigned size = type->getPrimitiveSizeInBits();
    llvm::Type* as_int = builder_.getIntNTy(size);
    llvm::Value* word = builder_.CreateBitCast(value, as_int);
    llvm::Value* moved = nullptr;
    if (size == 64) {
        llvm::Value* low = move(builder_.CreateTrunc(word, i32));
        llvm::Value* high = move(builder_.CreateTrunc(builder_.CreateLShr(word, 32), i32));
        moved = builder_.CreateOr(builder_.CreateZExt(low, as_int),
                                  builder_.CreateShl(builder_.CreateZExt(high, as_int), 32));
    } else if (size == 32) {
        moved = move(word);
    } else {
        moved = builder_.CreateTrunc(move(builder_.CreateZExt(word, i32)), as_int);
    }
    return builder_.CreateBitCast(moved, type);
}

} // namespace gpucc::grid_detail
