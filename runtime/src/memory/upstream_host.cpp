// Ordinary host memory as a pool's upstream: the CPU's memory pool draws from it, and the pinned
// pool falls back to it where there is no CUDA driver (nothing to pin with, and no GPU to copy to
// asynchronously). Blocks are 64-byte aligned; from 4 MiB on they start on a 2 MiB boundary and
// ask for transparent huge pages, as NumPy does, so streaming kernels take far fewer TLB misses.
// memory_info() is the machine's physical memory (available and in all).
#include "gpucc/device/device.h"
#include "gpucc/memory/upstream.h"

#include <new>
#include <sys/mman.h>
#include <unistd.h>
#include <utility>

namespace gpucc {
namespace {

constexpr std::size_t kHostAlignment = 64;
constexpr std::size_t kHugePage = std::size_t{2} << 20;
constexpr std::size_t kHugePageThreshold = std::size_t{4} << 20;

std::size_t host_alignment(std::size_t bytes) {
    return bytes >= kHugePageThreshold ? kHugePage : kHostAlignment;
}

class HostUpstream final : public MemoryUpstream {
public:
    explicit HostUpstream(std::string where) : where_(std::move(where)) {}

    void* allocate(std::size_t bytes) override {
        const std::size_t alignment = host_alignment(bytes);
        const std::size_t rounded = (bytes + alignment - 1) / alignment * alignment;
        void* data = ::operator new(rounded, std::align_val_t{alignment}, std::nothrow);
        if (data != nullptr && alignment == kHugePage) {
            ::madvise(data, rounded, MADV_HUGEPAGE); // advice only: failure changes nothing
        }
        return data; // nullptr: out of memory, the pool frees its cache and asks again
    }

    void deallocate(void* ptr, std::size_t bytes) noexcept override {
        ::operator delete(ptr, std::align_val_t{host_alignment(bytes)});
    }

    MemoryInfo memory_info() override {
        const long page = ::sysconf(_SC_PAGESIZE);
        const long available = ::sysconf(_SC_AVPHYS_PAGES);
        const long physical = ::sysconf(_SC_PHYS_PAGES);
        if (page <= 0 || available < 0 || physical <= 0) {
            return {};
        }
        return {static_cast<std::size_t>(available) * static_cast<std::size_t>(page),
                static_cast<std::size_t>(physical) * static_cast<std::size_t>(page)};
    }

    std::string where() const override { return where_; }

private:
    std::string where_;
};

} // namespace

std::unique_ptr<MemoryUpstream> make_host_upstream() {
    return std::make_unique<HostUpstream>("cpu");
}

namespace detail {

std::unique_ptr<MemoryUpstream> make_unpinned_host_upstream() {
    return std::make_unique<HostUpstream>("host (not pinned: no CUDA device)");
}

} // namespace detail
} // namespace gpucc
