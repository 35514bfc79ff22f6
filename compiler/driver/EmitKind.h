// What `gpucc --emit=` may print instead of writing outputs. The stops are listed in pipeline
// order, so "does this run reach phase X" is one comparison (as MLIR Toy's toyc `Action`): the
// driver asks `stops_at(kind)` after each phase. None runs the whole pipeline and writes the
// header and object. Header prints the generated C++ header and compiles no device or host code.
#pragma once

namespace gpucc {

enum class EmitKind { Tokens, Ast, Ir, Header, LlvmHost, Llvm, Ptx, None };

} // namespace gpucc
