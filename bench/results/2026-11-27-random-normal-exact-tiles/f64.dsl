kernel normal_float64(float64[] y, uint64 key, uint64 offset, float64 loc, float64 scale) {
    int64 width = (int64)blockDim.x;
    int64 block = (int64)blockIdx.x * width + (int64)threadIdx.x;
    int64 first = (int64)blockIdx.x * width * 2 + (int64)threadIdx.x;
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
    uint64 j = (((uint64)(x0 >> 5u) << 26u) | (uint64)(x1 >> 6u)) + 1ul;
    uint64 n = clz(j);
    uint64 m = (j << n) >> 11u;
    bool big = m > 6369051672525772ul;
    float64 g = fma((float64)(int64)m, big ? 1.1102230246251565e-16 : 2.220446049250313e-16, -1.0);
    float64 e = (float64)(10 - (int64)n + (big ? 1 : 0));
    float64 p = fma(-0.028300767748604135, g, 0.063251660400264351);
    p = fma(p, g, -0.067870724287799597);
    p = fma(p, g, 0.059735205328110511);
    p = fma(p, g, -0.060411147624269232);
    p = fma(p, g, 0.066216083305965984);
    p = fma(p, g, -0.071602616298596142);
    p = fma(p, g, 0.076977106779687596);
    p = fma(p, g, -0.083325519705282236);
    p = fma(p, g, 0.09090583291121275);
    p = fma(p, g, -0.1000001819058728);
    p = fma(p, g, 0.11111122018278023);
    p = fma(p, g, -0.12499999829698444);
    p = fma(p, g, 0.14285714087166534);
    p = fma(p, g, -0.16666666666267768);
    p = fma(p, g, 0.20000000001741747);
    p = fma(p, g, -0.25000000000012362);
    p = fma(p, g, 0.33333333333328097);
    p = fma(p, g, -0.49999999999999972);
    float64 r = sqrt(-2.0 * fma(e, 0.6931471805599453, fma(g * g, p, g)));
    uint64 a = (((uint64)(x2 >> 5u) << 26u) | (uint64)(x3 >> 6u)) + 1125899906842624ul;
    uint64 quadrant = (a >> 51u) & 3ul;
    float64 x = (float64)((int64)(a & 2251799813685247ul) - 1125899906842624) * 6.975736996017264e-16;
    float64 xx = x * x;
    float64 s = fma(1.5896226931109456e-10, xx, -2.5050747759061653e-08);
    s = fma(s, xx, 2.7557313621812441e-06);
    s = fma(s, xx, -0.00019841269829592626);
    s = fma(s, xx, 0.0083333333333221252);
    s = fma(s, xx, -0.1666666666666663);
    float64 sine_x = fma(x * xx, s, x);
    float64 c = fma(-1.1348677428783619e-11, xx, 2.0875511853630803e-09);
    c = fma(c, xx, -2.7557312806707791e-07);
    c = fma(c, xx, 2.4801587284129658e-05);
    c = fma(c, xx, -0.0013888888888865056);
    c = fma(c, xx, 0.041666666666666526);
    c = fma(c, xx, -0.5);
    float64 cosine_x = fma(xx, c, 1.0);
    bool swap = (quadrant & 1ul) != 0ul;
    float64 along = swap ? sine_x : cosine_x;
    float64 across = swap ? cosine_x : sine_x;
    float64 cosine = ((quadrant + 1ul) & 2ul) != 0ul ? -along : along;
    float64 sine = (quadrant & 2ul) != 0ul ? -across : across;
    float64 scaled = scale * r;
    float64 v0 = fma(scaled, cosine, loc);
    float64 v1 = fma(scaled, sine, loc);
    y[first] = v0;
    y[first + width] = v1;
}

kernel normal_float64_tiles8(float64[] y, uint64 key, uint64 offset, float64 loc, float64 scale) {
    #pragma unroll
    for (int32 tile = 0; tile < 8; tile++) {
        int64 tg = (int64)blockIdx.x * 8 + (int64)tile;
        int64 block = tg * 256 + (int64)threadIdx.x;
        int64 first = tg * 512 + (int64)threadIdx.x;
        int64 width = 256;
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
        uint64 j = (((uint64)(x0 >> 5u) << 26u) | (uint64)(x1 >> 6u)) + 1ul;
        uint64 n = clz(j);
        uint64 m = (j << n) >> 11u;
        bool big = m > 6369051672525772ul;
        float64 g = fma((float64)(int64)m, big ? 1.1102230246251565e-16 : 2.220446049250313e-16, -1.0);
        float64 e = (float64)(10 - (int64)n + (big ? 1 : 0));
        float64 p = fma(-0.028300767748604135, g, 0.063251660400264351);
        p = fma(p, g, -0.067870724287799597);
        p = fma(p, g, 0.059735205328110511);
        p = fma(p, g, -0.060411147624269232);
        p = fma(p, g, 0.066216083305965984);
        p = fma(p, g, -0.071602616298596142);
        p = fma(p, g, 0.076977106779687596);
        p = fma(p, g, -0.083325519705282236);
        p = fma(p, g, 0.09090583291121275);
        p = fma(p, g, -0.1000001819058728);
        p = fma(p, g, 0.11111122018278023);
        p = fma(p, g, -0.12499999829698444);
        p = fma(p, g, 0.14285714087166534);
        p = fma(p, g, -0.16666666666267768);
        p = fma(p, g, 0.20000000001741747);
        p = fma(p, g, -0.25000000000012362);
        p = fma(p, g, 0.33333333333328097);
        p = fma(p, g, -0.49999999999999972);
        float64 r = sqrt(-2.0 * fma(e, 0.6931471805599453, fma(g * g, p, g)));
        uint64 a = (((uint64)(x2 >> 5u) << 26u) | (uint64)(x3 >> 6u)) + 1125899906842624ul;
        uint64 quadrant = (a >> 51u) & 3ul;
        float64 x = (float64)((int64)(a & 2251799813685247ul) - 1125899906842624) * 6.975736996017264e-16;
        float64 xx = x * x;
        float64 s = fma(1.5896226931109456e-10, xx, -2.5050747759061653e-08);
        s = fma(s, xx, 2.7557313621812441e-06);
        s = fma(s, xx, -0.00019841269829592626);
        s = fma(s, xx, 0.0083333333333221252);
        s = fma(s, xx, -0.1666666666666663);
        float64 sine_x = fma(x * xx, s, x);
        float64 c = fma(-1.1348677428783619e-11, xx, 2.0875511853630803e-09);
        c = fma(c, xx, -2.7557312806707791e-07);
        c = fma(c, xx, 2.4801587284129658e-05);
        c = fma(c, xx, -0.0013888888888865056);
        c = fma(c, xx, 0.041666666666666526);
        c = fma(c, xx, -0.5);
        float64 cosine_x = fma(xx, c, 1.0);
        bool swap = (quadrant & 1ul) != 0ul;
        float64 along = swap ? sine_x : cosine_x;
        float64 across = swap ? cosine_x : sine_x;
        float64 cosine = ((quadrant + 1ul) & 2ul) != 0ul ? -along : along;
        float64 sine = (quadrant & 2ul) != 0ul ? -across : across;
        float64 scaled = scale * r;
        float64 v0 = fma(scaled, cosine, loc);
        float64 v1 = fma(scaled, sine, loc);
        y[first] = v0;
        y[first + width] = v1;
    }
}

