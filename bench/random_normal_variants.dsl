// Variants of the default generator's normal_float32 (runtime/src/random/kernels/random.dsl), for
// bench/random_normal_variants.py, which times them on the GPU with the driver API and measures
// their error against a float64 Box-Muller of the same Philox words (issue 22: which part of the
// transform costs what). Not built by CMake: the script's header says how to make the cubin.
// old_production: the kernel before the series (libdevice's logf, a branch for r); new_production:
// random.dsl's; new_wide_product: the Philox rounds by one 32 x 32 -> 64-bit product per
// multiply; new_key_schedule: the ten round keys passed as parameters instead of added in the
// loop; new_logf_only: __logf for every u (inaccurate near u = 1: what the series costs).
// Run 3 of the normal attempt (bench/results/2026-11-26-random-normal-3): cand_series4, the keyed
// rounds with a shorter series near u = 1 (4 minimax terms on v < 0.1, relative error 2e-7,
// against 7 Taylor terms), v from the same converted 24 bits as u (16777215 - k, exact; 2 and
// 2^-24 folded into the coefficients) and -2 log u as one product of __logf; cand_logf_keyed:
// __logf for every u with the keyed rounds (inaccurate near u = 1: the speed without the series);
// raw_ftz_sqrt and raw_ftz_rsqrt (raw CUDA at the end): cand_series4 with lg2.approx.ftz and
// sqrt.approx.ftz or rsqrt.approx.ftz, which a kernel of the language cannot ask for (ptxas adds a
// subnormal fix-up of four instructions to each non-ftz lg2 and three to each rsqrt), and
// raw_ftz_sqrt_v4, the same with one 16-byte store of a thread's four values (another order).
module normal_variants;

kernel uniform_float32(float32[] y, uint64 key, uint64 offset, float32 low, float32 range) {
    int64 width = (int64)blockDim.x;
    int64 block = (int64)blockIdx.x * width + (int64)threadIdx.x;
    int64 first = (int64)blockIdx.x * width * 4 + (int64)threadIdx.x;
    uint64 counter = offset + (uint64)block;
    uint32 x0 = (uint32)counter;
    uint32 x1 = (uint32)(counter >> 32);
    uint32 x2 = 0u;
    uint32 x3 = 0u;
    {
        uint32 key0 = (uint32)key;
        uint32 key1 = (uint32)(key >> 32);
        for (int32 round = 0; round < 10; round++) {
            uint32 next0 = mulhi(x2, 0xCD9E8D57u) ^ x1 ^ key0;
            uint32 next2 = mulhi(x0, 0xD2511F53u) ^ x3 ^ key1;
            x1 = x2 * 0xCD9E8D57u;
            x3 = x0 * 0xD2511F53u;
            x0 = next0;
            x2 = next2;
            key0 += 0x9E3779B9u;
            key1 += 0xBB67AE85u;
        }
    }
    y[first] = low + range * ((float32)(int32)(x0 >> 8) * 5.9604644775390625e-8f);
    y[first + width] = low + range * ((float32)(int32)(x1 >> 8) * 5.9604644775390625e-8f);
    y[first + 2 * width] = low + range * ((float32)(int32)(x2 >> 8) * 5.9604644775390625e-8f);
    y[first + 3 * width] = low + range * ((float32)(int32)(x3 >> 8) * 5.9604644775390625e-8f);
}

kernel old_production(float32[] y, uint64 key, uint64 offset, float32 loc, float32 scale) {
    int64 width = (int64)blockDim.x;
    int64 block = (int64)blockIdx.x * width + (int64)threadIdx.x;
    int64 first = (int64)blockIdx.x * width * 4 + (int64)threadIdx.x;
    uint64 counter = offset + (uint64)block;
    uint32 x0 = (uint32)counter;
    uint32 x1 = (uint32)(counter >> 32);
    uint32 x2 = 0u;
    uint32 x3 = 0u;
    {
        uint32 key0 = (uint32)key;
        uint32 key1 = (uint32)(key >> 32);
        for (int32 round = 0; round < 10; round++) {
            uint32 next0 = mulhi(x2, 0xCD9E8D57u) ^ x1 ^ key0;
            uint32 next2 = mulhi(x0, 0xD2511F53u) ^ x3 ^ key1;
            x1 = x2 * 0xCD9E8D57u;
            x3 = x0 * 0xD2511F53u;
            x0 = next0;
            x2 = next2;
            key0 += 0x9E3779B9u;
            key1 += 0xBB67AE85u;
        }
    }
    float32 t01 = -2.0f * log((float32)(int32)((x0 >> 8) + 1u) * 5.9604644775390625e-8f);
    float32 r01 = t01 > 0.0f ? t01 * rsqrt(t01) : 0.0f;
    float32 angle01 = 6.2831853071795865f * ((float32)(int32)(x1 >> 8) * 5.9604644775390625e-8f) -
                      3.14159265358979324f;
    float32 t23 = -2.0f * log((float32)(int32)((x2 >> 8) + 1u) * 5.9604644775390625e-8f);
    float32 r23 = t23 > 0.0f ? t23 * rsqrt(t23) : 0.0f;
    float32 angle23 = 6.2831853071795865f * ((float32)(int32)(x3 >> 8) * 5.9604644775390625e-8f) -
                      3.14159265358979324f;
    float32 v0 = loc + scale * (r01 * __cosf(angle01));
    float32 v1 = loc + scale * (r01 * __sinf(angle01));
    float32 v2 = loc + scale * (r23 * __cosf(angle23));
    float32 v3 = loc + scale * (r23 * __sinf(angle23));
    y[first] = v0;
    y[first + width] = v1;
    y[first + 2 * width] = v2;
    y[first + 3 * width] = v3;
}

