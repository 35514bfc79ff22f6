// Run 1's normal_float32 variants (see ../README.md): nf_base the kernel then in random.dsl; nf_a a
// branch-free radius; nf_b nf_a with the round keys as parameters; nf_c nf_b with __logf for every
// u; nf_d nf_b with a thread's four values adjacent; nf_e nf_b with __logf and a 4-term series for
// u > 0.984375; nf_g nf_a with that log. Compiled for sass_counts.txt; its timings did not run.
module variants;

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


kernel nf_base(float32[] y, uint64 key, uint64 offset, float32 loc, float32 scale) {
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


kernel nf_a(float32[] y, uint64 key, uint64 offset, float32 loc, float32 scale) {
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
    float32 r01 = t01 * rsqrt(max(t01, 1.0e-30f));
    float32 angle01 = 6.2831853071795865f * ((float32)(int32)(x1 >> 8) * 5.9604644775390625e-8f) -
                      3.14159265358979324f;
    float32 t23 = -2.0f * log((float32)(int32)((x2 >> 8) + 1u) * 5.9604644775390625e-8f);
    float32 r23 = t23 * rsqrt(max(t23, 1.0e-30f));
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


kernel nf_b(float32[] y, uint64 offset, float32 loc, float32 scale, uint32 ka0, uint32 kb0, uint32 ka1, uint32 kb1, uint32 ka2, uint32 kb2, uint32 ka3, uint32 kb3, uint32 ka4, uint32 kb4, uint32 ka5, uint32 kb5, uint32 ka6, uint32 kb6, uint32 ka7, uint32 kb7, uint32 ka8, uint32 kb8, uint32 ka9, uint32 kb9) {
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
    float32 t01 = -2.0f * log((float32)(int32)((x0 >> 8) + 1u) * 5.9604644775390625e-8f);
    float32 r01 = t01 * rsqrt(max(t01, 1.0e-30f));
    float32 angle01 = 6.2831853071795865f * ((float32)(int32)(x1 >> 8) * 5.9604644775390625e-8f) -
                      3.14159265358979324f;
    float32 t23 = -2.0f * log((float32)(int32)((x2 >> 8) + 1u) * 5.9604644775390625e-8f);
    float32 r23 = t23 * rsqrt(max(t23, 1.0e-30f));
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


kernel nf_c(float32[] y, uint64 offset, float32 loc, float32 scale, uint32 ka0, uint32 kb0, uint32 ka1, uint32 kb1, uint32 ka2, uint32 kb2, uint32 ka3, uint32 kb3, uint32 ka4, uint32 kb4, uint32 ka5, uint32 kb5, uint32 ka6, uint32 kb6, uint32 ka7, uint32 kb7, uint32 ka8, uint32 kb8, uint32 ka9, uint32 kb9) {
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
    float32 t01 = -2.0f * __logf((float32)(int32)((x0 >> 8) + 1u) * 5.9604644775390625e-8f);
    float32 r01 = t01 * rsqrt(max(t01, 1.0e-30f));
    float32 angle01 = 6.2831853071795865f * ((float32)(int32)(x1 >> 8) * 5.9604644775390625e-8f) -
                      3.14159265358979324f;
    float32 t23 = -2.0f * __logf((float32)(int32)((x2 >> 8) + 1u) * 5.9604644775390625e-8f);
    float32 r23 = t23 * rsqrt(max(t23, 1.0e-30f));
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


kernel nf_d(float32[] y, uint64 offset, float32 loc, float32 scale, uint32 ka0, uint32 kb0, uint32 ka1, uint32 kb1, uint32 ka2, uint32 kb2, uint32 ka3, uint32 kb3, uint32 ka4, uint32 kb4, uint32 ka5, uint32 kb5, uint32 ka6, uint32 kb6, uint32 ka7, uint32 kb7, uint32 ka8, uint32 kb8, uint32 ka9, uint32 kb9) {
    int64 width = (int64)blockDim.x;
    int64 block = (int64)blockIdx.x * width + (int64)threadIdx.x;
    int64 first = block * 4;
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
    float32 t01 = -2.0f * log((float32)(int32)((x0 >> 8) + 1u) * 5.9604644775390625e-8f);
    float32 r01 = t01 * rsqrt(max(t01, 1.0e-30f));
    float32 angle01 = 6.2831853071795865f * ((float32)(int32)(x1 >> 8) * 5.9604644775390625e-8f) -
                      3.14159265358979324f;
    float32 t23 = -2.0f * log((float32)(int32)((x2 >> 8) + 1u) * 5.9604644775390625e-8f);
    float32 r23 = t23 * rsqrt(max(t23, 1.0e-30f));
    float32 angle23 = 6.2831853071795865f * ((float32)(int32)(x3 >> 8) * 5.9604644775390625e-8f) -
                      3.14159265358979324f;
    float32 v0 = loc + scale * (r01 * __cosf(angle01));
    float32 v1 = loc + scale * (r01 * __sinf(angle01));
    float32 v2 = loc + scale * (r23 * __cosf(angle23));
    float32 v3 = loc + scale * (r23 * __sinf(angle23));
    y[first] = v0;
    y[first + 1] = v1;
    y[first + 2] = v2;
    y[first + 3] = v3;
}


kernel nf_e(float32[] y, uint64 offset, float32 loc, float32 scale, uint32 ka0, uint32 kb0, uint32 ka1, uint32 kb1, uint32 ka2, uint32 kb2, uint32 ka3, uint32 kb3, uint32 ka4, uint32 kb4, uint32 ka5, uint32 kb5, uint32 ka6, uint32 kb6, uint32 ka7, uint32 kb7, uint32 ka8, uint32 kb8, uint32 ka9, uint32 kb9) {
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
    float32 ut01 = (float32)(int32)((x0 >> 8) + 1u) * 5.9604644775390625e-8f;
    float32 vt01 = (float32)(int32)((~x0) >> 8) * 5.9604644775390625e-8f;
    float32 seriest01 = vt01 * (1.0f + vt01 * (0.5f + vt01 * (0.333333343f + vt01 * 0.25f)));
    float32 t01 = 2.0f * (ut01 > 0.984375f ? seriest01 : -__logf(ut01));
    float32 r01 = t01 * rsqrt(max(t01, 1.0e-30f));
    float32 angle01 = 6.2831853071795865f * ((float32)(int32)(x1 >> 8) * 5.9604644775390625e-8f) -
                      3.14159265358979324f;
    float32 ut23 = (float32)(int32)((x2 >> 8) + 1u) * 5.9604644775390625e-8f;
    float32 vt23 = (float32)(int32)((~x2) >> 8) * 5.9604644775390625e-8f;
    float32 seriest23 = vt23 * (1.0f + vt23 * (0.5f + vt23 * (0.333333343f + vt23 * 0.25f)));
    float32 t23 = 2.0f * (ut23 > 0.984375f ? seriest23 : -__logf(ut23));
    float32 r23 = t23 * rsqrt(max(t23, 1.0e-30f));
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



kernel nf_g(float32[] y, uint64 key, uint64 offset, float32 loc, float32 scale) {
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
    float32 ut01 = (float32)(int32)((x0 >> 8) + 1u) * 5.9604644775390625e-8f;
    float32 vt01 = (float32)(int32)((~x0) >> 8) * 5.9604644775390625e-8f;
    float32 seriest01 = vt01 * (1.0f + vt01 * (0.5f + vt01 * (0.333333343f + vt01 * 0.25f)));
    float32 t01 = 2.0f * (ut01 > 0.984375f ? seriest01 : -__logf(ut01));
    float32 r01 = t01 * rsqrt(max(t01, 1.0e-30f));
    float32 angle01 = 6.2831853071795865f * ((float32)(int32)(x1 >> 8) * 5.9604644775390625e-8f) -
                      3.14159265358979324f;
    float32 ut23 = (float32)(int32)((x2 >> 8) + 1u) * 5.9604644775390625e-8f;
    float32 vt23 = (float32)(int32)((~x2) >> 8) * 5.9604644775390625e-8f;
    float32 seriest23 = vt23 * (1.0f + vt23 * (0.5f + vt23 * (0.333333343f + vt23 * 0.25f)));
    float32 t23 = 2.0f * (ut23 > 0.984375f ? seriest23 : -__logf(ut23));
    float32 r23 = t23 * rsqrt(max(t23, 1.0e-30f));
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


