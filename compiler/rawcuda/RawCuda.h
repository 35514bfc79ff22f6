// The raw CUDA phase (language.md section 4): runs Clang, in process, on each `raw cuda`
// definition. Analysis compiles the source for the newest GPU architecture, reports Clang's
// diagnostics at the line and column of the .dsl file (or of the .cu file) in gpucc's format, and
// reads from Clang's AST the signature of every `__global__` function and the instantiations the
// definition asks for, and every `__device__`/`__constant__` variable: the kir::RawCudaUnit the
// header generator writes launchers and accessors from. The back end then asks for the LLVM IR of
// each unit for each architecture and links it into the module of the file's other kernels, so
// raw kernels share the file's device image.
#pragma once

#include "compiler/ast/Ast.h"
#include "compiler/kir/RawCuda.h"

#include <memory>
#include <string>
#include <vector>

namespace llvm {
class LLVMContext;
class Module;
class raw_ostream;
} // namespace llvm

namespace gpucc {

class SourceManager;
class DiagnosticEngine;

struct RawCudaOptions {
    std::string dsl_path;  ///< the .dsl file, as given
    std::string cuda_path; ///< the CUDA toolkit (headers, libdevice)
    int arch = 90;         ///< the SM architecture analysis compiles for
    /// Names the module's other kernels already use (a launcher may not take them).
    std::vector<std::string> taken_names;
    std::string module_name;
};

/// Compiles every raw CUDA definition of `syntax` once, reporting Clang's diagnostics and what
/// a launcher cannot do. Returns the units that compiled without errors.
std::vector<kir::RawCudaUnit> analyze_raw_cuda(const ast::Module& syntax,
                                               const RawCudaOptions& options,
                                               SourceManager& sources, DiagnosticEngine& diags);

/// The LLVM IR of `unit` for sm_`arch`, in `context`, optimized by Clang at -O3 with libdevice
/// linked. Null after reporting to `diags` when Clang fails (which analysis would normally have
/// caught; an architecture can still reject code another accepted).
std::unique_ptr<llvm::Module> compile_raw_cuda_ir(const kir::RawCudaUnit& unit, int arch,
                                                  const std::string& cuda_path,
                                                  llvm::LLVMContext& context,
                                                  DiagnosticEngine& diags);

/// `--emit=ir`: the kernels and variables Clang found, one per line.
void print_raw_cuda(const std::vector<kir::RawCudaUnit>& units, llvm::raw_ostream& out);

} // namespace gpucc
