// Reading a C numeric literal: its value, its radix and its suffixes. The lexer uses this to
// reject malformed literals; the parser uses it to put the value in the syntax tree; Sema picks
// the literal's type from the result with C's rules.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace gpucc {

struct NumericLiteral {
    bool is_floating = false;
    // Integers:
    std::uint64_t int_value = 0;
    bool is_decimal = true; ///< decimal literals never become unsigned without a 'u' suffix
    bool has_unsigned_suffix = false;
    int long_suffix_count = 0; ///< 0, 1 ('l') or 2 ('ll')
    bool too_large = false;    ///< does not fit in 64 bits
    // Floating literals:
    double float_value = 0;
    bool has_float_suffix = false; ///< 'f': float32, else float64
    bool out_of_range = false;     ///< overflows its type
};

/// Reads `spelling`. Returns false, with `error` saying why, when it is not a valid literal.
bool read_numeric_literal(std::string_view spelling, NumericLiteral& literal, std::string& error);

} // namespace gpucc
