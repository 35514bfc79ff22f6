// Creates LLVM target machines for the two targets: NVPTX for an SM version with the PTX ISA
// version gpucc picks on purpose, and the host (x86-64, position-independent, baseline ISA so
// the object runs on any x86-64 machine).
#pragma once

#include <llvm/Target/TargetMachine.h>
#include <memory>
#include <string>

namespace gpucc {

/// The PTX ISA version gpucc emits for `sm`: 8.5 (CUDA 12.5, loadable by every driver since R555)
/// unless the architecture needs a newer one. Returned as the LLVM feature ("+ptx85").
std::string ptx_version_feature(int sm);

/// Null with `error` set if LLVM lacks the target.
std::unique_ptr<llvm::TargetMachine> create_nvptx_machine(int sm, std::string& error);
std::unique_ptr<llvm::TargetMachine> create_host_machine(std::string& error);

} // namespace gpucc
