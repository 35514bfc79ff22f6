// The TF32 switch of linalg/compute_type.h: a thread-local setting made by Tf32Guard, and the
// environment variable GPUCC_TF32 read once for threads that set nothing.
#include "gpucc/linalg/compute_type.h"

#include <cstdlib>
#include <cstring>

namespace gpucc::linalg {
namespace {

thread_local int thread_setting = -1; // -1: not set on this thread; 0 or 1: a guard's choice

bool environment_enables_tf32() noexcept {
    static const bool enabled = [] {
        const char* value = std::getenv("GPUCC_TF32");
        return value != nullptr && std::strcmp(value, "1") == 0;
    }();
    return enabled;
}

} // namespace

bool tf32_enabled() noexcept {
    return thread_setting < 0 ? environment_enables_tf32() : thread_setting == 1;
}

Tf32Guard::Tf32Guard(bool enabled) noexcept : previous_(thread_setting) {
    thread_setting = enabled ? 1 : 0;
}

Tf32Guard::~Tf32Guard() {
    thread_setting = previous_;
}

} // namespace gpucc::linalg
