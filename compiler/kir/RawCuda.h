// Raw CUDA kernels in the kernel IR: what Clang found in a `raw cuda` definition (compiler/rawcuda)
// and what the back end and the header generator need from it. Unlike the other kinds, a raw
// kernel's body is not in the IR: it stays CUDA source, which the back end hands to Clang again
// for each GPU architecture. The IR keeps the source as Clang compiles it, how its lines map back
// to the .dsl (or .cu) file, and the signature of every `__global__` function and the type of
// every `__device__`/`__constant__` variable, as C++ types the generated header can spell.
#pragma once

#include "compiler/basic/ScalarType.h"
#include "compiler/basic/SourceLocation.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gpucc::kir {

/// A value type a launcher can pass: a scalar, or a pointer to a scalar or to void.
struct RawType {
    std::string scalar; ///< the host C++ spelling: "float", "unsigned long", "gpucc::half", "void"
    std::optional<ScalarType> dtype; ///< the gpucc dtype of `scalar` (none for char and void)
    bool is_pointer = false;
    bool pointee_const = false;
    bool pointee_volatile = false;

    /// The C++ type: "const float*", "int".
    std::string cpp() const {
        if (!is_pointer) {
            return scalar;
        }
        std::string text = pointee_const ? "const " : "";
        text += pointee_volatile ? "volatile " : "";
        return text + scalar + "*";
    }
};

struct RawParam {
    std::string name;    ///< as declared; empty for an unnamed parameter
    std::string spelled; ///< the CUDA type as Clang prints it, for comments
    RawType type;
};

/// One `__global__` function with a launcher: a non-template kernel, or one instantiation of a
/// kernel template named in `instantiate`.
struct RawKernel {
    std::string name;                    ///< unqualified, the launcher's name
    std::vector<std::string> namespaces; ///< enclosing C++ namespaces, outermost first
    std::string symbol;                  ///< the entry point in the PTX (mangled unless extern "C")
    std::vector<RawParam> params;
    SourceLocation loc;
    /// For an instantiation: the template's parameters as the header declares them
    /// ("class T, int N") and this instantiation's arguments ("float, 256"); both empty otherwise.
    std::string template_params;
    std::string template_args;
};

/// A `__device__` or `__constant__` variable with external linkage.
struct RawGlobal {
    std::string name;
    std::vector<std::string> namespaces;
    std::string symbol;  ///< the name cuModuleGetGlobal takes
    std::string spelled; ///< the CUDA type as Clang prints it
    SourceLocation loc;
    bool is_constant = false;
    /// The element type when the header can give typed accessors: a scalar or pointer, alone or
    /// in a (multi-dimensional) array of `count` elements.
    std::optional<RawType> element;
    std::uint64_t count = 1;
    bool is_array = false;
};

/// How lines of the source Clang compiles map back to the files the user wrote: generated line
/// `line`, from column `column` on, is `to` (columns before `column` map to `to` itself).
struct RawLineMap {
    std::uint32_t line = 0;
    std::uint32_t column = 1;
    SourceLocation to;
};

/// One `raw cuda` definition.
struct RawCudaUnit {
    SourceLocation loc;      ///< the word `raw`
    std::string buffer_name; ///< the path Clang gives the generated source (beside the .dsl)
    std::string source;      ///< the generated source Clang compiles
    /// For inline source: the .dsl file whose lines the first `identity_lines` lines reproduce at
    /// the same line and column (the text is padded to start where it starts in the .dsl file).
    std::uint32_t identity_file = 0;
    std::uint32_t identity_lines = 0;
    std::vector<RawLineMap> line_maps;   ///< every other generated line that maps somewhere
    std::size_t instantiation_count = 0; ///< the `instantiate` list's length
    /// For `raw cuda file`: the path Clang reads it by (absolute) and its gpucc file id (the
    /// path as the user would write it, relative to the working directory when the .dsl's is).
    std::string file_path;
    std::uint32_t file_id = 0;
    std::vector<std::string> dependencies; ///< the user files Clang read (not the toolkit's)
    std::vector<RawKernel> kernels;
    std::vector<RawGlobal> globals;
};

} // namespace gpucc::kir
