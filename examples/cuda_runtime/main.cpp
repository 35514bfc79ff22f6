// Seed 002's cells on CuPy's CUDA runtime, in C++ with gpucc, printing what CuPy prints there:
//  - the memory-pool cell (get_default_memory_pool, used_bytes / total_bytes, the pinned pool's
//    n_free_blocks, free_all_blocks) and the limit cell (get_limit / set_limit);
//  - the event-timing cell (Event, record, synchronize, get_elapsed_time next to the host clock);
//  - the profiler cell (cupyx.profiler.benchmark);
//  - the stream cells (`with s:` as StreamGuard, s.use(), Stream.null, Event and record(),
//    wait_event, get_elapsed_time).
// Python's numbers print as Python prints them (repr of a float). Every cell runs on the current
// device, the GPU or the CPU (no GPU, or GPUCC_DEVICE=cpu): on the CPU the pools are over host
// memory and print the same numbers, events time the work queued before them on the host clock,
// and streams are queues of host work (gpucc/device/stream.h); the profiler reports CPU times only
// there. Results are checked; the program exits 1 on a mismatch.
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <gpucc/gpucc.h>
#include <iostream>
#include <string>
#include <vector>

namespace {

bool g_ok = true;

void expect(bool condition, const char* what) {
    if (!condition) {
        std::printf("MISMATCH: %s\n", what);
        g_ok = false;
    }
}

/// Python's repr of a float: the shortest digits that read back the same, positional for
/// exponents -4 to 15 (with ".0" on whole numbers), scientific otherwise ("1e-05").
std::string python_repr(double value) {
    if (std::isnan(value)) {
        return "nan";
    }
    if (std::isinf(value)) {
        return value > 0 ? "inf" : "-inf";
    }
    char buffer[64];
    const auto end =
        std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::scientific).ptr;
    const std::string text(buffer, end); // "-1.2345e+02"
    const std::size_t e = text.find('e');
    const bool negative = text[0] == '-';
    std::string digits;
    for (std::size_t i = negative ? 1 : 0; i < e; ++i) {
        if (text[i] != '.') {
            digits += text[i];
        }
    }
    const int exponent = std::stoi(text.substr(e + 1));
    std::string out = negative ? "-" : "";
    if (exponent < -4 || exponent >= 16) {
        out += digits.substr(0, 1);
        if (digits.size() > 1) {
            out += "." + digits.substr(1);
        }
        char exp_text[8];
        std::snprintf(exp_text, sizeof exp_text, "e%c%02d", exponent < 0 ? '-' : '+',
                      std::abs(exponent));
        return out + exp_text;
    }
    if (exponent < 0) {
        return out + "0." + std::string(static_cast<std::size_t>(-exponent - 1), '0') + digits;
    }
    const auto whole = static_cast<std::size_t>(exponent) + 1;
    if (digits.size() <= whole) {
        return out + digits + std::string(whole - digits.size(), '0') + ".0";
    }
    return out + digits.substr(0, whole) + "." + digits.substr(whole);
}

void print(std::size_t value) {
    std::printf("%zu\n", value);
}

void title(const char* cell) {
    std::printf("\n--- seed 002: %s ---\n", cell);
}

// cupy.array(a_cpu) copies through a block of the pinned pool, released right after the copy.
// gpucc::asarray copies from the host memory as it is (the driver stages pageable memory itself),
// so this does CuPy's staging by hand to show the same bookkeeping.
gpucc::Array<float> array_through_pinned_memory(const std::vector<float>& host) {
    gpucc::Array<float> device_array =
        gpucc::empty<float>({static_cast<std::int64_t>(host.size())});
    gpucc::PinnedBlock staging =
        gpucc::get_default_pinned_memory_pool().malloc(host.size() * sizeof(float));
    std::memcpy(staging.data(), host.data(), host.size() * sizeof(float));
    device_array.copy_from_host(
        std::span<const float>(static_cast<const float*>(staging.data()), host.size()));
    return device_array; // `staging` goes back to the pinned pool here
}