kernel new_production(float32[] y, uint64 key, uint64 offset, float32 loc, float32 scale) {
    int64 width = (int64)blockDim.x;
    int64 block = (int64)blockIdx.x * width + (int64)threadIdx.x;
    int64 first = (int64)blockIdx.x * width * 4 + (int64)threadIdx.x;
    uint64 counter = offset + (uint64)block;
    uint32 x0 = (uint32)counter;
    uint32 x1 = (uint32)(counter >> 32);
    uint32 x2 = 0u;
    uint32 x3 = 0u;
    {
        uint32 key0 = (uint32)key;
        uint32 key1 = (uint32)(key >> 32);
        for (int32 round = 0; round < 10; round++) {
            uint32 next0 = mulhi(x2, 0xCD9E8D57u) ^ x1 ^ key0;
            uint32 next2 = mulhi(x0, 0xD2511F53u) ^ x3 ^ key1;
            x1 = x2 * 0xCD9E8D57u;
            x3 = x0 * 0xD2511F53u;
            x0 = next0;
            x2 = next2;
            key0 += 0x9E3779B9u;
            key1 += 0xBB67AE85u;
        }
    }
    float32 u01 = (float32)(int32)((x0 >> 8) + 1u) * 5.9604644775390625e-8f;
    float32 v01 = (float32)(int32)((~x0) >> 8) * 5.9604644775390625e-8f;
    float32 near01 = v01 * (1.0f + v01 * (0.5f + v01 * (0.333333343f + v01 * (0.25f + v01 * (0.2f +
                      v01 * (0.166666672f + v01 * 0.142857149f))))));
    float32 far01 = -__logf(u01);
    float32 t01 = 2.0f * (u01 > 0.9f ? near01 : far01);
    float32 r01 = t01 * rsqrt(max(t01, 1.0e-30f));
    float32 angle01 = (float32)(int32)(x1 >> 8) * (6.2831853071795865f * 5.9604644775390625e-8f) -
                      3.14159265358979324f;
    float32 u23 = (float32)(int32)((x2 >> 8) + 1u) * 5.9604644775390625e-8f;
    float32 v23 = (float32)(int32)((~x2) >> 8) * 5.9604644775390625e-8f;
    float32 near23 = v23 * (1.0f + v23 * (0.5f + v23 * (0.333333343f + v23 * (0.25f + v23 * (0.2f +
                      v23 * (0.166666672f + v23 * 0.142857149f))))));
    float32 far23 = -__logf(u23);
    float32 t23 = 2.0f * (u23 > 0.9f ? near23 : far23);
    float32 r23 = t23 * rsqrt(max(t23, 1.0e-30f));
    float32 angle23 = (float32)(int32)(x3 >> 8) * (6.2831853071795865f * 5.9604644775390625e-8f) -
                      3.14159265358979324f;
    float32 scaled01 = scale * r01;
    float32 scaled23 = scale * r23;
    float32 v0 = loc + scaled01 * __cosf(angle01);
    float32 v1 = loc + scaled01 * __sinf(angle01);
    float32 v2 = loc + scaled23 * __cosf(angle23);
    float32 v3 = loc + scaled23 * __sinf(angle23);
    y[first] = v0;
    y[first + width] = v1;
    y[first + 2 * width] = v2;
    y[first + 3 * width] = v3;
}

kernel new_wide_product(float32[] y, uint64 key, uint64 offset, float32 loc, float32 scale) {
    int64 width = (int64)blockDim.x;
    int64 block = (int64)blockIdx.x * width + (int64)threadIdx.x;
    int64 first = (int64)blockIdx.x * width * 4 + (int64)threadIdx.x;
    uint64 counter = offset + (uint64)block;
    uint32 x0 = (uint32)counter;
    uint32 x1 = (uint32)(counter >> 32);
    uint32 x2 = 0u;
    uint32 x3 = 0u;
    {
        uint32 key0 = (uint32)key;
        uint32 key1 = (uint32)(key >> 32);
        for (int32 round = 0; round < 10; round++) {
            uint64 p0 = (uint64)x0 * 0xD2511F53u;
            uint64 p1 = (uint64)x2 * 0xCD9E8D57u;
            uint32 next0 = (uint32)(p1 >> 32) ^ x1 ^ key0;
            uint32 next2 = (uint32)(p0 >> 32) ^ x3 ^ key1;
            x1 = (uint32)p1;
            x3 = (uint32)p0;
            x0 = next0;
            x2 = next2;
            key0 += 0x9E3779B9u;
            key1 += 0xBB67AE85u;
        }
    }
    float32 u01 = (float32)(int32)((x0 >> 8) + 1u) * 5.9604644775390625e-8f;
    float32 v01 = (float32)(int32)((~x0) >> 8) * 5.9604644775390625e-8f;
    float32 near01 = v01 * (1.0f + v01 * (0.5f + v01 * (0.333333343f + v01 * (0.25f + v01 * (0.2f +
                      v01 * (0.166666672f + v01 * 0.142857149f))))));
    float32 far01 = -__logf(u01);
    float32 t01 = 2.0f * (u01 > 0.9f ? near01 : far01);
    float32 r01 = t01 * rsqrt(max(t01, 1.0e-30f));
    float32 angle01 = (float32)(int32)(x1 >> 8) * (6.2831853071795865f * 5.9604644775390625e-8f) -
                      3.14159265358979324f;
    float32 u23 = (float32)(int32)((x2 >> 8) + 1u) * 5.9604644775390625e-8f;
    float32 v23 = (float32)(int32)((~x2) >> 8) * 5.9604644775390625e-8f;
    float32 near23 = v23 * (1.0f + v23 * (0.5f + v23 * (0.333333343f + v23 * (0.25f + v23 * (0.2f +
                      v23 * (0.166666672f + v23 * 0.142857149f))))));
    float32 far23 = -__logf(u23);
    float32 t23 = 2.0f * (u23 > 0.9f ? near23 : far23);
    float32 r23 = t23 * rsqrt(max(t23, 1.0e-30f));
    float32 angle23 = (float32)(int32)(x3 >> 8) * (6.2831853071795865f * 5.9604644775390625e-8f) -
                      3.14159265358979324f;
    float32 scaled01 = scale * r01;
    float32 scaled23 = scale * r23;
    float32 v0 = loc + scaled01 * __cosf(angle01);
    float32 v1 = loc + scaled01 * __sinf(angle01);
    float32 v2 = loc + scaled23 * __cosf(angle23);
    float32 v3 = loc + scaled23 * __sinf(angle23);
    y[first] = v0;
    y[first + width] = v1;
    y[first + 2 * width] = v2;
    y[first + 3 * width] = v3;
}

