// The OpenBLAS thread-count lease (openblas_width.h): one mutex and condition variable for the
// process, the count last set, and how many leases hold it.
#include "linalg/openblas_width.h"

#include "linalg/cpu_blas_library.h"

#include <condition_variable>
#include <cstdlib>
#include <mutex>

namespace gpucc::linalg::detail {
namespace {

struct WidthState {
    std::mutex mutex;
    std::condition_variable released;
    int width = 0;   // the count the leases hold; 0 before the first
    int holders = 0; // leases alive
};

WidthState& state() {
    static auto* const shared = new WidthState(); // leaked: leases may end during static teardown
    return *shared;
}

} // namespace

bool user_chose_openblas_threads() {
    static const bool chose =
        std::getenv("OPENBLAS_NUM_THREADS") != nullptr || std::getenv("OMP_NUM_THREADS") != nullptr;
    return chose;
}

OpenblasWidthLease::OpenblasWidthLease(int wanted) {
    if (user_chose_openblas_threads()) {
        return;
    }
    WidthState& shared = state();
    std::unique_lock<std::mutex> lock(shared.mutex);
    shared.released.wait(lock, [&] { return shared.holders == 0 || shared.width == wanted; });
    // With no holder, the count is also checked against OpenBLAS's own: other code of the process
    // may have set it since.
    if (shared.width != wanted || (shared.holders == 0 && openblas().get_num_threads() != wanted)) {
        openblas().set_num_threads(wanted);
        shared.width = wanted;
    }
    ++shared.holders;
    held_ = true;
}

OpenblasWidthLease::~OpenblasWidthLease() {
    if (!held_) {
        return;
    }
    WidthState& shared = state();
    std::lock_guard<std::mutex> lock(shared.mutex);
    if (--shared.holders == 0) {
        shared.released.notify_all();
    }
}

} // namespace gpucc::linalg::detail
