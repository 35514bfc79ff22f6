module one_kernel;

elementwise add(int32 x, int32 y) -> (int32 z) { z = x + y; }
