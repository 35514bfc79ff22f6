// The reduction emitter's class, shared by the files that implement it: ReductionPieces.cpp (the
// arguments, the plan's words, positions to element offsets, map, combine and post),
// ReductionGpu.cpp (the GPU kernel) and ReductionHost.cpp (the host functions). Internal to the
// code generator; ReductionEmitter.h is the interface.
#pragma once

#include "compiler/abi/KernelAbi.h"
#include "compiler/codegen/common/BodyEmitter.h"
#include "compiler/kir/KernelIR.h"

#include <vector>

namespace gpucc::reduction_detail {

/// A partial result: a value of the reduce type (in registers) and, for kernels without an
/// identity, whether it holds anything yet (an i1; for kernels with one, the constant true).
struct Partial {
    llvm::Value* value;
    llvm::Value* valid;
};

/// A Partial in memory, two allocas in the entry block, for one that changes across blocks or
/// loop iterations (mem2reg makes registers of them again).
struct PartialSlot {
    llvm::AllocaInst* value;
    llvm::AllocaInst* valid;
};

class ReductionEmitter : public codegen_detail::BodyEmitter {
public:
    ReductionEmitter(const kir::ReductionInstance& instance, CodegenTarget target,
                     llvm::Module& module, HostIsa isa)
        : BodyEmitter(target, module, isa), instance_(instance) {}

    /// The lanes kernel (kReduceLanesFirst plans) or the rows kernel (the others).
    void emit_gpu_kernel(bool rows);
    void emit_host_partial();
    void emit_host_combine();
    void emit_host_finish();

private:
    // --- pieces (ReductionPieces.cpp) -----------------------------------------------------------
    /// Opens `function_` with an entry block and the locals of post.
    void begin_function(llvm::Function* function);
    /// Reads every argument slot: pointers of array inputs and outputs, values of scalars, the
    /// plan (GPU: the by-value parameter; host: the pointer in its slot), partials, semaphores.
    void load_arguments(llvm::Value* args_or_null);
    /// Word `word` of the plan, an i64.
    llvm::Value* plan_word(int word);
    /// Element offsets (i64) of every array operand (inputs then outputs, `operand_count`) at
    /// position `position` of the dimensions whose words start at `extent_word` (extents),
    /// `divisor_word` (divisors) and `stride_word` (operand a's strides at stride_word + a*D),
    /// with `ndim` (an i64 value) of them. 32-bit division by multiplication when `index32`.
    std::vector<llvm::Value*> decompose(llvm::Value* position, llvm::Value* ndim, int extent_word,
                                        int divisor_word, int stride_word, int operand_count,
                                        bool index32);
    /// Offsets of the array inputs at reduced position `r`: r * stride along dimension 0 when
    /// `one_dim`, else a decomposition.
    std::vector<llvm::Value*> reduce_offsets(llvm::Value* r, bool one_dim, bool index32);
    /// map() of the element whose array inputs sit at `outer + reduce` offsets.
    llvm::Value* map_at(const std::vector<llvm::Value*>& reduce);
    /// map() of already loaded input values (register form), one per array input, then `_J` (an
    /// i64) when map reads it.
    llvm::Value* map_values(const std::vector<llvm::Value*>& inputs);
    llvm::Value* reduce_values(llvm::Value* a, llvm::Value* b);
    /// `acc` combined with `item`; an invalid side is skipped.
    Partial combine(Partial acc, Partial item);
    Partial empty_partial();
    /// An alloca of `type` in the entry block, wherever the builder is.
    llvm::AllocaInst* entry_alloca(llvm::Type* type, const llvm::Twine& name);
    /// A PartialSlot named `name`.value and `name`.valid, not stored to yet.
    PartialSlot new_partial_slot(const std::string& name);
    void store_partial(const PartialSlot& slot, Partial partial);
    Partial load_partial(const PartialSlot& slot);
    /// slot = combine(slot, {item, true}).
    void fold_into(const PartialSlot& slot, llvm::Value* item);
    llvm::Value* identity_value();
    /// The reduce type: one scalar, or a tuple of components (instance_.more_components), held in
    /// registers as a struct of the components and in memory as one i64 word per component.
    int components() const;
    ScalarType component_type(int k) const;
    llvm::Type* partial_type();
    llvm::Type* partial_storage_type();
    llvm::Value* partial_to_storage(llvm::Value* value);
    llvm::Value* partial_from_storage(llvm::Value* stored);
    /// Component `k` of a register-form value as an i64 word, and back.
    llvm::Value* component_word(llvm::Value* value, int k);
    llvm::Value* component_from_word(llvm::Value* word, int k);
    /// Runs post for the output whose offsets are `outer_` (outputs part) with `a`, storing
    /// every output element.
    void emit_post(llvm::Value* a);
    llvm::Value* load_element(llvm::Value* base, llvm::Value* offset, ScalarType type);
    llvm::Value* element_address(int param, llvm::Value* index) override;

    // --- GPU (ReductionGpu.cpp) ----------------------------------------------------------------
    llvm::Function* create_gpu_function();
    /// The thread's partial over its positions of slice [r_begin, r_end).
    Partial accumulate(llvm::Value* lane, llvm::Value* lanes, llvm::Value* r_begin,
                       llvm::Value* r_end);
    Partial accumulate_vectors(llvm::Value* lane, llvm::Value* lanes, llvm::Value* r_begin,
                               llvm::Value* r_end);
    Partial accumulate_scalars(llvm::Value* first, llvm::Value* step, llvm::Value* r_end,
                               bool one_dim, bool index32);
    /// The partial of every thread with the same output combined; meaningful at lane 0.
    Partial block_reduce(Partial mine);
    Partial shuffle_reduce(Partial mine, int max_distance, llvm::Value* limit);
    Partial shuffle_xor(Partial value, int distance);
    llvm::Value* shuffle_scalar(llvm::Value* value, int distance);
    void store_shared(llvm::Value* index, Partial value);
    Partial load_shared(llvm::Value* index);
    void barrier();
    llvm::Value* special_register(llvm::Intrinsic::ID id);

    const kir::ReductionInstance& instance_;
    bool rows_ = false; ///< the GPU kernel being emitted is the rows kernel
    bool has_identity_ = false;
    int array_inputs_ = 0;
    int plan_inputs_ = 0; ///< array_inputs_, and the position operand when map reads `_J`
    int outputs_ = 0;
    /// Operands as the plan numbers them: array inputs, the position operand (param -1, no
    /// pointer; its offset is `_J`), outputs. -1 for scalars.
    std::vector<int> operand_of_param_;
    std::vector<int> param_of_operand_;
    std::vector<llvm::Value*> pointers_; ///< per operand
    std::vector<llvm::Value*> scalars_;  ///< per parameter (scalar inputs only)
    llvm::Value* plan_ = nullptr;
    llvm::Value* partials_ = nullptr;
    llvm::Value* semaphores_ = nullptr;
    std::vector<llvm::Value*> outer_; ///< per operand: the element offset of the current output

    // GPU thread state.
    llvm::Value* tid_ = nullptr;
    llvm::Value* lanes_first_ = nullptr; ///< i1
    llvm::Value* lane_ = nullptr;        ///< i32
    llvm::Value* lane_count_ = nullptr;  ///< Rb, i32
    llvm::Value* out_lane_ = nullptr;    ///< i32
    llvm::Value* out_count_ = nullptr;   ///< Ob, i32
    llvm::GlobalVariable* shared_values_ = nullptr;
    llvm::GlobalVariable* shared_valid_ = nullptr;
    llvm::GlobalVariable* shared_flag_ = nullptr;
};

} // namespace gpucc::reduction_detail
