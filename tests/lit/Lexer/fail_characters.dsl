// RUN: %gpucc --verify %s
elementwise k(float32 x) -> (float32 y) {
    y = x @ 2; // expected-error {{invalid character '@' in source}}
}
elementwise c(float32 x) -> (float32 y) {
    y = 'a'; // expected-error {{character literals are not supported}}
}
