// RUN: %gpucc --verify %s
elementwise literals(uint64 x) -> (uint64 y) {
    y = 18446744073709551615; // expected-warning {{integer literal '18446744073709551615' is too large for a signed type; it is treated as uint64}}
    y = 18446744073709551615u; // with a suffix, no warning
    y = 0xFFFFFFFFFFFFFFFF; // hexadecimal literals may be unsigned, no warning
}
