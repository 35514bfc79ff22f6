// Module construction and optimization for both targets (LlvmModuleBuilder.h).
#include "compiler/codegen/LlvmModuleBuilder.h"

#include "compiler/codegen/ElementwiseEmitter.h"

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
                                                  llvm::LLVMContext& context) {
    auto module = std::make_unique<llvm::Module>(kernels.name, context);
    module->setTargetTriple(machine.getTargetTriple());
    module->setDataLayout(machine.createDataLayout());
    module->setSourceFileName(kernels.source_path);
    for (const kir::ElementwiseKernel& kernel : kernels.elementwise) {
        for (const kir::ElementwiseInstance& instance : kernel.instances) {
            emit_elementwise_kernel(instance, target, *module);
        }
    }
    if (llvm::verifyModule(*module, &llvm::errs())) {
        // A malformed module is a bug in gpucc, never in the user's program.
        llvm::errs() << "gpucc: internal error: generated LLVM IR does not verify\n";
        std::abort();
    }
    return module;
}

namespace {

/// Vector variants glibc 2.35+ exports from libmvec (SSE, `b` ISA) that LLVM's LIBMVEC table does
/// not list yet; without them a loop calling log1p, expm1, tanh, ... stays scalar on the host.
void add_glibc_vector_math(llvm::TargetLibraryInfoImpl& library_info) {
    static const char* const kFunctions[] = {
        "acos", "asin", "atan", "acosh", "asinh", "atanh", "cbrt",  "cosh",  "sinh", "tan",
        "tanh", "erf",  "erfc", "exp10", "exp2",  "expm1", "log10", "log1p", "log2"};
    static const std::vector<std::string> kNames = [] {
        std::vector<std::string> names;
        for (const char* function : kFunctions) {
            names.push_back(std::string(function) + "f");
            names.push_back("_ZGVbN4v_" + std::string(function) + "f");
            names.push_back(function);
            names.push_back("_ZGVbN2v_" + std::string(function));
        }
        return names;
    }();
    std::vector<llvm::VecDesc> descriptions;
    for (std::size_t i = 0; i < kNames.size(); i += 4) {
        descriptions.emplace_back(kNames[i], kNames[i + 1], llvm::ElementCount::getFixed(4), false,
                                  "_ZGV_LLVM_N4v", std::nullopt);
        descriptions.emplace_back(kNames[i + 2], kNames[i + 3], llvm::ElementCount::getFixed(2),
                                  false, "_ZGV_LLVM_N2v", std::nullopt);
    }
    library_info.addVectorizableFunctions(descriptions);
}

} // namespace

void optimize_module(llvm::Module& module, llvm::TargetMachine& machine, CodegenTarget target) {
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
    llvm::TargetLibraryInfoImpl library_info(triple, target == CodegenTarget::Host
                                                         ? llvm::VectorLibrary::LIBMVEC
                                                         : llvm::VectorLibrary::NoLibrary);
    if (target == CodegenTarget::Host) {
        add_glibc_vector_math(library_info);
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
