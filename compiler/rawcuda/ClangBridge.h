// What the two Clang-facing files of compiler/rawcuda share (ClangCompile.cpp runs Clang,
// SignatureExtraction.cpp reads its AST). Internal; the only header here that names Clang's types.
#pragma once

#include "compiler/diag/Diagnostics.h"
#include "compiler/kir/RawCuda.h"

#include <functional>
#include <memory>
#include <string>

namespace clang {
class ASTContext;
class SourceLocation;
} // namespace clang

namespace gpucc::rawcuda {

/// Turns a Clang location into the user's file, line and column (an invalid location when it is
/// in no file gpucc can show).
using LocateFn = std::function<SourceLocation(clang::SourceLocation)>;

/// Reads the translation unit Clang just parsed (without errors): fills unit.kernels with each
/// `__global__` function defined outside system headers and each instantiation asked for
/// (`instantiation_count` of them, see RawSource.h), and unit.globals with each `__device__` and
/// `__constant__` variable. What a launcher cannot pass is reported to `diags`.
void extract_signatures(clang::ASTContext& context, std::size_t instantiation_count,
                        const LocateFn& locate, DiagnosticEngine& diags, kir::RawCudaUnit& unit);

} // namespace gpucc::rawcuda

namespace llvm {
class LLVMContext;
class Module;
} // namespace llvm

namespace gpucc::rawcuda {

class LocationMapper;

struct ClangRequest {
    int arch = 90;
    std::string cuda_path;
    llvm::LLVMContext* context = nullptr; ///< where the LLVM IR goes
    bool extract = false;                 ///< fill unit.kernels, globals and dependencies
};

/// Compiles `unit.source` for the device with Clang: Clang's diagnostics go to `diags` at the
/// user's locations. Returns the optimized LLVM module (libdevice linked), or null after errors.
std::unique_ptr<llvm::Module> run_clang(const ClangRequest& request, kir::RawCudaUnit& unit,
                                        LocationMapper& mapper, DiagnosticEngine& diags);

} // namespace gpucc::rawcuda
