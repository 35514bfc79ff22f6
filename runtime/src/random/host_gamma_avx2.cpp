// The AVX2 batches of the host's gamma draw (host_gamma_batch.h): exact_math.h's log, cos, exp
// root and the squeeze test four lanes at a time. This file alone is compiled with -mavx2 -mfma
// (CMakeLists.txt), so that its loops use the four-lane registers and fused multiply-adds.
#include "host_gamma_batch.h"
#include "host_gamma_batch_loop.h"

namespace gpucc::random::detail {

void gamma_batch_avx2(BatchFunction f, const double* in, double* out, double exponent,
                      std::int64_t count) {
    apply_exact(f, in, out, exponent, count);
}

void gamma_squeeze_avx2(double c, const double* log_u1, const double* cos_angle, const double* u,
                        double* z, double* v, double* squeezed) {
    squeeze_exact(c, log_u1, cos_angle, u, z, v, squeezed);
}

} // namespace gpucc::random::detail
