// The SourceManager: file text, owned in one place for the whole compilation, and the index of
// line starts that turns a location back into the line shown under a diagnostic.
#include "compiler/basic/SourceManager.h"

#include <cassert>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/MemoryBuffer.h>

namespace gpucc {

struct SourceManager::File {
    std::string path;
    std::string text;
    std::vector<std::uint32_t> line_starts; ///< byte offset of each line's first character
};

SourceManager::SourceManager() = default;
SourceManager::~SourceManager() = default;

std::uint32_t SourceManager::load_file(const std::string& path, std::string& error) {
    // Only regular files of a bounded size are read: a device (/dev/zero) or a pipe would be read
    // until memory runs out.
    llvm::sys::fs::file_status status;
    if (std::error_code code = llvm::sys::fs::status(path, status)) {
        error = code.message();
        return 0;
    }
    if (status.type() == llvm::sys::fs::file_type::directory_file) {
        error = "it is a directory";
        return 0;
    }
    if (status.type() != llvm::sys::fs::file_type::regular_file) {
        error = "not a regular file (a device, a pipe or a socket)";
        return 0;
    }
    if (status.getSize() > kMaxFileBytes) {
        error = "the file has " + std::to_string(status.getSize()) +
                " bytes; gpucc reads at most " + std::to_string(kMaxFileBytes >> 20) + " MiB";
        return 0;
    }
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
        llvm::MemoryBuffer::getFile(path, /*IsText=*/true);
    if (!buffer) {
        error = buffer.getError().message();
        return 0;
    }
    return add_buffer(path, (*buffer)->getBuffer().str());
}

std::uint32_t SourceManager::add_buffer(std::string name, std::string text) {
    auto file = std::make_unique<File>();
    file->path = std::move(name);
    file->text = std::move(text);
    file->line_starts.push_back(0);
    for (std::size_t pos = 0; pos < file->text.size(); ++pos) {
        if (file->text[pos] == '\n') {
            file->line_starts.push_back(static_cast<std::uint32_t>(pos + 1));
        }
    }
    files_.push_back(std::move(file));
    return static_cast<std::uint32_t>(files_.size());
}

std::string_view SourceManager::buffer(std::uint32_t file) const {
    assert(file >= 1 && file <= files_.size() && "invalid file id");
    return files_[file - 1]->text;
}

const std::string& SourceManager::path(std::uint32_t file) const {
    assert(file >= 1 && file <= files_.size() && "invalid file id");
    return files_[file - 1]->path;
}

std::string_view SourceManager::line_text(std::uint32_t file, std::uint32_t line) const {
    if (file < 1 || file > files_.size()) {
        return {};
    }
    const File& entry = *files_[file - 1];
    if (line < 1 || line > entry.line_starts.size()) {
        return {};
    }
    std::size_t begin = entry.line_starts[line - 1];
    std::size_t end = line < entry.line_starts.size() ? entry.line_starts[line] : entry.text.size();
    std::string_view text = std::string_view(entry.text).substr(begin, end - begin);
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) {
        text.remove_suffix(1);
    }
    return text;
}

std::uint32_t SourceManager::file_count() const {
    return static_cast<std::uint32_t>(files_.size());
}

} // namespace gpucc