kernel new_key_schedule(float32[] y, uint64 offset, float32 loc, float32 scale, uint32 ka0, uint32 kb0, uint32 ka1, uint32 kb1, uint32 ka2, uint32 kb2, uint32 ka3, uint32 kb3, uint32 ka4, uint32 kb4, uint32 ka5, uint32 kb5, uint32 ka6, uint32 kb6, uint32 ka7, uint32 kb7, uint32 ka8, uint32 kb8, uint32 ka9, uint32 kb9) {
    int64 width = (int64)blockDim.x;
    int64 block = (int64)blockIdx.x * width + (int64)threadIdx.x;
    int64 first = (int64)blockIdx.x * width * 4 + (int64)threadIdx.x;
    uint64 counter = offset + (uint64)block;
    uint32 x0 = (uint32)counter;
    uint32 x1 = (uint32)(counter >> 32);
    uint32 x2 = 0u;
    uint32 x3 = 0u;
    {
        uint32 next0 = mulhi(x2, 0xCD9E8D57u) ^ x1 ^ ka0;
        uint32 next2 = mulhi(x0, 0xD2511F53u) ^ x3 ^ kb0;
        x1 = x2 * 0xCD9E8D57u;
        x3 = x0 * 0xD2511F53u;
        x0 = next0;
        x2 = next2;
    }
    {
        uint32 next0 = mulhi(x2, 0xCD9E8D57u) ^ x1 ^ ka1;
        uint32 next2 = mulhi(x0, 0xD2511F53u) ^ x3 ^ kb1;
        x1 = x2 * 0xCD9E8D57u;
        x3 = x0 * 0xD2511F53u;
        x0 = next0;
        x2 = next2;
    }
    {
        uint32 next0 = mulhi(x2, 0xCD9E8D57u) ^ x1 ^ ka2;
        uint32 next2 = mulhi(x0, 0xD2511F53u) ^ x3 ^ kb2;
        x1 = x2 * 0xCD9E8D57u;
        x3 = x0 * 0xD2511F53u;
        x0 = next0;
        x2 = next2;
    }
    {
        uint32 next0 = mulhi(x2, 0xCD9E8D57u) ^ x1 ^ ka3;
        uint32 next2 = mulhi(x0, 0xD2511F53u) ^ x3 ^ kb3;
        x1 = x2 * 0xCD9E8D57u;
        x3 = x0 * 0xD2511F53u;
        x0 = next0;
        x2 = next2;
    }
    {
        uint32 next0 = mulhi(x2, 0xCD9E8D57u) ^ x1 ^ ka4;
        uint32 next2 = mulhi(x0, 0xD2511F53u) ^ x3 ^ kb4;
        x1 = x2 * 0xCD9E8D57u;
        x3 = x0 * 0xD2511F53u;
        x0 = next0;
        x2 = next2;
    }
    {
        uint32 next0 = mulhi(x2, 0xCD9E8D57u) ^ x1 ^ ka5;
        uint32 next2 = mulhi(x0, 0xD2511F53u) ^ x3 ^ kb5;
        x1 = x2 * 0xCD9E8D57u;
        x3 = x0 * 0xD2511F53u;
        x0 = next0;
        x2 = next2;
    }
    {
        uint32 next0 = mulhi(x2, 0xCD9E8D57u) ^ x1 ^ ka6;
        uint32 next2 = mulhi(x0, 0xD2511F53u) ^ x3 ^ kb6;
        x1 = x2 * 0xCD9E8D57u;
        x3 = x0 * 0xD2511F53u;
        x0 = next0;
        x2 = next2;
    }
    {
        uint32 next0 = mulhi(x2, 0xCD9E8D57u) ^ x1 ^ ka7;
        uint32 next2 = mulhi(x0, 0xD2511F53u) ^ x3 ^ kb7;
        x1 = x2 * 0xCD9E8D57u;
        x3 = x0 * 0xD2511F53u;
        x0 = next0;
        x2 = next2;
    }
    {
        uint32 next0 = mulhi(x2, 0xCD9E8D57u) ^ x1 ^ ka8;
        uint32 next2 = mulhi(x0, 0xD2511F53u) ^ x3 ^ kb8;
        x1 = x2 * 0xCD9E8D57u;
        x3 = x0 * 0xD2511F53u;
        x0 = next0;
        x2 = next2;
    }
    {
        uint32 next0 = mulhi(x2, 0xCD9E8D57u) ^ x1 ^ ka9;
        uint32 next2 = mulhi(x0, 0xD2511F53u) ^ x3 ^ kb9;
        x1 = x2 * 0xCD9E8D57u;
        x3 = x0 * 0xD2511F53u;
        x0 = next0;
        x2 = next2;
    }
    float32 u01 = (float32)(int32)((x0 >> 8) + 1u) * 5.9604644775390625e-8f;
    float32 v01 = (float32)(int32)((~x0) >> 8) * 5.9604644775390625e-8f;
    float32 near01 = v01 * (1.0f + v01 * (0.5f + v01 * (0.333333343f + v01 * (0.25f + v01 * (0.2f +
                      v01 * (0.166666672f + v01 * 0.142857149f))))));
    float32 far01 = -__logf(u01);
    float32 t01 = 2.0f * (u01 > 0.9f ? near01 : far01);
    float32 r01 = t01 * rsqrt(max(t01, 1.0e-30f));
    float32 angle01 = (float32)(int32)(x1 >> 8) * (6.2831853071795865f * 5.9604644775390625e-8f) -
                      3.14159265358979324f;
    float32 u23 = (float32)(int32)((x2 >> 8) + 1u) * 5.9604644775390625e-8f;
    float32 v23 = (float32)(int32)((~x2) >> 8) * 5.9604644775390625e-8f;
    float32 near23 = v23 * (1.0f + v23 * (0.5f + v23 * (0.333333343f + v23 * (0.25f + v23 * (0.2f +
                      v23 * (0.166666672f + v23 * 0.142857149f))))));
    float32 far23 = -__logf(u23);
    float32 t23 = 2.0f * (u23 > 0.9f ? near23 : far23);
    float32 r23 = t23 * rsqrt(max(t23, 1.0e-30f));
    float32 angle23 = (float32)(int32)(x3 >> 8) * (6.2831853071795865f * 5.9604644775390625e-8f) -
                      3.14159265358979324f;
    float32 scaled01 = scale * r01;
    float32 scaled23 = scale * r23;
    float32 v0 = loc + scaled01 * __cosf(angle01);
    float32 v1 = loc + scaled01 * __sinf(angle01);
    float32 v2 = loc + scaled23 * __cosf(angle23);
    float32 v3 = loc + scaled23 * __sinf(angle23);
    y[first] = v0;
    y[first + width] = v1;
    y[first + 2 * width] = v2;
    y[first + 3 * width] = v3;
}

