// The AVX-512 batches of the host's gamma draw (host_gamma_batch.h): libmvec's eight-lane log,
// cos, exp and pow. This file alone is compiled with -mavx512f (CMakeLists.txt), so that its
// __m512d arguments are passed in registers, as libmvec's vector ABI expects.
#include "host_gamma_batch.h"
#include "host_gamma_batch_loop.h"

#include <immintrin.h>

extern "C" {
__m512d _ZGVeN8v_log(__m512d);
__m512d _ZGVeN8v_cos(__m512d);
__m512d _ZGVeN8v_exp(__m512d);
__m512d _ZGVeN8vv_pow(__m512d, __m512d);
}

namespace gpucc::random::detail {
namespace {

struct Avx512Lanes {
    static constexpr std::int64_t kWidth = 8;
    static __m512d broadcast(double value) { return _mm512_set1_pd(value); }
    static __m512d load(const double* in) { return _mm512_loadu_pd(in); }
    static void store(double* out, __m512d x) { _mm512_storeu_pd(out, x); }
    static __m512d log(__m512d x) { return _ZGVeN8v_log(x); }
    static __m512d cos(__m512d x) { return _ZGVeN8v_cos(x); }
    static __m512d exp(__m512d x) { return _ZGVeN8v_exp(x); }
    static __m512d pow(__m512d x, __m512d e) { return _ZGVeN8vv_pow(x, e); }
};

} // namespace

void gamma_batch_avx512(BatchFunction f, const double* in, double* out, double exponent) {
    apply_lanes<Avx512Lanes>(f, in, out, exponent);
}

} // namespace gpucc::random::detail
