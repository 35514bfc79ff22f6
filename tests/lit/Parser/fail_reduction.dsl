// RUN: %gpucc --verify %s
// Syntax errors in reductions. After each one the parser resumes at the next definition, so every
// definition here reports its own.
reduction unknown_clause(float32 x) -> (float32 y) {
    identity: 0;
    maps: x; // expected-error {{unknown reduction clause 'maps'; the clauses are 'identity', 'map', 'reduce', 'post' and 'type'}}
    reduce: a + b;
}
reduction repeated(float32 x) -> (float32 y) {
    identity: 0;
    map: x; // expected-note {{the first 'map' clause is here}}
    map: x * 2; // expected-error {{duplicate 'map' clause}}
    reduce: a + b;
}
reduction missing_semicolon(float32 x) -> (float32 y) {
    identity: 0 // expected-error {{expected ';' after the 'identity' clause, found identifier 'map'}}
    map: x;
    reduce: a + b;
}
reduction empty_post(float32 x) -> (float32 y) {
    identity: 0; map: x; reduce: a + b;
    post:
} // expected-error {{expected a statement after 'post:', found '}'}}
reduction post_return(float32 x) -> (float32 y) {
    identity: 0; map: x; reduce: a + b;
    post: return a; // expected-error {{'return' is not allowed in 'post'; assign the outputs instead}}
}
reduction statement_body(float32 x) -> (float32 y) {
    y = x * x; // expected-error {{expected a clause ('identity:', 'map:', 'reduce:', 'post:' or 'type:'), found identifier 'y'}}
}
reduction no_type(float32 x) -> (float32 y) { identity: 0; map: x; reduce: a + b; type: ; } // expected-error {{expected the reduce type after 'type:', found ';'}}
reduction no_name<T>(T x) -> (T y) { identity: 0; map: x; reduce: a + b; }
reduction modifier(const float32 x) -> (float32 y) { identity: 0; map: x; reduce: a + b; } // expected-error {{unknown parameter modifier 'const'; a reduction's parameters take 'scalar' (inputs are read-only already)}}
elementwise scalar_elsewhere(scalar float32 x) -> (float32 y) { y = x; } // expected-error {{unknown parameter modifier 'scalar'; the only modifier is 'raw' (inputs are read-only already)}}
reduction (float32 x) -> (float32 y) { identity: 0; map: x; reduce: a + b; } // expected-error {{expected the kernel's name after 'reduction', found '('}}
reduction unclosed(float32 x) -> (float32 y) { identity: 0; map: x; reduce: a + b;
// expected-error@+1 {{expected '}' closing the reduction, found end of file}}
