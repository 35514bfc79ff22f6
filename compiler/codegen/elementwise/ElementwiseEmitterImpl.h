// The elementwise emitter's class, shared by the files that implement it: ElementwiseEmitter.cpp
// (the kernel frame: arguments, specialization, the contiguous loops), ElementwiseStrided.cpp
// (the strided entry point's loops over a collapsed n-d layout), ElementwiseBody.cpp (reading
// inputs, writing outputs; the statements and expressions are BodyEmitter's). Internal to the
// code generator; ElementwiseEmitter.h is the interface.
#pragma once

#include "compiler/abi/KernelAbi.h"
#include "compiler/codegen/common/BodyEmitter.h"
#include "compiler/codegen/common/CodegenTarget.h"
#include "compiler/kir/KernelIR.h"

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Module.h>
#include <vector>

namespace gpucc::elementwise_detail {

using codegen_detail::ElementParam;
using codegen_detail::LValue;
using kir::ExprKind;
using kir::StmtKind;

/// Whether an input that may be a scalar is known, in one specialization, to be an array or a
/// scalar, or decided per element. The loops take one per parameter (`forms[p]`); outputs and
/// raw parameters are Array.
enum class InputForm { Array, Scalar, Unknown };

class ElementwiseEmitter : public codegen_detail::BodyEmitter {
public:
    ElementwiseEmitter(const kir::ElementwiseInstance& instance, CodegenTarget target,
                       llvm::Module& module, HostIsa isa, EntryKind entry)
        : BodyEmitter(target, module, isa), instance_(instance), entry_kind_(entry) {}

    llvm::Function* emit();

private:
    // --- frame -----------------------------------------------------------------------------
    llvm::Function* create_function();
    void load_arguments(llvm::Function* function);
    void emit_specializations(llvm::Function* function);
    void emit_gpu_loops(const std::vector<InputForm>& forms);
    void emit_host_loop(const std::vector<InputForm>& forms);

    // --- strided entry point (ElementwiseStrided.cpp) ------------------------------------------
    bool strided() const { return takes_layout(entry_kind_); }
    void emit_strided_gpu_loops(const std::vector<InputForm>& forms);
    void emit_strided_host_loop(const std::vector<InputForm>& forms);
    void emit_strided_gpu_loop(const std::vector<InputForm>& forms, bool vectors, bool index32);
    /// kTiled layouts: W x W elements per thread (ElementwiseTiles.cpp).
    void emit_strided_tile_loop(const std::vector<InputForm>& forms);
    /// Fills `tile` (an array of W * W storage values, row-major) with parameter `param`'s
    /// elements of the tile whose corner is at element offset `corner`, as its access word says.
    void emit_tile_load(int param, llvm::Value* corner, llvm::AllocaInst* tile);
    /// Word `word` of the loop layout (KernelAbi.h), loaded where the builder stands.
    llvm::Value* indexer_word(llvm::Value* word);
    llvm::Value* indexer_word(int word);
    /// The stride of operand `operand` along collapsed dimension `dim`.
    llvm::Value* operand_stride(int operand, llvm::Value* dim);
    /// Sets element_offsets_ for linear index `index` by dividing it through the dimensions
    /// (unrolled; 32-bit division by multiplication when `index32`).
    void decompose_index(llvm::Value* index, bool index32);
    void set_inner_broadcast_flags();
    llvm::Value* all_arrays_aligned(const std::vector<InputForm>& forms, int width);
    llvm::Value* thread_index();
    llvm::Value* thread_count();

    // --- element ---------------------------------------------------------------------------
    void emit_scalar_element(llvm::Value* index, const std::vector<InputForm>& forms);
    void emit_vector_elements(llvm::Value* base, int width, const std::vector<InputForm>& forms);
    llvm::Value* load_input(int param, llvm::Value* index, InputForm form);
    llvm::Value* load_vector(int param, llvm::Value* base, int width);
    void emit_body_for_element(llvm::Value* index);

    llvm::Value* element_address(int param, llvm::Value* index) override;

    const kir::ElementwiseInstance& instance_;
    EntryKind entry_kind_;
    llvm::BasicBlock* entry_ = nullptr;

    std::vector<llvm::Value*> param_pointers_;  ///< per parameter
    std::vector<llvm::Value*> scalar_values_;   ///< per parameter: the scalar slot of inputs
    std::vector<int> optional_inputs_;          ///< non-raw inputs, which may be scalars
    std::vector<int> operand_of_param_;         ///< per parameter: its index among non-raw ones
    llvm::Value* indexer_ = nullptr;            ///< strided entry: the loop layout
    std::vector<llvm::Value*> element_offsets_; ///< strided: per parameter, the element's offset
    std::vector<llvm::Value*> inner_broadcast_; ///< strided: per input, innermost stride == 0
    llvm::Value* host_begin_ = nullptr;
    llvm::Value* host_end_ = nullptr;

    std::vector<llvm::AllocaInst*> output_slots_; ///< per parameter (outputs only)
};

} // namespace gpucc::elementwise_detail
