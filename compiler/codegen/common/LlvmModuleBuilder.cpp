// Module construction and optimization for both targets (LlvmModuleBuilder.h).
#include "compiler/codegen/common/LlvmModuleBuilder.h"

#include "compiler/abi/GridKernelAbi.h"
#include "compiler/codegen/common/HostVectorMath.h"
#include "compiler/codegen/elementwise/ElementwiseEmitter.h"
#include "compiler/codegen/grid/GridKernelEmitter.h"
#include "compiler/codegen/reduction/ReductionEmitter.h"

#include <cstdlib>
#include <llvm/Analysis/TargetLibraryInfo.h>
#include <llvm/IR/SystemLibraries.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Support/raw_ostream.h>
#include <string>
#include <vector>

namespace gpucc {

std::unique_ptr<llvm::Module> build_kernel_module(const kir::Module& kernels, CodegenTarget target,
                                                  llvm::TargetMachine& machine,
                                                  llvm::LLVMContext& context, HostIsa isa,
                                                  InstanceRange range) {
    std::size_t index = 0;
    auto wanted = [&] {
        std::size_t at = index++;
        return at >= range.first && at < range.last;
    };
    auto module = std::make_unique<llvm::Module>(kernels.name, context);
    module->setTargetTriple(machine.getTargetTriple());
    module->setDataLayout(machine.createDataLayout());
    module->setSourceFileName(kernels.source_path);
    for (const kir::ElementwiseKernel& kernel : kernels.elementwise) {
        for (const kir::ElementwiseInstance& instance : kernel.instances) {
            if (!wanted()) {
                continue;
            }
            emit_elementwise_kernel(instance, target, *module, isa, EntryKind::Contiguous);
            emit_elementwise_kernel(instance, target, *module, isa, EntryKind::Strided);
            if (target == CodegenTarget::Nvptx) {
                for (EntryKind apart : {EntryKind::StridedVector, EntryKind::StridedTiled}) {
                    if (has_gpu_entry(instance, apart)) {
                        emit_elementwise_kernel(instance, target, *module, isa, apart);
                    }
                }
            }
        }
    }
    for (const kir::ReductionKernel& kernel : kernels.reductions) {
        for (const kir::ReductionInstance& instance : kernel.instances) {
            if (!wanted()) {
                continue;
            }
            emit_reduction_kernel(instance, target, *module, isa);
        }
    }
    for (const kir::GridKernel& kernel : kernels.grid_kernels) {
        for (const kir::GridKernelInstance& instance : kernel.instances) {
            if (!wanted()) {
                continue;
            }
            emit_grid_kernel(instance, target, *module, isa);
            if (grid_has_strided_entry(instance)) {
                emit_grid_kernel(instance, target, *module, isa, EntryKind::Strided);
            }
        }
    }
    if (llvm::verifyModule(*module, &llvm::errs())) {
        // A malformed module is a bug in gpucc, never in the user's program.
        llvm::errs() << "gpucc: internal error: generated LLVM IR does not verify\n";
        std::abort();
    }
    return module;
}

void optimize_module(llvm::Module& module, llvm::TargetMachine& machine, CodegenTarget target,
                     HostIsa isa) {
    llvm::LoopAnalysisManager loop_analyses;
    llvm::FunctionAnalysisManager function_analyses;
    llvm::CGSCCAnalysisManager cgscc_analyses;
    llvm::ModuleAnalysisManager module_analyses;

    llvm::PipelineTuningOptions tuning;
    tuning.LoopVectorization = target == CodegenTarget::Host;
    tuning.SLPVectorization = target == CodegenTarget::Host;
    tuning.LoopUnrolling = true;
    llvm::PassBuilder passes(&machine, tuning);

    llvm::Triple triple(module.getTargetTriple());
    llvm::TargetLibraryInfoImpl library_info(triple, llvm::VectorLibrary::NoLibrary);
    if (target == CodegenTarget::Host) {
        add_libmvec_functions(library_info, isa);
    }
    function_analyses.registerPass([&] { return llvm::TargetLibraryAnalysis(library_info); });

    passes.registerModuleAnalyses(module_analyses);
    passes.registerCGSCCAnalyses(cgscc_analyses);
    passes.registerFunctionAnalyses(function_analyses);
    passes.registerLoopAnalyses(loop_analyses);
    passes.crossRegisterProxies(loop_analyses, function_analyses, cgscc_analyses, module_analyses);

    llvm::ModulePassManager pipeline =
        passes.buildPerModuleDefaultPipeline(llvm::OptimizationLevel::O3);
    pipeline.run(module, module_analyses);
}

} // namespace gpucc