void memory_pool_cell(gpucc::Device device) {
    title("memory pool (In [15]; run first, as the comments' numbers are a fresh process's)");
    gpucc::MemoryPool& mempool = gpucc::get_default_memory_pool();
    gpucc::PinnedMemoryPool& pinned_mempool = gpucc::get_default_pinned_memory_pool();
    const bool pool_in_use = gpucc::get_allocator().get() == &mempool;
    if (!pool_in_use) {
        std::printf("(GPUCC_ALLOCATOR chose another allocator: the pool's numbers stay 0)\n");
    }

    // Create an array on CPU: 400 bytes, not managed by the memory pools.
    const std::vector<float> a_cpu(100);
    print(a_cpu.size() * sizeof(float)); // 400

    print(mempool.used_bytes());           // 0
    print(mempool.total_bytes());          // 0
    print(pinned_mempool.n_free_blocks()); // 0
    const std::size_t expected_start[] = {mempool.used_bytes(), mempool.total_bytes(),
                                          pinned_mempool.n_free_blocks()};

    // Transfer the array from CPU to GPU: 400 bytes from the device pool (rounded up to 512) and
    // 400 from the pinned pool, released right after the transfer.
    gpucc::Array<float> a = array_through_pinned_memory(a_cpu);
    print(a.nbytes());                     // 400
    print(mempool.used_bytes());           // 512
    print(mempool.total_bytes());          // 512
    print(pinned_mempool.n_free_blocks()); // 1
    if (pool_in_use) {
        expect(mempool.used_bytes() == expected_start[0] + 512, "used_bytes after the transfer");
        expect(mempool.total_bytes() == expected_start[1] + 512, "total_bytes after the transfer");
    }
    expect(pinned_mempool.n_free_blocks() == expected_start[2] + 1, "pinned n_free_blocks");

    // When the array goes, its device memory is kept in the pool for reuse.
    a = gpucc::Array<float>();             // a = None
    print(mempool.used_bytes());           // 0
    print(mempool.total_bytes());          // 512
    print(pinned_mempool.n_free_blocks()); // 1

    // Clearing the memory pools.
    mempool.free_all_blocks();
    pinned_mempool.free_all_blocks();
    print(mempool.used_bytes());           // 0
    print(mempool.total_bytes());          // 0
    print(pinned_mempool.n_free_blocks()); // 0
    expect(mempool.used_bytes() == 0 && mempool.total_bytes() == 0 &&
               pinned_mempool.n_free_blocks() == 0,
           "the pools are empty after free_all_blocks");

    title("memory limit (GPUCC_GPU_MEMORY_LIMIT or CUPY_GPU_MEMORY_LIMIT=\"50%\" set it too)");
    print(gpucc::get_default_memory_pool().get_limit()); // 0 unless the environment sets one
    {
        const gpucc::DeviceGuard on(device);     // with cupy.cuda.Device(0):
        mempool.set_limit(std::size_t{1} << 30); //     mempool.set_limit(size=1024**3)
    }
    print(mempool.get_limit()); // 1073741824
    expect(mempool.get_limit() == std::size_t{1} << 30, "get_limit after set_limit");
    mempool.set_limit(0);
}

void event_timing_cell() {
    title("timing with events (In [16])");
    gpucc::Event start_gpu;
    gpucc::Event end_gpu;

    start_gpu.record();
    const auto start_cpu = std::chrono::steady_clock::now();
    const auto x_gpu = gpucc::random::rand<double>({1000, 1000});
    // cp.linalg.svd is not in gpucc yet (cuSOLVER comes with another issue): some elementwise
    // work on the same matrix is timed instead.
    gpucc::Array<double> y = x_gpu;
    for (int i = 0; i < 20; ++i) {
        y = gpucc::sqrt(gpucc::add(gpucc::multiply(y, y), x_gpu));
    }
    const auto end_cpu = std::chrono::steady_clock::now();
    end_gpu.record();
    end_gpu.synchronize();
    const double t_gpu = gpucc::get_elapsed_time(start_gpu, end_gpu);
    const double t_cpu = std::chrono::duration<double>(end_cpu - start_cpu).count();

    std::printf("time measured with cuda event %s\n", python_repr(t_gpu).c_str());
    std::printf("time measure with time %s\n", python_repr(t_cpu).c_str());
    expect(t_gpu > 0, "the events measured some time");
}

