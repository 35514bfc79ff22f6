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
// operators are `(op:type operands...)`. A reduction instance shows its pieces instead of a body:
//
//   reduction l2norm<T: float32 | float64>
//     instance l2norm__float32 [T = float32]
//       param 0 x: float32 input
//       param 1 y: float32 output
//       reduce_type float32 (first output)
//       identity (cast:float32 0:int32)
//       map (mul:float32 x:float32 x:float32)
//       reduce (add:float32 a:float32 b:float32)
//       post {
//         expr (assign:float32 y:float32 (call sqrt:float32 a:float32))
//       }
//
// where `a` and `b` are the reduce operands and `_in_ind.size()`, `_out_ind.size()` the sizes.
#pragma once

#include "compiler/kir/KernelIR.h"

namespace llvm {
class raw_ostream;
}

namespace gpucc {

void print_kir(const kir::Module& module, llvm::raw_ostream& out);

} // namespace gpucc
