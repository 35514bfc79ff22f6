// A kernel name the generated header cannot use, in a file that otherwise compiles (cpp_names.test).
elementwise union(float32 x) -> (float32 y) { y = x; }