void profiler_cell(gpucc::Device device) {
    title("profiler (In [18])");
    // from cupyx.profiler import benchmark
    const auto a = gpucc::random::rand<float>({256, 256, 256}, device);
    // print(benchmark(a.sum, (), n_repeat=100))
    const gpucc::BenchmarkResult result =
        gpucc::benchmark([&a] { (void)a.sum(); }, {.n_repeat = 100, .name = "sum"});
    std::cout << result << '\n';
    expect(result.cpu_times().size() == 100, "100 timed calls");
    expect(result.devices().size() == (device.is_cuda() ? 1U : 0U), "GPU times for the GPU only");
}

void stream_cells() {
    title("streams and events");
    // using context manager to switch stream
    std::vector<std::int64_t> a_np(10);
    for (std::int64_t i = 0; i < 10; ++i) {
        a_np[i] = i; // np.arange(10)
    }
    gpucc::Stream s;
    gpucc::Array<std::int64_t> a_cp;
    gpucc::Array<std::int64_t> b_cp;
    {
        const gpucc::StreamGuard with_s(s);
        a_cp = gpucc::asarray(a_np); // H2D transfer on stream s
        b_cp = gpucc::sum(a_cp);     // kernel launched on stream s (a 0-d array: 45)
        expect(s == gpucc::current_stream(), "s is current inside `with s:`");
    }
    // Not in the seed: s2 below does not wait for s by itself (two streams of the legacy kind
    // wait for the null stream, not for each other), so b_cp might not be ready without this.
    gpucc::Stream s2;
    s2.wait(s.record());
    // fall back to the previous stream in use (here the default stream) out of the scope of s
    expect(gpucc::current_stream() == gpucc::default_stream(gpucc::default_device()),
           "the default stream is current again");

    // using use()
    s2.use(); // any subsequent operations are done on stream s2
    const std::vector<std::int64_t> b_np = b_cp.to_host();
    expect(s2 == gpucc::current_stream(), "s2 is current after use()");
    gpucc::Stream::null().use(); // fall back to the default (null) stream
    expect(gpucc::Stream::null() == gpucc::current_stream(), "the null stream is current");

    gpucc::Event e1;
    e1.record();
    a_cp = b_cp * a_cp + std::int64_t{8};
    const gpucc::Event e2 = gpucc::current_stream().record();

    // set up a stream order
    const gpucc::Stream s3;
    s3.wait(e2);
    std::vector<std::int64_t> a_np_back;
    {
        const gpucc::StreamGuard with_s3(s3);
        // a_cp is guaranteed updated when this copy (on s3) starts
        a_np_back = a_cp.to_host();
    }
    // timing
    e2.synchronize();
    const double t = gpucc::get_elapsed_time(e1, e2); // the compute only, not the copy

    // The cells print nothing; these lines show what they computed.
    std::printf("b_np = %lld\na_np = [", static_cast<long long>(b_np.at(0)));
    expect(b_np.size() == 1 && b_np[0] == 45, "b_cp = cp.sum(a_cp)");
    for (std::size_t i = 0; i < a_np_back.size(); ++i) {
        std::printf(i == 0 ? "%lld" : " %lld", static_cast<long long>(a_np_back[i]));
        expect(a_np_back[i] == 45 * a_np[i] + 8, "a_cp = b_cp * a_cp + 8");
    }
    std::printf("]\nt = %s (ms between e1 and e2)\n", python_repr(t).c_str());
}

} // namespace

int main() {
    const gpucc::Device device = gpucc::default_device();
    std::printf("gpucc on %s\n", device.to_string().c_str());
    expect(python_repr(368.1689453125) == "368.1689453125" &&
               python_repr(0.36806521299968153) == "0.36806521299968153" &&
               python_repr(1e-05) == "1e-05" && python_repr(2.0) == "2.0" &&
               python_repr(1e16) == "1e+16" && python_repr(0.0001) == "0.0001",
           "Python's float repr");
    memory_pool_cell(device);
    event_timing_cell();
    profiler_cell(device);
    stream_cells();
    if (!g_ok) {
        std::printf("\nFAILED\n");
        return 1;
    }
    return 0;
}