kernel new_wide_key_schedule(float32[] y, uint64 offset, float32 loc, float32 scale, uint32 ka0, uint32 kb0, uint32 ka1, uint32 kb1, uint32 ka2, uint32 kb2, uint32 ka3, uint32 kb3, uint32 ka4, uint32 kb4, uint32 ka5, uint32 kb5, uint32 ka6, uint32 kb6, uint32 ka7, uint32 kb7, uint32 ka8, uint32 kb8, uint32 ka9, uint32 kb9) {
    int64 width = (int64)blockDim.x;
    int64 block = (int64)blockIdx.x * width + (int64)threadIdx.x;
    int64 first = (int64)blockIdx.x * width * 4 + (int64)threadIdx.x;
    uint64 counter = offset + (uint64)block;
    uint32 x0 = (uint32)counter;
    uint32 x1 = (uint32)(counter >> 32);
    uint32 x2 = 0u;
    uint32 x3 = 0u;
    {
        uint64 p0 = (uint64)x0 * 0xD2511F53u;
        uint64 p1 = (uint64)x2 * 0xCD9E8D57u;
        uint32 next0 = (uint32)(p1 >> 32) ^ x1 ^ ka0;
        uint32 next2 = (uint32)(p0 >> 32) ^ x3 ^ kb0;
        x1 = (uint32)p1;
        x3 = (uint32)p0;
        x0 = next0;
        x2 = next2;
    }
    {
        uint64 p0 = (uint64)x0 * 0xD2511F53u;
        uint64 p1 = (uint64)x2 * 0xCD9E8D57u;
        uint32 next0 = (uint32)(p1 >> 32) ^ x1 ^ ka1;
        uint32 next2 = (uint32)(p0 >> 32) ^ x3 ^ kb1;
        x1 = (uint32)p1;
        x3 = (uint32)p0;
        x0 = next0;
        x2 = next2;
    }
    {
        uint64 p0 = (uint64)x0 * 0xD2511F53u;
        uint64 p1 = (uint64)x2 * 0xCD9E8D57u;
        uint32 next0 = (uint32)(p1 >> 32) ^ x1 ^ ka2;
        uint32 next2 = (uint32)(p0 >> 32) ^ x3 ^ kb2;
        x1 = (uint32)p1;
        x3 = (uint32)p0;
        x0 = next0;
        x2 = next2;
    }
    {
        uint64 p0 = (uint64)x0 * 0xD2511F53u;
        uint64 p1 = (uint64)x2 * 0xCD9E8D57u;
        uint32 next0 = (uint32)(p1 >> 32) ^ x1 ^ ka3;
        uint32 next2 = (uint32)(p0 >> 32) ^ x3 ^ kb3;
        x1 = (uint32)p1;
        x3 = (uint32)p0;
        x0 = next0;
        x2 = next2;
    }
    {
        uint64 p0 = (uint64)x0 * 0xD2511F53u;
        uint64 p1 = (uint64)x2 * 0xCD9E8D57u;
        uint32 next0 = (uint32)(p1 >> 32) ^ x1 ^ ka4;
        uint32 next2 = (uint32)(p0 >> 32) ^ x3 ^ kb4;
        x1 = (uint32)p1;
        x3 = (uint32)p0;
        x0 = next0;
        x2 = next2;
    }
    {
        uint64 p0 = (uint64)x0 * 0xD2511F53u;
        uint64 p1 = (uint64)x2 * 0xCD9E8D57u;
        uint32 next0 = (uint32)(p1 >> 32) ^ x1 ^ ka5;
        uint32 next2 = (uint32)(p0 >> 32) ^ x3 ^ kb5;
        x1 = (uint32)p1;
        x3 = (uint32)p0;
        x0 = next0;
        x2 = next2;
    }
    {
        uint64 p0 = (uint64)x0 * 0xD2511F53u;
        uint64 p1 = (uint64)x2 * 0xCD9E8D57u;
        uint32 next0 = (uint32)(p1 >> 32) ^ x1 ^ ka6;
        uint32 next2 = (uint32)(p0 >> 32) ^ x3 ^ kb6;
        x1 = (uint32)p1;
        x3 = (uint32)p0;
        x0 = next0;
        x2 = next2;
    }
    {
        uint64 p0 = (uint64)x0 * 0xD2511F53u;
        uint64 p1 = (uint64)x2 * 0xCD9E8D57u;
        uint32 next0 = (uint32)(p1 >> 32) ^ x1 ^ ka7;
        uint32 next2 = (uint32)(p0 >> 32) ^ x3 ^ kb7;
        x1 = (uint32)p1;
        x3 = (uint32)p0;
        x0 = next0;
        x2 = next2;
    }
    {
        uint64 p0 = (uint64)x0 * 0xD2511F53u;
        uint64 p1 = (uint64)x2 * 0xCD9E8D57u;
        uint32 next0 = (uint32)(p1 >> 32) ^ x1 ^ ka8;
        uint32 next2 = (uint32)(p0 >> 32) ^ x3 ^ kb8;
        x1 = (uint32)p1;
        x3 = (uint32)p0;
        x0 = next0;
        x2 = next2;
    }
    {
        uint64 p0 = (uint64)x0 * 0xD2511F53u;
        uint64 p1 = (uint64)x2 * 0xCD9E8D57u;
        uint32 next0 = (uint32)(p1 >> 32) ^ x1 ^ ka9;
        uint32 next2 = (uint32)(p0 >> 32) ^ x3 ^ kb9;
        x1 = (uint32)p1;
        x3 = (uint32)p0;
        x0 = next0;
        x2 = next2;
    }
    float32 u01 = (float32)(int32)((x0 >> 8) + 1u) * 5.9604644775390625e-8f;
    float32 v01 = (float32)(int32)((~x0) >> 8) * 5.9604644775390625e-8f;
    float32 near01 = v01 * (1.0f + v01 * (0.5f + v01 * (0.333333343f + v01 * (0.25f + v01 * (0.2f +
                      v01 * (0.166666672f + v01 * 0.142857149f))))));
    float32 far01 = -__logf(u01);
    float32 t01 = 2.0f * (u01 > 0.9f ? near01 : far01);
    float32 r01 = t01 * rsqrt(max(t01, 1.0e-30f));
    float32 angle01 = (float32)(int32)(x1 >> 8) * (6.2831853071795865f * 5.9604644775390625e-8f) -
                      3.14159265358979324f;
    float32 u23 = (float32)(int32)((x2 >> 8) + 1u) * 5.9604644775390625e-8f;
    float32 v23 = (float32)(int32)((~x2) >> 8) * 5.9604644775390625e-8f;
    float32 near23 = v23 * (1.0f + v23 * (0.5f + v23 * (0.333333343f + v23 * (0.25f + v23 * (0.2f +
                      v23 * (0.166666672f + v23 * 0.142857149f))))));
    float32 far23 = -__logf(u23);
    float32 t23 = 2.0f * (u23 > 0.9f ? near23 : far23);
    float32 r23 = t23 * rsqrt(max(t23, 1.0e-30f));
    float32 angle23 = (float32)(int32)(x3 >> 8) * (6.2831853071795865f * 5.9604644775390625e-8f) -
                      3.14159265358979324f;
    float32 scaled01 = scale * r01;
    float32 scaled23 = scale * r23;
    float32 v0 = loc + scaled01 * __cosf(angle01);
    float32 v1 = loc + scaled01 * __sinf(angle01);
    float32 v2 = loc + scaled23 * __cosf(angle23);
    float32 v3 = loc + scaled23 * __sinf(angle23);
    y[first] = v0;
    y[first + width] = v1;
    y[first + 2 * width] = v2;
    y[first + 3 * width] = v3;
}

