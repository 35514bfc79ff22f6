// RUN: %gpucc --verify %s
elementwise locals(float32 x) -> (float32 y) {
    float32 a = 1; // expected-note {{'a' is first declared here}}
    float32 a = 2; // expected-error {{redeclaration of 'a'}}
    float32 x = 3; // expected-error {{'x' is already a parameter of kernel 'locals'}}
    int32 i = 0; // expected-error {{'i' cannot be declared here: 'i' is the element index (an inner block may declare its own 'i')}}
    int32 _tmp = 0; // expected-error {{'_tmp' cannot be declared here: names starting with '_' are reserved}}
    break; // expected-error {{'break' outside a loop}}
    {
        float32 a = 4; // shadowing in an inner scope is allowed
        float32 x = a; // so is shadowing a parameter
        for (int32 i = 0; i < 3; ++i) { y += i; } // and declaring an inner 'i'
        y = x;
    }
    continue; // ends the current element
}
