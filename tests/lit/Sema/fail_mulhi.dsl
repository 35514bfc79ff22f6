// mulhi and clz take integers only; the approximations take any arithmetic operand (converted to float32)
// and one argument.
// RUN: %gpucc --verify %s
elementwise calls(float32 x, int32 n, float64 d) -> (float32 y) {
    y = mulhi(x, n); // expected-error {{invalid operands to 'mulhi' (float32 and int32): it needs integer operands}}
    y = mulhi(n, d); // expected-error {{invalid operands to 'mulhi' (int32 and float64): it needs integer operands}}
    y = mulhi(n); // expected-error {{function 'mulhi' takes 2 arguments, but 1 was given}}
    y = __sinf(x, x); // expected-error {{function '__sinf' takes 1 argument, but 2 were given}}
    y = __sin(x); // expected-error {{unknown function '__sin'; did you mean '__sinf'?}}
    y = mulhif(n, n); // expected-error {{unknown function 'mulhif'; did you mean 'mulhi'?}}
    y = clz(x); // expected-error {{invalid operand to 'clz' (float32): it needs an integer operand}}
    y = clz(n, n); // expected-error {{function 'clz' takes 1 argument, but 2 were given}}
}
