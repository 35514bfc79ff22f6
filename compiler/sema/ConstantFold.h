// Integer constant folding with C's semantics, for Sema's diagnostics of undefined constant
// operations. LLVM treats `1 / 0`, `INT_MIN / -1` and `1 << 64` as undefined and the optimiser then
// deletes the code that depends on them (a kernel whose output is never written), so Sema reports
// them at the operator instead. The folder evaluates a checked kernel IR expression made of
// constants, casts and operators in its own type (wrapping as the type does); anything else, and
// floating values, is not a constant here.
#pragma once

#include "compiler/kir/KernelIR.h"

#include <cstdint>
#include <optional>
#include <string>

namespace gpucc::sema {

/// An integer or bool constant: its type and its bits, sign-extended for signed types and
/// zero-extended for unsigned ones (so `bits` read as int64 or uint64 is the value).
struct IntegerConstant {
    ScalarType type;
    std::uint64_t bits = 0;
    bool is_negative() const;
    /// The value in decimal, as C would print it.
    std::string spelling() const;
};

/// The value of `expr` when it is an integer constant expression, else nullopt (also when one of
/// its operations is undefined).
std::optional<IntegerConstant> fold_integer(const kir::Expr& expr);

/// What makes `lhs op rhs` undefined when computed in `type` (both operands already converted to
/// `type`, except a shift's count which is passed as written), or nullopt when it is defined or
/// unknown: "division by zero", "shift count -1 is negative", ...
std::optional<std::string> undefined_operation(kir::BinaryOp op, ScalarType type,
                                               const kir::Expr& lhs, const kir::Expr& rhs);

} // namespace gpucc::sema
