// RUN: %gpucc --verify %s
// `instantiate k<int>` of a kernel that is not a template: Clang reads `k <` as a comparison and
// said "use of undeclared identifier 'k'; did you mean '::k'?" with a note "'::k' declared here".
// gpucc says what is wrong and what to do, and its note names the kernel as it was written. A
// name that is truly undeclared keeps Clang's message.
raw cuda """
__global__ void k(float* x) {} // expected-note {{'k' declared here}}
template <typename T> __global__ void t(T* x) {}
""" instantiate k<int>, t<float>, missing<int>; // expected-error {{'k' is not a template: remove the template arguments}} expected-error {{use of undeclared identifier 'missing'}}