kernel new_logf_only(float32[] y, uint64 key, uint64 offset, float32 loc, float32 scale) {
    int64 width = (int64)blockDim.x;
    int64 block = (int64)blockIdx.x * width + (int64)threadIdx.x;
    int64 first = (int64)blockIdx.x * width * 4 + (int64)threadIdx.x;
    uint64 counter = offset + (uint64)block;
    uint32 x0 = (uint32)counter;
    uint32 x1 = (uint32)(counter >> 32);
    uint32 x2 = 0u;
    uint32 x3 = 0u;
    {
        uint32 key0 = (uint32)key;
        uint32 key1 = (uint32)(key >> 32);
        for (int32 round = 0; round < 10; round++) {
            uint32 next0 = mulhi(x2, 0xCD9E8D57u) ^ x1 ^ key0;
            uint32 next2 = mulhi(x0, 0xD2511F53u) ^ x3 ^ key1;
            x1 = x2 * 0xCD9E8D57u;
            x3 = x0 * 0xD2511F53u;
            x0 = next0;
            x2 = next2;
            key0 += 0x9E3779B9u;
            key1 += 0xBB67AE85u;
        }
    }
    float32 u01 = (float32)(int32)((x0 >> 8) + 1u) * 5.9604644775390625e-8f;
    float32 v01 = (float32)(int32)((~x0) >> 8) * 5.9604644775390625e-8f;
    float32 near01 = v01 * (1.0f + v01 * (0.5f + v01 * (0.333333343f + v01 * (0.25f + v01 * (0.2f +
                      v01 * (0.166666672f + v01 * 0.142857149f))))));
    float32 far01 = -__logf(u01);
    float32 t01 = 2.0f * far01;
    float32 r01 = t01 * rsqrt(max(t01, 1.0e-30f));
    float32 angle01 = (float32)(int32)(x1 >> 8) * (6.2831853071795865f * 5.9604644775390625e-8f) -
                      3.14159265358979324f;
    float32 u23 = (float32)(int32)((x2 >> 8) + 1u) * 5.9604644775390625e-8f;
    float32 v23 = (float32)(int32)((~x2) >> 8) * 5.9604644775390625e-8f;
    float32 near23 = v23 * (1.0f + v23 * (0.5f + v23 * (0.333333343f + v23 * (0.25f + v23 * (0.2f +
                      v23 * (0.166666672f + v23 * 0.142857149f))))));
    float32 far23 = -__logf(u23);
    float32 t23 = 2.0f * far23;
    float32 r23 = t23 * rsqrt(max(t23, 1.0e-30f));
    float32 angle23 = (float32)(int32)(x3 >> 8) * (6.2831853071795865f * 5.9604644775390625e-8f) -
                      3.14159265358979324f;
    float32 scaled01 = scale * r01;
    float32 scaled23 = scale * r23;
    float32 v0 = loc + scaled01 * __cosf(angle01);
    float32 v1 = loc + scaled01 * __sinf(angle01);
    float32 v2 = loc + scaled23 * __cosf(angle23);
    float32 v3 = loc + scaled23 * __sinf(angle23);
    y[first] = v0;
    y[first + width] = v1;
    y[first + 2 * width] = v2;
    y[first + 3 * width] = v3;
}
kernel cand_series4(float32[] y, uint64 offset, float32 loc, float32 scale, uint32 ka0, uint32 kb0, uint32 ka1, uint32 kb1, uint32 ka2, uint32 kb2, uint32 ka3, uint32 kb3, uint32 ka4, uint32 kb4, uint32 ka5, uint32 kb5, uint32 ka6, uint32 kb6, uint32 ka7, uint32 kb7, uint32 ka8, uint32 kb8, uint32 ka9, uint32 kb9) {
    int64 width = (int64)blockDim.x;
    int64 block = (int64)blockIdx.x * width + (int64)threadIdx.x;
    int64 first = (int64)blockIdx.x * width * 4 + (int64)threadIdx.x;
    uint64 counter = offset + (uint64)block;
    uint32 x0 = (uint32)counter;
    uint32 x1 = (uint32)(counter >> 32);
    uint32 x2 = 0u;
    uint32 x3 = 0u;
    {
        uint64 p0 = (uint64)x0 * 0xD2511F53u;
        uint64 p1 = (uint64)x2 * 0xCD9E8D57u;
        uint32 next0 = (uint32)(p1 >> 32) ^ x1 ^ ka0;
        uint32 next2 = (uint32)(p0 >> 32) ^ x3 ^ kb0;
        x1 = (uint32)p1;
        x3 = (uint32)p0;
        x0 = next0;
        x2 = next2;
    }
    {
        uint64 p0 = (uint64)x0 * 0xD2511F53u;
        uint64 p1 = (uint64)x2 * 0xCD9E8D57u;
        uint32 next0 = (uint32)(p1 >> 32) ^ x1 ^ ka1;
        uint32 next2 = (uint32)(p0 >> 32) ^ x3 ^ kb1;
        x1 = (uint32)p1;
        x3 = (uint32)p0;
        x0 = next0;
        x2 = next2;
    }
    {
        uint64 p0 = (uint64)x0 * 0xD2511F53u;
        uint64 p1 = (uint64)x2 * 0xCD9E8D57u;
        uint32 next0 = (uint32)(p1 >> 32) ^ x1 ^ ka2;
        uint32 next2 = (uint32)(p0 >> 32) ^ x3 ^ kb2;
        x1 = (uint32)p1;
        x3 = (uint32)p0;
        x0 = next0;
        x2 = next2;
    }
    {
        uint64 p0 = (uint64)x0 * 0xD2511F53u;
        uint64 p1 = (uint64)x2 * 0xCD9E8D57u;
        uint32 next0 = (uint32)(p1 >> 32) ^ x1 ^ ka3;
        uint32 next2 = (uint32)(p0 >> 32) ^ x3 ^ kb3;
        x1 = (uint32)p1;
        x3 = (uint32)p0;
        x0 = next0;
        x2 = next2;
    }
    {
        uint64 p0 = (uint64)x0 * 0xD2511F53u;
        uint64 p1 = (uint64)x2 * 0xCD9E8D57u;
        uint32 next0 = (uint32)(p1 >> 32) ^ x1 ^ ka4;
        uint32 next2 = (uint32)(p0 >> 32) ^ x3 ^ kb4;
        x1 = (uint32)p1;
        x3 = (uint32)p0;
        x0 = next0;
        x2 = next2;
    }
    {
        uint64 p0 = (uint64)x0 * 0xD2511F53u;
        uint64 p1 = (uint64)x2 * 0xCD9E8D57u;
        uint32 next0 = (uint32)(p1 >> 32) ^ x1 ^ ka5;
        uint32 next2 = (uint32)(p0 >> 32) ^ x3 ^ kb5;
        x1 = (uint32)p1;
        x3 = (uint32)p0;
        x0 = next0;
        x2 = next2;
    }
    {
        uint64 p0 = (uint64)x0 * 0xD2511F53u;
        uint64 p1 = (uint64)x2 * 0xCD9E8D57u;
        uint32 next0 = (uint32)(p1 >> 32) ^ x1 ^ ka6;
        uint32 next2 = (uint32)(p0 >> 32) ^ x3 ^ kb6;
        x1 = (uint32)p1;
        x3 = (uint32)p0;
        x0 = next0;
        x2 = next2;
    }
    {
        uint64 p0 = (uint64)x0 * 0xD2511F53u;
        uint64 p1 = (uint64)x2 * 0xCD9E8D57u;
        uint32 next0 = (uint32)(p1 >> 32) ^ x1 ^ ka7;
        uint32 next2 = (uint32)(p0 >> 32) ^ x3 ^ kb7;
        x1 = (uint32)p1;
        x3 = (uint32)p0;
        x0 = next0;
        x2 = next2;
    }
    {
        uint64 p0 = (uint64)x0 * 0xD2511F53u;
        uint64 p1 = (uint64)x2 * 0xCD9E8D57u;
        uint32 next0 = (uint32)(p1 >> 32) ^ x1 ^ ka8;
        uint32 next2 = (uint32)(p0 >> 32) ^ x3 ^ kb8;
        x1 = (uint32)p1;
        x3 = (uint32)p0;
        x0 = next0;
        x2 = next2;
    }
    {
        uint64 p0 = (uint64)x0 * 0xD2511F53u;
        uint64 p1 = (uint64)x2 * 0xCD9E8D57u;
        uint32 next0 = (uint32)(p1 >> 32) ^ x1 ^ ka9;
        uint32 next2 = (uint32)(p0 >> 32) ^ x3 ^ kb9;
        x1 = (uint32)p1;
        x3 = (uint32)p0;
        x0 = next0;
        x2 = next2;
    }
    float32 k01 = (float32)(int32)(x0 >> 8);
    float32 u01 = k01 * 5.9604644775390625e-8f + 5.9604644775390625e-8f;
    float32 w01 = 16777215.0f - k01;
    float32 near01 = w01 * (1.1920926823449918e-07f + w01 * (3.553139312856496e-15f + w01 * (1.3992754152292786e-22f + w01 * 7.45212336138821e-30f)));
    float32 far01 = -2.0f * __logf(u01);
    float32 t01 = u01 > 0.9f ? near01 : far01;
    float32 r01 = t01 * rsqrt(max(t01, 1.0e-30f));
    float32 angle01 = (float32)(int32)(x1 >> 8) * (6.2831853071795865f * 5.9604644775390625e-8f) -
                      3.14159265358979324f;
    float32 k23 = (float32)(int32)(x2 >> 8);
    float32 u23 = k23 * 5.9604644775390625e-8f + 5.9604644775390625e-8f;
    float32 w23 = 16777215.0f - k23;
    float32 near23 = w23 * (1.1920926823449918e-07f + w23 * (3.553139312856496e-15f + w23 * (1.3992754152292786e-22f + w23 * 7.45212336138821e-30f)));
    float32 far23 = -2.0f * __logf(u23);
    float32 t23 = u23 > 0.9f ? near23 : far23;
    float32 r23 = t23 * rsqrt(max(t23, 1.0e-30f));
    float32 angle23 = (float32)(int32)(x3 >> 8) * (6.2831853071795865f * 5.9604644775390625e-8f) -
                      3.14159265358979324f;
    float32 scaled01 = scale * r01;
    float32 scaled23 = scale * r23;
    y[first] = loc + scaled01 * __cosf(angle01);
    y[first + width] = loc + scaled01 * __sinf(angle01);
    y[first + 2 * width] = loc + scaled23 * __cosf(angle23);
    y[first + 3 * width] = loc + scaled23 * __sinf(angle23);
}

