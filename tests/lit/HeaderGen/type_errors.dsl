// Wrong argument types are C++ compile errors that name the kernel, the parameter and the types
// the kernel was compiled for (CuPy would convert silently or fail at run time).
// RUN: rm -rf %t && %gpucc %s -o %t
// RUN: not %cxx -std=c++20 -fsyntax-only -I%runtime_include -I%t -DCASE=1 %S/Inputs/calls_wrong.cpp 2>&1 | FileCheck --check-prefix=FIXED %s
// RUN: not %cxx -std=c++20 -fsyntax-only -I%runtime_include -I%t -DCASE=2 %S/Inputs/calls_wrong.cpp 2>&1 | FileCheck --check-prefix=UNCOMPILED %s
// RUN: not %cxx -std=c++20 -fsyntax-only -I%runtime_include -I%t -DCASE=3 %S/Inputs/calls_wrong.cpp 2>&1 | FileCheck --check-prefix=MIXED %s
// RUN: not %cxx -std=c++20 -fsyntax-only -I%runtime_include -I%t -DCASE=4 %S/Inputs/calls_wrong.cpp 2>&1 | FileCheck --check-prefix=SCALARS %s
// RUN: not %cxx -std=c++20 -fsyntax-only -I%runtime_include -I%t -DCASE=5 %S/Inputs/calls_wrong.cpp 2>&1 | FileCheck --check-prefix=RAW %s
// RUN: not %cxx -std=c++20 -fsyntax-only -I%runtime_include -I%t -DCASE=6 %S/Inputs/calls_wrong.cpp 2>&1 | FileCheck --check-prefix=OUTPUT-ONLY %s
// RUN: not %cxx -std=c++20 -fsyntax-only -I%runtime_include -I%t -DCASE=7 %S/Inputs/calls_wrong.cpp 2>&1 | FileCheck --check-prefix=RAW-OUTPUT %s
// A placeholder only outputs use: the header itself compiles, and passing the output works.
// RUN: %cxx -std=c++20 -fsyntax-only -Wall -Wextra -Werror -I%runtime_include -I%t -DCASE=0 %S/Inputs/calls_wrong.cpp
module te;

elementwise squared_diff(float32 x, float32 y) -> (float32 z) { z = (x - y) * (x - y); }
elementwise generic<T: float32 | float64>(T x, T y) -> (T z) { z = x - y; }
elementwise reverse<T: float32>(raw T x) -> (T y) { y = x[_ind.size() - i - 1]; }
elementwise widen<T: float32 | float64>(float32 x) -> (T y) { y = x; }
elementwise scatter<T: float32 | float64>(float32 x) -> (raw T y) { y[i] = x; }

// FIXED: squared_diff: x must be an Array of float32 or a scalar convertible to it
// UNCOMPILED: generic: T must be one of float32, float64, the types it was compiled for
// MIXED: generic: y must be an Array of T or a scalar convertible to it
// SCALARS: generic: cannot infer T: no array is passed for x or y
// RAW: reverse: the loop size is undecided: every input is raw, so pass the output array(s)
// OUTPUT-ONLY: widen: cannot infer T, which only outputs use: pass the outputs after the inputs
// RAW-OUTPUT-NOT: no matching
// RAW-OUTPUT: scatter: output y is raw, so there is no shape to allocate it with: pass the output array(s) after the inputs
