// The allocator contract (allocator_contract.h) on the CPU: the MemoryPool, with and without a
// limit, and the UnpooledResource, each over a fake upstream with a capacity of 64 MiB. Streams
// are only keys here (no driver is needed to name one).
#include "gpucc/memory/pool.h"
#include "gpucc/memory/resource.h"
#include "memory/fake_upstream.h"
#include "support/allocator_contract.h"

#include <cstdint>
#include <memory>

namespace gpucc::testing_support {
namespace {

class FakeSubject : public AllocatorUnderTest {
public:
    StreamRef stream(int which) override {
        return fake_stream(std::uintptr_t{0x1000} * static_cast<unsigned>(which + 1));
    }
    std::size_t limit() override { return limit_; }
    std::size_t impossible_bytes() override { return limit_ + 512; }

protected:
    FakeUpstreamFactory upstreams_;
    std::size_t limit_ = upstreams_.log(0)->capacity;
};

class PoolOverFake final : public FakeSubject {
public:
    explicit PoolOverFake(std::size_t limit) : pool_(upstreams_.factory()) {
        if (limit != 0) {
            pool_.device_pool(Device::cuda(0)).set_limit(limit);
            limit_ = limit;
        }
    }
    DeviceMemoryResource& resource() override { return pool_; }
    bool caches() const override { return true; }

private:
    MemoryPool pool_;
};

class UnpooledOverFake final : public FakeSubject {
public:
    UnpooledOverFake() : resource_(upstreams_.factory()) {}
    DeviceMemoryResource& resource() override { return resource_; }
    bool caches() const override { return false; }

private:
    UnpooledResource resource_;
};

INSTANTIATE_TEST_SUITE_P(
    FakeUpstream, AllocatorContract,
    testing::Values(AllocatorCase{"MemoryPool", [] { return std::make_unique<PoolOverFake>(0); }},
                    AllocatorCase{"MemoryPoolWithLimit",
                                  [] { return std::make_unique<PoolOverFake>(32U << 20); }},
                    AllocatorCase{"Unpooled", [] { return std::make_unique<UnpooledOverFake>(); }}),
    allocator_case_name);

} // namespace
} // namespace gpucc::testing_support