kernel cand_logf_keyed(float32[] y, uint64 offset, float32 loc, float32 scale, uint32 ka0, uint32 kb0, uint32 ka1, uint32 kb1, uint32 ka2, uint32 kb2, uint32 ka3, uint32 kb3, uint32 ka4, uint32 kb4, uint32 ka5, uint32 kb5, uint32 ka6, uint32 kb6, uint32 ka7, uint32 kb7, uint32 ka8, uint32 kb8, uint32 ka9, uint32 kb9) {
    int64 width = (int64)blockDim.x;
    int64 block = (int64)blockIdx.x * width + (int64)threadIdx.x;
    int64 first = (int64)blockIdx.x * width * 4 + (int64)threadIdx.x;
    uint64 counter = offset + (uint64)block;
    uint32 x0 = (uint32)counter;
    uint32 x1 = (uint32)(counter >> 32);
    uint32 x2 = 0u;
    uint32 x3 = 0u;
    {
        uint64 p0 = (uint64)x0 * 0xD2511F53u;
        uint64 p1 = (uint64)x2 * 0xCD9E8D57u;
        uint32 next0 = (uint32)(p1 >> 32) ^ x1 ^ ka0;
        uint32 next2 = (uint32)(p0 >> 32) ^ x3 ^ kb0;
        x1 = (uint32)p1;
        x3 = (uint32)p0;
        x0 = next0;
        x2 = next2;
    }
    {
        uint64 p0 = (uint64)x0 * 0xD2511F53u;
        uint64 p1 = (uint64)x2 * 0xCD9E8D57u;
        uint32 next0 = (uint32)(p1 >> 32) ^ x1 ^ ka1;
        uint32 next2 = (uint32)(p0 >> 32) ^ x3 ^ kb1;
        x1 = (uint32)p1;
        x3 = (uint32)p0;
        x0 = next0;
        x2 = next2;
    }
    {
        uint64 p0 = (uint64)x0 * 0xD2511F53u;
        uint64 p1 = (uint64)x2 * 0xCD9E8D57u;
        uint32 next0 = (uint32)(p1 >> 32) ^ x1 ^ ka2;
        uint32 next2 = (uint32)(p0 >> 32) ^ x3 ^ kb2;
        x1 = (uint32)p1;
        x3 = (uint32)p0;
        x0 = next0;
        x2 = next2;
    }
    {
        uint64 p0 = (uint64)x0 * 0xD2511F53u;
        uint64 p1 = (uint64)x2 * 0xCD9E8D57u;
        uint32 next0 = (uint32)(p1 >> 32) ^ x1 ^ ka3;
        uint32 next2 = (uint32)(p0 >> 32) ^ x3 ^ kb3;
        x1 = (uint32)p1;
        x3 = (uint32)p0;
        x0 = next0;
        x2 = next2;
    }
    {
        uint64 p0 = (uint64)x0 * 0xD2511F53u;
        uint64 p1 = (uint64)x2 * 0xCD9E8D57u;
        uint32 next0 = (uint32)(p1 >> 32) ^ x1 ^ ka4;
        uint32 next2 = (uint32)(p0 >> 32) ^ x3 ^ kb4;
        x1 = (uint32)p1;
        x3 = (uint32)p0;
        x0 = next0;
        x2 = next2;
    }
    {
        uint64 p0 = (uint64)x0 * 0xD2511F53u;
        uint64 p1 = (uint64)x2 * 0xCD9E8D57u;
        uint32 next0 = (uint32)(p1 >> 32) ^ x1 ^ ka5;
        uint32 next2 = (uint32)(p0 >> 32) ^ x3 ^ kb5;
        x1 = (uint32)p1;
        x3 = (uint32)p0;
        x0 = next0;
        x2 = next2;
    }
    {
        uint64 p0 = (uint64)x0 * 0xD2511F53u;
        uint64 p1 = (uint64)x2 * 0xCD9E8D57u;
        uint32 next0 = (uint32)(p1 >> 32) ^ x1 ^ ka6;
        uint32 next2 = (uint32)(p0 >> 32) ^ x3 ^ kb6;
        x1 = (uint32)p1;
        x3 = (uint32)p0;
        x0 = next0;
        x2 = next2;
    }
    {
        uint64 p0 = (uint64)x0 * 0xD2511F53u;
        uint64 p1 = (uint64)x2 * 0xCD9E8D57u;
        uint32 next0 = (uint32)(p1 >> 32) ^ x1 ^ ka7;
        uint32 next2 = (uint32)(p0 >> 32) ^ x3 ^ kb7;
        x1 = (uint32)p1;
        x3 = (uint32)p0;
        x0 = next0;
        x2 = next2;
    }
    {
        uint64 p0 = (uint64)x0 * 0xD2511F53u;
        uint64 p1 = (uint64)x2 * 0xCD9E8D57u;
        uint32 next0 = (uint32)(p1 >> 32) ^ x1 ^ ka8;
        uint32 next2 = (uint32)(p0 >> 32) ^ x3 ^ kb8;
        x1 = (uint32)p1;
        x3 = (uint32)p0;
        x0 = next0;
        x2 = next2;
    }
    {
        uint64 p0 = (uint64)x0 * 0xD2511F53u;
        uint64 p1 = (uint64)x2 * 0xCD9E8D57u;
        uint32 next0 = (uint32)(p1 >> 32) ^ x1 ^ ka9;
        uint32 next2 = (uint32)(p0 >> 32) ^ x3 ^ kb9;
        x1 = (uint32)p1;
        x3 = (uint32)p0;
        x0 = next0;
        x2 = next2;
    }
    float32 k01 = (float32)(int32)(x0 >> 8);
    float32 u01 = k01 * 5.9604644775390625e-8f + 5.9604644775390625e-8f;
    float32 w01 = 16777215.0f - k01;
    float32 near01 = w01 * (1.1920926823449918e-07f + w01 * (3.553139312856496e-15f + w01 * (1.3992754152292786e-22f + w01 * 7.45212336138821e-30f)));
    float32 far01 = -2.0f * __logf(u01);
    float32 t01 = far01;
    float32 r01 = t01 * rsqrt(max(t01, 1.0e-30f));
    float32 angle01 = (float32)(int32)(x1 >> 8) * (6.2831853071795865f * 5.9604644775390625e-8f) -
                      3.14159265358979324f;
    float32 k23 = (float32)(int32)(x2 >> 8);
    float32 u23 = k23 * 5.9604644775390625e-8f + 5.9604644775390625e-8f;
    float32 w23 = 16777215.0f - k23;
    float32 near23 = w23 * (1.1920926823449918e-07f + w23 * (3.553139312856496e-15f + w23 * (1.3992754152292786e-22f + w23 * 7.45212336138821e-30f)));
    float32 far23 = -2.0f * __logf(u23);
    float32 t23 = far23;
    float32 r23 = t23 * rsqrt(max(t23, 1.0e-30f));
    float32 angle23 = (float32)(int32)(x3 >> 8) * (6.2831853071795865f * 5.9604644775390625e-8f) -
                      3.14159265358979324f;
    float32 scaled01 = scale * r01;
    float32 scaled23 = scale * r23;
    y[first] = loc + scaled01 * __cosf(angle01);
    y[first + width] = loc + scaled01 * __sinf(angle01);
    y[first + 2 * width] = loc + scaled23 * __cosf(angle23);
    y[first + 3 * width] = loc + scaled23 * __sinf(angle23);
}

