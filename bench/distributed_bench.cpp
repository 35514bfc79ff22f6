// gpucc::distributed on two GPUs, one process per GPU (run_distributed_bench.sh starts both and
// the PyTorch and CuPy peers): all-reduce of float32 from 8 B to 1 GiB, as nccl-tests reports it
// (time per call, algbw = bytes / time, busbw = algbw * 2(n-1)/n), against raw ncclAllReduce on a
// communicator of its own in the same processes (NCCL's own cost, for the host time gpucc adds);
// host time per small call (queueing only); and, with --peer-copy, copy bandwidth between the two
// GPUs in one process through gpucc::copyto against the driver's cuMemcpyPeerAsync. With
// --single-rank, on one GPU: host time per small all-reduce (8 B to 64 KiB) of a single-rank
// communicator made by init_process_group against raw ncclAllReduce on a blocking communicator of
// its own, timed the same way: the smallest of 7 loops of 500 calls, host time to queue them. One
// JSON object per line on rank 0's stdout.
//   distributed_bench --rank R --world N --store FOLDER [--max-log2-bytes 30]
//   distributed_bench --peer-copy
//   distributed_bench --single-rank
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda.h>
#include <dlfcn.h>
#include <filesystem>
#include <gpucc/gpucc.h>
#include <nccl.h>
#include <string>
#include <unistd.h>
#include <vector>

