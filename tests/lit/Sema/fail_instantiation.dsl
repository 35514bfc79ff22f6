// RUN: %gpucc --verify %s
// An error that depends on the types is reported per failing instance with a note naming the
// binding; one that every instance makes is reported once, without a note.
elementwise generic<T: int32 | float32 | float64>(T x) -> (T y) { // expected-note {{in instantiation of 'generic' with T = float32}} expected-note {{in instantiation of 'generic' with T = float64}}
    y = x % 2; // expected-error {{invalid operands to '%' (float32 and int32)}} expected-error {{invalid operands to '%' (float64 and int32)}}
    y = missing; // expected-error {{use of undeclared identifier 'missing'}}
}
elementwise pair<T: float32, U: int32 | float32>(T x, U n) -> (T y) { // expected-note {{in instantiation of 'pair' with T = float32, U = float32}}
    y = x + (n << 1); // expected-error {{invalid operands to '<<' (float32 and int32)}}
}
