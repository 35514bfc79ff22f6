// A program whose only matrix products are small never loads cuBLAS: matmul's small-product
// route (runtime/src/linalg/matmul_route.h) touches no cuBLAS handle, plan or workspace, so
// libcublas.so.13 and libcublasLt.so.13 stay unopened (asked with dlopen's RTLD_NOLOAD, which
// opens nothing). Its own executable, because any earlier test of a process may have loaded the
// library. A product above the crossover then loads it, which shows the check can fail. On the
// CPU target no product loads cuBLAS.
#include "linalg/small_gemm.h"
#include "linalg_test_support.h"

#include <algorithm>

namespace linalg_test {
namespace {

TEST(MatmulSmallRoute, SmallProductsAloneNeverLoadCublas) {
    LINALG_SKIP_WITHOUT_DEVICE();
    ASSERT_FALSE(library_loaded("libcublas.so.13")) << "cuBLAS was loaded before any product";
    std::mt19937_64 rng(4019);
    const DType dtypes[] = {DType::Float16, DType::BFloat16, DType::Float32, DType::Float64};
    for (const DType dtype : dtypes) {
        const std::string name(gpucc::dtype_name(dtype));
        const NDArray a = random_float_array(rng, dtype, Shape{64, 48});
        const NDArray b = random_float_array(rng, dtype, Shape{48, 33});
        const NDArray out = gpucc::empty(Shape{64, 33}, dtype, device_under_test());
        expect_matches(gpucc::matmul(a, b), reference_matmul(a, b, dtype), dtype, name);
        gpucc::matmul(a, b, out);
        expect_matches(out, reference_matmul(a, b, dtype), dtype, name + " given output");
        (void)gpucc::dot(a(0), b(gpucc::Slice(), 0)); // a 1-d product through dot
    }
    EXPECT_FALSE(library_loaded("libcublas.so.13")) << "a small product loaded cuBLAS";
    EXPECT_FALSE(library_loaded("libcublasLt.so.13")) << "a small product loaded cuBLASLt";
    if (!device_under_test().is_cuda()) {
        return;
    }
    // Above the crossover: cuBLAS, now loaded.
    const std::int64_t m = std::max(gpucc::linalg::detail::small_gemm_cube(DType::Float32).rows,
                                    gpucc::linalg::detail::kSmallGemmWide.rows) +
                           1;
    const NDArray a = random_float_array(rng, DType::Float32, Shape{m, 16});
    const NDArray b = random_float_array(rng, DType::Float32, Shape{16, 8});
    expect_matches(gpucc::matmul(a, b), reference_matmul(a, b, DType::Float32), DType::Float32,
                   "above the crossover");
    EXPECT_TRUE(library_loaded("libcublas.so.13")) << "the product above the crossover ran "
                                                      "without cuBLAS (the check cannot fail?)";
}

} // namespace
} // namespace linalg_test
