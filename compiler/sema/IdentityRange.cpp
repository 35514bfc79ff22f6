// The identity range check (IdentityRange.h). A literal's value is kept exactly: an integer as a
// sign and a 64-bit magnitude, a floating literal as its double.
#include "compiler/sema/IdentityRange.h"

#include "compiler/diag/Diagnostics.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>

namespace gpucc::sema {
namespace {

struct LiteralValue {
    bool is_float = false;
    double real = 0;             ///< floating literals
    bool negative = false;       ///< integers: the sign
    std::uint64_t magnitude = 0; ///< integers: the absolute value
};

int bits_of(ScalarType type) {
    return size_in_bytes(type) * 8;
}

/// The value of a literal or a negated literal, as C computes it (negating an unsigned literal
/// wraps); nullopt for any other expression.
std::optional<LiteralValue> literal_value(const kir::Expr& expr) {
    const kir::Expr* node = &expr;
    bool negate = false;
    if (node->kind == kir::ExprKind::Unary &&
        static_cast<const kir::UnaryExpr*>(node)->op == kir::UnaryOp::Neg) {
        negate = true;
        node = static_cast<const kir::UnaryExpr*>(node)->operand.get();
    }
    if (node->kind != kir::ExprKind::Constant) {
        return std::nullopt;
    }
    const auto& constant = static_cast<const kir::ConstantExpr&>(*node);
    LiteralValue value;
    if (is_floating(constant.type)) {
        value.is_float = true;
        value.real = negate ? -constant.float_value : constant.float_value;
        return value;
    }
    value.magnitude = constant.int_bits;
    if (negate && value.magnitude != 0) {
        if (is_integer(constant.type) && !is_signed(constant.type)) {
            // -1u is 4294967295u: the negation wraps in the literal's own type.
            std::uint64_t mask = bits_of(constant.type) == 64
                                     ? ~std::uint64_t{0}
                                     : (std::uint64_t{1} << bits_of(constant.type)) - 1;
            value.magnitude = (~value.magnitude + 1) & mask;
        } else {
            value.negative = true;
        }
    }
    return value;
}

/// The smallest magnitude that rounds to infinity in a floating type (its largest finite value
/// plus half a unit in the last place).
double overflow_threshold(ScalarType type) {
    switch (type) {
    case ScalarType::Float16:
        return 65520.0;
    case ScalarType::BFloat16:
        return 0x1.ffp127; // 0x1.fep127 (the largest bfloat16) plus half its ulp
    case ScalarType::Float32:
        return 0x1.ffffffp127; // FLT_MAX plus half its ulp
    default:
        return std::numeric_limits<double>::infinity();
    }
}

bool fits(const LiteralValue& value, ScalarType type) {
    if (type == ScalarType::Bool) {
        return value.is_float ? value.real == 0.0 || value.real == 1.0
                              : !value.negative && value.magnitude <= 1;
    }
    if (is_floating(type)) {
        double magnitude =
            value.is_float ? std::fabs(value.real) : static_cast<double>(value.magnitude);
        return std::isnan(magnitude) || std::isinf(magnitude) ||
               magnitude < overflow_threshold(type);
    }
    int bits = bits_of(type);
    bool is_signed_type = is_signed(type);
    // The range as a sign and magnitude: [-min_magnitude, max_magnitude].
    std::uint64_t max_magnitude =
        is_signed_type ? (std::uint64_t{1} << (bits - 1)) - 1
                       : (bits == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1);
    std::uint64_t min_magnitude = is_signed_type ? std::uint64_t{1} << (bits - 1) : 0;
    if (value.is_float) {
        if (!std::isfinite(value.real) || std::trunc(value.real) != value.real) {
            return false;
        }
        // 2^64 and above do not fit any integer type; below that the conversion is exact.
        double magnitude = std::fabs(value.real);
        if (magnitude >= 0x1p64) {
            return false;
        }
        auto integral = static_cast<std::uint64_t>(magnitude);
        return value.real < 0 ? integral <= min_magnitude : integral <= max_magnitude;
    }
    return value.negative ? value.magnitude <= min_magnitude : value.magnitude <= max_magnitude;
}

/// The identity as written: "-1", "1e10", "true".
std::string spelling_of(const ast::Expr& source) {
    switch (source.kind) {
    case ast::ExprKind::IntegerLiteral:
        return static_cast<const ast::IntegerLiteralExpr&>(source).spelling;
    case ast::ExprKind::FloatLiteral:
        return static_cast<const ast::FloatLiteralExpr&>(source).spelling;
    case ast::ExprKind::BoolLiteral:
        return static_cast<const ast::BoolLiteralExpr&>(source).value ? "true" : "false";
    case ast::ExprKind::Unary: {
        const auto& unary = static_cast<const ast::UnaryExpr&>(source);
        return std::string(ast::spelling(unary.op)) + spelling_of(*unary.operand);
    }
    default:
        return "";
    }
}

} // namespace

void check_identity_range(const kir::Expr& value, const ast::Expr& source, ScalarType reduce_type,
                          DiagnosticEngine& diags) {
    std::optional<LiteralValue> literal = literal_value(value);
    if (!literal || fits(*literal, reduce_type)) {
        return;
    }
    std::string spelling = spelling_of(source);
    diags.report(SourceSpan(source.loc, static_cast<std::uint32_t>(spelling.size())),
                 DiagKind::IdentityNotRepresentable, "'" + spelling + "'", reduce_type);
}

} // namespace gpucc::sema
