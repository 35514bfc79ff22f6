// What only the GPU path has: float32 is exact FP32 unless TF32 is asked for, products run on the
// current stream (a StreamGuard's), and a matmul captured into a Graph replays correctly, with
// its cuBLAS workspace bound before or during the capture. In the CPU build these check the same
// results through OpenBLAS (TF32 has no effect there).
#include "linalg_test_support.h"

namespace linalg_test {
namespace {

TEST(MatmulGpu, Float32IsExactUnlessTf32IsAsked) {
    LINALG_SKIP_WITHOUT_DEVICE();
    // (1 + 2^-20)^2 rounds to 1 + 2^-19 in FP32; TF32 keeps 10 mantissa bits of each input and
    // would give 1.
    const float x = 1.0F + std::ldexp(1.0F, -20);
    std::vector<float> av(64 * 64, 0.0F);
    for (int i = 0; i < 64; ++i) {
        av[static_cast<std::size_t>(i * 64 + i)] = x;
    }
    const auto a =
        gpucc::asarray<float>(std::span<const float>(av), Shape{64, 64}, device_under_test());
    const std::vector<float> c = gpucc::matmul(a, a).to_host();
    EXPECT_EQ(c[0], 1.0F + std::ldexp(1.0F, -19));
    EXPECT_EQ(c[65], 1.0F + std::ldexp(1.0F, -19));
    EXPECT_FALSE(gpucc::linalg::tf32_enabled() && std::getenv("GPUCC_TF32") == nullptr);
    {
        gpucc::linalg::Tf32Guard tf32;
        EXPECT_TRUE(gpucc::linalg::tf32_enabled());
        const std::vector<float> t = gpucc::matmul(a, a).to_host();
        EXPECT_NEAR(t[0], 1.0F, 1e-5F); // TF32 (1.0) or FP32: both within TF32's error
        gpucc::linalg::Tf32Guard exact(false);
        EXPECT_FALSE(gpucc::linalg::tf32_enabled());
    }
    EXPECT_EQ(gpucc::matmul(a, a).to_host()[0], 1.0F + std::ldexp(1.0F, -19));
}

TEST(MatmulGpu, RunsOnTheCurrentStreamAndInGraphs) {
    LINALG_SKIP_WITHOUT_DEVICE();
    if (device_under_test().is_cpu()) {
        GTEST_SKIP() << "streams and graphs are the GPU's";
    }
    std::mt19937_64 rng(31);
    const Device dev = device_under_test();
    const NDArray a = random_array<gpucc::float16>(rng, Shape{4, 96, 64});
    const NDArray b = random_array<gpucc::float16>(rng, Shape{64, 80});
    const Reference ref = reference_matmul(a, b, DType::Float16);
    gpucc::Stream stream(dev, gpucc::StreamKind::NonBlocking);
    {
        gpucc::StreamGuard on(stream);
        const NDArray c = gpucc::matmul(a, b);
        stream.synchronize();
        expect_matches(c, ref, DType::Float16, "on a stream");
        // Captured after a warm-up on this stream: the workspace exists already.
        const NDArray out = gpucc::empty(Shape{4, 96, 80}, DType::Float16, dev);
        stream.ref().begin_capture();
        gpucc::matmul(a, b, out);
        gpucc::Graph graph = stream.ref().end_capture();
        gpucc::matmul(a, b).astype(DType::Float16); // something else in between
        graph.launch(stream);
        stream.synchronize();
        expect_matches(out, ref, DType::Float16, "graph replay");
    }
    // First product of a fresh stream inside a capture: its workspace is allocated there.
    gpucc::Stream fresh(dev, gpucc::StreamKind::NonBlocking);
    gpucc::StreamGuard on(fresh);
    const NDArray out = gpucc::empty(Shape{4, 96, 80}, DType::Float16, dev);
    fresh.ref().begin_capture();
    gpucc::matmul(a, b, out);
    gpucc::Graph graph = fresh.ref().end_capture();
    graph.launch(fresh);
    graph.launch(fresh);
    fresh.synchronize();
    expect_matches(out, ref, DType::Float16, "graph captured on a fresh stream");
}

} // namespace
} // namespace linalg_test
