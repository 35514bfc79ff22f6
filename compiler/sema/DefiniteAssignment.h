// Definite assignment of outputs: an elementwise body (or a reduction's post) that leaves an output
// unassigned on some path compiles to a kernel that never writes those elements, and the program
// silently prints whatever the output array held (zeros for a new one). This check walks the body
// once per definition, on the syntax tree (it does not depend on the instance's types), and
// reports each output that some path leaves unassigned: a path that reaches the end of the body
// or ends the element with `continue`. Branches meet conservatively: an output is assigned after
// an `if` only when both branches assign it; a `while` or `for` body may run zero times (unless its
// condition is the constant true), a `do` body runs once; `&&`, `||` and `?:` assign only what
// every operand path assigns.
#pragma once

#include "compiler/ast/Ast.h"
#include "compiler/diag/Diagnostics.h"

#include <string_view>
#include <vector>

namespace gpucc::sema {

/// What the check needs to know about the piece of code.
struct AssignmentCheck {
    std::string_view kind;   ///< "kernel", for the message
    std::string_view kernel; ///< the kernel's name
    /// The outputs that must be assigned (raw outputs are written by index and are not checked).
    std::vector<const ast::Param*> outputs;
    /// Elementwise bodies: an output read before it is assigned is used in place (`y += x` on an
    /// array the caller passed), so it keeps its value where the body does not assign it and is
    /// not reported.
    bool reads_mean_in_place = true;
};

/// Reports every output of `check` that `body` leaves unassigned on some path.
void check_outputs_assigned(const ast::BlockStmt& body, const AssignmentCheck& check,
                            DiagnosticEngine& diags);

} // namespace gpucc::sema
