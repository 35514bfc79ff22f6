// Temporary: replaced by the real back end (code generation is being written on main).
#include "compiler/codegen/Backend.h"

#include "compiler/diag/Diagnostics.h"

namespace gpucc {

void run_backend(const kir::Module&, const BackendOptions&, DiagnosticEngine& diags) {
    diags.report_tool_error("code generation is not part of this build yet");
}

} // namespace gpucc
