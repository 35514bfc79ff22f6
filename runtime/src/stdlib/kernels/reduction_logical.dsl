// The standard library's truth reductions (gpucc/stdlib/reduction.h): all, any and count_nonzero.
// The reductions are four files, one per family, so that a build compiles them in parallel.
module gpucc_stdlib_reduction_logical;

// all/any/count_nonzero: an element counts when it is not zero (NaN counts: NaN != 0).
reduction all<T>(T x) -> (bool y) {
    identity: true;
    map:      x != 0;
    reduce:   a && b;
}

reduction any<T>(T x) -> (bool y) {
    identity: false;
    map:      x != 0;
    reduce:   a || b;
}

reduction count_nonzero<T>(T x) -> (int64 y) {
    identity: 0;
    map:      x != 0;
    reduce:   a + b;
}