namespace {

using gpucc::Device;
using gpucc::distributed::Communicator;
using Clock = std::chrono::steady_clock;

double seconds(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

// Raw NCCL, opened as the library opens it, for the baseline.
struct RawNccl {
    decltype(&::ncclCommInitRank) init = nullptr;
    decltype(&::ncclAllReduce) all_reduce = nullptr;
    decltype(&::ncclCommDestroy) destroy = nullptr;
    RawNccl() {
        const std::string lib = std::string(GPUCC_CUDA_LIB_DIR) + "/libnccl.so.2";
        void* h = ::dlopen(lib.c_str(), RTLD_NOW | RTLD_LOCAL);
        if (h == nullptr) {
            h = ::dlopen("libnccl.so.2", RTLD_NOW | RTLD_LOCAL);
        }
        if (h == nullptr) {
            std::fprintf(stderr, "distributed_bench: cannot load libnccl.so.2\n");
            std::exit(2);
        }
        init = reinterpret_cast<decltype(init)>(::dlsym(h, "ncclCommInitRank"));
        all_reduce = reinterpret_cast<decltype(all_reduce)>(::dlsym(h, "ncclAllReduce"));
        destroy = reinterpret_cast<decltype(destroy)>(::dlsym(h, "ncclCommDestroy"));
    }
};

int run_all_reduce(int rank, int world, const std::string& folder, int max_log2) {
    const Device gpu = Device::cuda(rank);
    gpucc::DeviceGuard on(gpu);
    gpucc::distributed::FileStore store(folder, rank, std::chrono::seconds(120));
    const auto created = Clock::now();
    Communicator comm = Communicator::init_process_group(world, rank, store, gpu);
    const double create_s = seconds(created);
    // The baseline's communicator, from an id swapped through the same store.
    gpucc::distributed::UniqueId id{};
    if (rank == 0) {
        id = Communicator::get_unique_id();
        store.set("bench/raw_id", std::vector<std::byte>(id.begin(), id.end()));
    } else {
        const auto bytes = store.get("bench/raw_id");
        std::memcpy(id.data(), bytes.data(), id.size());
    }
    RawNccl raw;
    ncclComm_t raw_comm = nullptr;
    ncclUniqueId raw_id;
    std::memcpy(&raw_id, id.data(), sizeof raw_id);
    if (raw.init(&raw_comm, world, raw_id, rank) != ncclSuccess) {
        std::fprintf(stderr, "rank %d: raw ncclCommInitRank failed\n", rank);
        return 2;
    }
    if (rank == 0) {
        std::printf("{\"kind\": \"create\", \"world\": %d, \"seconds\": %.4f}\n", world, create_s);
    }
    const gpucc::StreamRef stream = gpucc::current_stream(gpu);
    const auto cu_stream = static_cast<cudaStream_t>(stream.handle());
    const double bus_factor = 2.0 * (world - 1) / world;
    for (int log2 = 3; log2 <= max_log2; ++log2) {
        const std::int64_t bytes = std::int64_t{1} << log2;
        const std::int64_t n = bytes / 4;
        const auto x = gpucc::ones<float>(gpucc::Shape{n}, gpu);
        const int iterations = log2 <= 20 ? 1000 : log2 <= 26 ? 100 : 20;
        auto time_loop = [&](auto&& call) {
            for (int i = 0; i < 5; ++i) {
                call();
            }
            stream.synchronize();
            comm.barrier();
            const auto start = Clock::now();
            for (int i = 0; i < iterations; ++i) {
                call();
            }
            const double queued = seconds(start);
            stream.synchronize();
            return std::pair{seconds(start) / iterations, queued / iterations};
        };
        const auto [t_gpucc, host_gpucc] = time_loop([&] { comm.all_reduce(x, x); });
        const auto [t_raw, host_raw] = time_loop([&] {
            raw.all_reduce(x.data(), x.data(), static_cast<std::size_t>(n), ncclFloat32, ncclSum,
                           raw_comm, cu_stream);
        });
        comm.synchronize();
        if (rank == 0) {
            std::printf("{\"kind\": \"all_reduce\", \"bytes\": %lld, \"us\": %.3f, \"busbw_GBps\": "
                        "%.2f, \"host_us\": %.3f, \"raw_us\": %.3f, \"raw_busbw_GBps\": %.2f, "
                        "\"raw_host_us\": %.3f}\n",
                        static_cast<long long>(bytes), 1e6 * t_gpucc,
                        bytes / t_gpucc * bus_factor / 1e9, 1e6 * host_gpucc, 1e6 * t_raw,
                        bytes / t_raw * bus_factor / 1e9, 1e6 * host_raw);
            std::fflush(stdout);
        }
    }
    // Check the last result: every rank's ones summed `world` times per call is hard to track,
    // so check a fresh sum instead.
    const auto y = gpucc::full<float>(gpucc::Shape{1024}, static_cast<double>(rank + 1), gpu);
    comm.all_reduce(y, y);
    const float expected = static_cast<float>(world * (world + 1) / 2);
    const auto values = y.to_host();
    for (const float v : values) {
        if (v != expected) {
            std::fprintf(stderr, "rank %d: all_reduce gave %g, expected %g\n", rank, v, expected);
            return 1;
        }
    }
    raw.destroy(raw_comm);
    return 0;
}

// Host time per call of `call`, in microseconds: the smallest over 7 loops of 500 calls, each
// loop started on an idle stream; also the time per call until the stream is idle again.
template <class Call>
std::pair<double, double> host_time_per_call(const gpucc::StreamRef& stream, Call&& call) {
    constexpr int kCalls = 500;
    double best_host = 1e30;
    double best_total = 1e30;
    for (int i = 0; i < 20; ++i) {
        call();
    }
    stream.synchronize();
    for (int repeat = 0; repeat < 7; ++repeat) {
        const auto start = Clock::now();
        for (int i = 0; i < kCalls; ++i) {
            call();
        }
        const double host = seconds(start);
        stream.synchronize();
        best_host = std::min(best_host, host / kCalls);
        best_total = std::min(best_total, seconds(start) / kCalls);
    }
    return {1e6 * best_host, 1e6 * best_total};
}

Communicator single_rank_communicator(const std::string& folder, const Device& gpu) {
    std::filesystem::remove_all(folder);
    std::filesystem::create_directories(folder);
    gpucc::distributed::FileStore store(folder, 0, std::chrono::seconds(60));
    Communicator comm = Communicator::init_process_group(1, 0, store, gpu);
    std::filesystem::remove_all(folder);
    return comm;
}

int run_single_rank() {
    if (gpucc::cuda_device_count() < 1) {
        std::printf("{\"kind\": \"single_rank\", \"skipped\": \"no CUDA device\"}\n");
        return 0;
    }
    const Device gpu = Device::cuda(0);
    gpucc::DeviceGuard on(gpu);
    const std::string folder =
        (std::filesystem::temp_directory_path() / ("gpucc_bench_" + std::to_string(::getpid())))
            .string();
    Communicator comm = single_rank_communicator(folder, gpu);
    RawNccl raw;
    ncclComm_t raw_comm = nullptr;
    const auto id = Communicator::get_unique_id();
    ncclUniqueId raw_id;
    std::memcpy(&raw_id, id.data(), sizeof raw_id);
    if (raw.init(&raw_comm, 1, raw_id, 0) != ncclSuccess) {
        std::fprintf(stderr, "raw ncclCommInitRank failed\n");
        return 2;
    }
    const gpucc::StreamRef stream = gpucc::current_stream(gpu);
    const auto cu_stream = static_cast<cudaStream_t>(stream.handle());
    for (int log2 = 3; log2 <= 16; ++log2) {
        const std::int64_t bytes = std::int64_t{1} << log2;
        const std::int64_t n = bytes / 4;
        const auto x = gpucc::ones<float>(gpucc::Shape{n}, gpu);
        const auto [raw_host, raw_total] = host_time_per_call(stream, [&] {
            raw.all_reduce(x.data(), x.data(), static_cast<std::size_t>(n), ncclFloat32, ncclSum,
                           raw_comm, cu_stream);
        });
        const auto [host, total] = host_time_per_call(stream, [&] { comm.all_reduce(x, x); });
        std::printf("{\"kind\": \"single_rank_host\", \"bytes\": %lld, \"host_us\": %.3f, "
                    "\"us\": %.3f, \"raw_host_us\": %.3f, \"raw_us\": %.3f}\n",
                    static_cast<long long>(bytes), host, total, raw_host, raw_total);
        std::fflush(stdout);
    }
    // The communicator still sums right: 1..1024 through a one-rank sum is itself.
    std::vector<float> values(1024);
    for (std::size_t i = 0; i < values.size(); ++i) {
        values[i] = static_cast<float>(i + 1);
    }
    const auto y = gpucc::asarray<float>(std::span<const float>(values), gpu);
    const auto z = gpucc::empty<float>(gpucc::Shape{1024}, gpu);
    comm.all_reduce(y, z);
    const auto back = z.to_host();
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (back[i] != values[i]) {
            std::fprintf(stderr, "single-rank all_reduce gave %g at %zu, expected %g\n", back[i], i,
                         values[i]);
            return 1;
        }
    }
    raw.destroy(raw_comm);
    return 0;
}

// The driver's own peer copy, for the baseline of gpucc::copyto between GPUs: primary contexts,
// peer access enabled both ways as gpucc enables it, cuMemcpyPeerAsync on the null stream.
struct RawPeerCopy {
    decltype(&::cuDevicePrimaryCtxRetain) retain = nullptr;
    decltype(&::cuCtxSetCurrent) set_current = nullptr;
    decltype(&::cuCtxEnablePeerAccess) enable_peer = nullptr;
    decltype(&::cuMemcpyPeerAsync) copy = nullptr;
    decltype(&::cuCtxSynchronize) synchronize = nullptr;
    CUcontext contexts[2] = {nullptr, nullptr};
    bool ready = false;
    RawPeerCopy() {
        void* h = ::dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD);
        if (h == nullptr) {
            return;
        }
        retain = reinterpret_cast<decltype(retain)>(::dlsym(h, "cuDevicePrimaryCtxRetain"));
        set_current = reinterpret_cast<decltype(set_current)>(::dlsym(h, "cuCtxSetCurrent"));
        enable_peer = reinterpret_cast<decltype(enable_peer)>(::dlsym(h, "cuCtxEnablePeerAccess"));
        copy = reinterpret_cast<decltype(copy)>(::dlsym(h, "cuMemcpyPeerAsync"));
        synchronize = reinterpret_cast<decltype(synchronize)>(::dlsym(h, "cuCtxSynchronize"));
        if (retain == nullptr || set_current == nullptr || enable_peer == nullptr ||
            copy == nullptr || synchronize == nullptr) {
            return;
        }
        for (int d = 0; d < 2; ++d) {
            if (retain(&contexts[d], d) != CUDA_SUCCESS) {
                return;
            }
        }
        for (int d = 0; d < 2; ++d) {
            set_current(contexts[d]);
            const CUresult r = enable_peer(contexts[1 - d], 0);
            if (r != CUDA_SUCCESS && r != CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED) {
                return;
            }
        }
        ready = true;
    }
    // Seconds per copy of `bytes` from `from` to `to`, the mean of `iterations` after 3 untimed.
    double time(CUdeviceptr dst, int to, CUdeviceptr src, int from, std::size_t bytes,
                int iterations) {
        set_current(contexts[to]);
        for (int i = 0; i < 3; ++i) {
            copy(dst, contexts[to], src, contexts[from], bytes, nullptr);
        }
        synchronize();
        const auto start = Clock::now();
        for (int i = 0; i < iterations; ++i) {
            copy(dst, contexts[to], src, contexts[from], bytes, nullptr);
        }
        synchronize();
        return seconds(start) / iterations;
    }
};

