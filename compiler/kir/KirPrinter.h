// `--emit=ir`: the kernel IR as stable, readable text for lit tests and for debugging the back end.
// Each instance shows its symbol, bindings, parameters (type, role, raw), locals, and its body with
// every expression typed and every conversion written as a cast. The format:
//
//   module demo
//   elementwise squared_diff_generic<T: float32 | float64>
//     instance squared_diff_generic__float32 [T = float32]
//       param 0 x: float32 input
//       param 2 z: float32 output
//       local %0 diff: float32
//       body {
//         decl %0 diff = (sub:float32 x:float32 y:float32)
//         expr (assign:float32 z:float32 (mul:float32 %0:float32 %0:float32))
//       }
//
// Leaves are `name:type` (parameters by name, locals as %id, `i`, `_ind.size()`, constants);
// operators are `(op:type operands...)`.
#pragma once

#include "compiler/kir/KernelIR.h"

namespace llvm {
class raw_ostream;
}

namespace gpucc {

void print_kir(const kir::Module& module, llvm::raw_ostream& out);

} // namespace gpucc
