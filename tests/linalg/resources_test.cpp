// What matmul keeps and shares between calls: the cuBLAS workspace of each stream goes when its
// gpucc::Stream is destroyed (unless a graph captured on it may replay with it), so making and
// destroying streams does not grow memory; and OpenBLAS's one thread count, which products on
// several caller threads at once set to different values (one thread for small matrices, the
// pool's width for large), never changes under a running product. Every result is checked
// against the host reference. In the CPU build the stream cases run through OpenBLAS.
#include "linalg/cublas_workspaces.h"
#include "linalg_test_support.h"

#include <thread>

namespace linalg_test {
namespace {

TEST(MatmulGpu, WorkspacesOfDestroyedStreamsAreDropped) {
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
        gpucc::Stream stream(dev, gpucc::StreamKind::NonBlocking);
        gpucc::StreamGuard on(stream);
        const NDArray c = gpucc::matmul(a, b);
        stream.synchronize();
        expect_matches(c, ref, DType::Float32, "stream " + std::to_string(i));
        if (dev.is_cuda()) {
            // This stream's workspace replaced the one of the stream before (destroyed).
            EXPECT_LE(gpucc::linalg::detail::cublas_workspace_count(dev), before + 1)
                << "stream " << i;
        }
    }
}

TEST(MatmulGpu, AGraphKeepsItsWorkspaceAfterItsStreamIsDestroyed) {
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
    gpucc::Graph graph;
    {
        gpucc::Stream capturing(dev, gpucc::StreamKind::NonBlocking);
        gpucc::StreamGuard on(capturing);
        (void)gpucc::matmul(a, b); // the stream's workspace, before the capture
        capturing.synchronize();
        capturing.ref().begin_capture();
        gpucc::matmul(a, b, out);
        graph = capturing.ref().end_capture();
    }
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
