// A valid reduction and an elementwise kernel with an error (used by reduction_not_implemented.test).
reduction total(float32 x) -> (float32 y) { identity: 0; map: x; reduce: a + b; }
elementwise broken(float32 x) -> (float32 y) { y = z; }
