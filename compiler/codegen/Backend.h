// The back end of the pipeline: from the checked kernel IR to what a C++ program links. It lowers
// every kernel instance to LLVM IR twice (NVPTX and the host CPU), runs ptxas for each arch,
// bundles SASS and PTX into a fatbin, writes one object file holding the host code and the
// embedded fatbin, and writes the typed header. `--emit=llvm|llvm-host|ptx` stops and prints.
#pragma once

#include "compiler/driver/Driver.h"
#include "compiler/kir/KernelIR.h"

#include <string>
#include <vector>

namespace gpucc {

class DiagnosticEngine;

struct BackendOptions {
    std::string output_dir = ".";
    std::vector<int> archs = {90};
    std::string cuda_path;
    EmitKind emit = EmitKind::None;
};

/// Generates code for `module`. Failures (a tool missing, ptxas rejecting PTX) are reported to
/// `diags` as errors; nothing is written for a module that failed.
void run_backend(const kir::Module& module, const BackendOptions& options, DiagnosticEngine& diags);

} // namespace gpucc
