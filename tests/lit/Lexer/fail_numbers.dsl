// RUN: %gpucc --verify %s
elementwise numbers(float32 x) -> (float32 y) {
    y = 08;       // expected-error {{invalid numeric literal '08': invalid digit '8' in octal literal}}
    y = 0b12;     // expected-error {{invalid digit '2' in binary literal}}
    y = 0x;       // expected-error {{invalid numeric literal '0x': no digits}}
    y = 1f;       // expected-error {{invalid suffix 'f' on an integer literal (write '1.0f' for a float)}}
    y = 12abc;    // expected-error {{invalid suffix 'abc' on an integer literal}}
    y = 1uu;      // expected-error {{invalid suffix 'uu'}}
    y = 1.5L;     // expected-error {{long double is not supported}}
    y = 1e;       // expected-error {{the exponent has no digits}}
    y = 1.2.3;    // expected-error {{too many decimal points}}
    y = 1.5q;     // expected-error {{invalid suffix 'q'}}
    y = 0x1.8;    // expected-error {{a hexadecimal floating literal needs a 'p' exponent}}
    y = 99999999999999999999; // expected-error {{integer literal '99999999999999999999' is too large for any integer type}}
    y = 1e999;    // expected-error {{floating literal '1e999' is out of the range of float64}}
    y = 1e39f;    // expected-error {{floating literal '1e39f' is out of the range of float32}}
}
