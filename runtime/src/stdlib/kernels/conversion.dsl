// Conversions between the 13 element types: the kernels behind NDArray::astype, copy() and
// ascontiguousarray (runtime/src/stdlib/conversion.cpp). One kernel per destination type, each
// compiled for every source type, so astype_float32<T> converts any T to float32; copy() is the
// instance whose source and destination agree.
//
// Rules (NumPy's `astype` with casting='unsafe', made defined where C leaves it undefined):
// - to bool: nonzero is true; NaN is true.
// - integer or bool to integer: the low bits are kept (wraps modulo 2^bits), as C and NumPy.
// - floating to integer: truncation toward zero; NaN gives 0; values below the type's range give
//   its minimum and values above give its maximum (infinities included). CUDA's conversion
//   instructions saturate the same way, so CuPy on a GPU agrees; NumPy on x86-64 returns the
//   "integer indefinite" value (INT_MIN for int32/int64) and warns, which C calls undefined.
// - to a floating type: rounded to nearest, ties to even, once (float64 to float16 directly,
//   integers to bfloat16 with a sticky bit, see astype_bfloat16); out of range gives infinity;
//   integers convert exactly where the type can hold them.
//
// The test `T(0.5) != T(0) && T(0.5) != T(1)` is true only for floating T (0.5 does not survive
// conversion to an integer or to bool) and is a constant in each instance, so only the branch
// that applies is compiled.
module gpucc_stdlib_conversion;

elementwise astype_bool<T>(T x) -> (bool y) {
    y = x;
}

elementwise astype_int8<T>(T x) -> (int8 y) {
    if (!(T(0.5) != T(0) && T(0.5) != T(1))) {
        y = x;
    } else if (x != x) {
        y = 0;
    } else if (x < -128.0) {
        y = -128;
    } else if (x >= 128.0) {
        y = 127;
    } else {
        y = x;
    }
}

elementwise astype_int16<T>(T x) -> (int16 y) {
    if (!(T(0.5) != T(0) && T(0.5) != T(1))) {
        y = x;
    } else if (x != x) {
        y = 0;
    } else if (x < -32768.0) {
        y = -32768;
    } else if (x >= 32768.0) {
        y = 32767;
    } else {
        y = x;
    }
}

elementwise astype_int32<T>(T x) -> (int32 y) {
    if (!(T(0.5) != T(0) && T(0.5) != T(1))) {
        y = x;
    } else if (x != x) {
        y = 0;
    } else if (x < -2147483648.0) {
        y = -2147483647 - 1;
    } else if (x >= 2147483648.0) {
        y = 2147483647;
    } else {
        y = x;
    }
}

elementwise astype_int64<T>(T x) -> (int64 y) {
    if (!(T(0.5) != T(0) && T(0.5) != T(1))) {
        y = x;
    } else if (x != x) {
        y = 0;
    } else if (x < -9223372036854775808.0) {
        y = -9223372036854775807 - 1;
    } else if (x >= 9223372036854775808.0) {
        y = 9223372036854775807;
    } else {
        y = x;
    }
}

elementwise astype_uint8<T>(T x) -> (uint8 y) {
    if (!(T(0.5) != T(0) && T(0.5) != T(1))) {
        y = x;
    } else if (x != x) {
        y = 0;
    } else if (x <= -1.0) {
        y = 0;
    } else if (x >= 256.0) {
        y = 255;
    } else {
        y = x;
    }
}

elementwise astype_uint16<T>(T x) -> (uint16 y) {
    if (!(T(0.5) != T(0) && T(0.5) != T(1))) {
        y = x;
    } else if (x != x) {
        y = 0;
    } else if (x <= -1.0) {
        y = 0;
    } else if (x >= 65536.0) {
        y = 65535;
    } else {
        y = x;
    }
}

elementwise astype_uint32<T>(T x) -> (uint32 y) {
    if (!(T(0.5) != T(0) && T(0.5) != T(1))) {
        y = x;
    } else if (x != x) {
        y = 0;
    } else if (x <= -1.0) {
        y = 0;
    } else if (x >= 4294967296.0) {
        y = 4294967295u;
    } else {
        y = x;
    }
}

elementwise astype_uint64<T>(T x) -> (uint64 y) {
    if (!(T(0.5) != T(0) && T(0.5) != T(1))) {
        y = x;
    } else if (x != x) {
        y = 0;
    } else if (x <= -1.0) {
        y = 0;
    } else if (x >= 18446744073709551616.0) {
        y = 18446744073709551615u;
    } else {
        y = x;
    }
}

elementwise astype_float16<T>(T x) -> (float16 y) {
    y = x;
}

// Integers are rounded to bfloat16 once. LLVM's x86-64 code converts an integer to bfloat16
// through float32, which rounds twice for integers of more than 24 bits (2^30 + 2^22 + 1 would
// become 2^30 instead of 2^30 + 2^23), and it folds a detour through float64 back into that. So
// integers of more than 24 bits are first halved down to 24 bits, each dropped bit ORed into the
// lowest (a sticky bit), which float32 holds exactly and which rounds to bfloat16's 8 bits as the
// full value would.
elementwise astype_bfloat16<T>(T x) -> (bfloat16 y) {
    if (T(0.5) != T(0) && T(0.5) != T(1)) {
        y = x;
    } else if (x > -16777216.0 && x < 16777216.0) {
        y = (float)x;
    } else {
        uint64 magnitude = x < 0 ? (uint64)0 - (uint64)x : (uint64)x;
        float scale = 1.0f;
        while (magnitude >= 16777216) {
            magnitude = (magnitude >> 1) | (magnitude & 1);
            scale *= 2.0f;
        }
        float rounded_once = (float)magnitude * scale;
        y = x < 0 ? -rounded_once : rounded_once;
    }
}

elementwise astype_float32<T>(T x) -> (float32 y) {
    y = x;
}

elementwise astype_float64<T>(T x) -> (float64 y) {
    y = x;
}
