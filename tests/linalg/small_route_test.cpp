// matmul's route for small GPU products (runtime/src/linalg/matmul_route.h): a single product of
// a floating dtype within the crossover runs on the library's small-product kernel, anything else
// on cuBLAS. Each product is computed three ways on the same operands: matmul as routed, matmul
// with cuBLAS forced and matmul with the kernel forced; all three are checked against the host
// reference, and on the GPU the routed result must have exactly the bits of the route the
// crossover names (both routes are deterministic), which is what shows the route was taken: at
// extents 1, 31, 33, 64, 128 and the crossover +-1 in each of m, n and k, every float dtype,
// transposed and reversed views, given outputs (strided and reversed too), 1-d operands, batch axes
// of extent 1 and mixed dtypes, on a stream and in a graph. TF32 and real batches keep cuBLAS. On
// the CPU target every route is OpenBLAS's and the same checks hold.
#include "linalg/matmul_route.h"
#include "linalg/small_gemm.h"
#include "linalg_test_support.h"

namespace linalg_test {
namespace {

using gpucc::Slice;
using gpucc::linalg::detail::ForcedMatmulRoute;
using gpucc::linalg::detail::kSmallGemmWide;
using gpucc::linalg::detail::MatmulRoute;
using gpucc::linalg::detail::small_gemm_cube;
using gpucc::linalg::detail::SmallGemmBox;

NDArray product_on(MatmulRoute route, const NDArray& a, const NDArray& b) {
    const ForcedMatmulRoute forced(route);
    return gpucc::matmul(a, b);
}

// The routed product against the reference and both forced routes; `kernel_expected` says which
// route's bits the routed one must have on the GPU.
void check_routed(const NDArray& a, const NDArray& b, bool kernel_expected,
                  const std::string& what) {
    const DType dtype = gpucc::result_type(a.dtype(), b.dtype());
    const Reference ref = reference_matmul(a, b, dtype);
    const NDArray routed = gpucc::matmul(a, b);
    const NDArray blas = product_on(MatmulRoute::Blas, a, b);
    const NDArray kernel = product_on(MatmulRoute::SmallGemm, a, b);
    expect_matches(routed, ref, dtype, what + ", routed");
    expect_matches(blas, ref, dtype, what + ", cuBLAS forced");
    expect_matches(kernel, ref, dtype, what + ", kernel forced");
    if (device_under_test().is_cuda()) {
        EXPECT_EQ(host_doubles(routed), host_doubles(kernel_expected ? kernel : blas))
            << what << ": routed result is not the " << (kernel_expected ? "kernel's" : "cuBLAS's");
    }
}

struct Extents {
    std::int64_t m, k, n;
    bool kernel; // the automatic route takes the kernel
};

std::string describe(DType dtype, const Extents& e, const char* layout) {
    return std::string(gpucc::dtype_name(dtype)) + " " + std::to_string(e.m) + "x" +
           std::to_string(e.k) + " @ " + std::to_string(e.k) + "x" + std::to_string(e.n) + " " +
           layout;
}

// The crossover's two boxes (small_gemm.h) at their corners and one past each edge: the cube of
// `dtype` (deeper than the wide box) and the wide box (wider than the cube), then small shapes.
std::vector<Extents> crossover_cases(DType dtype) {
    const SmallGemmBox cube = small_gemm_cube(dtype);
    const SmallGemmBox wide = kSmallGemmWide;
    EXPECT_GT(cube.inner, wide.inner) << "the cases below need the cube deeper";
    EXPECT_GT(wide.rows, cube.rows) << "and the wide box wider";
    EXPECT_GT(wide.columns, cube.columns);
    return {
        {1, 1, 1, true},
        {31, 31, 31, true},
        {33, 33, 33, true},
        {64, 64, 64, true},
        {1, 64, 33, true},
        {31, 128, 1, true},
        {7, 3, 5, true},
        {cube.rows - 1, cube.inner - 1, cube.columns - 1, true},
        {cube.rows, cube.inner, cube.columns, true},
        {cube.rows + 1, cube.inner, cube.columns, false},
        {cube.rows, cube.inner + 1, cube.columns, false},
        {cube.rows, cube.inner, cube.columns + 1, false},
        {wide.rows, wide.inner, wide.columns, true},
        {wide.rows + 1, wide.inner, wide.columns, false},
        {wide.rows, wide.inner + 1, wide.columns, false},
        {wide.rows, wide.inner, wide.columns + 1, false},
    };
}

TEST(MatmulSmallRoute, EveryFloatDtypeAtTheEdgesAndAcrossTheCrossover) {
    LINALG_SKIP_WITHOUT_DEVICE();
    std::mt19937_64 rng(1919);
    const DType dtypes[] = {DType::Float16, DType::BFloat16, DType::Float32, DType::Float64};
    for (const DType dtype : dtypes) {
        for (const Extents& e : crossover_cases(dtype)) {
            const NDArray a = random_float_array(rng, dtype, Shape{e.m, e.k});
            const NDArray b = random_float_array(rng, dtype, Shape{e.k, e.n});
            check_routed(a, b, e.kernel, describe(dtype, e, "contiguous"));
            // Transposed views, and b stepped along its columns.
            const NDArray at = random_float_array(rng, dtype, Shape{e.k, e.m}).transpose();
            const NDArray bs =
                random_float_array(rng, dtype, Shape{e.k, 2 * e.n})(Slice(), Slice(0, 2 * e.n, 2));
            check_routed(at, bs, e.kernel, describe(dtype, e, "a transposed, b column-stepped"));
        }
    }
}

TEST(MatmulSmallRoute, GivenOutputsOneDOperandsUnitBatchesAndMixedDtypes) {
    LINALG_SKIP_WITHOUT_DEVICE();
    std::mt19937_64 rng(2019);
    const DType dtypes[] = {DType::Float16, DType::BFloat16, DType::Float32, DType::Float64};
    for (const DType dtype : dtypes) {
        const std::string name(gpucc::dtype_name(dtype));
        const NDArray a = random_float_array(rng, dtype, Shape{33, 40});
        const NDArray b = random_float_array(rng, dtype, Shape{40, 31});
        const Reference ref = reference_matmul(a, b, dtype);
        // A given output, contiguous and as a column-stepped view of a larger array (random
        // first, so every element must be written; the gaps must stay).
        const NDArray out = random_float_array(rng, dtype, Shape{33, 31});
        gpucc::matmul(a, b, out);
        expect_matches(out, ref, dtype, name + " given output");
        EXPECT_EQ(host_doubles(out), host_doubles(product_on(MatmulRoute::SmallGemm, a, b)))
            << name << " given output";
        const NDArray wide = random_float_array(rng, dtype, Shape{33, 62});
        const std::vector<double> wide_before = host_doubles(wide);
        const NDArray stepped = wide(Slice(), Slice(0, 62, 2));
        gpucc::matmul(a, b, stepped);
        expect_matches(stepped, ref, dtype, name + " column-stepped given output");
        const std::vector<double> wide_after = host_doubles(wide);
        for (std::size_t i = 1; i < wide_after.size(); i += 2) {
            ASSERT_EQ(wide_after[i], wide_before[i]) << name << ": a gap of the output at " << i;
        }
        // Negative strides: a read bottom-up, b right-to-left, into an output written
        // bottom-up (NumPy's a[::-1], b[:, ::-1], out[::-1]).
        const NDArray a_reversed = a(Slice(gpucc::none, gpucc::none, -1), Slice());
        const NDArray b_reversed = b(Slice(), Slice(gpucc::none, gpucc::none, -1));
        check_routed(a_reversed, b_reversed, true, name + " reversed views");
        const NDArray out_reversed = random_float_array(rng, dtype, Shape{33, 31})(
            Slice(gpucc::none, gpucc::none, -1), Slice());
        gpucc::matmul(a, b, out_reversed);
        expect_matches(out_reversed, ref, dtype, name + " reversed given output");
        // 1-d operands (the added axis removed) and batch axes of extent 1 (kept).
        const NDArray v = random_float_array(rng, dtype, Shape{40});
        check_routed(v, b, true, name + " (40,) @ (40,31)");
        check_routed(a, random_float_array(rng, dtype, Shape{40}), true, name + " (33,40) @ (40,)");
        check_routed(random_float_array(rng, dtype, Shape{1, 33, 40}), b, true,
                     name + " (1,33,40) @ (40,31)");
        check_routed(random_float_array(rng, dtype, Shape{1, 1, 33, 40}),
                     random_float_array(rng, dtype, Shape{1, 40, 31}), true,
                     name + " (1,1,33,40) @ (1,40,31)");
    }
    // Mixed dtypes: converted to the result dtype first, then routed.
    check_routed(random_float_array(rng, DType::Float16, Shape{20, 24}),
                 random_float_array(rng, DType::Float32, Shape{24, 9}), true, "float16 @ float32");
    check_routed(random_float_array(rng, DType::BFloat16, Shape{20, 24}),
                 random_float_array(rng, DType::Float64, Shape{24, 9}), true, "bfloat16 @ float64");
}

TEST(MatmulSmallRoute, RunsOnTheCurrentStreamAndInAGraph) {
    LINALG_SKIP_WITHOUT_DEVICE();
    const Device dev = device_under_test();
    if (dev.is_cpu()) {
        GTEST_SKIP() << "streams and graphs are the GPU's";
    }
    std::mt19937_64 rng(2219);
    const NDArray a = random_float_array(rng, DType::BFloat16, Shape{48, 40});
    const NDArray b = random_float_array(rng, DType::BFloat16, Shape{40, 56});
    const Reference ref = reference_matmul(a, b, DType::BFloat16);
    gpucc::Stream stream(dev, gpucc::StreamKind::NonBlocking);
    gpucc::StreamGuard on(stream);
    const NDArray c = gpucc::matmul(a, b);
    stream.synchronize();
    expect_matches(c, ref, DType::BFloat16, "on a stream");
    const NDArray out = random_float_array(rng, DType::BFloat16, Shape{48, 56});
    stream.ref().begin_capture();
    gpucc::matmul(a, b, out);
    gpucc::Graph graph = stream.ref().end_capture();
    graph.launch(stream);
    graph.launch(stream);
    stream.synchronize();
    expect_matches(out, ref, DType::BFloat16, "graph replay");
}

TEST(MatmulSmallRoute, Tf32AndRealBatchesKeepCublas) {
    LINALG_SKIP_WITHOUT_DEVICE();
    std::mt19937_64 rng(2119);
    const NDArray a = random_float_array(rng, DType::Float32, Shape{64, 64});
    const NDArray b = random_float_array(rng, DType::Float32, Shape{64, 64});
    {
        const gpucc::linalg::Tf32Guard tf32(true);
        const NDArray routed = gpucc::matmul(a, b);
        const NDArray blas = product_on(MatmulRoute::Blas, a, b);
        if (device_under_test().is_cuda()) {
            EXPECT_EQ(host_doubles(routed), host_doubles(blas)) << "TF32 did not keep cuBLAS";
        }
    }
    // A batch of two: cuBLAS's strided-batched GEMM, checked against the reference.
    const NDArray stack = random_float_array(rng, DType::Float32, Shape{2, 64, 64});
    const Reference ref = reference_matmul(stack, b, DType::Float32);
    const NDArray routed = gpucc::matmul(stack, b);
    expect_matches(routed, ref, DType::Float32, "(2,64,64) @ (64,64)");
    if (device_under_test().is_cuda()) {
        EXPECT_EQ(host_doubles(routed), host_doubles(product_on(MatmulRoute::Blas, stack, b)))
            << "a batch of two did not keep cuBLAS";
    }
}

} // namespace
} // namespace linalg_test
