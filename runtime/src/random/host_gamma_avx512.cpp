// The AVX-512 batches of the host's gamma draw (host_gamma_batch.h): exact_math.h's log, cos, exp
// and root eight lanes at a time. This file alone is compiled with -mavx512f (CMakeLists.txt),
// so that its loops use the eight-lane registers and fused multiply-adds.
#include "host_gamma_batch.h"
#include "host_gamma_batch_loop.h"

namespace gpucc::random::detail {

void gamma_batch_avx512(BatchFunction f, const double* in, double* out, double exponent) {
    apply_exact(f, in, out, exponent);
}

} // namespace gpucc::random::detail
