// The allocator contract (tests/unit/runtime/allocator_contract.h) on real GPU memory, for every
// resource: the MemoryPool over cuMemAlloc with a 1 GiB limit and without one, the driver's
// stream-ordered pool, and unpooled cuMemAlloc/cuMemFree. Without a limit, "the limit" is 90% of
// what cuda:0 has free when the test starts, so #7678's case makes the caching resources give their
// cache back to the driver. Each subject uses a fresh resource (not the process's default) and two
// non-blocking streams. Skipped without a GPU.
#include "gpucc/device/device.h"
#include "gpucc/device/stream.h"
#include "gpucc/memory/buffer.h"
#include "support/allocator_contract.h"

#include <cstddef>
#include <memory>

namespace gpucc::testing_support {
namespace {

constexpr std::size_t kGiB = std::size_t{1} << 30;

std::size_t device_free_bytes() {
    // A fresh pool's upstream answers cuMemGetInfo for cuda:0.
    return make_cuda_malloc_upstream(0)->memory_info().free_bytes;
}

class GpuSubject : public AllocatorUnderTest {
public:
    GpuSubject() : free_at_start_(device_free_bytes()) {}
    StreamRef stream(int which) override { return which == 0 ? a_.ref() : b_.ref(); }
    std::size_t limit() override { return free_at_start_ / 10 * 9; }
    // More than the whole device: free memory is not a bound, because cuMemAlloc takes back what
    // the driver's stream-ordered pools hold unused (an earlier subject's cache, for instance).
    std::size_t impossible_bytes() override {
        return make_cuda_malloc_upstream(0)->memory_info().total_bytes + (std::size_t{256} << 20);
    }
    void synchronize() override { gpucc::synchronize(Device::cuda(0)); }

protected:
    std::size_t free_at_start_;
    Stream a_{Device::cuda(0), StreamKind::NonBlocking};
    Stream b_{Device::cuda(0), StreamKind::NonBlocking};
};

class GpuPool final : public GpuSubject {
public:
    explicit GpuPool(std::size_t limit) : limit_(limit) {
        pool_->device_pool(Device::cuda(0)).set_limit(limit);
    }
    DeviceMemoryResource& resource() override { return *pool_; }
    bool caches() const override { return true; }
    std::size_t limit() override { return limit_ != 0 ? limit_ : GpuSubject::limit(); }
    std::size_t impossible_bytes() override {
        return limit_ != 0 ? limit_ + 512 : GpuSubject::impossible_bytes();
    }

private:
    std::size_t limit_;
    std::shared_ptr<MemoryPool> pool_ = std::make_shared<MemoryPool>();
};

class GpuStreamOrdered final : public GpuSubject {
public:
    DeviceMemoryResource& resource() override { return resource_; }
    bool caches() const override { return false; } // it caches, but reuse is the driver's choice

private:
    StreamOrderedResource resource_;
};

class GpuUnpooled final : public GpuSubject {
public:
    DeviceMemoryResource& resource() override { return resource_; }
    bool caches() const override { return false; }

private:
    UnpooledResource resource_;
};

template <class Subject, class... Args>
AllocatorCase gpu_case(const char* name, Args... args) {
    return AllocatorCase{name, [=]() -> std::unique_ptr<AllocatorUnderTest> {
                             if (cuda_device_count() == 0) {
                                 return nullptr;
                             }
                             return std::make_unique<Subject>(args...);
                         }};
}

INSTANTIATE_TEST_SUITE_P(Gpu, AllocatorContract,
                         testing::Values(gpu_case<GpuPool>("MemoryPoolWithLimit", kGiB),
                                         gpu_case<GpuPool>("MemoryPool", std::size_t{0}),
                                         gpu_case<GpuStreamOrdered>("StreamOrdered"),
                                         gpu_case<GpuUnpooled>("Unpooled")),
                         allocator_case_name);

} // namespace
} // namespace gpucc::testing_support
