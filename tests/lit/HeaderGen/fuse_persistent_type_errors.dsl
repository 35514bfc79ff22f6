// The C++ functions of a fused function with several reductions over one axis take typed Arrays,
// NDArrays and C++ scalars: the header compiles warning-free with each of them and their mixes
// (CASE 0), and a wrong argument type is a compile error that names the function, the argument
// and the types (NDArrays are checked at run time: tests/fusion/fusion_persistent_arguments_test.cpp).
// RUN: rm -rf %t && mkdir -p %t && %gpucc --emit=header %s > %t/fuse_persistent_type_errors.gpucc.h
// RUN: %cxx -std=c++20 -fsyntax-only -Wall -Wextra -Werror -I%runtime_include -I%t -DCASE=0 %S/Inputs/persistent_calls.cpp
// RUN: not %cxx -std=c++20 -fsyntax-only -I%runtime_include -I%t -DCASE=1 %S/Inputs/persistent_calls.cpp 2>&1 | FileCheck --check-prefix=MIXED %s
// RUN: not %cxx -std=c++20 -fsyntax-only -I%runtime_include -I%t -DCASE=2 %S/Inputs/persistent_calls.cpp 2>&1 | FileCheck --check-prefix=UNCOMPILED %s
// RUN: not %cxx -std=c++20 -fsyntax-only -I%runtime_include -I%t -DCASE=3 %S/Inputs/persistent_calls.cpp 2>&1 | FileCheck --check-prefix=SCALARS %s
// RUN: not %cxx -std=c++20 -fsyntax-only -I%runtime_include -I%t -DCASE=4 %S/Inputs/persistent_calls.cpp 2>&1 | FileCheck --check-prefix=OUTPUT %s
// RUN: not %cxx -std=c++20 -fsyntax-only -I%runtime_include -I%t -DCASE=5 %S/Inputs/persistent_calls.cpp 2>&1 | FileCheck --check-prefix=NOT-ARRAY %s
// RUN: not %cxx -std=c++20 -fsyntax-only -I%runtime_include -I%t -DCASE=6 %S/Inputs/persistent_calls.cpp 2>&1 | FileCheck --check-prefix=FIXED %s
module pte;

fuse scaled_softmax<T: float32 | float64>(T x, T w) {
    y = x * w;
    m = max(y, axis = -1, keepdims = true);
    e = exp(y - m);
    return e / sum(e, axis = -1, keepdims = true);
}

fuse spread(float32 x) = mean(square(x - mean(x, axis = -1, keepdims = true)), axis = -1);

// MIXED: scaled_softmax: w must be an Array of T, the element type of the other arrays of T (x, w)
// UNCOMPILED: scaled_softmax: T must be one of float32, float64, the types it was compiled for
// SCALARS: scaled_softmax: cannot infer T: no array is passed for x or w
// OUTPUT: scaled_softmax: out must be an Array of the result's type (or an NDArray)
// NOT-ARRAY: scaled_softmax: x must be an Array of T (or an NDArray) or a scalar convertible to it
// FIXED: spread: x must be an Array of float32 (or an NDArray) or a scalar convertible to it
