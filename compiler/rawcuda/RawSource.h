// The source text Clang compiles for a raw CUDA definition, and the way back from Clang's
// locations to the user's files. Internal to compiler/rawcuda; no Clang types.
//
// Inline source is padded with blank lines and spaces so that it starts at the same line and
// column as in the .dsl file: a location inside it needs no translation. A file is #included by
// absolute path, so Clang reports its locations in the file itself. After the source come the
// instantiations, one line each, which take the address of the named specialization in a host
// variable: Clang then instantiates the kernel template for the device, and the variable's
// initializer names the specialization in the AST.
#pragma once

#include "compiler/ast/RawCudaDef.h"
#include "compiler/diag/Diagnostics.h"
#include "compiler/kir/RawCuda.h"

#include <map>
#include <string>

namespace gpucc::rawcuda {

/// The name of the host variable of instantiation `index`.
std::string instantiation_variable(std::size_t index);

/// Fills unit.buffer_name, source, identity_* and line_maps for definition number `index` of the
/// file. False after reporting when a `raw cuda file` cannot be read.
bool lay_out_source(const ast::RawCudaDef& def, std::size_t index, const std::string& dsl_path,
                    SourceManager& sources, DiagnosticEngine& diags, kir::RawCudaUnit& unit);

/// Maps Clang's diagnostic locations (file path, line, column) to gpucc's. Files other than the
/// generated buffer are loaded into the SourceManager on first use, when it is writable.
class LocationMapper {
public:
    LocationMapper(const kir::RawCudaUnit& unit, const SourceManager& sources,
                   SourceManager* loader)
        : unit_(unit), sources_(sources), loader_(loader) {}

    /// An invalid location when the file cannot be shown (then the message names it).
    SourceLocation map(const std::string& file, std::uint32_t line, std::uint32_t column);

private:
    std::uint32_t file_id(const std::string& path);

    const kir::RawCudaUnit& unit_;
    const SourceManager& sources_;
    SourceManager* loader_;
    std::map<std::string, std::uint32_t> ids_;
};

} // namespace gpucc::rawcuda
