// What matmul keeps and shares between calls: the cuBLAS workspace of each stream goes when its
// gpucc::Stream is destroyed, on every thread that ran products on it (unless a graph captured on
// it may replay with it), so making and destroying streams does not grow memory; and OpenBLAS's
// one thread count, which products on several caller threads at once set to different values (one
// thread for small matrices, the pool's width for large), never changes under a running product,
// nor under a decomposition on the CPU (which takes the same lease). The workspace of an external
// stream (another library's CUstream) stays until linalg::release_workspace frees it. Every result
// is checked against the host reference. In the CPU build the stream cases run through OpenBLAS.
#include "cpu/thread_pool.h"
#include "linalg/cublas_workspaces.h"
#include "linalg/matmul_route.h"
#include "linalg/openblas_width.h"
#include "linalg_test_support.h"

#include <atomic>
#include <chrono>
#include <dlfcn.h>
#include <future>
#include <optional>
#include <thread>

namespace linalg_test {
namespace {

// cuBLAS's workspaces are what these tests check, so their products are forced onto cuBLAS
// (shapes this small would take the library's own kernel, linalg/matmul_route.h).
struct BlasRoute {
    gpucc::linalg::detail::ForcedMatmulRoute route{gpucc::linalg::detail::MatmulRoute::Blas};
};

TEST(MatmulGpu, WorkspacesOfDestroyedStreamsAreDropped) {
    const BlasRoute blas; // these products are small enough for the kernel: cuBLAS forced
    LINALG_SKIP_WITHOUT_DEVICE();
    std::mt19937_64 rng(47);
    const Device dev = device_under_test();
    const NDArray a = random_array<float>(rng, Shape{64, 48});
    const NDArray b = random_array<float>(rng, Shape{48, 40});
    const Reference ref = reference_matmul(a, b, DType::Float32);
    (void)gpucc::matmul(a, b); // the null stream's workspace
    const std::size_t before =
        dev.is_cuda() ? gpucc::linalg::detail::cublas_workspace_count(dev) : 0;
    for (int i = 0; i < 12; ++i) {
        {
            gpucc::Stream stream(dev, gpucc::StreamKind::NonBlocking);
            gpucc::StreamGuard on(stream);
            const NDArray c = gpucc::matmul(a, b);
            stream.synchronize();
            expect_matches(c, ref, DType::Float32, "stream " + std::to_string(i));
            if (dev.is_cuda()) {
                EXPECT_EQ(gpucc::linalg::detail::cublas_workspace_count(dev), before + 1)
                    << "stream " << i << " has no workspace of its own";
            }
        }
        if (dev.is_cuda()) {
            // Gone with the stream, not when the next stream needs one.
            EXPECT_EQ(gpucc::linalg::detail::cublas_workspace_count(dev), before)
                << "stream " << i << " was destroyed, its workspace stayed";
        }
    }
}

// A stream that another thread ran a product on: that thread's workspace for it goes when the
// stream is destroyed here, while the thread still runs (each thread keeps its own table).
TEST(MatmulGpu, AnotherThreadsWorkspaceGoesWhenTheStreamIsDestroyed) {
    LINALG_SKIP_WITHOUT_DEVICE();
    const Device dev = device_under_test();
    if (dev.is_cpu()) {
        GTEST_SKIP() << "cuBLAS workspaces are the GPU's";
    }
    std::mt19937_64 rng(59);
    const NDArray a = random_array<float>(rng, Shape{56, 40});
    const NDArray b = random_array<float>(rng, Shape{40, 48});
    const Reference ref = reference_matmul(a, b, DType::Float32);
    std::optional<gpucc::Stream> stream(std::in_place, dev, gpucc::StreamKind::NonBlocking);
    std::promise<std::size_t> made; // the worker's workspaces beside its table's first
    std::promise<void> destroyed;
    std::promise<std::size_t> left;
    std::future<std::size_t> made_count = made.get_future();
    std::future<std::size_t> left_count = left.get_future();
    NDArray c;
    std::thread worker([&] {
        const BlasRoute blas; // the route is per thread
        const std::size_t before = gpucc::linalg::detail::cublas_workspace_count(dev);
        {
            gpucc::StreamGuard on(*stream);
            c = gpucc::matmul(a, b);
            stream->synchronize();
        }
        made.set_value(gpucc::linalg::detail::cublas_workspace_count(dev) - before);
        destroyed.get_future().wait();
        left.set_value(gpucc::linalg::detail::cublas_workspace_count(dev) - before);
    });
    EXPECT_EQ(made_count.get(), 1U) << "the worker's product made no workspace for the stream";
    stream.reset();
    destroyed.set_value();
    EXPECT_EQ(left_count.get(), 0U) << "the worker kept the destroyed stream's workspace";
    worker.join();
    expect_matches(c, ref, DType::Float32, "product on the worker thread");
}

// A graph of the cuBLAS product a @ b into `out`, captured on a gpucc::Stream that ran a product
// before the capture (so that the workspace is the stream's own) and that is destroyed on
// return; its handle goes to `handle`.
gpucc::Graph capture_on_a_destroyed_stream(const NDArray& a, const NDArray& b, const NDArray& out,
                                           void*& handle) {
    gpucc::Stream capturing(out.device(), gpucc::StreamKind::NonBlocking);
    gpucc::StreamGuard on(capturing);
    (void)gpucc::matmul(a, b); // the stream's workspace, before the capture
    capturing.synchronize();
    capturing.ref().begin_capture();
    gpucc::matmul(a, b, out);
    gpucc::Graph graph = capturing.ref().end_capture();
    handle = capturing.handle();
    return graph;
}

TEST(MatmulGpu, AGraphKeepsItsWorkspaceAfterItsStreamIsDestroyed) {
    const BlasRoute blas; // these products are small enough for the kernel: cuBLAS forced
    LINALG_SKIP_WITHOUT_DEVICE();
    if (device_under_test().is_cpu()) {
        GTEST_SKIP() << "graphs of cuBLAS products are the GPU's";
    }
    std::mt19937_64 rng(53);
    const Device dev = device_under_test();
    const NDArray a = random_array<float>(rng, Shape{96, 64});
    const NDArray b = random_array<float>(rng, Shape{64, 72});
    const Reference ref = reference_matmul(a, b, DType::Float32);
    const NDArray out = gpucc::empty(Shape{96, 72}, DType::Float32, dev);
    void* handle = nullptr;
    gpucc::Graph graph = capture_on_a_destroyed_stream(a, b, out, handle);
    // Streams made and destroyed since, with products of their own: the captured workspace stays.
    const NDArray other_a = random_array<float>(rng, Shape{96, 64});
    for (int i = 0; i < 4; ++i) {
        gpucc::Stream stream(dev, gpucc::StreamKind::NonBlocking);
        gpucc::StreamGuard on(stream);
        (void)gpucc::matmul(other_a, b);
        stream.synchronize();
    }
    gpucc::Stream replay(dev, gpucc::StreamKind::NonBlocking);
    graph.launch(replay);
    replay.synchronize();
    expect_matches(out, ref, DType::Float32, "graph replayed after its stream was destroyed");
}

// A CUstream made with the driver directly, as another library makes one: gpucc does not own it.
// The driver's entry points are looked up by name (the tests have no CUDA headers).
class ExternalCuStream {
public:
    ExternalCuStream() {
        void* driver = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
        if (driver == nullptr) {
            return;
        }
        create_ = reinterpret_cast<int (*)(void**, unsigned)>(dlsym(driver, "cuStreamCreate"));
        destroy_ = reinterpret_cast<int (*)(void*)>(dlsym(driver, "cuStreamDestroy_v2"));
        if (create_ != nullptr && destroy_ != nullptr &&
            create_(&handle_, 1 /* non-blocking */) != 0) {
            handle_ = nullptr;
        }
    }
    ~ExternalCuStream() {
        if (handle_ != nullptr) {
            destroy_(handle_);
        }
    }
    ExternalCuStream(const ExternalCuStream&) = delete;
    ExternalCuStream& operator=(const ExternalCuStream&) = delete;
    void* handle() const { return handle_; }

private:
    int (*create_)(void**, unsigned) = nullptr;
    int (*destroy_)(void*) = nullptr;
    void* handle_ = nullptr;
};

TEST(MatmulGpu, AnExternalStreamsWorkspaceGoesWhenReleased) {
    const BlasRoute blas; // these products are small enough for the kernel: cuBLAS forced
    LINALG_SKIP_WITHOUT_DEVICE();
    const Device dev = device_under_test();
    if (dev.is_cpu()) {
        EXPECT_FALSE(gpucc::linalg::release_workspace(gpucc::current_stream(dev)));
        GTEST_SKIP() << "external CUstreams and cuBLAS workspaces are the GPU's";
    }
    std::mt19937_64 rng(61);
    const NDArray a = random_array<float>(rng, Shape{72, 40});
    const NDArray b = random_array<float>(rng, Shape{40, 56});
    const NDArray stack_a = random_array<float>(rng, Shape{3, 24, 16});
    const NDArray stack_b = random_array<float>(rng, Shape{3, 16, 20});
    const Reference ref = reference_matmul(a, b, DType::Float32);
    const Reference stack_ref = reference_matmul(stack_a, stack_b, DType::Float32);
    expect_matches(gpucc::matmul(a, b), ref, DType::Float32, "null stream"); // its workspace
    const ExternalCuStream external;
    ASSERT_NE(external.handle(), nullptr) << "the driver made no stream";
    const gpucc::StreamRef stream(dev, external.handle());
    // The driver may have given this stream the handle of a stream destroyed by an earlier test
    // (whose workspace may still be kept, for a graph): that one is not this stream's.
    EXPECT_FALSE(gpucc::linalg::release_workspace(stream)) << "no product ran on it yet";
    for (int round = 0; round < 2; ++round) {
        const std::string what = "external stream, round " + std::to_string(round);
        const std::size_t before = gpucc::linalg::detail::cublas_workspace_count(dev);
        {
            gpucc::StreamGuard on(stream);
            // One product through cuBLASLt, one batch through cublasGemmStridedBatchedEx (the
            // handle bound to the stream and its workspace).
            const NDArray c = gpucc::matmul(a, b);
            const NDArray stack_c = gpucc::matmul(stack_a, stack_b);
            stream.synchronize();
            expect_matches(c, ref, DType::Float32, what);
            expect_matches(stack_c, stack_ref, DType::Float32, what + ", a stack");
        }
        // A workspace of its own (workspaces of destroyed streams may have gone meanwhile).
        const std::size_t with_it = gpucc::linalg::detail::cublas_workspace_count(dev);
        EXPECT_LE(with_it, before + 1) << what;
        EXPECT_TRUE(gpucc::linalg::release_workspace(stream)) << what;
        EXPECT_EQ(gpucc::linalg::detail::cublas_workspace_count(dev), with_it - 1) << what;
        EXPECT_FALSE(gpucc::linalg::release_workspace(stream)) << what << ", released twice";
        // The null stream's products still find their workspace and a rebound handle.
        const NDArray after = gpucc::matmul(stack_a, stack_b);
        expect_matches(after, stack_ref, DType::Float32, what + ", then the null stream");
    }
    stream.synchronize();
}

// The driver gives a destroyed stream's handle to the next stream it makes. A workspace that a
// graph captured on the destroyed stream stays for the graph; the new stream on the same handle
// gets one of its own rather than sharing the graph's (which a replay may use at the same time).
TEST(MatmulGpu, ANewStreamOnAReusedHandleDoesNotTakeACapturedWorkspace) {
    const BlasRoute blas; // these products are small enough for the kernel: cuBLAS forced
    LINALG_SKIP_WITHOUT_DEVICE();
    const Device dev = device_under_test();
    if (dev.is_cpu()) {
        GTEST_SKIP() << "graphs of cuBLAS products are the GPU's";
    }
    std::mt19937_64 rng(71);
    const NDArray a = random_array<float>(rng, Shape{80, 48});
    const NDArray b = random_array<float>(rng, Shape{48, 64});
    const Reference ref = reference_matmul(a, b, DType::Float32);
    const NDArray out = gpucc::empty(Shape{80, 64}, DType::Float32, dev);
    void* old_handle = nullptr;
    gpucc::Graph graph = capture_on_a_destroyed_stream(a, b, out, old_handle);
    const ExternalCuStream external;
    ASSERT_NE(external.handle(), nullptr) << "the driver made no stream";
    if (external.handle() != old_handle) {
        GTEST_SKIP() << "the driver did not give the destroyed stream's handle out again";
    }
    const gpucc::StreamRef stream(dev, external.handle());
    {
        gpucc::StreamGuard on(stream);
        const NDArray c = gpucc::matmul(a, b);
        stream.synchronize();
        expect_matches(c, ref, DType::Float32, "the new stream on the old handle");
    }
    // Its own workspace can be released; the captured one could not.
    EXPECT_TRUE(gpucc::linalg::release_workspace(stream))
        << "the new stream was given the captured workspace";
    gpucc::Stream replay(dev, gpucc::StreamKind::NonBlocking);
    graph.launch(replay);
    replay.synchronize();
    expect_matches(out, ref, DType::Float32, "graph replayed after its stream's handle was reused");
}

// A decomposition on the CPU takes OpenBLAS's count through the matmul lease: while a small
// product holds the count at one thread, a solve of a large matrix (which wants the pool's width)
// waits for it, and then solves right.
TEST(Matmul, TheCpuSolverWaitsWhileAProductHoldsAnotherOpenblasWidth) {
    LINALG_SKIP_WITHOUT_DEVICE();
    if (!device_under_test().is_cpu()) {
        GTEST_SKIP() << "OpenBLAS's thread count is the CPU target's";
    }
    if (gpucc::detail::ThreadPool::instance().thread_count() < 2 ||
        gpucc::linalg::detail::user_chose_openblas_threads()) {
        GTEST_SKIP() << "a pool of one thread, or OPENBLAS_NUM_THREADS/OMP_NUM_THREADS set: every "
                        "lease wants the same count";
    }
    std::mt19937_64 rng(67);
    const std::int64_t n = 200; // above the solver's one-thread limit (64)
    std::vector<double> host_a(static_cast<std::size_t>(n * n));
    std::vector<double> host_b(static_cast<std::size_t>(n * 3));
    std::uniform_real_distribution<double> uniform(-1, 1);
    for (std::int64_t i = 0; i < n; ++i) {
        for (std::int64_t j = 0; j < n; ++j) {
            host_a[static_cast<std::size_t>(i * n + j)] =
                uniform(rng) + (i == j ? static_cast<double>(n) : 0.0);
        }
    }
    for (double& v : host_b) {
        v = uniform(rng);
    }
    const NDArray a = gpucc::asarray<double>(host_a, {n, n}, device_under_test()).ndarray();
    const NDArray b = gpucc::asarray<double>(host_b, {n, 3}, device_under_test()).ndarray();
    std::optional<gpucc::linalg::detail::OpenblasWidthLease> small_product(std::in_place, 1);
    std::atomic<bool> solved{false};
    NDArray x;
    std::thread solver([&] {
        x = gpucc::linalg::solve(a, b);
        solved = true;
    });
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    EXPECT_FALSE(solved.load()) << "the solve ran while a product held OpenBLAS at one thread";
    small_product.reset();
    solver.join();
    ASSERT_TRUE(solved.load());
    const std::vector<double> got = host_doubles(x);
    for (std::int64_t i = 0; i < n; ++i) {
        for (std::int64_t c = 0; c < 3; ++c) {
            double sum = 0;
            for (std::int64_t k = 0; k < n; ++k) {
                sum += host_a[static_cast<std::size_t>(i * n + k)] *
                       got[static_cast<std::size_t>(k * 3 + c)];
            }
            ASSERT_NEAR(sum, host_b[static_cast<std::size_t>(i * 3 + c)], 1e-9)
                << "row " << i << " column " << c << " of a x - b";
        }
    }
}

TEST(Matmul, ConcurrentSmallAndLargeProductsOnSeveralThreads) {
    LINALG_SKIP_WITHOUT_DEVICE();
    std::mt19937_64 rng(59);
    // 300^3 is above the one-thread limit (128^3), 40^3 below: the callers want different counts.
    const NDArray big_a = random_array<double>(rng, Shape{300, 300});
    const NDArray big_b = random_array<double>(rng, Shape{300, 300});
    const NDArray small_a = random_array<float>(rng, Shape{40, 40});
    const NDArray small_b = random_array<float>(rng, Shape{40, 40});
    const Reference big_ref = reference_matmul(big_a, big_b, DType::Float64);
    const Reference small_ref = reference_matmul(small_a, small_b, DType::Float32);
    std::vector<NDArray> results(4 * 6);
    std::vector<std::thread> callers;
    for (int t = 0; t < 4; ++t) {
        callers.emplace_back([&, t] {
            for (int i = 0; i < 6; ++i) {
                const bool big = (t + i) % 2 == 0;
                NDArray c = big ? gpucc::matmul(big_a, big_b) : gpucc::matmul(small_a, small_b);
                if (c.device().is_cuda()) {
                    gpucc::current_stream(c.device()).synchronize();
                }
                results[static_cast<std::size_t>(t * 6 + i)] = std::move(c);
            }
        });
    }
    for (std::thread& caller : callers) {
        caller.join();
    }
    for (int t = 0; t < 4; ++t) {
        for (int i = 0; i < 6; ++i) {
            const bool big = (t + i) % 2 == 0;
            const std::string what =
                "caller " + std::to_string(t) + " product " + std::to_string(i);
            if (big) {
                expect_matches(results[static_cast<std::size_t>(t * 6 + i)], big_ref,
                               DType::Float64, what);
            } else {
                expect_matches(results[static_cast<std::size_t>(t * 6 + i)], small_ref,
                               DType::Float32, what);
            }
        }
    }
}

} // namespace
} // namespace linalg_test
