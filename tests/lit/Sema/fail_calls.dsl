// RUN: %gpucc --verify %s
elementwise calls(float32 x, int32 n) -> (float32 y) {
    y = sqrt(x, x); // expected-error {{function 'sqrt' takes 1 argument, but 2 were given}}
    y = atan2(x); // expected-error {{function 'atan2' takes 2 arguments, but 1 was given}}
    y = fma(x, x); // expected-error {{function 'fma' takes 3 arguments, but 2 were given}}
    y = powf(); // expected-error {{function 'powf' takes 2 arguments, but 0 were given}}
    y = sqr(x); // expected-error {{unknown function 'sqr'; did you mean 'sqrt'?}}
    y = frobnicate(x); // expected-error {{unknown function 'frobnicate'}}
    y = x(1); // expected-error {{'x' is not a function}}
    y = i(1); // expected-error {{'i' is not a function}}
    y = (x)(1); // expected-error {{'x' is not a function}}
    y = (x + 1)(2); // expected-error {{called object is not a function name}}
}
