// RUN: %gpucc --verify %s
// Placeholders multiply: three of seven types each are 343 instances, each compiled for every
// architecture and the host. Past 256 a kernel gets a warning with the count at its name (CuPy's
// `X x, Y y -> Z z` with bare placeholders is 13^3 = 2,197); 256 or fewer do not.
module many;

elementwise mix<X: int8 | int16 | int32 | int64 | uint8 | uint16 | uint32,
                Y: int8 | int16 | int32 | int64 | uint8 | uint16 | uint32,
                Z: int8 | int16 | int32 | int64 | uint8 | uint16 | uint32>(X x, Y y) -> (Z z) { // expected-warning@-2 {{kernel 'mix' has 343 instances (X: 7 x Y: 7 x Z: 7 types), each compiled for every architecture and the host; list the types it needs, as in '<T: float32 | float64>'}}
    z = x + y;
}

elementwise fewer<X: int8 | int16 | int32 | int64, Y: int8 | int16 | int32 | int64,
                  Z: int8 | int16 | int32 | int64, W: int8 | int16 | int32 | int64>(X x, Y y, Z z) -> (W w) {
    w = x + y + z;
}
