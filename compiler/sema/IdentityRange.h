// Whether a reduction's identity keeps its value in the reduce type. The identity is converted to
// the reduce type like any C value, so `identity: -1;` with a uint32 reduce type would silently
// seed every partial result with 4294967295, and `identity: 1e10;` with int32 would be undefined.
// Where the identity is a literal, possibly negated, its exact value is known and this reports
// one that the conversion would change (an integer out of range or a fraction for an integer
// type, anything but 0 and 1 for bool, a value that overflows a floating type). Other identities
// (casts, arithmetic, calls) are the programmer's to get right. Internal to sema/.
#pragma once

#include "compiler/ast/Ast.h"
#include "compiler/kir/KernelIR.h"

namespace gpucc {
class DiagnosticEngine;
}

namespace gpucc::sema {

/// `value` is the checked identity before its conversion to `reduce_type`; `source` is what was
/// written (for the message).
void check_identity_range(const kir::Expr& value, const ast::Expr& source, ScalarType reduce_type,
                          DiagnosticEngine& diags);

} // namespace gpucc::sema
