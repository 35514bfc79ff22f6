// Memory benchmark (Google Benchmark): the host time of one allocate+free pair of 1 MiB through
// each allocator on the GPU (the MemoryPool, the driver's stream-ordered pool, unpooled
// cuMemAlloc/cuMemFree, the pinned host pool), of making and dropping a 1 MiB array under each
// allocator (Buffer's whole path), and of the pool's own logic with no GPU at all (an upstream
// that hands out addresses only), on 1, 2 and 4 threads sharing one pool, which is what its mutex
// costs. The GPU cases are registered only where there is a CUDA device. bench/peers_memory.py
// measures CuPy's and PyTorch's allocators the same way; bench/run_memory_bench.sh runs both and
// bench/report_memory.py puts them in one table.
#include <benchmark/benchmark.h>
#include <cstdint>
#include <cstdio>
#include <gpucc/array/array.h>
#include <gpucc/memory/buffer.h>
#include <memory>
#include <string>

namespace {

constexpr std::size_t kBytes = std::size_t{1} << 20;

// Addresses without memory behind them: the pool's logic is all that is timed.
class AddressOnlyUpstream final : public gpucc::MemoryUpstream {
public:
    void* allocate(std::size_t bytes) override {
        const std::uintptr_t address = next_;
        next_ += (bytes + 4095) / 4096 * 4096;
        return reinterpret_cast<void*>(address); // NOLINT(performance-no-int-to-ptr)
    }
    void deallocate(void* /*ptr*/, std::size_t /*bytes*/) noexcept override {}
    gpucc::MemoryInfo memory_info() override { return {}; }
    std::string where() const override { return "cuda:0 (addresses only)"; }

private:
    std::uintptr_t next_ = std::uintptr_t{1} << 40;
};

gpucc::StreamRef stream_key(std::uintptr_t key) {
    return {gpucc::Device::cuda(0),
            reinterpret_cast<void*>(key)}; // NOLINT(performance-no-int-to-ptr)
}

// Shared by the threads of one run.
gpucc::SingleDeviceMemoryPool& logic_pool() {
    static auto* const pool =
        new gpucc::SingleDeviceMemoryPool(std::make_unique<AddressOnlyUpstream>());
    return *pool;
}

/// state.range(0): 0 = every thread on one stream (one arena), 1 = a stream per thread.
void pool_logic(benchmark::State& state) {
    gpucc::SingleDeviceMemoryPool& pool = logic_pool();
    const gpucc::StreamRef stream = stream_key(
        state.range(0) == 0 ? 0x100 : 0x100 + 0x10 * std::uintptr_t(state.thread_index()));
    for (auto _ : state) {
        void* ptr = pool.allocate(kBytes, stream);
        benchmark::DoNotOptimize(ptr);
        pool.deallocate(ptr);
    }
    state.SetItemsProcessed(state.iterations());
}

void resource_pair(benchmark::State& state, gpucc::DeviceMemoryResource& resource) {
    const gpucc::StreamRef stream = gpucc::Stream::null(gpucc::Device::cuda(0));
    for (auto _ : state) {
        void* ptr = resource.allocate(kBytes, stream);
        benchmark::DoNotOptimize(ptr);
        resource.deallocate(ptr, kBytes, stream);
    }
    gpucc::synchronize(gpucc::Device::cuda(0));
    state.SetItemsProcessed(state.iterations());
}

void pinned_pair(benchmark::State& state) {
    gpucc::PinnedMemoryPool& pool = gpucc::get_default_pinned_memory_pool();
    for (auto _ : state) {
        void* ptr = pool.allocate(kBytes);
        benchmark::DoNotOptimize(ptr);
        pool.deallocate(ptr);
    }
    state.SetItemsProcessed(state.iterations());
}

void empty_array(benchmark::State& state, gpucc::AllocatorKind kind) {
    const std::shared_ptr<gpucc::DeviceMemoryResource> saved = gpucc::get_allocator();
    gpucc::set_allocator(kind);
    const gpucc::Device gpu = gpucc::Device::cuda(0);
    for (auto _ : state) {
        const gpucc::Array<std::uint8_t> a =
            gpucc::empty<std::uint8_t>(gpucc::Shape{static_cast<std::int64_t>(kBytes)}, gpu);
        benchmark::DoNotOptimize(a.data());
    }
    gpucc::synchronize(gpu);
    gpucc::set_allocator(saved);
    state.SetItemsProcessed(state.iterations());
}

void register_gpu_benchmarks() {
    static auto* const pool = new gpucc::MemoryPool();
    static auto* const stream_ordered = new gpucc::StreamOrderedResource();
    static auto* const unpooled = new gpucc::UnpooledResource();
    benchmark::RegisterBenchmark("alloc_free_1MiB/MemoryPool",
                                 [](benchmark::State& s) { resource_pair(s, *pool); });
    benchmark::RegisterBenchmark("alloc_free_1MiB/MemoryPool",
                                 [](benchmark::State& s) { resource_pair(s, *pool); })
        ->Threads(2)
        ->Threads(4)
        ->UseRealTime();
    benchmark::RegisterBenchmark("alloc_free_1MiB/StreamOrdered",
                                 [](benchmark::State& s) { resource_pair(s, *stream_ordered); });
    benchmark::RegisterBenchmark("alloc_free_1MiB/Unpooled",
                                 [](benchmark::State& s) { resource_pair(s, *unpooled); });
    benchmark::RegisterBenchmark("alloc_free_1MiB/PinnedMemoryPool", pinned_pair);
    for (const gpucc::AllocatorKind kind :
         {gpucc::AllocatorKind::MemoryPool, gpucc::AllocatorKind::StreamOrdered,
          gpucc::AllocatorKind::Unpooled}) {
        benchmark::RegisterBenchmark(
            ("empty_array_1MiB/" + std::string(gpucc::to_string(kind))).c_str(),
            [kind](benchmark::State& s) { empty_array(s, kind); });
    }
}

} // namespace

int main(int argc, char** argv) {
    benchmark::Initialize(&argc, argv);
    benchmark::RegisterBenchmark("pool_logic_1MiB/one_stream", pool_logic)
        ->Arg(0)
        ->Threads(1)
        ->Threads(2)
        ->Threads(4)
        ->UseRealTime();
    benchmark::RegisterBenchmark("pool_logic_1MiB/stream_per_thread", pool_logic)
        ->Arg(1)
        ->Threads(2)
        ->Threads(4)
        ->UseRealTime();
    if (gpucc::cuda_device_count() > 0) {
        register_gpu_benchmarks();
    } else {
        std::fprintf(stderr, "memory_bench: no CUDA device: only the pool's logic is measured\n");
    }
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
