// ptxas's complaints, said at the .dsl definitions they concern. ptxas reads a PTX file gpucc
// wrote and removed, so its own locations ("line 4711 of a temporary file") help no one; its
// messages name a line of that PTX or an entry function, and each entry function belongs to a
// kernel instance (or a raw CUDA kernel) with a definition in the .dsl file.
#pragma once

#include "compiler/kir/KernelIR.h"

#include <string>

namespace gpucc {

class DiagnosticEngine;

/// Reports `log` (the text of run_ptxas's error for `ptx`, assembled for sm_`arch`) to `diags`:
/// each message placed at the definition of the kernel whose entry function it concerns, and
/// those no kernel claims as one tool error, without the temporary file's path.
void report_ptxas_failure(const kir::Module& kernels, const std::string& ptx,
                          const std::string& log, int arch, DiagnosticEngine& diags);

} // namespace gpucc
