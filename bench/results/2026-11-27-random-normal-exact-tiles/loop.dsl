raw cuda """
__device__ __forceinline__ float lg2_ftz(float x) { float y; asm("lg2.approx.ftz.f32 %0, %1;" : "=f"(y) : "f"(x)); return y; }
__device__ __forceinline__ float rsqrt_ftz(float x) { float y; asm("rsqrt.approx.ftz.f32 %0, %1;" : "=f"(y) : "f"(x)); return y; }
// fast form (for scale): lg2.approx, __cosf/__sinf, t * rsqrt.
__device__ __forceinline__ void fast_pair(unsigned wu, unsigned wa, float loc, float scale, float& c, float& d) {
    float k = (float)(int)(wu >> 8);
    float u = k * 5.9604644775390625e-8f + 5.9604644775390625e-8f;
    float w = 16777215.0f - k;
    float near_ = w * (1.1920926823449918e-07f + w * (3.553139312856496e-15f + w * (1.3992754152292786e-22f + w * 7.45212336138821e-30f)));
    float far_ = lg2_ftz(u) * -1.3862943611198906f;
    float t = u > 0.9f ? near_ : far_;
    float r = t * rsqrt_ftz(fmaxf(t, 1.0e-30f));
    float angle = (float)(int)(wa >> 8) * (6.2831853071795865f * 5.9604644775390625e-8f) - 3.14159265358979324f;
    float sr = scale * r;
    c = loc + sr * __cosf(angle);
    d = loc + sr * __sinf(angle);
}
__device__ __forceinline__ float corrected_root(float t) {
    float tt = fmaxf(t, 1.0e-30f);
    float ry = rsqrt_ftz(tt);
    float rs = __fmul_rn(tt, ry);
    return fmaf(fmaf(-rs, rs, tt), __fmul_rn(ry, 0.5f), rs);
}
// the library's exact t (clz reduction).
__device__ __forceinline__ float t_clz(unsigned w) {
    unsigned j = (w >> 8) + 1u;
    unsigned n = __clz(j);
    unsigned m = j << n;
    bool big = m > 3037000499u;
    float mm = fmaf(__uint2float_rn(m), big ? -4.656612873077393e-10f : -9.313225746154785e-10f, 2.0f);
    float e = __int2float_rn(7 - (int)n + (big ? 1 : 0));
    float q = 0.0007876853342168033f;
    q = fmaf(q, mm, 0.002528203185647726f);
    q = fmaf(q, mm, 0.0053885080851614475f);
    q = fmaf(q, mm, 0.012441801838576794f);
    q = fmaf(q, mm, 0.03121403604745865f);
    q = fmaf(q, mm, 0.08333678543567657f);
    q = fmaf(q, mm, 0.25000160932540894f);
    return fmaf(e, -1.3862943649291992f, fmaf(__fmul_rn(mm, mm), q, mm));
}
// t by the float's bits: f = j exactly, k = 24 - e and m in [sqrt(1/2), sqrt(2)) from them.
__device__ __forceinline__ float t_bits(unsigned w) {
    unsigned j = (w >> 8) + 1u;
    unsigned bits = __float_as_uint(__uint2float_rn(j));
    unsigned d = 0x3F3504F3u + 25u * 8388608u - 1u - bits;
    int k = (int)d >> 23;
    float m = __uint_as_float((~d & 0x7FFFFFu) + 0x3F3504F3u);
    float mm = fmaf(m, -2.0f, 2.0f);
    float q = 0.0007876853342168033f;
    q = fmaf(q, mm, 0.002528203185647726f);
    q = fmaf(q, mm, 0.0053885080851614475f);
    q = fmaf(q, mm, 0.012441801838576794f);
    q = fmaf(q, mm, 0.03121403604745865f);
    q = fmaf(q, mm, 0.08333678543567657f);
    q = fmaf(q, mm, 0.25000160932540894f);
    return fmaf(__int2float_rn(k), 1.3862943649291992f, fmaf(__fmul_rn(mm, mm), q, mm));
}
template <bool kBits>
__device__ __forceinline__ void exact_pair(unsigned wu, unsigned wa, float loc, float scale, float& c, float& d) {
    float sr = __fmul_rn(scale, corrected_root(kBits ? t_bits(wu) : t_clz(wu)));
    unsigned b = wa + 536870912u;
    float x = __fmul_rn(__int2float_rn((int)(wa << 2)), 3.14159265358979324f * 1.16415321826934814453125e-10f);
    float y = __fmul_rn(x, x);
    float s = fmaf(__fmul_rn(x, y), fmaf(fmaf(-0.0001951528392964974f, y, 0.0083321603015065193f), y, -0.16666655242443085f), x);
    float co = fmaf(y, fmaf(fmaf(fmaf(2.4383567506447434e-05f, y, -0.001388668199069798f), y, 0.041666619479656219f), y, -0.5f), 1.0f);
    bool swap = (b & 1073741824u) != 0u;
    float along = swap ? s : co, across = swap ? co : s;
    float srcos = ((b ^ (b << 1)) & 2147483648u) != 0u ? -sr : sr;
    float srsin = (int)b < 0 ? -sr : sr;
    c = fmaf(srcos, along, loc);
    d = fmaf(srsin, across, loc);
}
// the same values as exact_pair<true>: q = quadrant of wa + 2^29; odd q: (sin(-x), cos(-x)); q >= 2:
// both negated (sin is odd in the polynomial too, cos even, so the same bits).
__device__ __forceinline__ void exact_pair2(unsigned wu, unsigned wa, float loc, float scale, float& c, float& d) {
    float sr = __fmul_rn(scale, corrected_root(t_bits(wu)));
    unsigned b = wa + 536870912u;
    float x0 = __fmul_rn(__int2float_rn((int)(wa << 2)), 3.14159265358979324f * 1.16415321826934814453125e-10f);
    float x = __uint_as_float(__float_as_uint(x0) ^ ((b << 1) & 0x80000000u));
    float y = __fmul_rn(x, x);
    float s = fmaf(__fmul_rn(x, y), fmaf(fmaf(-0.0001951528392964974f, y, 0.0083321603015065193f), y, -0.16666655242443085f), x);
    float co = fmaf(y, fmaf(fmaf(fmaf(2.4383567506447434e-05f, y, -0.001388668199069798f), y, 0.041666619479656219f), y, -0.5f), 1.0f);
    bool swap = (b & 1073741824u) != 0u;
    float along = swap ? s : co, across = swap ? co : s;
    float srq = __uint_as_float(__float_as_uint(sr) ^ (b & 0x80000000u));
    c = fmaf(srq, along, loc);
    d = fmaf(srq, across, loc);
}
template <int kForm>
__device__ __forceinline__ void pair(unsigned wu, unsigned wa, float loc, float scale, float& c, float& d) {
    if (kForm == 3) { c = __uint_as_float(wu >> 2); d = __uint_as_float(wa >> 2); }
    else if (kForm == 0) fast_pair(wu, wa, loc, scale, c, d);
    else if (kForm == 4) exact_pair2(wu, wa, loc, scale, c, d);
    else if (kForm == 1) exact_pair<false>(wu, wa, loc, scale, c, d);
    else exact_pair<true>(wu, wa, loc, scale, c, d);
}
struct Keys { unsigned a[10], b[10]; };
template <int kForm, bool kV4, int kB, bool kUnroll>
__device__ __forceinline__ void body(float* __restrict__ y, unsigned long long offset, float loc, float scale, const Keys& k) {
    const unsigned tid = threadIdx.x;
#pragma unroll 1
    for (int outer = 0; outer < (kUnroll ? 1 : kB); ++outer) {
#pragma unroll
    for (int inner = 0; inner < (kUnroll ? kB : 1); ++inner) {
        long long tile = (long long)blockIdx.x * kB + outer + inner;
        unsigned long long counter = offset + (unsigned long long)(tile * 256 + tid);
        unsigned x0 = (unsigned)counter, x1 = (unsigned)(counter >> 32), x2 = 0u, x3 = 0u;
#pragma unroll
        for (int round = 0; round < 10; round++) {
            unsigned long long p0 = (unsigned long long)x0 * 0xD2511F53u;
            unsigned long long p1 = (unsigned long long)x2 * 0xCD9E8D57u;
            unsigned next0 = (unsigned)(p1 >> 32) ^ x1 ^ k.a[round];
            unsigned next2 = (unsigned)(p0 >> 32) ^ x3 ^ k.b[round];
            x1 = (unsigned)p1; x3 = (unsigned)p0; x0 = next0; x2 = next2;
        }
        float c01, d01, c23, d23;
        pair<kForm>(x0, x1, loc, scale, c01, d01);
        pair<kForm>(x2, x3, loc, scale, c23, d23);
        if (kV4) {
            reinterpret_cast<float4*>(y)[tile * 256 + tid] = make_float4(c01, d01, c23, d23);
        } else {
            long long first = tile * 1024 + tid;
            y[first] = c01; y[first + 256] = d01; y[first + 512] = c23; y[first + 768] = d23;
        }
    }
    }
}
#define KEYS unsigned ka0, unsigned kb0, unsigned ka1, unsigned kb1, unsigned ka2, unsigned kb2, unsigned ka3, unsigned kb3, unsigned ka4, unsigned kb4, unsigned ka5, unsigned kb5, unsigned ka6, unsigned kb6, unsigned ka7, unsigned kb7, unsigned ka8, unsigned kb8, unsigned ka9, unsigned kb9
#define K(name, form, v4, b, unroll) \
extern "C" __global__ void __launch_bounds__(256) name(float* __restrict__ y, long long n, unsigned long long offset, float loc, float scale, KEYS) { \
    const Keys k = {{ka0, ka1, ka2, ka3, ka4, ka5, ka6, ka7, ka8, ka9}, {kb0, kb1, kb2, kb3, kb4, kb5, kb6, kb7, kb8, kb9}}; \
    body<form, v4, b, unroll>(y, offset, loc, scale, k); }
K(fast_s1, 0, false, 1, false)
K(fast_v1, 0, true, 1, false)
K(fast_s4, 0, false, 4, false)
K(fast_v4, 0, true, 4, false)
K(clz_s1, 1, false, 1, false)
K(clz_v1, 1, true, 1, false)
K(bits_s1, 2, false, 1, false)
K(bits_v1, 2, true, 1, false)
K(bits_s2, 2, false, 2, false)
K(bits_s4, 2, false, 4, false)
K(bits_s8, 2, false, 8, false)
K(bits_s2u, 2, false, 2, true)
K(bits_s4u, 2, false, 4, true)
K(bits_v2, 2, true, 2, false)
K(bits_v4, 2, true, 4, false)
K(bits_v8, 2, true, 8, false)
K(bits_v4u, 2, true, 4, true)
K(clz_s4, 1, false, 4, false)
K(q2_s1, 4, false, 1, false)
K(q2_s4u, 4, false, 4, true)
K(q2_s8u, 4, false, 8, true)
K(q2_v4u, 4, true, 4, true)
K(bits_s8u, 2, false, 8, true)
K(words_s1, 3, false, 1, false)
K(words_v1, 3, true, 1, false)
K(words_v4, 3, true, 4, false)
K(clz_v4, 1, true, 4, false)
"""
