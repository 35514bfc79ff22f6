// RUN: %gpucc --verify %s
elementwise dup(float32 x) -> (float32 y) { y = x; } // expected-note {{previous definition of 'dup' is here}}
elementwise dup(float32 x) -> (float32 y) { y = x; } // expected-error {{redefinition of kernel 'dup'}}

elementwise params(float32 x, float32 x) -> (float32 y) { y = x; } // expected-error {{duplicate parameter name 'x'}} expected-note {{'x' is first declared here}}
elementwise index(float32 i) -> (float32 y) { y = 1; } // expected-error {{'i' cannot be a parameter name: 'i' is the element index}}
elementwise under(float32 _x) -> (float32 y) { y = 1; } // expected-error {{'_x' cannot be a parameter name: names starting with '_' are reserved}}
elementwise typename(float32 half) -> (float32 y) { y = 1; } // expected-error {{'half' cannot be a parameter name: it is a type name}} expected-error {{kernel name 'typename' cannot be used in the generated C++ header}}
elementwise no_out(float32 x) -> () { } // expected-error {{elementwise kernel 'no_out' has no output parameter}}

elementwise undeclared(U x) -> (float32 y) { y = 1; } // expected-error {{type placeholder 'U' is not declared; add '<U>' or '<U: float32 | float64>' after the kernel name}}
elementwise twice<T, T>(T x) -> (T y) { y = x; } // expected-error {{duplicate type placeholder 'T'}}
elementwise longname<Ty>(Ty x) -> (Ty y) { y = x; } // expected-error {{'Ty' cannot be a type placeholder: placeholders are single capital letters}}
elementwise unused<T, U>(T x) -> (T y) { y = x; } // expected-error {{type placeholder 'U' is not used by any parameter}}
elementwise repeated<T: float32 | float64 | float32>(T x) -> (T y) { y = x; } // expected-error {{type 'float32' is listed twice for placeholder 'T'}}
elementwise ctype(double x) -> (float32 y) { y = 1; } // expected-error {{'double' is a C type name; signatures use NumPy names (here: 'float64')}}
elementwise ctype2<T: float | int32>(T x) -> (T y) { y = x; } // expected-error {{'float' is a C type name; signatures use NumPy names (here: 'float32')}}
elementwise multiword(unsigned int x) -> (float32 y) { y = 1; } // expected-error {{'unsigned int' is a C type name; signatures use NumPy names (here: 'uint32')}}
elementwise typo(flaot32 x) -> (float32 y) { y = 1; } // expected-error {{unknown type name 'flaot32'; did you mean 'float32'?}}
elementwise unknown(complex128 x) -> (float32 y) { y = 1; } // expected-error {{unknown type name 'complex128'}}
