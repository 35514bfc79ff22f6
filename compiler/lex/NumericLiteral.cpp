// C numeric literals: decimal, octal (leading 0), hexadecimal (0x) and binary (0b) integers with
// u/l/ll suffixes; decimal and hexadecimal floating literals with an optional f suffix.
#include "compiler/lex/NumericLiteral.h"

#include <cctype>
#include <cerrno>
#include <cfloat>
#include <cmath>
#include <cstdlib>

namespace gpucc {
namespace {

bool is_digit_in_radix(char c, int radix) {
    switch (radix) {
    case 2:
        return c == '0' || c == '1';
    case 8:
        return c >= '0' && c <= '7';
    case 10:
        return std::isdigit(static_cast<unsigned char>(c)) != 0;
    default:
        return std::isxdigit(static_cast<unsigned char>(c)) != 0;
    }
}

int digit_value(char c) {
    if (c >= '0' && c <= '9') {
        return c - '0';
    }
    return std::tolower(static_cast<unsigned char>(c)) - 'a' + 10;
}

/// Splits an integer suffix ("u", "ll", "ULL", "lu"...) into its parts; false if malformed.
bool read_integer_suffix(std::string_view suffix, NumericLiteral& literal) {
    std::size_t pos = 0;
    auto read_unsigned = [&] {
        if (pos < suffix.size() && (suffix[pos] == 'u' || suffix[pos] == 'U') &&
            !literal.has_unsigned_suffix) {
            literal.has_unsigned_suffix = true;
            ++pos;
        }
    };
    auto read_long = [&] {
        if (literal.long_suffix_count != 0) {
            return;
        }
        if (suffix.substr(pos, 2) == "ll" || suffix.substr(pos, 2) == "LL") {
            literal.long_suffix_count = 2;
            pos += 2;
        } else if (pos < suffix.size() && (suffix[pos] == 'l' || suffix[pos] == 'L')) {
            literal.long_suffix_count = 1;
            ++pos;
        }
    };
    read_unsigned();
    read_long();
    read_unsigned();
    return pos == suffix.size();
}

bool read_floating(std::string_view spelling, NumericLiteral& literal, std::string& error) {
    literal.is_floating = true;
    std::string_view body = spelling;
    if (!body.empty() && (body.back() == 'f' || body.back() == 'F') &&
        !(body.size() > 2 && (body[1] == 'x' || body[1] == 'X') &&
          body.find_first_of("pP") == std::string_view::npos)) {
        literal.has_float_suffix = true;
        body.remove_suffix(1);
    } else if (!body.empty() && (body.back() == 'l' || body.back() == 'L')) {
        error = "long double is not supported";
        return false;
    }
    bool hex = body.size() > 1 && body[0] == '0' && (body[1] == 'x' || body[1] == 'X');
    // Validate the shape: digits, one '.', an exponent with optional sign and at least one digit.
    std::size_t pos = hex ? 2 : 0;
    int radix = hex ? 16 : 10;
    bool seen_digit = false;
    bool seen_dot = false;
    while (pos < body.size() && (is_digit_in_radix(body[pos], radix) || body[pos] == '.')) {
        if (body[pos] == '.') {
            if (seen_dot) {
                error = "too many decimal points";
                return false;
            }
            seen_dot = true;
        } else {
            seen_digit = true;
        }
        ++pos;
    }
    if (!seen_digit) {
        error = "no digits";
        return false;
    }
    char exponent = hex ? 'p' : 'e';
    if (pos < body.size() && std::tolower(static_cast<unsigned char>(body[pos])) == exponent) {
        ++pos;
        if (pos < body.size() && (body[pos] == '+' || body[pos] == '-')) {
            ++pos;
        }
        std::size_t digits = pos;
        while (pos < body.size() && std::isdigit(static_cast<unsigned char>(body[pos]))) {
            ++pos;
        }
        if (pos == digits) {
            error = "the exponent has no digits";
            return false;
        }
    } else if (hex) {
        error = "a hexadecimal floating literal needs a 'p' exponent";
        return false;
    }
    if (pos != body.size()) {
        error = "invalid suffix '" + std::string(spelling.substr(pos)) + "'";
        return false;
    }
    std::string text(body);
    errno = 0;
    literal.float_value = std::strtod(text.c_str(), nullptr);
    if (errno == ERANGE && std::isinf(literal.float_value)) {
        literal.out_of_range = true;
    }
    if (literal.has_float_suffix && std::isfinite(literal.float_value) &&
        std::fabs(literal.float_value) > FLT_MAX) {
        literal.out_of_range = true;
    }
    return true;
}

} // namespace

bool read_numeric_literal(std::string_view spelling, NumericLiteral& literal, std::string& error) {
    literal = NumericLiteral{};
    if (spelling.empty()) {
        error = "empty literal";
        return false;
    }
    bool hex =
        spelling.size() > 1 && spelling[0] == '0' && (spelling[1] == 'x' || spelling[1] == 'X');
    bool binary =
        spelling.size() > 1 && spelling[0] == '0' && (spelling[1] == 'b' || spelling[1] == 'B');
    if (hex ? spelling.find_first_of(".pP") != std::string_view::npos
            : !binary && spelling.find_first_of(".eE") != std::string_view::npos) {
        return read_floating(spelling, literal, error);
    }

    int radix = 10;
    std::size_t pos = 0;
    if (hex || binary) {
        radix = hex ? 16 : 2;
        pos = 2;
        literal.is_decimal = false;
    } else if (spelling.size() > 1 && spelling[0] == '0' &&
               std::isdigit(static_cast<unsigned char>(spelling[1]))) {
        radix = 8;
        pos = 1;
        literal.is_decimal = false;
    }
    std::size_t digits_begin = pos;
    bool overflow = false;
    std::uint64_t value = 0;
    while (pos < spelling.size() && std::isxdigit(static_cast<unsigned char>(spelling[pos])) &&
           !(radix != 16 && !std::isdigit(static_cast<unsigned char>(spelling[pos])))) {
        char c = spelling[pos];
        if (!is_digit_in_radix(c, radix)) {
            error = std::string("invalid digit '") + c + "' in " +
                    (radix == 8 ? "octal" : "binary") + " literal";
            return false;
        }
        auto digit = static_cast<std::uint64_t>(digit_value(c));
        auto r = static_cast<std::uint64_t>(radix);
        if (value > (UINT64_MAX - digit) / r) {
            overflow = true;
        }
        value = value * r + digit;
        ++pos;
    }
    if (pos == digits_begin && radix != 8) {
        error = "no digits";
        return false;
    }
    std::string_view suffix = spelling.substr(pos);
    if (!read_integer_suffix(suffix, literal)) {
        if (!suffix.empty() && (suffix[0] == 'f' || suffix[0] == 'F') && radix == 10) {
            error = "invalid suffix '" + std::string(suffix) + "' on an integer literal (write '" +
                    std::string(spelling.substr(0, pos)) + ".0f' for a float)";
        } else {
            error = "invalid suffix '" + std::string(suffix) + "' on an integer literal";
        }
        return false;
    }
    literal.int_value = value;
    literal.too_large = overflow;
    return true;
}

} // namespace gpucc
