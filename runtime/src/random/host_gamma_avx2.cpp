// The AVX2 batches of the host's gamma draw (host_gamma_batch.h): libmvec's four-lane log, cos,
// exp and pow. This file alone is compiled with -mavx2 -mfma (CMakeLists.txt), so that its
// __m256d arguments are passed in registers, as libmvec's vector ABI expects.
#include "host_gamma_batch.h"
#include "host_gamma_batch_loop.h"

#include <immintrin.h>

extern "C" {
__m256d _ZGVdN4v_log(__m256d);
__m256d _ZGVdN4v_cos(__m256d);
__m256d _ZGVdN4v_exp(__m256d);
__m256d _ZGVdN4vv_pow(__m256d, __m256d);
}

namespace gpucc::random::detail {
namespace {

struct Avx2Lanes {
    static constexpr std::int64_t kWidth = 4;
    static __m256d broadcast(double value) { return _mm256_set1_pd(value); }
    static __m256d load(const double* in) { return _mm256_loadu_pd(in); }
    static void store(double* out, __m256d x) { _mm256_storeu_pd(out, x); }
    static __m256d log(__m256d x) { return _ZGVdN4v_log(x); }
    static __m256d cos(__m256d x) { return _ZGVdN4v_cos(x); }
    static __m256d exp(__m256d x) { return _ZGVdN4v_exp(x); }
    static __m256d pow(__m256d x, __m256d e) { return _ZGVdN4vv_pow(x, e); }
};

} // namespace

void gamma_batch_avx2(BatchFunction f, const double* in, double* out, double exponent) {
    apply_lanes<Avx2Lanes>(f, in, out, exponent);
}

} // namespace gpucc::random::detail
