// RUN: %gpucc --verify %s
elementwise assign(float32 x, raw float32 r) -> (float32 y, raw float32 out) {
    x = 1; // expected-error {{cannot assign to input parameter 'x': inputs are read-only}}
    x += 1; // expected-error {{cannot assign to input parameter 'x': inputs are read-only}}
    r[i] = 2; // expected-error {{cannot assign to input parameter 'r': inputs are read-only}}
    x++; // expected-error {{cannot assign to input parameter 'x': inputs are read-only}}
    const float32 c = 1;
    c = 2; // expected-error {{cannot assign to const variable 'c'}}
    --c; // expected-error {{cannot assign to const variable 'c'}}
    i = 0; // expected-error {{cannot assign to 'i': the element index is read-only}}
    x + 1 = y; // expected-error {{expression is not assignable}}
    (float64)y = 1; // expected-error {{expression is not assignable}}
    +y = 1; // expected-error {{expression is not assignable}}
    _ind.size() = 1; // expected-error {{expression is not assignable}}
    const int32 k; // expected-error {{const variable 'k' must be initialized}}
    bool b = true;
    b++; // expected-error {{'++' cannot be applied to a bool}}
    out[i] = y; // raw outputs are assignable
}
