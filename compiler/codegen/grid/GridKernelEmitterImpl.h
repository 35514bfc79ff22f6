// The jit-style kernel emitter's class, shared by GridKernelEmitter.cpp (the frame: arguments,
// the GPU entry, the host's block and thread loops) and GridKernelBuiltins.cpp (special
// registers, shared arrays, barriers, atomics, shuffles). Internal to the code generator.
#pragma once

#include "compiler/abi/GridKernelAbi.h"
#include "compiler/codegen/common/BodyEmitter.h"

#include <array>
#include <llvm/IR/GlobalVariable.h>
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
    void emit_host_blocks();

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
    std::vector<llvm::GlobalVariable*> shared_arrays_; ///< per Variable id (shared ones only)
    /// Host target: the thread's coordinates, i32, where the builder stands; x, y, z.
    std::array<llvm::Value*, 3> thread_idx_{}, block_idx_{}, block_dim_{}, grid_dim_{};
    llvm::Value* host_args_ = nullptr;
    llvm::Value* host_shape_ = nullptr;
};

} // namespace gpucc::grid_detail
