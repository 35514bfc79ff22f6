// A placeholder only an output uses (used by emit_header.test): elementwise headers accept that
// (the output must then be passed); for a reduction the front end rejects it.
reduction widen<T: float32 | float64, U: float32 | float64>(T x) -> (U y) {
    identity: 0;
    map:      x;
    reduce:   a + b;
}
