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
elementwise numpy_names(float32 x, int32 n) -> (float32 y) {
    // NumPy's ufuncs that are not builtins: the message says what a body writes instead.
    y = maximum(x, 1); // expected-error {{unknown function 'maximum': NumPy's 'maximum' is written 'max' (or 'fmax', which ignores NaN) in a kernel body}}
    y = minimum(x, 1); // expected-error {{unknown function 'minimum': NumPy's 'minimum' is written 'min' (or 'fmin', which ignores NaN) in a kernel body}}
    y = absolute(x); // expected-error {{unknown function 'absolute': NumPy's 'absolute' is written 'abs' in a kernel body}}
    y = power(x, 2); // expected-error {{unknown function 'power': NumPy's 'power' is written 'pow' in a kernel body}}
    y = arctan2(x, 1); // expected-error {{unknown function 'arctan2': NumPy's 'arctan2' is written 'atan2' in a kernel body}}
    y = multiply(x, 2); // expected-error {{unknown function 'multiply': NumPy's 'multiply' is written the operator '*' in a kernel body}}
    y = left_shift(n, 2); // expected-error {{unknown function 'left_shift': NumPy's 'left_shift' is written the operator '<<' in a kernel body}}
}
