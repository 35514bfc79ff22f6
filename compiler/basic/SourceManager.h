// The SourceManager owns the text of every file the compiler reads, for the whole compilation:
// tokens and AST nodes point into it, and a SourceLocation is turned back into the line a
// diagnostic shows. It sits in basic/ with SourceLocation because every phase, diagnostics
// included, speaks in locations.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace gpucc {

/// Owns the text of the files a compilation reads. File ids start at 1 (0 is "no file").
class SourceManager {
public:
    SourceManager();
    ~SourceManager();

    /// The largest file load_file reads.
    static constexpr std::uint64_t kMaxFileBytes = std::uint64_t{64} << 20;

    /// Reads a regular file of at most kMaxFileBytes; returns its id, or 0 with `error` set when
    /// it cannot be read (missing, a directory, a device or pipe, too large).
    std::uint32_t load_file(const std::string& path, std::string& error);
    /// Adds text under a name (tests, generated code); returns its id.
    std::uint32_t add_buffer(std::string name, std::string text);

    std::string_view buffer(std::uint32_t file) const;
    const std::string& path(std::uint32_t file) const;
    /// The text of a 1-based line, without its line break; empty when out of range.
    std::string_view line_text(std::uint32_t file, std::uint32_t line) const;
    /// The number of files; valid ids are 1..file_count().
    std::uint32_t file_count() const;

private:
    struct File;
    std::vector<std::unique_ptr<File>> files_;
};

} // namespace gpucc
