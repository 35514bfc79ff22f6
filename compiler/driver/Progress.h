// Progress of a long compile, on stderr: a generic kernel of thousands of instances, or a file of
// thousands of kernels, takes minutes, and a silent compiler looks hung. Each stage the driver
// starts is announced ("gpucc: kernels.dsl: PTX for sm_90 (2197 kernel instances)") when stderr
// is a terminal or the run has already taken more than two seconds; `--quiet` silences it and
// `--progress` asks for it always. The last line says how long the whole run took.
#pragma once

#include <chrono>
#include <string>

namespace gpucc {

enum class ProgressMode { Auto, Always, Never };

class Progress {
public:
    Progress(ProgressMode mode, std::string file);
    ~Progress();
    Progress(const Progress&) = delete;
    Progress& operator=(const Progress&) = delete;

    /// Announces `stage` if progress is shown now.
    void stage(const std::string& stage);

private:
    bool showing();
    double seconds() const;

    ProgressMode mode_;
    std::string file_;
    std::chrono::steady_clock::time_point start_;
    bool shown_any_ = false;
};

} // namespace gpucc
