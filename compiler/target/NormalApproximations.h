// PTX's lg2.approx.f32 and rsqrt.approx.f32 keep subnormal arguments, and ptxas pays for that on
// every call: a compare, a scaling of the argument and a correction of the result (four SASS
// instructions for lg2, three for rsqrt) around the one MUFU instruction. Their .ftz forms flush
// subnormal arguments and give the same result for every other argument (the results themselves
// are never subnormal). Where the argument is provably never subnormal, as a uniform draw
// k 2^-24 + 2^-24 or max(t, 1e-30) is, the .ftz form is the same function without the fix-up:
// random's float32 normal draw runs 2915 GB/s against 2676 on an H100 with it
// (bench/results/2026-11-26-random-normal-3). This pass finds those calls with an interval
// bound of the argument and switches them; every other call keeps the non-ftz form.
#pragma once

namespace llvm {
class Module;
} // namespace llvm

namespace gpucc {

/// Replaces llvm.nvvm.lg2.approx.f and llvm.nvvm.rsqrt.approx.f by their .ftz forms where the
/// argument is provably never subnormal (a NaN gives NaN either way); returns how many.
int flush_provably_normal_approximations(llvm::Module& module);

} // namespace gpucc
