// The CPU target's BLAS and LAPACK are opened on first use (runtime/src/linalg/cpu_blas_library.h):
// neither library is open before the first product or decomposition, a product opens OpenBLAS
// only, a decomposition then opens LAPACKE, and OpenBLAS starts under the process's environment
// (ctest runs this executable with OPENBLAS_CORETYPE unset and set to Haswell: with it set,
// OpenBLAS's kernels are those named). Its own executable, because any earlier test of a process
// may have opened the libraries.
#include "decomposition_test_support.h"
#include "linalg/cpu_blas_library.h"

#include <cctype>
#include <cstdlib>

namespace linalg_test {
namespace {

std::string lower(std::string text) {
    for (char& c : text) {
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    return text;
}

const char* const kUserCoretype = std::getenv("OPENBLAS_CORETYPE"); // as the process started

TEST(CpuBlasLibrary, OpenedOnFirstUse) {
    ASSERT_FALSE(library_loaded(GPUCC_OPENBLAS_SONAME)) << "OpenBLAS open before any product";
    ASSERT_FALSE(library_loaded(GPUCC_LAPACKE_SONAME)) << "LAPACKE open before any decomposition";

    // Above the small-product route: OpenBLAS's GEMM, checked against the host triple loop.
    std::mt19937_64 rng(1901);
    for (const DType dtype : {DType::Float32, DType::Float64}) {
        const NDArray a = random_float_array(rng, dtype, Shape{257, 300});
        const NDArray b = random_float_array(rng, dtype, Shape{300, 131});
        expect_matches(gpucc::matmul(a, b), reference_matmul(a, b, dtype), dtype,
                       std::string(gpucc::dtype_name(dtype)));
    }
    EXPECT_TRUE(library_loaded(GPUCC_OPENBLAS_SONAME)) << "a product above the small route "
                                                          "ran without OpenBLAS";
    EXPECT_FALSE(library_loaded(GPUCC_LAPACKE_SONAME)) << "a product opened LAPACKE";

    if (kUserCoretype != nullptr) {
        EXPECT_EQ(lower(gpucc::linalg::detail::openblas().corename()), lower(kUserCoretype))
            << "OpenBLAS did not start under the process's OPENBLAS_CORETYPE";
    }

    // A decomposition opens LAPACKE (over the OpenBLAS already open): L L^T of an SPD matrix.
    const HostMatrix spd = conditioned(rng, 40, 40, 100.0, /*spd=*/true);
    const HostMatrix l =
        download(gpucc::linalg::cholesky(upload({spd}, Shape{}, DType::Float64)))[0];
    EXPECT_TRUE(library_loaded(GPUCC_LAPACKE_SONAME)) << "cholesky ran without LAPACKE";
    EXPECT_LT(max_difference(multiply(l, transposed(l)), spd), 1e-12 * 40 * max_abs(spd));
}

} // namespace
} // namespace linalg_test
