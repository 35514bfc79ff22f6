// Wrong arguments to a reduction's functions are C++ compile errors that name the kernel, the
// parameter and the types the kernel was compiled for. Array inputs take arrays only, `scalar`
// inputs scalars only.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %gpucc --emit=header %s > %t/reduction_type_errors.gpucc.h
// RUN: not %cxx -std=c++20 -fsyntax-only -I%runtime_include -I%t -DCASE=1 %S/Inputs/reduction_calls_wrong.cpp 2>&1 | FileCheck --check-prefix=FIXED %s
// RUN: not %cxx -std=c++20 -fsyntax-only -I%runtime_include -I%t -DCASE=2 %S/Inputs/reduction_calls_wrong.cpp 2>&1 | FileCheck --check-prefix=UNCOMPILED %s
// RUN: not %cxx -std=c++20 -fsyntax-only -I%runtime_include -I%t -DCASE=3 %S/Inputs/reduction_calls_wrong.cpp 2>&1 | FileCheck --check-prefix=SCALAR-INPUT %s
// RUN: not %cxx -std=c++20 -fsyntax-only -I%runtime_include -I%t -DCASE=4 %S/Inputs/reduction_calls_wrong.cpp 2>&1 | FileCheck --check-prefix=FIXED-SCALAR %s
// RUN: not %cxx -std=c++20 -fsyntax-only -I%runtime_include -I%t -DCASE=5 %S/Inputs/reduction_calls_wrong.cpp 2>&1 | FileCheck --check-prefix=MIXED %s
// RUN: not %cxx -std=c++20 -fsyntax-only -I%runtime_include -I%t -DCASE=6 %S/Inputs/reduction_calls_wrong.cpp 2>&1 | FileCheck --check-prefix=ARRAY-FOR-SCALAR %s
// RUN: not %cxx -std=c++20 -fsyntax-only -I%runtime_include -I%t -DCASE=7 %S/Inputs/reduction_calls_wrong.cpp 2>&1 | FileCheck --check-prefix=OUTPUT %s
// RUN: not %cxx -std=c++20 -fsyntax-only -I%runtime_include -I%t -DCASE=8 %S/Inputs/reduction_calls_wrong.cpp 2>&1 | FileCheck --check-prefix=FIXED-OUTPUT %s
// RUN: not %cxx -std=c++20 -fsyntax-only -I%runtime_include -I%t -DCASE=9 %S/Inputs/reduction_calls_wrong.cpp 2>&1 | FileCheck --check-prefix=NOT-AN-OUTPUT %s
// RUN: not %cxx -std=c++20 -fsyntax-only -I%runtime_include -I%t -DCASE=10 %S/Inputs/reduction_calls_wrong.cpp 2>&1 | FileCheck --check-prefix=BOOL-AXIS %s
// RUN: not %cxx -std=c++20 -fsyntax-only -I%runtime_include -I%t -DCASE=11 %S/Inputs/reduction_calls_wrong.cpp 2>&1 | FileCheck --check-prefix=FLOAT-AXIS %s
// The right calls next to them compile.
// RUN: %cxx -std=c++20 -fsyntax-only -Wall -Wextra -Werror -I%runtime_include -I%t -DCASE=0 %S/Inputs/reduction_calls_wrong.cpp
module rte;

reduction total(float32 x) -> (float32 y) { identity: 0; map: x; reduce: a + b; }
reduction l2norm<T: float32 | float64>(T x) -> (T y) {
    identity: 0;
    map:      x * x;
    reduce:   a + b;
    post:     y = sqrt(a);
}
reduction dot<T: float32 | float64>(T x, T y, scalar T scale) -> (T z, float64 n) {
    identity: 0;
    map:      x * y * scale;
    reduce:   a + b;
    post:     z = a; n = _in_ind.size();
}

// FIXED: total: x must be an Array of float32
// UNCOMPILED: l2norm: T must be one of float32, float64, the types it was compiled for
// SCALAR-INPUT: l2norm: cannot infer T: no array is passed for x (type placeholders are bound by arrays only)
// FIXED-SCALAR: total: x must be an Array of float32
// MIXED: dot: y must be an Array of T
// ARRAY-FOR-SCALAR: dot: scale must be a scalar convertible to T (a scalar parameter)
// OUTPUT: l2norm: x must be an Array of T
// FIXED-OUTPUT: dot: n must be an Array of float64
// NOT-AN-OUTPUT: no matching function for call to '{{.*}}l2norm{{.*}}'
// BOOL-AXIS: use of deleted function {{.*}}Axis{{.*}}bool
// FLOAT-AXIS: use of deleted function {{.*}}Axis{{.*}}double
