// Conversions to bfloat16 that LLVM's x86-64 code calls by name and that GCC 12's libgcc (the
// runtime library of this toolchain's C++ compiler) does not have: __truncsfbf2 (float) and
// __truncdfbf2 (double), each rounding once to nearest, ties to even. Host kernels that write
// bfloat16 need them (every conversion to bfloat16 in runtime/src/stdlib/kernels, for one). They
// are weak, so a newer libgcc or compiler-rt that brings its own wins. bfloat16 travels in the low
// 16 bits of an SSE register, as _Float16 does, so _Float16 is the return type with the same
// calling convention.
#include "gpucc/array/half.h"

#include <bit>
#include <cstdint>

extern "C" {

__attribute__((weak)) _Float16 __truncsfbf2(float value) {
    return std::bit_cast<_Float16>(gpucc::detail::bfloat16_bits_from(value));
}

__attribute__((weak)) _Float16 __truncdfbf2(double value) {
    return std::bit_cast<_Float16>(gpucc::detail::bfloat16_bits_from(value));
}

} // extern "C"
