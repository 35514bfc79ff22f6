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
// Exact-operation forms (bench/results/2026-11-27-random-float32-exact: the same bits on the CPU
// and the GPU; none reached 2500 GB/s): fast_form and exact_old, the library's normal_float32 and
// 5f93f8c's exact one, for comparison in the same cubin; lean_dsl (a 7-term log1p with -2 folded
// into the coefficients, the angle from all 32 bits by a shift and a signed conversion, the signs
// from the quadrant's bits), table_dsl (cos/sin from a 256-entry table passed as a parameter,
// then 1 - x^2/2 and x - x^3/6), their _rsq_ forms (r by ptxas's fast path of sqrt.rn written out:
// y = rsqrt(t), s = t y, s + (t - s^2) y / 2), table_smem_rsq_dsl (the table in shared memory);
// in the raw CUDA below, raw_lean* and raw_table* (sqrt.rn, sqrt.rn.ftz or the corrected root,
// and _v4 with one 16-byte store) and check_sqrt; philox_words writes the words themselves, for
// the script's references.
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

kernel fast_form(float32[] y, uint64 offset, float32 loc, float32 scale,
    uint32 ka0, uint32 kb0,
    uint32 ka1, uint32 kb1,
    uint32 ka2, uint32 kb2,
    uint32 ka3, uint32 kb3,
    uint32 ka4, uint32 kb4,
    uint32 ka5, uint32 kb5,
    uint32 ka6, uint32 kb6,
    uint32 ka7, uint32 kb7,
    uint32 ka8, uint32 kb8,
    uint32 ka9, uint32 kb9) {
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
    float32 near01 = w01 * (1.1920926823449918e-07f + w01 * (3.553139312856496e-15f +
                     w01 * (1.3992754152292786e-22f + w01 * 7.45212336138821e-30f)));
    float32 far01 = -2.0f * __logf(u01);
    float32 t01 = u01 > 0.9f ? near01 : far01;
    float32 r01 = t01 * rsqrt(max(t01, 1.0e-30f));
    float32 angle01 = (float32)(int32)(x1 >> 8) * (6.2831853071795865f * 5.9604644775390625e-8f) -
                      3.14159265358979324f;
    float32 k23 = (float32)(int32)(x2 >> 8);
    float32 u23 = k23 * 5.9604644775390625e-8f + 5.9604644775390625e-8f;
    float32 w23 = 16777215.0f - k23;
    float32 near23 = w23 * (1.1920926823449918e-07f + w23 * (3.553139312856496e-15f +
                     w23 * (1.3992754152292786e-22f + w23 * 7.45212336138821e-30f)));
    float32 far23 = -2.0f * __logf(u23);
    float32 t23 = u23 > 0.9f ? near23 : far23;
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

kernel exact_old(float32[] y, uint64 offset, float32 loc, float32 scale,
    uint32 ka0, uint32 kb0,
    uint32 ka1, uint32 kb1,
    uint32 ka2, uint32 kb2,
    uint32 ka3, uint32 kb3,
    uint32 ka4, uint32 kb4,
    uint32 ka5, uint32 kb5,
    uint32 ka6, uint32 kb6,
    uint32 ka7, uint32 kb7,
    uint32 ka8, uint32 kb8,
    uint32 ka9, uint32 kb9) {
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
    uint32 j01 = (x0 >> 8u) + 1u;
    uint32 n01 = clz(j01);
    uint32 m01 = (j01 << n01) >> 8u;
    bool big01 = m01 > 11863283u;
    float32 g01 = fma((float32)(int32)m01, big01 ? 5.9604644775390625e-8f : 1.1920928955078125e-7f, -1.0f);
    float32 e01 = (float32)(7 - (int32)n01 + (big01 ? 1 : 0));
    float32 p01 = fma(0.087348364293575287f, g01, -0.14307518303394318f);
    p01 = fma(p01, g01, 0.14917974174022675f);
    p01 = fma(p01, g01, -0.16570508480072021f);
    p01 = fma(p01, g01, 0.19962072372436523f);
    p01 = fma(p01, g01, -0.25001755356788635f);
    p01 = fma(p01, g01, 0.33333951234817505f);
    p01 = fma(p01, g01, -0.49999991059303284f);
    float32 r01 = sqrt(-2.0f * fma(e01, 0.693147182f, fma(g01 * g01, p01, g01)));
    uint32 a01 = (x1 >> 8u) + 2097152u;
    uint32 quadrant01 = (a01 >> 22u) & 3u;
    float32 x01 = (float32)((int32)(a01 & 4194303u) - 2097152) * 3.74507039e-7f;
    float32 y01 = x01 * x01;
    float32 s01 = fma(fma(-0.0001951528392964974f, y01, 0.0083321603015065193f), y01, -0.16666655242443085f);
    float32 sin01 = fma(x01 * y01, s01, x01);
    float32 c01 = fma(fma(fma(2.4383567506447434e-05f, y01, -0.001388668199069798f), y01, 0.041666619479656219f), y01, -0.5f);
    float32 cos01 = fma(y01, c01, 1.0f);
    bool swap01 = (quadrant01 & 1u) != 0u;
    float32 along01 = swap01 ? sin01 : cos01;
    float32 across01 = swap01 ? cos01 : sin01;
    float32 scaled01 = scale * r01;
    float32 cosine01 = ((quadrant01 + 1u) & 2u) != 0u ? -along01 : along01;
    float32 sine01 = (quadrant01 & 2u) != 0u ? -across01 : across01;
    uint32 j23 = (x2 >> 8u) + 1u;
    uint32 n23 = clz(j23);
    uint32 m23 = (j23 << n23) >> 8u;
    bool big23 = m23 > 11863283u;
    float32 g23 = fma((float32)(int32)m23, big23 ? 5.9604644775390625e-8f : 1.1920928955078125e-7f, -1.0f);
    float32 e23 = (float32)(7 - (int32)n23 + (big23 ? 1 : 0));
    float32 p23 = fma(0.087348364293575287f, g23, -0.14307518303394318f);
    p23 = fma(p23, g23, 0.14917974174022675f);
    p23 = fma(p23, g23, -0.16570508480072021f);
    p23 = fma(p23, g23, 0.19962072372436523f);
    p23 = fma(p23, g23, -0.25001755356788635f);
    p23 = fma(p23, g23, 0.33333951234817505f);
    p23 = fma(p23, g23, -0.49999991059303284f);
    float32 r23 = sqrt(-2.0f * fma(e23, 0.693147182f, fma(g23 * g23, p23, g23)));
    uint32 a23 = (x3 >> 8u) + 2097152u;
    uint32 quadrant23 = (a23 >> 22u) & 3u;
    float32 x23 = (float32)((int32)(a23 & 4194303u) - 2097152) * 3.74507039e-7f;
    float32 y23 = x23 * x23;
    float32 s23 = fma(fma(-0.0001951528392964974f, y23, 0.0083321603015065193f), y23, -0.16666655242443085f);
    float32 sin23 = fma(x23 * y23, s23, x23);
    float32 c23 = fma(fma(fma(2.4383567506447434e-05f, y23, -0.001388668199069798f), y23, 0.041666619479656219f), y23, -0.5f);
    float32 cos23 = fma(y23, c23, 1.0f);
    bool swap23 = (quadrant23 & 1u) != 0u;
    float32 along23 = swap23 ? sin23 : cos23;
    float32 across23 = swap23 ? cos23 : sin23;
    float32 scaled23 = scale * r23;
    float32 cosine23 = ((quadrant23 + 1u) & 2u) != 0u ? -along23 : along23;
    float32 sine23 = (quadrant23 & 2u) != 0u ? -across23 : across23;
    float32 v0 = fma(scaled01, cosine01, loc);
    float32 v1 = fma(scaled01, sine01, loc);
    float32 v2 = fma(scaled23, cosine23, loc);
    float32 v3 = fma(scaled23, sine23, loc);
    y[first] = v0;
    y[first + width] = v1;
    y[first + 2 * width] = v2;
    y[first + 3 * width] = v3;
}

kernel lean_dsl(float32[] y, uint64 offset, float32 loc, float32 scale,
    uint32 ka0, uint32 kb0,
    uint32 ka1, uint32 kb1,
    uint32 ka2, uint32 kb2,
    uint32 ka3, uint32 kb3,
    uint32 ka4, uint32 kb4,
    uint32 ka5, uint32 kb5,
    uint32 ka6, uint32 kb6,
    uint32 ka7, uint32 kb7,
    uint32 ka8, uint32 kb8,
    uint32 ka9, uint32 kb9) {
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
    uint32 j01 = (x0 >> 8u) + 1u;
    uint32 n01 = clz(j01);
    uint32 m01 = j01 << n01;
    bool big01 = m01 > 3037000499u;
    float32 mm01 = fma((float32)m01, big01 ? -4.656612873077393e-10f : -9.313225746154785e-10f, 2.0f);
    float32 e01 = (float32)(7 - (int32)n01 + (big01 ? 1 : 0));
    float32 q01 = 0.0007876853342168033f;
    q01 = fma(q01, mm01, 0.002528203185647726f);
    q01 = fma(q01, mm01, 0.0053885080851614475f);
    q01 = fma(q01, mm01, 0.012441801838576794f);
    q01 = fma(q01, mm01, 0.03121403604745865f);
    q01 = fma(q01, mm01, 0.08333678543567657f);
    q01 = fma(q01, mm01, 0.25000160932540894f);
    float32 t01 = fma(e01, -1.3862943649291992f, fma(mm01 * mm01, q01, mm01));
    uint32 b01 = x1 + 536870912u;
    float32 x01 = (float32)(int32)(x1 << 2u) * (3.14159265358979324f * 1.16415321826934814453125e-10f);
    float32 y01 = x01 * x01;
    float32 sin01 = fma(x01 * y01, fma(fma(-0.0001951528392964974f, y01, 0.0083321603015065193f), y01, -0.16666655242443085f), x01);
    float32 cos01 = fma(y01, fma(fma(fma(2.4383567506447434e-05f, y01, -0.001388668199069798f), y01, 0.041666619479656219f), y01, -0.5f), 1.0f);
    bool swap01 = (b01 & 1073741824u) != 0u;
    float32 along01 = swap01 ? sin01 : cos01;
    float32 across01 = swap01 ? cos01 : sin01;
    float32 sr01 = scale * sqrt(max(t01, 1.0e-30f));
    float32 srcos01 = ((b01 ^ (b01 << 1u)) & 2147483648u) != 0u ? -sr01 : sr01;
    float32 srsin01 = (int32)b01 < 0 ? -sr01 : sr01;
    float32 c01 = fma(srcos01, along01, loc);
    float32 d01 = fma(srsin01, across01, loc);
    uint32 j23 = (x2 >> 8u) + 1u;
    uint32 n23 = clz(j23);
    uint32 m23 = j23 << n23;
    bool big23 = m23 > 3037000499u;
    float32 mm23 = fma((float32)m23, big23 ? -4.656612873077393e-10f : -9.313225746154785e-10f, 2.0f);
    float32 e23 = (float32)(7 - (int32)n23 + (big23 ? 1 : 0));
    float32 q23 = 0.0007876853342168033f;
    q23 = fma(q23, mm23, 0.002528203185647726f);
    q23 = fma(q23, mm23, 0.0053885080851614475f);
    q23 = fma(q23, mm23, 0.012441801838576794f);
    q23 = fma(q23, mm23, 0.03121403604745865f);
    q23 = fma(q23, mm23, 0.08333678543567657f);
    q23 = fma(q23, mm23, 0.25000160932540894f);
    float32 t23 = fma(e23, -1.3862943649291992f, fma(mm23 * mm23, q23, mm23));
    uint32 b23 = x3 + 536870912u;
    float32 x23 = (float32)(int32)(x3 << 2u) * (3.14159265358979324f * 1.16415321826934814453125e-10f);
    float32 y23 = x23 * x23;
    float32 sin23 = fma(x23 * y23, fma(fma(-0.0001951528392964974f, y23, 0.0083321603015065193f), y23, -0.16666655242443085f), x23);
    float32 cos23 = fma(y23, fma(fma(fma(2.4383567506447434e-05f, y23, -0.001388668199069798f), y23, 0.041666619479656219f), y23, -0.5f), 1.0f);
    bool swap23 = (b23 & 1073741824u) != 0u;
    float32 along23 = swap23 ? sin23 : cos23;
    float32 across23 = swap23 ? cos23 : sin23;
    float32 sr23 = scale * sqrt(max(t23, 1.0e-30f));
    float32 srcos23 = ((b23 ^ (b23 << 1u)) & 2147483648u) != 0u ? -sr23 : sr23;
    float32 srsin23 = (int32)b23 < 0 ? -sr23 : sr23;
    float32 c23 = fma(srcos23, along23, loc);
    float32 d23 = fma(srsin23, across23, loc);
    y[first] = c01;
    y[first + width] = d01;
    y[first + 2 * width] = c23;
    y[first + 3 * width] = d23;
}

kernel table_dsl(float32[] y, uint64 offset, float32 loc, float32 scale,
    uint32 ka0, uint32 kb0,
    uint32 ka1, uint32 kb1,
    uint32 ka2, uint32 kb2,
    uint32 ka3, uint32 kb3,
    uint32 ka4, uint32 kb4,
    uint32 ka5, uint32 kb5,
    uint32 ka6, uint32 kb6,
    uint32 ka7, uint32 kb7,
    uint32 ka8, uint32 kb8,
    uint32 ka9, uint32 kb9, float32[] table) {
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
    uint32 j01 = (x0 >> 8u) + 1u;
    uint32 n01 = clz(j01);
    uint32 m01 = j01 << n01;
    bool big01 = m01 > 3037000499u;
    float32 mm01 = fma((float32)m01, big01 ? -4.656612873077393e-10f : -9.313225746154785e-10f, 2.0f);
    float32 e01 = (float32)(7 - (int32)n01 + (big01 ? 1 : 0));
    float32 q01 = 0.0007876853342168033f;
    q01 = fma(q01, mm01, 0.002528203185647726f);
    q01 = fma(q01, mm01, 0.0053885080851614475f);
    q01 = fma(q01, mm01, 0.012441801838576794f);
    q01 = fma(q01, mm01, 0.03121403604745865f);
    q01 = fma(q01, mm01, 0.08333678543567657f);
    q01 = fma(q01, mm01, 0.25000160932540894f);
    float32 t01 = fma(e01, -1.3862943649291992f, fma(mm01 * mm01, q01, mm01));
    int64 i01 = (int64)((x1 + 8388608u) >> 24u) * 2;
    float32 x01 = (float32)(int32)(x1 << 8u) * (3.14159265358979324f * 1.818989403545856475830078125e-12f);
    float32 y01 = x01 * x01;
    float32 cm01 = y01 * -0.5f;
    float32 sx01 = fma(x01 * y01, -0.16666667f, x01);
    float32 tc01 = table[i01];
    float32 ts01 = table[i01 + 1];
    float32 cos01 = fma(tc01, cm01, fma(-ts01, sx01, tc01));
    float32 sin01 = fma(ts01, cm01, fma(tc01, sx01, ts01));
    float32 sr01 = scale * sqrt(max(t01, 1.0e-30f));
    float32 c01 = fma(sr01, cos01, loc);
    float32 d01 = fma(sr01, sin01, loc);
    uint32 j23 = (x2 >> 8u) + 1u;
    uint32 n23 = clz(j23);
    uint32 m23 = j23 << n23;
    bool big23 = m23 > 3037000499u;
    float32 mm23 = fma((float32)m23, big23 ? -4.656612873077393e-10f : -9.313225746154785e-10f, 2.0f);
    float32 e23 = (float32)(7 - (int32)n23 + (big23 ? 1 : 0));
    float32 q23 = 0.0007876853342168033f;
    q23 = fma(q23, mm23, 0.002528203185647726f);
    q23 = fma(q23, mm23, 0.0053885080851614475f);
    q23 = fma(q23, mm23, 0.012441801838576794f);
    q23 = fma(q23, mm23, 0.03121403604745865f);
    q23 = fma(q23, mm23, 0.08333678543567657f);
    q23 = fma(q23, mm23, 0.25000160932540894f);
    float32 t23 = fma(e23, -1.3862943649291992f, fma(mm23 * mm23, q23, mm23));
    int64 i23 = (int64)((x3 + 8388608u) >> 24u) * 2;
    float32 x23 = (float32)(int32)(x3 << 8u) * (3.14159265358979324f * 1.818989403545856475830078125e-12f);
    float32 y23 = x23 * x23;
    float32 cm23 = y23 * -0.5f;
    float32 sx23 = fma(x23 * y23, -0.16666667f, x23);
    float32 tc23 = table[i23];
    float32 ts23 = table[i23 + 1];
    float32 cos23 = fma(tc23, cm23, fma(-ts23, sx23, tc23));
    float32 sin23 = fma(ts23, cm23, fma(tc23, sx23, ts23));
    float32 sr23 = scale * sqrt(max(t23, 1.0e-30f));
    float32 c23 = fma(sr23, cos23, loc);
    float32 d23 = fma(sr23, sin23, loc);
    y[first] = c01;
    y[first + width] = d01;
    y[first + 2 * width] = c23;
    y[first + 3 * width] = d23;
}

kernel lean_rsq_dsl(float32[] y, uint64 offset, float32 loc, float32 scale,
    uint32 ka0, uint32 kb0,
    uint32 ka1, uint32 kb1,
    uint32 ka2, uint32 kb2,
    uint32 ka3, uint32 kb3,
    uint32 ka4, uint32 kb4,
    uint32 ka5, uint32 kb5,
    uint32 ka6, uint32 kb6,
    uint32 ka7, uint32 kb7,
    uint32 ka8, uint32 kb8,
    uint32 ka9, uint32 kb9) {
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
    uint32 j01 = (x0 >> 8u) + 1u;
    uint32 n01 = clz(j01);
    uint32 m01 = j01 << n01;
    bool big01 = m01 > 3037000499u;
    float32 mm01 = fma((float32)m01, big01 ? -4.656612873077393e-10f : -9.313225746154785e-10f, 2.0f);
    float32 e01 = (float32)(7 - (int32)n01 + (big01 ? 1 : 0));
    float32 q01 = 0.0007876853342168033f;
    q01 = fma(q01, mm01, 0.002528203185647726f);
    q01 = fma(q01, mm01, 0.0053885080851614475f);
    q01 = fma(q01, mm01, 0.012441801838576794f);
    q01 = fma(q01, mm01, 0.03121403604745865f);
    q01 = fma(q01, mm01, 0.08333678543567657f);
    q01 = fma(q01, mm01, 0.25000160932540894f);
    float32 t01 = fma(e01, -1.3862943649291992f, fma(mm01 * mm01, q01, mm01));
    uint32 b01 = x1 + 536870912u;
    float32 x01 = (float32)(int32)(x1 << 2u) * (3.14159265358979324f * 1.16415321826934814453125e-10f);
    float32 y01 = x01 * x01;
    float32 sin01 = fma(x01 * y01, fma(fma(-0.0001951528392964974f, y01, 0.0083321603015065193f), y01, -0.16666655242443085f), x01);
    float32 cos01 = fma(y01, fma(fma(fma(2.4383567506447434e-05f, y01, -0.001388668199069798f), y01, 0.041666619479656219f), y01, -0.5f), 1.0f);
    bool swap01 = (b01 & 1073741824u) != 0u;
    float32 along01 = swap01 ? sin01 : cos01;
    float32 across01 = swap01 ? cos01 : sin01;
    float32 tt01 = max(t01, 1.0e-30f);
    float32 ry01 = rsqrt(tt01);
    float32 rs01 = tt01 * ry01;
    float32 sr01 = scale * fma(fma(-rs01, rs01, tt01), ry01 * 0.5f, rs01);
    float32 srcos01 = ((b01 ^ (b01 << 1u)) & 2147483648u) != 0u ? -sr01 : sr01;
    float32 srsin01 = (int32)b01 < 0 ? -sr01 : sr01;
    float32 c01 = fma(srcos01, along01, loc);
    float32 d01 = fma(srsin01, across01, loc);
    uint32 j23 = (x2 >> 8u) + 1u;
    uint32 n23 = clz(j23);
    uint32 m23 = j23 << n23;
    bool big23 = m23 > 3037000499u;
    float32 mm23 = fma((float32)m23, big23 ? -4.656612873077393e-10f : -9.313225746154785e-10f, 2.0f);
    float32 e23 = (float32)(7 - (int32)n23 + (big23 ? 1 : 0));
    float32 q23 = 0.0007876853342168033f;
    q23 = fma(q23, mm23, 0.002528203185647726f);
    q23 = fma(q23, mm23, 0.0053885080851614475f);
    q23 = fma(q23, mm23, 0.012441801838576794f);
    q23 = fma(q23, mm23, 0.03121403604745865f);
    q23 = fma(q23, mm23, 0.08333678543567657f);
    q23 = fma(q23, mm23, 0.25000160932540894f);
    float32 t23 = fma(e23, -1.3862943649291992f, fma(mm23 * mm23, q23, mm23));
    uint32 b23 = x3 + 536870912u;
    float32 x23 = (float32)(int32)(x3 << 2u) * (3.14159265358979324f * 1.16415321826934814453125e-10f);
    float32 y23 = x23 * x23;
    float32 sin23 = fma(x23 * y23, fma(fma(-0.0001951528392964974f, y23, 0.0083321603015065193f), y23, -0.16666655242443085f), x23);
    float32 cos23 = fma(y23, fma(fma(fma(2.4383567506447434e-05f, y23, -0.001388668199069798f), y23, 0.041666619479656219f), y23, -0.5f), 1.0f);
    bool swap23 = (b23 & 1073741824u) != 0u;
    float32 along23 = swap23 ? sin23 : cos23;
    float32 across23 = swap23 ? cos23 : sin23;
    float32 tt23 = max(t23, 1.0e-30f);
    float32 ry23 = rsqrt(tt23);
    float32 rs23 = tt23 * ry23;
    float32 sr23 = scale * fma(fma(-rs23, rs23, tt23), ry23 * 0.5f, rs23);
    float32 srcos23 = ((b23 ^ (b23 << 1u)) & 2147483648u) != 0u ? -sr23 : sr23;
    float32 srsin23 = (int32)b23 < 0 ? -sr23 : sr23;
    float32 c23 = fma(srcos23, along23, loc);
    float32 d23 = fma(srsin23, across23, loc);
    y[first] = c01;
    y[first + width] = d01;
    y[first + 2 * width] = c23;
    y[first + 3 * width] = d23;
}

kernel table_rsq_dsl(float32[] y, uint64 offset, float32 loc, float32 scale,
    uint32 ka0, uint32 kb0,
    uint32 ka1, uint32 kb1,
    uint32 ka2, uint32 kb2,
    uint32 ka3, uint32 kb3,
    uint32 ka4, uint32 kb4,
    uint32 ka5, uint32 kb5,
    uint32 ka6, uint32 kb6,
    uint32 ka7, uint32 kb7,
    uint32 ka8, uint32 kb8,
    uint32 ka9, uint32 kb9, float32[] table) {
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
    uint32 j01 = (x0 >> 8u) + 1u;
    uint32 n01 = clz(j01);
    uint32 m01 = j01 << n01;
    bool big01 = m01 > 3037000499u;
    float32 mm01 = fma((float32)m01, big01 ? -4.656612873077393e-10f : -9.313225746154785e-10f, 2.0f);
    float32 e01 = (float32)(7 - (int32)n01 + (big01 ? 1 : 0));
    float32 q01 = 0.0007876853342168033f;
    q01 = fma(q01, mm01, 0.002528203185647726f);
    q01 = fma(q01, mm01, 0.0053885080851614475f);
    q01 = fma(q01, mm01, 0.012441801838576794f);
    q01 = fma(q01, mm01, 0.03121403604745865f);
    q01 = fma(q01, mm01, 0.08333678543567657f);
    q01 = fma(q01, mm01, 0.25000160932540894f);
    float32 t01 = fma(e01, -1.3862943649291992f, fma(mm01 * mm01, q01, mm01));
    int64 i01 = (int64)((x1 + 8388608u) >> 24u) * 2;
    float32 x01 = (float32)(int32)(x1 << 8u) * (3.14159265358979324f * 1.818989403545856475830078125e-12f);
    float32 y01 = x01 * x01;
    float32 cm01 = y01 * -0.5f;
    float32 sx01 = fma(x01 * y01, -0.16666667f, x01);
    float32 tc01 = table[i01];
    float32 ts01 = table[i01 + 1];
    float32 cos01 = fma(tc01, cm01, fma(-ts01, sx01, tc01));
    float32 sin01 = fma(ts01, cm01, fma(tc01, sx01, ts01));
    float32 tt01 = max(t01, 1.0e-30f);
    float32 ry01 = rsqrt(tt01);
    float32 rs01 = tt01 * ry01;
    float32 sr01 = scale * fma(fma(-rs01, rs01, tt01), ry01 * 0.5f, rs01);
    float32 c01 = fma(sr01, cos01, loc);
    float32 d01 = fma(sr01, sin01, loc);
    uint32 j23 = (x2 >> 8u) + 1u;
    uint32 n23 = clz(j23);
    uint32 m23 = j23 << n23;
    bool big23 = m23 > 3037000499u;
    float32 mm23 = fma((float32)m23, big23 ? -4.656612873077393e-10f : -9.313225746154785e-10f, 2.0f);
    float32 e23 = (float32)(7 - (int32)n23 + (big23 ? 1 : 0));
    float32 q23 = 0.0007876853342168033f;
    q23 = fma(q23, mm23, 0.002528203185647726f);
    q23 = fma(q23, mm23, 0.0053885080851614475f);
    q23 = fma(q23, mm23, 0.012441801838576794f);
    q23 = fma(q23, mm23, 0.03121403604745865f);
    q23 = fma(q23, mm23, 0.08333678543567657f);
    q23 = fma(q23, mm23, 0.25000160932540894f);
    float32 t23 = fma(e23, -1.3862943649291992f, fma(mm23 * mm23, q23, mm23));
    int64 i23 = (int64)((x3 + 8388608u) >> 24u) * 2;
    float32 x23 = (float32)(int32)(x3 << 8u) * (3.14159265358979324f * 1.818989403545856475830078125e-12f);
    float32 y23 = x23 * x23;
    float32 cm23 = y23 * -0.5f;
    float32 sx23 = fma(x23 * y23, -0.16666667f, x23);
    float32 tc23 = table[i23];
    float32 ts23 = table[i23 + 1];
    float32 cos23 = fma(tc23, cm23, fma(-ts23, sx23, tc23));
    float32 sin23 = fma(ts23, cm23, fma(tc23, sx23, ts23));
    float32 tt23 = max(t23, 1.0e-30f);
    float32 ry23 = rsqrt(tt23);
    float32 rs23 = tt23 * ry23;
    float32 sr23 = scale * fma(fma(-rs23, rs23, tt23), ry23 * 0.5f, rs23);
    float32 c23 = fma(sr23, cos23, loc);
    float32 d23 = fma(sr23, sin23, loc);
    y[first] = c01;
    y[first + width] = d01;
    y[first + 2 * width] = c23;
    y[first + 3 * width] = d23;
}

kernel table_smem_rsq_dsl(float32[] y, uint64 offset, float32 loc, float32 scale,
    uint32 ka0, uint32 kb0,
    uint32 ka1, uint32 kb1,
    uint32 ka2, uint32 kb2,
    uint32 ka3, uint32 kb3,
    uint32 ka4, uint32 kb4,
    uint32 ka5, uint32 kb5,
    uint32 ka6, uint32 kb6,
    uint32 ka7, uint32 kb7,
    uint32 ka8, uint32 kb8,
    uint32 ka9, uint32 kb9, float32[] table) {
    shared float32 local[512];
    for (int32 i = (int32)threadIdx.x; i < 512; i += (int32)blockDim.x) {
        local[i] = table[i];
    }
    syncthreads();
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
    uint32 j01 = (x0 >> 8u) + 1u;
    uint32 n01 = clz(j01);
    uint32 m01 = j01 << n01;
    bool big01 = m01 > 3037000499u;
    float32 mm01 = fma((float32)m01, big01 ? -4.656612873077393e-10f : -9.313225746154785e-10f, 2.0f);
    float32 e01 = (float32)(7 - (int32)n01 + (big01 ? 1 : 0));
    float32 q01 = 0.0007876853342168033f;
    q01 = fma(q01, mm01, 0.002528203185647726f);
    q01 = fma(q01, mm01, 0.0053885080851614475f);
    q01 = fma(q01, mm01, 0.012441801838576794f);
    q01 = fma(q01, mm01, 0.03121403604745865f);
    q01 = fma(q01, mm01, 0.08333678543567657f);
    q01 = fma(q01, mm01, 0.25000160932540894f);
    float32 t01 = fma(e01, -1.3862943649291992f, fma(mm01 * mm01, q01, mm01));
    int64 i01 = (int64)((x1 + 8388608u) >> 24u) * 2;
    float32 x01 = (float32)(int32)(x1 << 8u) * (3.14159265358979324f * 1.818989403545856475830078125e-12f);
    float32 y01 = x01 * x01;
    float32 cm01 = y01 * -0.5f;
    float32 sx01 = fma(x01 * y01, -0.16666667f, x01);
    float32 tc01 = local[i01];
    float32 ts01 = local[i01 + 1];
    float32 cos01 = fma(tc01, cm01, fma(-ts01, sx01, tc01));
    float32 sin01 = fma(ts01, cm01, fma(tc01, sx01, ts01));
    float32 tt01 = max(t01, 1.0e-30f);
    float32 ry01 = rsqrt(tt01);
    float32 rs01 = tt01 * ry01;
    float32 sr01 = scale * fma(fma(-rs01, rs01, tt01), ry01 * 0.5f, rs01);
    float32 c01 = fma(sr01, cos01, loc);
    float32 d01 = fma(sr01, sin01, loc);
    uint32 j23 = (x2 >> 8u) + 1u;
    uint32 n23 = clz(j23);
    uint32 m23 = j23 << n23;
    bool big23 = m23 > 3037000499u;
    float32 mm23 = fma((float32)m23, big23 ? -4.656612873077393e-10f : -9.313225746154785e-10f, 2.0f);
    float32 e23 = (float32)(7 - (int32)n23 + (big23 ? 1 : 0));
    float32 q23 = 0.0007876853342168033f;
    q23 = fma(q23, mm23, 0.002528203185647726f);
    q23 = fma(q23, mm23, 0.0053885080851614475f);
    q23 = fma(q23, mm23, 0.012441801838576794f);
    q23 = fma(q23, mm23, 0.03121403604745865f);
    q23 = fma(q23, mm23, 0.08333678543567657f);
    q23 = fma(q23, mm23, 0.25000160932540894f);
    float32 t23 = fma(e23, -1.3862943649291992f, fma(mm23 * mm23, q23, mm23));
    int64 i23 = (int64)((x3 + 8388608u) >> 24u) * 2;
    float32 x23 = (float32)(int32)(x3 << 8u) * (3.14159265358979324f * 1.818989403545856475830078125e-12f);
    float32 y23 = x23 * x23;
    float32 cm23 = y23 * -0.5f;
    float32 sx23 = fma(x23 * y23, -0.16666667f, x23);
    float32 tc23 = local[i23];
    float32 ts23 = local[i23 + 1];
    float32 cos23 = fma(tc23, cm23, fma(-ts23, sx23, tc23));
    float32 sin23 = fma(ts23, cm23, fma(tc23, sx23, ts23));
    float32 tt23 = max(t23, 1.0e-30f);
    float32 ry23 = rsqrt(tt23);
    float32 rs23 = tt23 * ry23;
    float32 sr23 = scale * fma(fma(-rs23, rs23, tt23), ry23 * 0.5f, rs23);
    float32 c23 = fma(sr23, cos23, loc);
    float32 d23 = fma(sr23, sin23, loc);
    y[first] = c01;
    y[first + width] = d01;
    y[first + 2 * width] = c23;
    y[first + 3 * width] = d23;
}

kernel philox_words(uint32[] y, uint64 key, uint64 offset) {

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
    y[first] = x0;
    y[first + width] = x1;
    y[first + 2 * width] = x2;
    y[first + 3 * width] = x3;
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
// Exact-operation candidates in CUDA for what a DSL kernel cannot ask for: sqrt.rn.ftz.f32 and
// one 16-byte store per thread. The same operations as lean_dsl / table_dsl (explicit fmaf and
// __fmul_rn, so nothing is contracted): kLean quadrant sin/cos, else the 256-entry table.
// ftz: 0 sqrt.rn.f32, 1 sqrt.rn.ftz.f32, 2 ptxas's fast path of sqrt.rn without its range check
// (rsqrt.approx.ftz, then s = x y, s + (x - s^2) y / 2: correctly rounded for normal x; check_sqrt
// counts its differences from sqrt.rn over every t of the draw).
__device__ __forceinline__ float sqrt_rn(float x, int ftz) {
    float y;
    if (ftz == 1) asm("sqrt.rn.ftz.f32 %0, %1;" : "=f"(y) : "f"(x));
    else if (ftz == 0) asm("sqrt.rn.f32 %0, %1;" : "=f"(y) : "f"(x));
    else {
        float r;
        asm("rsqrt.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(x));
        float s = __fmul_rn(x, r);
        y = fmaf(fmaf(-s, s, x), __fmul_rn(r, 0.5f), s);
    }
    return y;
}
__device__ __forceinline__ float exact_t(unsigned w) {
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
template <bool kLean>
__device__ __forceinline__ void exact_pair(unsigned wu, unsigned wa, float loc, float scale, int ftz,
                                           const float2* __restrict__ table, float& c, float& d) {
    float sr = __fmul_rn(scale, sqrt_rn(fmaxf(exact_t(wu), 1.0e-30f), ftz));
    if (kLean) {
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
    } else {
        float2 cs = table[(wa + 8388608u) >> 24];
        float x = __fmul_rn(__int2float_rn((int)(wa << 8)), 3.14159265358979324f * 1.818989403545856475830078125e-12f);
        float y = __fmul_rn(x, x);
        float cm = __fmul_rn(y, -0.5f);
        float sx = fmaf(__fmul_rn(x, y), -0.16666667f, x);
        float co = fmaf(cs.x, cm, fmaf(-cs.y, sx, cs.x));
        float si = fmaf(cs.y, cm, fmaf(cs.x, sx, cs.y));
        c = fmaf(sr, co, loc);
        d = fmaf(sr, si, loc);
    }
}
template <bool kLean, bool kV4>
__device__ __forceinline__ void exact_body(float* __restrict__ y, unsigned long long offset, float loc, float scale, const unsigned* ka, const unsigned* kb, int ftz, const float2* __restrict__ table) {
    long long width = blockDim.x;
    long long block = (long long)blockIdx.x * width + threadIdx.x;
    long long first = (long long)blockIdx.x * width * 4 + threadIdx.x;
    unsigned long long counter = offset + (unsigned long long)block;
    unsigned x0 = (unsigned)counter, x1 = (unsigned)(counter >> 32), x2 = 0u, x3 = 0u;
#pragma unroll
    for (int round = 0; round < 10; round++) {
        unsigned long long p0 = (unsigned long long)x0 * 0xD2511F53u;
        unsigned long long p1 = (unsigned long long)x2 * 0xCD9E8D57u;
        unsigned next0 = (unsigned)(p1 >> 32) ^ x1 ^ ka[round];
        unsigned next2 = (unsigned)(p0 >> 32) ^ x3 ^ kb[round];
        x1 = (unsigned)p1; x3 = (unsigned)p0; x0 = next0; x2 = next2;
    }
    float c01, d01, c23, d23;
    exact_pair<kLean>(x0, x1, loc, scale, ftz, table, c01, d01);
    exact_pair<kLean>(x2, x3, loc, scale, ftz, table, c23, d23);
    if (kV4) {
        reinterpret_cast<float4*>(y)[block] = make_float4(c01, d01, c23, d23);
    } else {
        y[first] = c01; y[first + width] = d01; y[first + 2 * width] = c23; y[first + 3 * width] = d23;
    }
}
#define EXACT_KEYS unsigned ka0, unsigned kb0, unsigned ka1, unsigned kb1, unsigned ka2, unsigned kb2, unsigned ka3, unsigned kb3, unsigned ka4, unsigned kb4, unsigned ka5, unsigned kb5, unsigned ka6, unsigned kb6, unsigned ka7, unsigned kb7, unsigned ka8, unsigned kb8, unsigned ka9, unsigned kb9
#define EXACT_KEY_ARRAYS const unsigned ka[10] = {ka0, ka1, ka2, ka3, ka4, ka5, ka6, ka7, ka8, ka9}, kb[10] = {kb0, kb1, kb2, kb3, kb4, kb5, kb6, kb7, kb8, kb9};
#define EXACT_KERNEL(name, lean, v4, ftz) \
extern "C" __global__ void name(float* __restrict__ y, long long n, unsigned long long offset, float loc, float scale, EXACT_KEYS, const float* __restrict__ table, long long table_n) { \
    EXACT_KEY_ARRAYS exact_body<lean, v4>(y, offset, loc, scale, ka, kb, ftz, reinterpret_cast<const float2*>(table)); }
EXACT_KERNEL(raw_lean, true, false, 0)
EXACT_KERNEL(raw_lean_ftz, true, false, 1)
EXACT_KERNEL(raw_lean_rsq, true, false, 2)
EXACT_KERNEL(raw_lean_rsq_v4, true, true, 2)
EXACT_KERNEL(raw_table, false, false, 0)
EXACT_KERNEL(raw_table_ftz, false, false, 1)
EXACT_KERNEL(raw_table_rsq, false, false, 2)
EXACT_KERNEL(raw_table_rsq_v4, false, true, 2)
// For every j in [1, 2^24] (thread j - 1), 1 into y[0] when the rsqrt-corrected root of max(t, 1e-30)
// differs from sqrt.rn's (y[0] zeroed first; launch 2^24 threads).
extern "C" __global__ void check_sqrt(unsigned* y) {
    unsigned k = blockIdx.x * blockDim.x + threadIdx.x;
    float t = fmaxf(exact_t(k << 8), 1.0e-30f);
    if (__float_as_uint(sqrt_rn(t, 2)) != __float_as_uint(sqrt_rn(t, 0))) atomicAdd(y, 1u);
}
"""
