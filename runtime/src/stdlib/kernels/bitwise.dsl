// The bit operations on integers (gpucc/stdlib/ufunc.h): bitwise_and/or/xor and invert on bool and the
// integers (on bool they are the logical operations), left_shift and right_shift on the integers
// with NumPy's rule for shift counts outside [0, bits): 0, or -1 for a negative value shifted
// right. Shifts compute in 64 bits and keep T's low bits, which also gives NumPy's result for
// counts from T's width up to 63.
module gpucc_stdlib_bitwise;

elementwise bitwise_and<T: bool | int8 | int16 | int32 | int64 | uint8 | uint16 | uint32 | uint64>(
    T x1, T x2) -> (T y) {
    y = x1 & x2;
}

elementwise bitwise_or<T: bool | int8 | int16 | int32 | int64 | uint8 | uint16 | uint32 | uint64>(
    T x1, T x2) -> (T y) {
    y = x1 | x2;
}

elementwise bitwise_xor<T: bool | int8 | int16 | int32 | int64 | uint8 | uint16 | uint32 | uint64>(
    T x1, T x2) -> (T y) {
    y = x1 ^ x2;
}

// All bits flipped; for bool (T(-1) is true) logical not.
elementwise invert<T: bool | int8 | int16 | int32 | int64 | uint8 | uint16 | uint32 | uint64>(T x)
    -> (T y) {
    y = x ^ T(-1);
}

elementwise left_shift<T: int8 | int16 | int32 | int64 | uint8 | uint16 | uint32 | uint64>(T x1,
                                                                                         T x2)
    -> (T y) {
    if (x2 < 0 || x2 >= 64) {
        y = 0;
    } else {
        y = (int64)x1 << x2;
    }
}

// Arithmetic shift for signed T (T(-1) < T(0)), logical for unsigned.
elementwise right_shift<T: int8 | int16 | int32 | int64 | uint8 | uint16 | uint32 | uint64>(T x1,
                                                                                          T x2)
    -> (T y) {
    if (x2 < 0 || x2 >= 64) {
        y = x1 < 0 ? T(-1) : T(0);
    } else if (T(-1) < T(0)) {
        y = (int64)x1 >> x2;
    } else {
        y = (uint64)x1 >> x2;
    }
}
