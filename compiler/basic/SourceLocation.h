// A position in a source file the compiler read. Every AST and kernel IR node carries one, so a
// diagnostic found in any phase (a type error deep in a fused expression, a failed instantiation)
// points at the exact line and column of the .dsl file.
#pragma once

#include <cstdint>

namespace gpucc {

struct SourceLocation {
    std::uint32_t file_id = 0; ///< index into the SourceManager; 0 means "no location"
    std::uint32_t line = 0;    ///< 1-based
    std::uint32_t column = 0;  ///< 1-based, in bytes

    bool is_valid() const { return file_id != 0; }
};

} // namespace gpucc
