// The griddepcontrol prologue of generated GPU kernels (GridDependency.h).
#include "compiler/target/GridDependency.h"

#include <algorithm>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/IntrinsicsNVPTX.h>
#include <llvm/IR/Module.h>

namespace gpucc {

void insert_grid_dependency_control(llvm::Module& module) {
    for (llvm::Function& function : module) {
        if (function.isDeclaration() ||
            function.getCallingConv() != llvm::CallingConv::PTX_Kernel) {
            continue;
        }
        llvm::BasicBlock& entry = function.getEntryBlock();
        llvm::IRBuilder<> builder(&entry, entry.getFirstInsertionPt());
        builder.CreateIntrinsic(llvm::Intrinsic::nvvm_griddepcontrol_wait, {});
        builder.CreateIntrinsic(llvm::Intrinsic::nvvm_griddepcontrol_launch_dependents, {});
    }
}

std::uint64_t image_flags_for(const std::vector<int>& archs) {
    const bool every_arch_waits =
        !archs.empty() && std::all_of(archs.begin(), archs.end(),
                                      [](int arch) { return arch >= kGridDependencyMinArch; });
    return every_arch_waits ? kImageWaitsForPriorGrids : 0;
}

} // namespace gpucc
