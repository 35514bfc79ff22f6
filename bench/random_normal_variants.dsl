// Variants of the default generator's normal_float32 (runtime/src/random/kernels/random.dsl), for
// bench/random_normal_variants.py, which times them on the GPU with the driver API and measures
// their error against a float64 Box-Muller of the same Philox words (issue 22: which part of the
// transform costs what). Not built by CMake: the script's header says how to make the cubin.
// old_production: the kernel before the series (libdevice's logf, a branch for r); new_production:
// random.dsl's; new_wide_product: the Philox rounds by one 32 x 32 -> 64-bit product per
// multiply; new_key_schedule: the ten round keys passed as parameters instead of added in the
// loop; new_logf_only: __logf for every u (inaccurate near u = 1: what the series costs).
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
