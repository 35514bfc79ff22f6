// Compiler bugs, as opposed to user errors. A user error is a diagnostic (Diagnostics.h); a state
// the compiler's own invariants rule out (an expression kind a switch does not know, a value Sema
// should have rejected) is an internal error: GPUCC_CHECK(cond, "message") and
// GPUCC_UNREACHABLE("message") print
//   gpucc: internal error at compiler/codegen/common/BodyEmitter.cpp:443: not an lvalue; please
//   report this
// and abort, in every build type (as Halide's internal_assert and Carbon's CARBON_CHECK), rather
// than vanish in Release like assert() and carry on with a null value.
#pragma once

namespace gpucc {

/// Prints the internal error message for `file`:`line` to stderr and aborts.
[[noreturn]] void internal_error(const char* file, int line, const char* message);

} // namespace gpucc

#define GPUCC_CHECK(cond, message)                                                                 \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            ::gpucc::internal_error(__FILE__, __LINE__, message);                                  \
        }                                                                                          \
    } while (false)

#define GPUCC_UNREACHABLE(message) ::gpucc::internal_error(__FILE__, __LINE__, message)
