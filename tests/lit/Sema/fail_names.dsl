// RUN: %gpucc --verify %s
elementwise names(float32 value, raw float32 table) -> (float32 y) {
    y = valeu; // expected-error {{use of undeclared identifier 'valeu'; did you mean 'value'?}}
    y = nothing_like_it; // expected-error {{use of undeclared identifier 'nothing_like_it'}}
    y = table; // expected-error {{raw parameter 'table' must be indexed, as in 'table[i]'}}
    y = value[0]; // expected-error {{'value' is not a raw parameter and cannot be indexed; declare it 'raw float32 value' to index it}}
    float32 local = 1;
    y = local[0]; // expected-error {{only raw parameters can be indexed}}
    y = table[1.5]; // expected-error {{array index must be an integer, not float64}}
    y = _ind; // expected-error {{'_ind' can only be used as '_ind.size()'}}
    y = _ind.size; // expected-error {{'_ind.size' must be called, as in '_ind.size()'}}
    y = _ind.get(); // expected-error {{'_ind' has no member 'get'; the only member call is '_ind.size()'}}
    y = value.size(); // expected-error {{'value' has no member 'size'}}
    y = _ind.size(1); // expected-error {{function '_ind.size' takes no arguments, but 1 was given}}
    y = unknwn[0]; // expected-error {{use of undeclared identifier 'unknwn'}}
    flaot32 z = 1; // expected-error {{unknown type name 'flaot32'; did you mean 'float32'?}}
    y = z; // a variable whose declaration failed is not reported again
}
