// The arithmetic ufuncs (gpucc/stdlib/ufunc.h): add, subtract, multiply, divide, floor_divide,
// remainder, power, negative, with NumPy's semantics per loop. The host picks the loop and casts
// the inputs to its type (gpucc/stdlib/ufunc_loops.h); a kernel here sees both inputs in one type.
// Integer arithmetic wraps (two's complement), as NumPy's does. Where one ufunc needs different
// code for integers and floats, it has one kernel per family (floor_divide_integer,
// floor_divide_float, floor_divide_float64) and the host calls the one for the loop's type.
module gpucc_stdlib_arithmetic;

// bool + bool is logical or (1 + 1 converts back to true), as NumPy's bool loop.
elementwise add<T>(T x1, T x2) -> (T y) {
    y = x1 + x2;
}

elementwise subtract<T: int8 | int16 | int32 | int64 | uint8 | uint16 | uint32 | uint64 | float16 |
                        bfloat16 | float32 | float64>(T x1, T x2) -> (T y) {
    y = x1 - x2;
}

// bool * bool is logical and.
elementwise multiply<T>(T x1, T x2) -> (T y) {
    y = x1 * x2;
}

elementwise divide<T: float16 | bfloat16 | float32 | float64>(T x1, T x2) -> (T y) {
    y = x1 / x2;
}

// NumPy's integer true_divide loops: both operands converted to float64, then divided.
elementwise divide_integer<T: int8 | int16 | int32 | int64 | uint8 | uint16 | uint32 | uint64>(
    T x1, T x2) -> (float64 y) {
    y = (double)x1 / (double)x2;
}

// Python's floor division: the quotient rounded toward minus infinity. Division by zero gives 0
// and the most negative value divided by -1 gives itself (it wraps), as NumPy's loops. The test
// T(-1) < T(0) is true only for signed T.
elementwise floor_divide_integer<T: int8 | int16 | int32 | int64 | uint8 | uint16 | uint32 |
                                    uint64>(T x1, T x2) -> (T y) {
    if (x2 == 0) {
        y = 0;
    } else if (T(-1) < T(0) && x2 == T(-1)) {
        y = T(0) - x1;
    } else {
        T quotient = x1 / x2;
        if (x1 % x2 != 0 && ((x1 < 0) != (x2 < 0))) {
            quotient -= 1;
        }
        y = quotient;
    }
}

// NumPy's npy_floor_divide for floats (computed in float32 for float16 and bfloat16, as NumPy's
// half loops do): x1 / x2 for a zero divisor (inf or nan), else the quotient of x1 - fmod(x1, x2)
// by x2 adjusted to Python's rule and snapped to the nearest integer, with the sign of zero
// results kept.
elementwise floor_divide_float<T: float16 | bfloat16 | float32>(T x1, T x2) -> (T y) {
    float a = x1;
    float b = x2;
    if (b == 0) {
        y = a / b;
    } else {
        float mod = fmod(a, b);
        float div = (a - mod) / b;
        if (mod != 0 && ((b < 0) != (mod < 0))) {
            div -= 1.0f;
        }
        float floordiv;
        if (div != 0) {
            floordiv = floor(div);
            if (div - floordiv > 0.5f) {
                floordiv += 1.0f;
            }
        } else {
            floordiv = copysign(0.0f, a / b);
        }
        y = floordiv;
    }
}

elementwise floor_divide_float64(float64 x1, float64 x2) -> (float64 y) {
    if (x2 == 0) {
        y = x1 / x2;
    } else {
        double mod = fmod(x1, x2);
        double div = (x1 - mod) / x2;
        if (mod != 0 && ((x2 < 0) != (mod < 0))) {
            div -= 1.0;
        }
        double floordiv;
        if (div != 0) {
            floordiv = floor(div);
            if (div - floordiv > 0.5) {
                floordiv += 1.0;
            }
        } else {
            floordiv = copysign(0.0, x1 / x2);
        }
        y = floordiv;
    }
}

// Python's modulo: the result has the divisor's sign. A zero divisor (and -1, whose remainder is
// always 0 but whose C remainder can trap) gives 0.
elementwise remainder_integer<T: int8 | int16 | int32 | int64 | uint8 | uint16 | uint32 | uint64>(
    T x1, T x2) -> (T y) {
    if (x2 == 0 || (T(-1) < T(0) && x2 == T(-1))) {
        y = 0;
    } else {
        T rem = x1 % x2;
        if (rem != 0 && ((x2 < 0) != (rem < 0))) {
            rem += x2;
        }
        y = rem;
    }
}

// NumPy's npy_remainder for floats: fmod(x1, x2) moved to the divisor's sign; fmod's NaN for a
// zero divisor; a zero result takes the divisor's sign.
elementwise remainder_float<T: float16 | bfloat16 | float32>(T x1, T x2) -> (T y) {
    float a = x1;
    float b = x2;
    float mod = fmod(a, b);
    if (b != 0) {
        if (mod != 0) {
            if ((b < 0) != (mod < 0)) {
                mod += b;
            }
        } else {
            mod = copysign(0.0f, b);
        }
    }
    y = mod;
}

elementwise remainder_float64(float64 x1, float64 x2) -> (float64 y) {
    double mod = fmod(x1, x2);
    if (x2 != 0) {
        if (mod != 0) {
            if ((x2 < 0) != (mod < 0)) {
                mod += x2;
            }
        } else {
            mod = copysign(0.0, x2);
        }
    }
    y = mod;
}

// Integer powers by repeated squaring, wrapping on overflow. NumPy raises for a negative exponent
// (the host does too for a scalar exponent); an array of exponents cannot raise per element, so a
// negative exponent gives the integer part of the real result: 1 for a base of 1, +-1 for -1,
// and 0 otherwise (0 for a base of 0 as well).
elementwise power_integer<T: int8 | int16 | int32 | int64 | uint8 | uint16 | uint32 | uint64>(
    T x1, T x2) -> (T y) {
    if (x2 < 0) {
        if (x1 == 1) {
            y = 1;
        } else if (T(-1) < T(0) && x1 == T(-1)) {
            y = (x2 & 1) != 0 ? T(-1) : T(1);
        } else {
            y = 0;
        }
    } else {
        T result = 1;
        T base = x1;
        T exponent = x2;
        while (exponent > 0) {
            if ((exponent & 1) != 0) {
                result *= base;
            }
            base *= base;
            exponent >>= 1;
        }
        y = result;
    }
}

// C's pow (float16 and bfloat16 computed in float32).
elementwise power_float<T: float16 | bfloat16 | float32 | float64>(T x1, T x2) -> (T y) {
    y = pow(x1, x2);
}

// Unsigned negation wraps (-1 of uint8 is 255), as NumPy's.
elementwise negative<T: int8 | int16 | int32 | int64 | uint8 | uint16 | uint32 | uint64 | float16 |
                        bfloat16 | float32 | float64>(T x) -> (T y) {
    y = -x;
}
