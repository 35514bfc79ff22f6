// The compiler driver: runs the phases in order on one .dsl file and either prints the stage
// asked for with --emit or writes the generated header and object. The whole pipeline is
// readable in Driver.cpp's `compile` function: each phase takes a structure and returns one.
#pragma once

#include "compiler/basic/ScalarType.h"
#include "compiler/driver/EmitKind.h"
#include "compiler/driver/Progress.h"
#include "compiler/kir/KernelIR.h"

#include <string>
#include <vector>

namespace gpucc {

struct DriverOptions {
    std::string input_path;
    std::string output_dir = ".";
    EmitKind emit = EmitKind::None;
    std::vector<int> archs = {90};          ///< SM versions to build SASS for; PTX of the highest
    std::vector<ScalarType> default_dtypes; ///< what a bare <T> stands for (empty: the default)
    std::string module_name;                ///< overrides the module declaration and file stem
    std::string cuda_path;                  ///< CUDA toolkit root (ptxas, fatbinary, libdevice)
    bool verify = false;                    ///< check expected-* comments instead of printing
    std::string depfile;       ///< where to write the outputs' dependencies (Make syntax), if set
    unsigned error_limit = 20; ///< errors shown before the rest are only counted (0: all)
    ProgressMode progress = ProgressMode::Auto; ///< progress lines on stderr (Progress.h)
    /// Threads that build and optimize kernel instances (0: one per core); the outputs are the
    /// same bytes whatever the number (compiler/target/ParallelModules.h).
    unsigned jobs = 0;
    /// Instances per device image (a hidden option, for tests; 0: one image whatever the count):
    /// kir::Module::image_group_size.
    std::size_t image_group_size = kir::kDefaultImageGroupSize;
};

/// Compiles one file. Returns the process exit status: 0 on success, 1 on user errors (which
/// have been reported as diagnostics on stderr).
int compile(const DriverOptions& options);

} // namespace gpucc
