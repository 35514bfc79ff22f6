// RUN: %gpucc --verify %s
// Every output of an elementwise body (and of a reduction's post) must be assigned on every path
// that ends the element: the end of the body and each 'continue' outside a loop. Branches meet
// conservatively; a loop body may run zero times unless its condition is a literal true; a 'do'
// body runs once. An output read before it is assigned is updated in place (`y += x`) and is not
// reported. A local read in its own initializer is an error.
elementwise never(float32 x) -> (float32 y, float32 z) { // expected-error {{output 'z' of elementwise kernel 'never' is never assigned: its elements would keep what the output array held}}
    y = x;
}
elementwise one_branch(float32 x) -> (float32 y) { // expected-error {{output 'y' of elementwise kernel 'one_branch' is not assigned on every path: where it is not, its element would keep what the output array held}}
    if (x > 0) {
        y = x;
    }
}
elementwise skipped(float32 x) -> (float32 y) { // expected-error {{output 'y' of elementwise kernel 'skipped' is not assigned on every path: where it is not, its element would keep what the output array held}}
    if (x < 0)
        continue; // expected-note {{this 'continue' ends the element before 'y' is assigned}}
    y = x;
}
elementwise in_loop(float32 x) -> (float32 y) { // expected-error {{output 'y' of elementwise kernel 'in_loop' is not assigned on every path: where it is not, its element would keep what the output array held}}
    for (int32 k = 0; k < 3; ++k) {
        y = x;
    }
}
elementwise shadowed(float32 x) -> (float32 y) { // expected-error {{output 'y' of elementwise kernel 'shadowed' is never assigned: its elements would keep what the output array held}}
    {
        float32 y = x; // an inner local named like the output
        y = y + 1;
    }
}
elementwise short_circuit(float32 x) -> (float32 y) { // expected-error {{output 'y' of elementwise kernel 'short_circuit' is not assigned on every path: where it is not, its element would keep what the output array held}}
    bool b = x > 0 && (y = x) > 1;
}
elementwise raw_output(float32 x) -> (raw float32 y) {
    // raw outputs are written by index: not checked
}
elementwise complete(float32 x, int32 n) -> (float32 y, float32 z, float32 w, float32 v, float32 u) {
    if (x > 0) {
        y = x;
    } else if (x < 0) {
        y = -x;
    } else {
        y = 0;
    }
    do {
        z = x;
    } while (z < 0);
    while (true) {
        w = 1;
        break;
    }
    for (;;) {
        if (n > 0) {
            v = 2;
            break;
        }
        v = 3;
        break;
    }
    u = x > 0 ? (w = 1) : (w = 2);
    u++;
}
elementwise early_continue(float32 x) -> (float32 y) {
    y = 0;
    if (x < 0) {
        continue;
    }
    y = x;
}
elementwise in_place(float32 x) -> (float32 y, float32 z) {
    y += x; // the caller's y, updated
    if (x > 0) {
        z = z * 2; // read first: updated in place
    }
}
elementwise own_initializer(float32 x) -> (float32 y) {
    float32 a = a + 1; // expected-error {{'a' is read in its own initializer, before it has a value}}
    float32 b = x, c = b * 2; // b has its value by then
    {
        float32 x = x * 2; // expected-error {{'x' is read in its own initializer, before it has a value}}
    }
    y = c;
}
reduction post_misses(float32 x) -> (float32 y, float32 z) { // expected-error {{output 'z' of reduction 'post_misses' is not assigned on every path: where it is not, its element would keep what the output array held}}
    identity: 0; map: x; reduce: a + b;
    post: y = a; if (a > 0) z = a;
}
reduction post_complete(float32 x) -> (float32 y, float32 z) {
    identity: 0; map: x; reduce: a + b;
    post: y = a; z = a > 0 ? a : -a;
}
