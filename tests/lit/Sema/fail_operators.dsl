// RUN: %gpucc --verify %s
elementwise ops(float32 x, float64 d, int32 n, float16 h) -> (float32 y) {
    y = x % 2; // expected-error {{invalid operands to '%' (float32 and int32): it needs integer operands}}
    y = n % d; // expected-error {{invalid operands to '%' (int32 and float64)}}
    y = n & x; // expected-error {{invalid operands to '&' (int32 and float32)}}
    y = h | n; // expected-error {{invalid operands to '|' (float16 and int32)}}
    y = n ^ 1.0; // expected-error {{invalid operands to '^' (int32 and float64)}}
    y = x << 1; // expected-error {{invalid operands to '<<' (float32 and int32)}}
    y = n >> 1.5f; // expected-error {{invalid operands to '>>' (int32 and float32)}}
    y = ~x; // expected-error {{invalid operand to '~' (float32): it needs an integer operand}}
    y %= 2; // expected-error {{invalid operands to '%=' (float32 and int32)}}
    y <<= 1; // expected-error {{invalid operands to '<<=' (float32 and int32)}}
    y = n % 3 + (n & 1) + (n << 2) + ~n; // integers are fine
}