raw cuda """
// The same draw as cand_series4 with the approximations a DSL kernel cannot ask for: lg2.approx.ftz
// (u >= 2^-24 is never subnormal, so the same value without ptxas's subnormal fix-up) and
// r by sqrt.approx.ftz (raw_ftz_sqrt) or t * rsqrt.approx.ftz(max(t, 1e-30)) (raw_ftz_rsqrt);
// raw_ftz_sqrt_v4 writes a thread's four values as one float4 (another order of the values).
__device__ __forceinline__ float lg2_ftz(float x) { float y; asm("lg2.approx.ftz.f32 %0, %1;" : "=f"(y) : "f"(x)); return y; }
__device__ __forceinline__ float sqrt_ftz(float x) { float y; asm("sqrt.approx.ftz.f32 %0, %1;" : "=f"(y) : "f"(x)); return y; }
__device__ __forceinline__ float rsqrt_ftz(float x) { float y; asm("rsqrt.approx.ftz.f32 %0, %1;" : "=f"(y) : "f"(x)); return y; }
__device__ __forceinline__ void radius_angle(unsigned wu, unsigned wa, bool use_sqrt, float& r, float& angle) {
    float k = (float)(int)(wu >> 8);
    float u = k * 5.9604644775390625e-8f + 5.9604644775390625e-8f;
    float w = 16777215.0f - k;
    float near_ = w * (1.1920926823449918e-07f + w * (3.553139312856496e-15f + w * (1.3992754152292786e-22f + w * 7.45212336138821e-30f)));
    float far_ = lg2_ftz(u) * -1.3862943611198906f;
    float t = u > 0.9f ? near_ : far_;
    r = use_sqrt ? sqrt_ftz(t) : t * rsqrt_ftz(fmaxf(t, 1.0e-30f));
    angle = (float)(int)(wa >> 8) * (6.2831853071795865f * 5.9604644775390625e-8f) - 3.14159265358979324f;
}
__device__ __forceinline__ void body(float* __restrict__ y, long long n, unsigned long long offset, float loc, float scale, unsigned ka0, unsigned kb0, unsigned ka1, unsigned kb1, unsigned ka2, unsigned kb2, unsigned ka3, unsigned kb3, unsigned ka4, unsigned kb4, unsigned ka5, unsigned kb5, unsigned ka6, unsigned kb6, unsigned ka7, unsigned kb7, unsigned ka8, unsigned kb8, unsigned ka9, unsigned kb9, bool use_sqrt) {
    long long width = blockDim.x;
    long long block = (long long)blockIdx.x * width + threadIdx.x;
    long long first = (long long)blockIdx.x * width * 4 + threadIdx.x;
    unsigned long long counter = offset + (unsigned long long)block;
    unsigned x0 = (unsigned)counter, x1 = (unsigned)(counter >> 32), x2 = 0u, x3 = 0u;
    const unsigned ka[10] = {ka0, ka1, ka2, ka3, ka4, ka5, ka6, ka7, ka8, ka9}, kb[10] = {kb0, kb1, kb2, kb3, kb4, kb5, kb6, kb7, kb8, kb9};
#pragma unroll
    for (int round = 0; round < 10; round++) {
        unsigned long long p0 = (unsigned long long)x0 * 0xD2511F53u;
        unsigned long long p1 = (unsigned long long)x2 * 0xCD9E8D57u;
        unsigned next0 = (unsigned)(p1 >> 32) ^ x1 ^ ka[round];
        unsigned next2 = (unsigned)(p0 >> 32) ^ x3 ^ kb[round];
        x1 = (unsigned)p1; x3 = (unsigned)p0; x0 = next0; x2 = next2;
    }
    float r01, a01, r23, a23;
    radius_angle(x0, x1, use_sqrt, r01, a01);
    radius_angle(x2, x3, use_sqrt, r23, a23);
    float s01 = scale * r01, s23 = scale * r23;
    y[first] = loc + s01 * __cosf(a01);
    y[first + width] = loc + s01 * __sinf(a01);
    y[first + 2 * width] = loc + s23 * __cosf(a23);
    y[first + 3 * width] = loc + s23 * __sinf(a23);
}
__device__ __forceinline__ void body_v4(float* __restrict__ y, long long n, unsigned long long offset, float loc, float scale, unsigned ka0, unsigned kb0, unsigned ka1, unsigned kb1, unsigned ka2, unsigned kb2, unsigned ka3, unsigned kb3, unsigned ka4, unsigned kb4, unsigned ka5, unsigned kb5, unsigned ka6, unsigned kb6, unsigned ka7, unsigned kb7, unsigned ka8, unsigned kb8, unsigned ka9, unsigned kb9, bool use_sqrt) {
    long long width = blockDim.x;
    long long block = (long long)blockIdx.x * width + threadIdx.x;
    long long first = (long long)blockIdx.x * width * 4 + threadIdx.x;
    unsigned long long counter = offset + (unsigned long long)block;
    unsigned x0 = (unsigned)counter, x1 = (unsigned)(counter >> 32), x2 = 0u, x3 = 0u;
    const unsigned ka[10] = {ka0, ka1, ka2, ka3, ka4, ka5, ka6, ka7, ka8, ka9}, kb[10] = {kb0, kb1, kb2, kb3, kb4, kb5, kb6, kb7, kb8, kb9};
#pragma unroll
    for (int round = 0; round < 10; round++) {
        unsigned long long p0 = (unsigned long long)x0 * 0xD2511F53u;
        unsigned long long p1 = (unsigned long long)x2 * 0xCD9E8D57u;
        unsigned next0 = (unsigned)(p1 >> 32) ^ x1 ^ ka[round];
        unsigned next2 = (unsigned)(p0 >> 32) ^ x3 ^ kb[round];
        x1 = (unsigned)p1; x3 = (unsigned)p0; x0 = next0; x2 = next2;
    }
    float r01, a01, r23, a23;
    radius_angle(x0, x1, use_sqrt, r01, a01);
    radius_angle(x2, x3, use_sqrt, r23, a23);
    float s01 = scale * r01, s23 = scale * r23;
    reinterpret_cast<float4*>(y)[block] = make_float4(loc + s01 * __cosf(a01), loc + s01 * __sinf(a01),
                                                      loc + s23 * __cosf(a23), loc + s23 * __sinf(a23));
}
extern "C" __global__ void raw_ftz_sqrt(float* __restrict__ y, long long n, unsigned long long offset, float loc, float scale, unsigned ka0, unsigned kb0, unsigned ka1, unsigned kb1, unsigned ka2, unsigned kb2, unsigned ka3, unsigned kb3, unsigned ka4, unsigned kb4, unsigned ka5, unsigned kb5, unsigned ka6, unsigned kb6, unsigned ka7, unsigned kb7, unsigned ka8, unsigned kb8, unsigned ka9, unsigned kb9) { body(y, n, offset, loc, scale, ka0, kb0, ka1, kb1, ka2, kb2, ka3, kb3, ka4, kb4, ka5, kb5, ka6, kb6, ka7, kb7, ka8, kb8, ka9, kb9, true); }
extern "C" __global__ void raw_ftz_rsqrt(float* __restrict__ y, long long n, unsigned long long offset, float loc, float scale, unsigned ka0, unsigned kb0, unsigned ka1, unsigned kb1, unsigned ka2, unsigned kb2, unsigned ka3, unsigned kb3, unsigned ka4, unsigned kb4, unsigned ka5, unsigned kb5, unsigned ka6, unsigned kb6, unsigned ka7, unsigned kb7, unsigned ka8, unsigned kb8, unsigned ka9, unsigned kb9) { body(y, n, offset, loc, scale, ka0, kb0, ka1, kb1, ka2, kb2, ka3, kb3, ka4, kb4, ka5, kb5, ka6, kb6, ka7, kb7, ka8, kb8, ka9, kb9, false); }
extern "C" __global__ void raw_ftz_sqrt_v4(float* __restrict__ y, long long n, unsigned long long offset, float loc, float scale, unsigned ka0, unsigned kb0, unsigned ka1, unsigned kb1, unsigned ka2, unsigned kb2, unsigned ka3, unsigned kb3, unsigned ka4, unsigned kb4, unsigned ka5, unsigned kb5, unsigned ka6, unsigned kb6, unsigned ka7, unsigned kb7, unsigned ka8, unsigned kb8, unsigned ka9, unsigned kb9) { body_v4(y, n, offset, loc, scale, ka0, kb0, ka1, kb1, ka2, kb2, ka3, kb3, ka4, kb4, ka5, kb5, ka6, kb6, ka7, kb7, ka8, kb8, ka9, kb9, true); }
"""
