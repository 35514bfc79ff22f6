// Progress lines on stderr (Progress.h).
#include "compiler/driver/Progress.h"

#include <cstdio>
#include <llvm/Support/Process.h>
#include <llvm/Support/raw_ostream.h>

namespace gpucc {

namespace {
/// A run shorter than this stays quiet unless stderr is a terminal.
constexpr double kQuietSeconds = 2.0;
} // namespace

Progress::Progress(ProgressMode mode, std::string file)
    : mode_(mode), file_(std::move(file)), start_(std::chrono::steady_clock::now()) {
}

Progress::~Progress() {
    if (shown_any_) {
        char elapsed[32];
        std::snprintf(elapsed, sizeof elapsed, "%.1f", seconds());
        llvm::errs() << "gpucc: " << file_ << ": done in " << elapsed << " s\n";
    }
}

double Progress::seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

bool Progress::showing() {
    switch (mode_) {
    case ProgressMode::Never:
        return false;
    case ProgressMode::Always:
        return true;
    case ProgressMode::Auto:
        return llvm::sys::Process::StandardErrIsDisplayed() || seconds() > kQuietSeconds;
    }
    return false;
}

void Progress::stage(const std::string& stage) {
    if (showing()) {
        shown_any_ = true;
        llvm::errs() << "gpucc: " << file_ << ": " << stage << "\n";
    }
}

} // namespace gpucc