kernel normal_float64_tiles4(float64[] y, uint64 key, uint64 offset, float64 loc, float64 scale) {
    #pragma unroll
    for (int32 tile = 0; tile < 4; tile++) {
        int64 tg = (int64)blockIdx.x * 4 + (int64)tile;
        int64 block = tg * 256 + (int64)threadIdx.x;
        int64 first = tg * 512 + (int64)threadIdx.x;
        int64 width = 256;
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
        uint64 j = (((uint64)(x0 >> 5u) << 26u) | (uint64)(x1 >> 6u)) + 1ul;
        uint64 n = clz(j);
        uint64 m = (j << n) >> 11u;
        bool big = m > 6369051672525772ul;
        float64 g = fma((float64)(int64)m, big ? 1.1102230246251565e-16 : 2.220446049250313e-16, -1.0);
        float64 e = (float64)(10 - (int64)n + (big ? 1 : 0));
        float64 p = fma(-0.028300767748604135, g, 0.063251660400264351);
        p = fma(p, g, -0.067870724287799597);
        p = fma(p, g, 0.059735205328110511);
        p = fma(p, g, -0.060411147624269232);
        p = fma(p, g, 0.066216083305965984);
        p = fma(p, g, -0.071602616298596142);
        p = fma(p, g, 0.076977106779687596);
        p = fma(p, g, -0.083325519705282236);
        p = fma(p, g, 0.09090583291121275);
        p = fma(p, g, -0.1000001819058728);
        p = fma(p, g, 0.11111122018278023);
        p = fma(p, g, -0.12499999829698444);
        p = fma(p, g, 0.14285714087166534);
        p = fma(p, g, -0.16666666666267768);
        p = fma(p, g, 0.20000000001741747);
        p = fma(p, g, -0.25000000000012362);
        p = fma(p, g, 0.33333333333328097);
        p = fma(p, g, -0.49999999999999972);
        float64 r = sqrt(-2.0 * fma(e, 0.6931471805599453, fma(g * g, p, g)));
        uint64 a = (((uint64)(x2 >> 5u) << 26u) | (uint64)(x3 >> 6u)) + 1125899906842624ul;
        uint64 quadrant = (a >> 51u) & 3ul;
        float64 x = (float64)((int64)(a & 2251799813685247ul) - 1125899906842624) * 6.975736996017264e-16;
        float64 xx = x * x;
        float64 s = fma(1.5896226931109456e-10, xx, -2.5050747759061653e-08);
        s = fma(s, xx, 2.7557313621812441e-06);
        s = fma(s, xx, -0.00019841269829592626);
        s = fma(s, xx, 0.0083333333333221252);
        s = fma(s, xx, -0.1666666666666663);
        float64 sine_x = fma(x * xx, s, x);
        float64 c = fma(-1.1348677428783619e-11, xx, 2.0875511853630803e-09);
        c = fma(c, xx, -2.7557312806707791e-07);
        c = fma(c, xx, 2.4801587284129658e-05);
        c = fma(c, xx, -0.0013888888888865056);
        c = fma(c, xx, 0.041666666666666526);
        c = fma(c, xx, -0.5);
        float64 cosine_x = fma(xx, c, 1.0);
        bool swap = (quadrant & 1ul) != 0ul;
        float64 along = swap ? sine_x : cosine_x;
        float64 across = swap ? cosine_x : sine_x;
        float64 cosine = ((quadrant + 1ul) & 2ul) != 0ul ? -along : along;
        float64 sine = (quadrant & 2ul) != 0ul ? -across : across;
        float64 scaled = scale * r;
        float64 v0 = fma(scaled, cosine, loc);
        float64 v1 = fma(scaled, sine, loc);
        y[first] = v0;
        y[first + width] = v1;
    }
}
