// GPUCC_CUDA_PER_THREAD_DEFAULT_STREAM (and CuPy's CUPY_CUDA_PER_THREAD_DEFAULT_STREAM): the
// accepted values, the error for others, and which variable wins. No GPU needed.
#include "gpucc/device/stream.h"
#include "gpucc/errors.h"

#include <cstdlib>
#include <gtest/gtest.h>
#include <string>

namespace {

class PerThreadEnvironment : public testing::Test {
protected:
    void SetUp() override { clear(); }
    void TearDown() override { clear(); }
    static void clear() {
        ::unsetenv("GPUCC_CUDA_PER_THREAD_DEFAULT_STREAM");
        ::unsetenv("CUPY_CUDA_PER_THREAD_DEFAULT_STREAM");
    }
};

TEST(PerThreadParse, Values) {
    EXPECT_TRUE(gpucc::parse_per_thread_default_stream("1", "X"));
    EXPECT_FALSE(gpucc::parse_per_thread_default_stream("0", "X"));
    EXPECT_FALSE(gpucc::parse_per_thread_default_stream("", "X"));
    for (const char* bad : {"2", "yes", "true", " 1", "01"}) {
        try {
            (void)gpucc::parse_per_thread_default_stream(bad,
                                                         "GPUCC_CUDA_PER_THREAD_DEFAULT_STREAM");
            FAIL() << bad;
        } catch (const gpucc::ValueError& e) {
            EXPECT_EQ(std::string(e.what()),
                      std::string("GPUCC_CUDA_PER_THREAD_DEFAULT_STREAM=\"") + bad +
                          "\" is not valid: expected 1 (use the per-thread default stream) or 0");
        }
    }
}

TEST_F(PerThreadEnvironment, Unset) {
    EXPECT_FALSE(gpucc::per_thread_default_stream_from_environment());
}

TEST_F(PerThreadEnvironment, CupysVariable) {
    ::setenv("CUPY_CUDA_PER_THREAD_DEFAULT_STREAM", "1", 1);
    EXPECT_TRUE(gpucc::per_thread_default_stream_from_environment());
    ::setenv("CUPY_CUDA_PER_THREAD_DEFAULT_STREAM", "on", 1);
    EXPECT_THROW((void)gpucc::per_thread_default_stream_from_environment(), gpucc::ValueError);
}

TEST_F(PerThreadEnvironment, GpuccsVariableWins) {
    ::setenv("CUPY_CUDA_PER_THREAD_DEFAULT_STREAM", "1", 1);
    ::setenv("GPUCC_CUDA_PER_THREAD_DEFAULT_STREAM", "0", 1);
    EXPECT_FALSE(gpucc::per_thread_default_stream_from_environment());
    ::setenv("GPUCC_CUDA_PER_THREAD_DEFAULT_STREAM", "", 1); // empty is unset
    EXPECT_TRUE(gpucc::per_thread_default_stream_from_environment());
}

} // namespace
