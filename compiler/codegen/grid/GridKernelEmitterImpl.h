// The jit-style kernel emitter's class, shared by GridKernelEmitter.cpp (the frame: arguments,
// the GPU entry, the host's block and thread loops) and GridKernelBuiltins.cpp (special
// registers, shared arrays, barriers, atomics, shuffles). Internal to the code generator.
#pragma once

#include "compiler/abi/GridKernelAbi.h"
#include "compiler/codegen/common/BodyEmitter.h"

#include <array>
#include <functional>
#include <llvm/IR/GlobalVariable.h>
#include <unordered_map>
#include <vector>

namespace gpucc::grid_detail {

using codegen_detail::LValue;

class GridKernelEmitter : public codegen_detail::BodyEmitter {
public:
    GridKernelEmitter(const kir::GridKernelInstance& instance, CodegenTarget target,
                      llvm::Module& module, HostIsa isa, EntryKind entry)
        : BodyEmitter(target, module, isa), instance_(instance), entry_(entry) {}

    llvm::Function* emit();

private:
    // --- frame (GridKernelEmitter.cpp) ----------------------------------------------------------
    llvm::Function* create_function();
    void load_arguments();
    void emit_gpu_body();
    void load_host_shape();
    void emit_host_blocks();

    // --- the host's barrier regions (GridBarrierRegions.cpp) -------------------------------------
    /// Which threads a thread loop runs: those still alive (no `return;` yet) whose flag is set in
    /// every array of `flags` (i8 per thread: the enclosing branches' and barrier loops'), and
    /// the innermost barrier loop's flags, which `break` and `continue` clear.
    struct ThreadMask {
        std::vector<llvm::Value*> flags;
        llvm::Value* loop_flags = nullptr;      ///< still in the loop (`break` clears)
        llvm::Value* iteration_flags = nullptr; ///< still in this iteration (`continue` clears)
    };
    /// Shuffle values and source threads, per thread, evaluated in the loop before the one that
    /// reads them.
    struct ShuffleSlots {
        llvm::Value* values = nullptr;
        llvm::Value* sources = nullptr;
    };
    void emit_host_regions();
    void choose_per_thread_locals();
    void emit_region(const kir::Stmt& stmt, const ThreadMask& mask);
    void emit_split_stmt(const kir::Stmt& stmt, const ThreadMask& mask);
    void emit_uniform_loop(const kir::ForStmt& loop, const ThreadMask& mask);
    /// Whether emit_region cuts at `stmt` (a barrier or shuffle inside, or a uniform loop).
    static bool cuts_threads(const kir::Stmt& stmt);
    void emit_split_loop(const kir::Stmt* init, const kir::Expr* condition, const kir::Expr* step,
                         const kir::Stmt& body, bool test_first, const ThreadMask& mask);
    /// One loop over the block's threads running `statements` for the threads of `mask`, after a
    /// loop that evaluates the operands of the shuffles among them.
    void emit_thread_group(const std::vector<const kir::Stmt*>& statements, const ThreadMask& mask);
    /// Evaluates per thread the Bool `condition` (null: true) for the threads of `mask` and stores
    /// it, as 0 or 1, into each array of `into` (0 for threads outside `mask`), its negation for
    /// the threads of `mask` into `negated`, and ORs it into the i8 slot `any`; each may be null.
    llvm::Value* emit_thread_condition(const kir::Expr* condition, const ThreadMask& mask,
                                       const std::vector<llvm::Value*>& into, llvm::Value* negated,
                                       llvm::Value* any);
    void emit_shuffle_operands(const std::vector<const kir::ShuffleExpr*>& shuffles,
                               const ThreadMask& mask);
    /// Loops over the block's threads (z, y, x; x innermost); `body` runs for each thread of
    /// `mask` (every thread when `masked` is false) with the builder in the thread's iteration.
    void emit_thread_loop(const ThreadMask& mask, bool masked,
                          const std::function<void(llvm::BasicBlock* next)>& body);
    llvm::Value* thread_flags_array(const char* name);
    llvm::Value* per_thread_array(llvm::Type* type, const char* name);
    llvm::Value* thread_is_active(const ThreadMask& mask);
    llvm::Value* host_shuffle(const kir::ShuffleExpr& shuffle);

    // --- builtins (GridKernelBuiltins.cpp) -------------------------------------------------------
    void create_shared_arrays();
    llvm::Value* grid_value(kir::GridValue value);
    llvm::Value* emit_atomic(const kir::AtomicExpr& atomic);
    llvm::Value* emit_shuffle(const kir::ShuffleExpr& shuffle);
    /// An Int64 index as the narrowest integer the address arithmetic may use: the i32 under a
    /// widening cast when `narrow_ok`, the i64 otherwise.
    llvm::Value* emit_index(const kir::Expr& index, bool narrow_ok);

    /// Ranked arrays (GridKernelArrays.cpp): `x[i, j]`, `x[i]` and `x.shape[k]`, `x.strides[k]`.
    LValue ranked_element(const kir::RawElementExpr& element);
    llvm::Value* array_property(const kir::ArrayPropertyExpr& property);

    llvm::Value* element_address(int param, llvm::Value* index) override;
    void emit_grid_stmt(const kir::Stmt& stmt) override;
    llvm::Value* emit_grid_expr(const kir::Expr& expr) override;
    LValue emit_grid_lvalue(const kir::Expr& expr) override;

    const kir::GridKernelInstance& instance_;
    EntryKind entry_;                          ///< Contiguous, or Strided (GridKernelAbi.h)
    std::vector<llvm::Value*> array_pointers_; ///< per parameter (arrays only)
    std::vector<llvm::Value*> array_sizes_;    ///< per parameter (arrays only), i64
    /// Per parameter (ranked arrays only), one i64 per axis: extents, and strides in bytes.
    std::vector<std::vector<llvm::Value*>> array_shapes_, array_strides_;
    /// Per Variable id (shared ones only): addrspace(3) globals on the GPU, the block's stack
    /// arrays on the host.
    std::vector<llvm::Value*> shared_arrays_;
    /// Host target: the thread's coordinates, i32, where the builder stands; x, y, z.
    std::array<llvm::Value*, 3> thread_idx_{}, block_idx_{}, block_dim_{}, grid_dim_{};
    llvm::Value* host_args_ = nullptr;
    llvm::Value* host_shape_ = nullptr;

    // Host barrier regions (GridBarrierRegions.cpp).
    bool splits_ = false;      ///< the body has a barrier or shuffle: thread loops split
    bool tracks_exit_ = false; ///< threads may end early (`return;`): `alive_` is kept
    llvm::BasicBlock* entry_block_ = nullptr;     ///< where per-thread arrays are allocated
    llvm::Value* thread_count_ = nullptr;         ///< i32, threads per block
    llvm::Value* linear_thread_ = nullptr;        ///< i32, in a thread loop
    llvm::Value* alive_ = nullptr;                ///< i8 per thread
    std::vector<llvm::Value*> per_thread_locals_; ///< per Variable id: [threads] array, or null
    /// Per Variable id: the initializer each thread loop recomputes (thread_invariant_inits).
    std::vector<const kir::Expr*> invariant_inits_;
    std::unordered_map<const kir::ShuffleExpr*, ShuffleSlots> shuffle_slots_;
};

} // namespace gpucc::grid_detail
