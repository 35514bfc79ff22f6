// The syntax of a raw CUDA definition (language.md section 4): CUDA C++ source, written inline in
// a triple-quoted string or kept in a file named relative to the .dsl file, and the template
// instantiations that should get launchers. The parser keeps the source as text with the
// location where it starts, so that compiler/rawcuda can hand it to Clang and map Clang's
// diagnostics back to the .dsl line and column.
#pragma once

#include "compiler/basic/SourceLocation.h"

#include <cstdint>
#include <string>
#include <vector>

namespace gpucc::ast {

/// One `name<args>` of an `instantiate` list, spelled as written ("scale<float>").
struct RawInstantiation {
    std::string spelling;
    SourceLocation loc; ///< its first character
};

/// `raw cuda """source""" instantiate a<...>, b<...>;` or `raw cuda file "path" ...;`.
struct RawCudaDef {
    SourceLocation loc; ///< the word `raw`
    bool is_file = false;
    /// The inline source (the text between the triple quotes), or the path as written.
    std::string text;
    /// Where `text` starts: the first character after the opening `"""`, or the path's string
    /// literal for a file.
    SourceLocation text_loc;
    std::uint32_t text_length = 0; ///< the string literal's length in bytes, for underlining
    std::vector<RawInstantiation> instantiations;
};

} // namespace gpucc::ast
