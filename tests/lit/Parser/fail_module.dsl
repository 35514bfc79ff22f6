// RUN: %gpucc --verify %s
module first; // expected-note {{previous module declaration is here}}
module second; // expected-error {{the module name is already declared}}
elementwise k(float32 x) -> (float32 y) { y = x; }
module late; // expected-error {{the module declaration must come before every kernel definition}}
module; // expected-error {{expected a kernel definition}}
