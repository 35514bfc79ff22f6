// The pool limit's spellings (parse_memory_limit, CuPy's _parse_limit_string) and the environment
// variables a new pool reads: GPUCC_GPU_MEMORY_LIMIT, else CUPY_GPU_MEMORY_LIMIT.
#include "gpucc/errors.h"
#include "gpucc/memory/pool.h"
#include "memory/fake_upstream.h"

#include <cstdlib>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <memory>
#include <optional>
#include <string>

namespace gpucc::testing_support {
namespace {

using testing::HasSubstr;

TEST(ParseMemoryLimit, Bytes) {
    const MemoryLimit limit = parse_memory_limit("1073741824", "X");
    EXPECT_FALSE(limit.is_fraction);
    EXPECT_EQ(limit.bytes, std::size_t{1} << 30);
    EXPECT_EQ(limit.resolve(12345), std::size_t{1} << 30);
    EXPECT_EQ(parse_memory_limit("0", "X").bytes, 0U);
    EXPECT_EQ(parse_memory_limit("18446744073709551615", "X").bytes,
              std::size_t{18446744073709551615ULL});
}

TEST(ParseMemoryLimit, Percentages) {
    const MemoryLimit half = parse_memory_limit("50%", "X");
    EXPECT_TRUE(half.is_fraction);
    EXPECT_DOUBLE_EQ(half.fraction, 0.5);
    EXPECT_EQ(half.resolve(1000), 500U);
    EXPECT_DOUBLE_EQ(parse_memory_limit("12.5%", "X").fraction, 0.125);
    EXPECT_EQ(parse_memory_limit("12.5%", "X").resolve(1001), 125U); // rounds down
    EXPECT_DOUBLE_EQ(parse_memory_limit("100%", "X").fraction, 1.0);
    EXPECT_DOUBLE_EQ(parse_memory_limit("0%", "X").fraction, 0.0);
    EXPECT_DOUBLE_EQ(parse_memory_limit(".5%", "X").fraction, 0.005);
}

TEST(ParseMemoryLimit, EmptyIsNoLimit) {
    const MemoryLimit none = parse_memory_limit("", "X");
    EXPECT_FALSE(none.is_fraction);
    EXPECT_EQ(none.bytes, 0U);
}

TEST(ParseMemoryLimit, BadSpellingsAreValueErrors) {
    for (const char* bad : {"abc", "-5", "+5", " 5", "5 ", "1e9", "5.5", "0x10", "%", "-1%", "101%",
                            "150%", "nan%", "inf%", "5%%", "1 GiB"}) {
        EXPECT_THROW((void)parse_memory_limit(bad, "GPUCC_GPU_MEMORY_LIMIT"), ValueError) << bad;
    }
}

TEST(ParseMemoryLimit, TheMessageNamesTheSourceWhatWasExpectedAndTheText) {
    try {
        (void)parse_memory_limit("lots", "GPUCC_GPU_MEMORY_LIMIT");
        FAIL() << "no error";
    } catch (const ValueError& e) {
        EXPECT_STREQ(e.what(), "GPUCC_GPU_MEMORY_LIMIT=\"lots\" is not a memory limit: expected a "
                               "number of bytes (such as 1073741824) or a percentage of the "
                               "device's memory from 0 to 100 (such as 50%)");
    }
    try {
        (void)parse_memory_limit("150%", "CUPY_GPU_MEMORY_LIMIT");
        FAIL() << "no error";
    } catch (const ValueError& e) {
        EXPECT_THAT(e.what(), HasSubstr("CUPY_GPU_MEMORY_LIMIT=\"150%\""));
        EXPECT_THAT(e.what(), HasSubstr("; a percentage above 100"));
    }
    try {
        (void)parse_memory_limit("99999999999999999999999", "X");
        FAIL() << "no error";
    } catch (const ValueError& e) {
        EXPECT_THAT(e.what(), HasSubstr("; the number is too large"));
    }
}

/// Sets (or unsets, for nullopt) an environment variable for the life of the object.
class ScopedEnv {
public:
    ScopedEnv(const char* name, std::optional<std::string> value) : name_(name) {
        if (const char* old = std::getenv(name)) {
            old_ = old;
        }
        if (value) {
            ::setenv(name, value->c_str(), 1);
        } else {
            ::unsetenv(name);
        }
    }
    ~ScopedEnv() {
        if (old_) {
            ::setenv(name_, old_->c_str(), 1);
        } else {
            ::unsetenv(name_);
        }
    }
    ScopedEnv(const ScopedEnv&) = delete;
    ScopedEnv& operator=(const ScopedEnv&) = delete;

private:
    const char* name_;
    std::optional<std::string> old_;
};

std::size_t limit_of_a_new_pool() {
    SingleDeviceMemoryPool pool(
        std::make_unique<FakeUpstream>(std::make_shared<FakeUpstreamLog>()));
    return pool.get_limit();
}

constexpr std::size_t kFakeCapacity = std::size_t{64} << 20;

TEST(MemoryLimitEnvironment, NeitherVariableIsNoLimit) {
    const ScopedEnv gpucc("GPUCC_GPU_MEMORY_LIMIT", std::nullopt);
    const ScopedEnv cupy("CUPY_GPU_MEMORY_LIMIT", std::nullopt);
    EXPECT_EQ(limit_of_a_new_pool(), 0U);
    EXPECT_FALSE(memory_limit_from_environment().is_fraction);
    EXPECT_EQ(memory_limit_from_environment().bytes, 0U);
}

TEST(MemoryLimitEnvironment, GpuccVariableInBytesOrPercent) {
    const ScopedEnv cupy("CUPY_GPU_MEMORY_LIMIT", std::nullopt);
    {
        const ScopedEnv gpucc("GPUCC_GPU_MEMORY_LIMIT", "1048576");
        EXPECT_EQ(limit_of_a_new_pool(), std::size_t{1} << 20);
    }
    {
        const ScopedEnv gpucc("GPUCC_GPU_MEMORY_LIMIT", "50%");
        EXPECT_EQ(limit_of_a_new_pool(), kFakeCapacity / 2);
    }
}

TEST(MemoryLimitEnvironment, CupyVariableIsTheFallback) {
    const ScopedEnv gpucc("GPUCC_GPU_MEMORY_LIMIT", std::nullopt);
    const ScopedEnv cupy("CUPY_GPU_MEMORY_LIMIT", "25%");
    EXPECT_EQ(limit_of_a_new_pool(), kFakeCapacity / 4);
    const ScopedEnv empty_gpucc("GPUCC_GPU_MEMORY_LIMIT", "");
    EXPECT_EQ(limit_of_a_new_pool(), kFakeCapacity / 4); // empty counts as unset
}

TEST(MemoryLimitEnvironment, GpuccVariableWins) {
    const ScopedEnv gpucc("GPUCC_GPU_MEMORY_LIMIT", "4096");
    const ScopedEnv cupy("CUPY_GPU_MEMORY_LIMIT", "25%");
    EXPECT_EQ(limit_of_a_new_pool(), 4096U);
}

TEST(MemoryLimitEnvironment, TheLimitIsEnforced) {
    const ScopedEnv gpucc("GPUCC_GPU_MEMORY_LIMIT", "4096");
    SingleDeviceMemoryPool pool(
        std::make_unique<FakeUpstream>(std::make_shared<FakeUpstreamLog>()));
    const StreamRef stream(Device::cuda(0), nullptr);
    void* all = pool.allocate(4096, stream);
    EXPECT_THROW((void)pool.allocate(512, stream), OutOfMemory);
    pool.set_limit(0); // set_limit overrides the environment
    void* more = pool.allocate(512, stream);
    pool.deallocate(more);
    pool.deallocate(all);
}

TEST(MemoryLimitEnvironment, ABadValueFailsThePoolsCreation) {
    const ScopedEnv gpucc("GPUCC_GPU_MEMORY_LIMIT", "half");
    try {
        (void)limit_of_a_new_pool();
        FAIL() << "no error";
    } catch (const ValueError& e) {
        EXPECT_THAT(e.what(), HasSubstr("GPUCC_GPU_MEMORY_LIMIT=\"half\" is not a memory limit"));
    }
}

} // namespace
} // namespace gpucc::testing_support
