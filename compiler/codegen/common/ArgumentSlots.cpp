// See ArgumentSlots.h: the argument slots of generated entry points, read the same way on both
// targets, and the CPU attributes of host entry points.
#include "compiler/codegen/common/ArgumentSlots.h"

#include <llvm/ADT/SmallVector.h>
#include <llvm/ADT/StringExtras.h>
#include <llvm/TargetParser/X86TargetParser.h>

namespace gpucc {

llvm::Type* gpu_scalar_slot_type(llvm::Type* stored) {
    if (stored->isHalfTy() || stored->isBFloatTy()) {
        return llvm::Type::getInt16Ty(stored->getContext());
    }
    return stored;
}

void set_host_cpu(llvm::Function& function, HostIsa isa) {
    const char* cpu = host_cpu_name(isa);
    llvm::SmallVector<llvm::StringRef, 32> features;
    llvm::X86::getFeaturesForCPU(cpu, features, /*NeedPlus=*/true);
    function.addFnAttr("target-cpu", cpu);
    function.addFnAttr("target-features", llvm::join(features, ","));
}

llvm::Value* ArgumentReader::host_slot_address() {
    llvm::Value* slot_address =
        builder_.CreateConstInBoundsGEP1_64(builder_.getPtrTy(), host_args_, slot_++);
    return builder_.CreateLoad(builder_.getPtrTy(), slot_address);
}

llvm::Value* ArgumentReader::value(llvm::Type* type) {
    if (host_args_ == nullptr) {
        return function_.getArg(slot_++);
    }
    return builder_.CreateLoad(type, host_slot_address());
}

llvm::Value* ArgumentReader::scalar(llvm::Type* stored) {
    if (host_args_ == nullptr) {
        return builder_.CreateBitCast(value(gpu_scalar_slot_type(stored)), stored);
    }
    return value(stored);
}

llvm::Value* ArgumentReader::address() {
    if (host_args_ == nullptr) {
        return function_.getArg(slot_++);
    }
    return host_slot_address();
}

} // namespace gpucc
