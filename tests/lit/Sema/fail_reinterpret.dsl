// The bit reinterpretations take their operand type or a narrower one of the same kind; a wider
// or other-kind argument is an error naming the function, the argument's type and the one it
// needs (converting a float64 into __float_as_uint, or an integer's value into a float for
// __float_as_int, would reinterpret other bits than the caller's).
// RUN: %gpucc --verify %s
elementwise calls(float32 x, float64 d, int32 n, int64 w, uint64 u) -> (uint32 y, float32 f, int64 l, float64 g) {
    y = __float_as_uint(d); // expected-error {{invalid operand to '__float_as_uint' (float64): it needs float32 (or a narrower floating type, converted)}}
    y = __float_as_uint(n); // expected-error {{invalid operand to '__float_as_uint' (int32): it needs float32 (or a narrower floating type, converted)}}
    f = __uint_as_float(x); // expected-error {{invalid operand to '__uint_as_float' (float32): it needs uint32 (or a narrower integer type, converted)}}
    f = __int_as_float(w); // expected-error {{invalid operand to '__int_as_float' (int64): it needs int32 (or a narrower integer type, converted)}}
    l = __double_as_longlong(w); // expected-error {{invalid operand to '__double_as_longlong' (int64): it needs float64 (or a narrower floating type, converted)}}
    g = __longlong_as_double(d); // expected-error {{invalid operand to '__longlong_as_double' (float64): it needs int64 (or a narrower integer type, converted)}}
    g = __ulonglong_as_double(x); // expected-error {{invalid operand to '__ulonglong_as_double' (float32): it needs uint64 (or a narrower integer type, converted)}}
    y = __float_as_uint(x, x); // expected-error {{function '__float_as_uint' takes 1 argument, but 2 were given}}
    y = __float_as_unit(x); // expected-error {{unknown function '__float_as_unit'; did you mean '__float_as_uint'?}}
    l = __double_as_longlong(x); // float32 converts to float64 exactly: no error
    g = __ulonglong_as_double(n); // int32 converts to uint64 (as CUDA converts it): no error
}
