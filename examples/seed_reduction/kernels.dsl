// Tutorial 000, exercise 4 as a ReductionKernel: the sum of a vector, and the same kernel shape
// for a sum of squares.
module seed;

reduction vector_sum<T: float32 | float64 | int32>(T x) -> (T total) {
    identity: 0;
    map:      x;
    reduce:   a + b;
    post:     total = a;
}

reduction sum_of_squares<T: float32 | float64>(T x) -> (T total) {
    identity: 0;
    map:      x * x;
    reduce:   a + b;
}
