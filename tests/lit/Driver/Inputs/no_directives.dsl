elementwise k(float32 x) -> (float32 y) { y = x; }
