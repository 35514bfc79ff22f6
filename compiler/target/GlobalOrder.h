// Deterministic PTX: the module's global variables put in an order where each comes after the
// globals its initializer refers to. NVPTX's printer emits a global only after the globals it
// depends on and visits those through a set ordered by pointer value, so a module whose global
// list names a global before its dependents (Clang puts `llvm.compiler.used`, which lists every
// `__device__` and `__constant__` variable of raw CUDA, first) gave PTX whose declarations came in
// a different order from run to run: a different cubin, object and kernel-cache key for the same
// .dsl file. With the dependents first, every global has been emitted before the printer reaches
// a global that refers to it, and the set's order no longer matters.
#pragma once

namespace llvm {
class Module;
} // namespace llvm

namespace gpucc {

/// Reorders `module`'s global variables so that each follows the globals its initializer refers
/// to (depth first, in operand order), keeping the module's order otherwise. A cycle is left as
/// it is, for the printer to report.
void order_globals_after_dependencies(llvm::Module& module);

} // namespace gpucc
