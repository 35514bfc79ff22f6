// Lays out the source Clang compiles for a raw CUDA definition and maps Clang's locations back
// (RawSource.h).
#include "compiler/rawcuda/RawSource.h"

#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>

namespace gpucc::rawcuda {
namespace {

std::uint32_t count_lines(const std::string& text) {
    std::uint32_t lines = 1;
    for (char c : text) {
        lines += c == '\n' ? 1 : 0;
    }
    return lines;
}

std::string absolute(const std::string& path) {
    llvm::SmallString<256> result(path);
    llvm::sys::fs::make_absolute(result);
    llvm::sys::path::remove_dots(result, /*remove_dot_dot=*/true);
    return std::string(result);
}

/// `text` as the contents of a C string literal.
std::string c_string(const std::string& text) {
    std::string escaped;
    for (char c : text) {
        if (c == '"' || c == '\\') {
            escaped += '\\';
        }
        escaped += c;
    }
    return escaped;
}

} // namespace

std::string instantiation_variable(std::size_t index) {
    return "gpucc_instantiate_" + std::to_string(index);
}

bool lay_out_source(const ast::RawCudaDef& def, std::size_t index, const std::string& dsl_path,
                    SourceManager& sources, DiagnosticEngine& diags, kir::RawCudaUnit& unit) {
    unit.loc = def.loc;
    std::string dsl_absolute = absolute(dsl_path);
    unit.buffer_name = dsl_absolute + ".raw" + std::to_string(index) + ".cu";
    std::uint32_t lines = 0;
    if (def.is_file) {
        llvm::SmallString<256> shown(def.text);
        if (!llvm::sys::path::is_absolute(shown)) {
            shown = llvm::sys::path::parent_path(dsl_path);
            llvm::sys::path::append(shown, def.text);
        }
        std::string error;
        std::uint32_t file = sources.load_file(std::string(shown), error);
        if (file == 0) {
            diags.report(SourceSpan(def.text_loc, def.text_length), DiagKind::RawCudaFileUnreadable,
                         std::string(shown), error);
            return false;
        }
        unit.file_path = absolute(std::string(shown));
        unit.file_id = file;
        unit.source = "#include \"" + c_string(unit.file_path) + "\"\n";
        unit.line_maps.push_back({1, 1, def.text_loc});
        lines = 1;
    } else {
        // Blank lines and spaces up to where the text starts in the .dsl file.
        unit.source.assign(def.text_loc.line - 1, '\n');
        unit.source.append(def.text_loc.column - 1, ' ');
        unit.source += def.text;
        unit.source += '\n';
        unit.identity_file = def.text_loc.file_id;
        lines = def.text_loc.line - 1 + count_lines(def.text);
        unit.identity_lines = lines;
    }
    unit.instantiation_count = def.instantiations.size();
    for (std::size_t i = 0; i < def.instantiations.size(); ++i) {
        const ast::RawInstantiation& instantiation = def.instantiations[i];
        std::string prefix = "static void* const " + instantiation_variable(i) + " = (void*)&";
        unit.source += prefix + instantiation.spelling + ";\n";
        ++lines;
        unit.line_maps.push_back(
            {lines, static_cast<std::uint32_t>(prefix.size() + 1), instantiation.loc});
    }
    return true;
}

SourceLocation LocationMapper::map(const std::string& file, std::uint32_t line,
                                   std::uint32_t column) {
    if (file == unit_.buffer_name) {
        for (const kir::RawLineMap& entry : unit_.line_maps) {
            if (entry.line == line) {
                SourceLocation to = entry.to;
                if (column > entry.column) {
                    to.column += column - entry.column;
                }
                return to;
            }
        }
        if (line <= unit_.identity_lines && unit_.identity_file != 0) {
            return SourceLocation{unit_.identity_file, line, column};
        }
        return {};
    }
    std::uint32_t id = file_id(file);
    return id == 0 ? SourceLocation{} : SourceLocation{id, line, column};
}

std::uint32_t LocationMapper::file_id(const std::string& path) {
    if (!unit_.file_path.empty() && path == unit_.file_path) {
        return unit_.file_id;
    }
    if (auto known = ids_.find(path); known != ids_.end()) {
        return known->second;
    }
    std::uint32_t id = 0;
    for (std::uint32_t file = 1; file <= sources_.file_count() && id == 0; ++file) {
        id = sources_.path(file) == path ? file : 0;
    }
    if (id == 0 && loader_ != nullptr) {
        std::string error;
        id = loader_->load_file(path, error);
    }
    ids_[path] = id;
    return id;
}

} // namespace gpucc::rawcuda
