// The CPU target's BLAS and LAPACK are opened on first use, with gpucc's choice of OpenBLAS's
// kernels (runtime/src/linalg/cpu_blas_library.h). Its own executable, run twice by ctest: with
// the environment as CI has it (gpucc chooses the kernels: SkylakeX on an AMD processor with
// AVX-512, which /proc/cpuinfo is read for here, independently of the library's own check), and
// with OPENBLAS_CORETYPE=Haswell set by the user (their choice stands). Both check that neither
// library is open before the first product or decomposition, that a product opens OpenBLAS only,
// that a decomposition then opens LAPACKE, that the environment is as the user left it, and that
// the products are right with the kernels chosen.
#include "decomposition_test_support.h"
#include "linalg/cpu_blas_library.h"

#include <cctype>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace linalg_test {
namespace {

std::string lower(std::string text) {
    for (char& c : text) {
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    return text;
}

// "AuthenticAMD" with avx512f, avx512cd, avx512bw, avx512dq and avx512vl among the first
// processor's flags, read from /proc/cpuinfo.
bool cpuinfo_says_amd_with_avx512() {
    std::ifstream cpuinfo("/proc/cpuinfo");
    std::string line;
    bool amd = false;
    std::string flags;
    while (std::getline(cpuinfo, line)) {
        if (line.rfind("vendor_id", 0) == 0 && line.find("AuthenticAMD") != std::string::npos) {
            amd = true;
        }
        if (line.rfind("flags", 0) == 0) {
            flags = ' ';
            flags += line.substr(line.find(':') + 1);
            flags += ' ';
            break;
        }
    }
    for (const char* flag : {"avx512f", "avx512cd", "avx512bw", "avx512dq", "avx512vl"}) {
        std::string needle(1, ' ');
        needle += flag;
        needle += ' ';
        if (flags.find(needle) == std::string::npos) {
            return false;
        }
    }
    return amd;
}

const char* const kUserCoretype = std::getenv("OPENBLAS_CORETYPE"); // as the process started

TEST(CpuBlasLibrary, OpenedOnFirstUseWithTheChosenKernels) {
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

    const std::string kernels = gpucc::linalg::detail::openblas().corename();
    if (kUserCoretype != nullptr) {
        EXPECT_EQ(gpucc::linalg::detail::chosen_openblas_coretype(), "");
        EXPECT_EQ(lower(kernels), lower(kUserCoretype))
            << "the user's OPENBLAS_CORETYPE was not kept";
        ASSERT_NE(std::getenv("OPENBLAS_CORETYPE"), nullptr);
        EXPECT_STREQ(std::getenv("OPENBLAS_CORETYPE"), kUserCoretype);
    } else {
        EXPECT_EQ(std::getenv("OPENBLAS_CORETYPE"), nullptr) << "gpucc's choice leaked into the "
                                                                "environment";
        if (cpuinfo_says_amd_with_avx512()) {
            EXPECT_EQ(gpucc::linalg::detail::chosen_openblas_coretype(), "SkylakeX");
            EXPECT_EQ(lower(kernels), "skylakex") << "OpenBLAS did not take gpucc's choice";
        } else {
            EXPECT_EQ(gpucc::linalg::detail::chosen_openblas_coretype(), "");
        }
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