int run_peer_copy() {
    if (gpucc::cuda_device_count() < 2) {
        std::printf("{\"kind\": \"peer_copy\", \"skipped\": \"fewer than 2 GPUs\"}\n");
        return 0;
    }
    std::printf("{\"kind\": \"peer_access\", \"1_reads_0\": %s, \"0_reads_1\": %s}\n",
                gpucc::can_access_peer(Device::cuda(1), Device::cuda(0)) ? "true" : "false",
                gpucc::can_access_peer(Device::cuda(0), Device::cuda(1)) ? "true" : "false");
    RawPeerCopy raw;
    if (!raw.ready) {
        std::printf("{\"kind\": \"peer_copy\", \"peer\": \"cuMemcpyPeerAsync\", "
                    "\"skipped\": \"driver peer access could not be set up\"}\n");
    }
    for (int log2 = 20; log2 <= 30; log2 += 2) {
        const std::int64_t n = (std::int64_t{1} << log2) / 4;
        for (const auto& [from, to] : {std::pair{0, 1}, std::pair{1, 0}}) {
            const auto src = gpucc::ones<float>(gpucc::Shape{n}, Device::cuda(from));
            const auto dst = gpucc::zeros<float>(gpucc::Shape{n}, Device::cuda(to));
            const int iterations = 20;
            for (int i = 0; i < 3; ++i) {
                gpucc::copyto(dst, src);
            }
            gpucc::synchronize(Device::cuda(to));
            gpucc::synchronize(Device::cuda(from));
            const auto start = Clock::now();
            for (int i = 0; i < iterations; ++i) {
                gpucc::copyto(dst, src);
            }
            gpucc::synchronize(Device::cuda(to));
            gpucc::synchronize(Device::cuda(from));
            const double t = seconds(start) / iterations;
            std::printf("{\"kind\": \"peer_copy\", \"bytes\": %lld, \"from\": %d, \"to\": %d, "
                        "\"GBps\": %.2f}\n",
                        static_cast<long long>(n * 4), from, to, n * 4 / t / 1e9);
            if (raw.ready) {
                const double t_raw = raw.time(reinterpret_cast<CUdeviceptr>(dst.data()), to,
                                              reinterpret_cast<CUdeviceptr>(src.data()), from,
                                              static_cast<std::size_t>(n * 4), iterations);
                std::printf("{\"kind\": \"peer_copy\", \"peer\": \"cuMemcpyPeerAsync\", "
                            "\"bytes\": %lld, \"from\": %d, \"to\": %d, \"GBps\": %.2f}\n",
                            static_cast<long long>(n * 4), from, to, n * 4 / t_raw / 1e9);
            }
        }
    }
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    ::setenv("NCCL_NVLS_ENABLE", "0", 0);
    int rank = -1, world = 2, max_log2 = 30;
    std::string folder;
    bool peer_copy = false;
    bool single_rank = false;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--peer-copy") {
            peer_copy = true;
        } else if (a == "--single-rank") {
            single_rank = true;
        } else if (a == "--rank" && i + 1 < argc) {
            rank = std::atoi(argv[++i]);
        } else if (a == "--world" && i + 1 < argc) {
            world = std::atoi(argv[++i]);
        } else if (a == "--store" && i + 1 < argc) {
            folder = argv[++i];
        } else if (a == "--max-log2-bytes" && i + 1 < argc) {
            max_log2 = std::atoi(argv[++i]);
        } else {
            std::fprintf(stderr, "distributed_bench: unknown argument '%s'\n", a.c_str());
            return 2;
        }
    }
    if (peer_copy) {
        return run_peer_copy();
    }
    if (single_rank) {
        return run_single_rank();
    }
    if (rank < 0 || folder.empty()) {
        std::fprintf(stderr, "usage: distributed_bench --rank R --world N --store FOLDER | "
                             "--peer-copy | --single-rank\n");
        return 2;
    }
    if (gpucc::cuda_device_count() < world) {
        std::printf("{\"kind\": \"all_reduce\", \"skipped\": \"fewer than %d GPUs\"}\n", world);
        return 0;
    }
    return run_all_reduce(rank, world, folder, max_log2);
}
