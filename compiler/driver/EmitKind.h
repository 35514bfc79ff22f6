// What `gpucc --emit=` may print instead of writing outputs. The stops are listed in pipeline
// order, as MLIR Toy's toyc `Action`, with None (run the whole pipeline, write the header and the
// object) last; the driver asks `stops_at(kind)` after the phase that produces each. Header prints
// the generated C++ header and compiles no device or host code; LlvmHost compiles no device code.
#pragma once

namespace gpucc {

enum class EmitKind { Tokens, Ast, Ir, Fusion, Header, LlvmHost, Llvm, Ptx, None };

} // namespace gpucc
