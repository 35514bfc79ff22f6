// The host's vector Philox and the bounded integers built on it (runtime/src/random/
// host_philox.h, host_integers.h): every way this CPU has (baseline, AVX2, AVX-512) makes the
// words and keys of an independent Philox, at counts around its eight-block step and counters
// crossing 2^32 and wrapping at 2^64; host_integers32 gives integers32's values (an independent
// Lemire with its rejection words) for every integer dtype, at spans with few and with about half
// of the words rejected and the full 2^32; and Generator::integers on the CPU and on the device
// under test agree value for value; host_uniform_float64 gives uniform_float64's values; the
// keys kept below a limit (a choice's filter) are the reference keys below it.
#include "host_integers.h"
#include "host_philox.h"
#include "host_uniform.h"
#include "random_test_support.h"

#include <cstdint>
#include <gpucc/gpucc.h>
#include <limits>
#include <memory>
#include <span>
#include <utility>
#include <vector>

namespace {

using namespace random_test;
namespace rnd = gpucc::random;
using gpucc::DType;
using rnd::detail::PhiloxIsa;

constexpr std::uint64_t kSeed = 0xFEEDFACE12345678ull;

/// The vector Philox ways this CPU has (the baseline always).
std::vector<PhiloxIsa> supported_isas() {
    std::vector<PhiloxIsa> isas;
    for (const PhiloxIsa isa : {PhiloxIsa::Baseline, PhiloxIsa::Avx2, PhiloxIsa::Avx512}) {
        if (rnd::detail::philox_isa_supported(isa)) {
            isas.push_back(isa);
        }
    }
    return isas;
}

TEST(RandomHostPhilox, EveryWayMakesTheReferenceWordsAndKeys) {
    for (const PhiloxIsa isa : supported_isas()) {
        for (const std::uint64_t first :
             {std::uint64_t{0}, (std::uint64_t{1} << 32) - 9, ~std::uint64_t{0} - 4}) {
            for (const std::int64_t count : {0, 1, 7, 8, 9, 15, 16, 17, 1001}) {
                const std::size_t room = static_cast<std::size_t>(count) + 1; // one guard slot
                std::vector<std::uint64_t> keys(room, 0);
                std::vector<std::vector<std::uint32_t>> words(4, std::vector<std::uint32_t>(room));
                std::uint32_t* const out[4] = {words[0].data(), words[1].data(), words[2].data(),
                                               words[3].data()};
                rnd::detail::philox_keys(isa, kSeed, first, count, keys.data());
                rnd::detail::philox_words(isa, kSeed, first, count, out);
                ASSERT_EQ(keys.back(), 0u) << "wrote past the end";
                for (std::int64_t e = 0; e < count; ++e) {
                    const auto at = static_cast<std::size_t>(e);
                    const Block want = block_at(kSeed, first + static_cast<std::uint64_t>(e));
                    ASSERT_EQ(keys[at], (std::uint64_t{want[1]} << 32) | want[0])
                        << "isa " << static_cast<int>(isa) << ", first " << first << ", e " << e;
                    for (int j = 0; j < 4; ++j) {
                        ASSERT_EQ(words[static_cast<std::size_t>(j)][at], want[j])
                            << "isa " << static_cast<int>(isa) << ", word " << j << ", e " << e;
                    }
                }
            }
        }
    }
}

TEST(RandomHostPhilox, OneBlockIsTheReference) {
    std::uint32_t got[4];
    rnd::detail::philox_block(kSeed, 0x123456789ull, 3, 2, got);
    const Block want = block_at(kSeed, 0x123456789ull, 3, 2);
    for (int j = 0; j < 4; ++j) {
        EXPECT_EQ(got[j], want[j]) << "word " << j;
    }
}

/// host_integers32 into `tiles` tiles of T against the reference, low + value truncated to T.
template <class T>
void expect_reference_integers(DType dtype, std::uint64_t first, std::int64_t tiles,
                               std::int64_t low, std::uint32_t span_minus_1) {
    // A plain buffer: std::vector<bool> has no data().
    const auto got_buffer = std::make_unique<T[]>(static_cast<std::size_t>(tiles * 1024));
    const std::span<T> got(got_buffer.get(), static_cast<std::size_t>(tiles * 1024));
    rnd::detail::host_integers32(dtype, got.data(), tiles, kSeed, first,
                                 static_cast<std::uint64_t>(low), span_minus_1);
    for (std::size_t i = 0; i < got.size(); ++i) {
        const std::uint64_t value =
            reference_integer32(kSeed, first, static_cast<std::int64_t>(i), span_minus_1);
        ASSERT_EQ(got[i], static_cast<T>(static_cast<std::uint64_t>(low) + value))
            << gpucc::dtype_name(dtype) << ", span - 1 = " << span_minus_1 << ", element " << i;
    }
}

TEST(RandomHostIntegers, AreIntegers32sValuesForEveryDtype) {
    // A small span (few rejections), one just above 2^31 (about half rejected: the rejection
    // words in use), and the full 2^32 (no rejection, the word itself).
    const std::uint32_t half = (1u << 31);
    expect_reference_integers<bool>(DType::Bool, 3, 5, 0, 1);
    expect_reference_integers<std::int8_t>(DType::Int8, 5, 5, -128, 254);
    expect_reference_integers<std::uint8_t>(DType::UInt8, 9, 5, 0, 199);
    expect_reference_integers<std::int16_t>(DType::Int16, 11, 5, -1000, 29999);
    expect_reference_integers<std::uint16_t>(DType::UInt16, 13, 5, 7, 65000);
    expect_reference_integers<std::int32_t>(DType::Int32, 17, 9, -3, 999);
    expect_reference_integers<std::int32_t>(DType::Int32, 19, 9, -1000, half);
    expect_reference_integers<std::uint32_t>(DType::UInt32, (std::uint64_t{1} << 32) - 300, 5, 0,
                                             std::numeric_limits<std::uint32_t>::max());
    expect_reference_integers<std::int64_t>(DType::Int64, ~std::uint64_t{0} - 600, 5, -5, half);
    expect_reference_integers<std::uint64_t>(DType::UInt64, 23, 5, 1u << 20, 999);
}

// host_uniform_float64 is uniform_float64's value: exactly the 53-bit u for random() (low 0,
// range 1), and low + range * u rounded as the kernel's product and sum for another interval.
TEST(RandomHostUniform, IsUniformFloat64sValue) {
    for (const auto& [low, range] : {std::pair{0.0, 1.0}, std::pair{-3.0, 8.0}}) {
        constexpr std::int64_t kTiles = 5;
        const std::uint64_t first = (std::uint64_t{1} << 32) - 700; // counters cross 2^32
        std::vector<double> got(kTiles * 512);
        rnd::detail::host_uniform_float64(got.data(), kTiles, kSeed, first, low, range);
        for (std::size_t i = 0; i < got.size(); ++i) {
            const Source at = source_of(static_cast<std::int64_t>(i), 2);
            const Block b = block_at(kSeed, first + at.counter);
            const double u = unit53(b[2 * at.value], b[2 * at.value + 1]);
            const double product = range * u;
            ASSERT_EQ(got[i], low + product) << "low " << low << ", element " << i;
        }
    }
}

TEST(RandomHostIntegers, RejectsANonIntegerDtype) {
    float y[1024];
    EXPECT_THROW(rnd::detail::host_integers32(DType::Float32, y, 1, 1, 0, 0, 9), gpucc::TypeError);
}

// The same draws on the CPU (the host path) and on the device under test (the kernel on the
// GPU build; on the CPU build both are the host path and this checks determinism alone).
TEST(RandomHostIntegers, CpuAndDeviceUnderTestAgree) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    for (const std::int64_t high : {std::int64_t{1000}, (std::int64_t{1} << 31) + 1}) {
        rnd::Generator on_cpu(99);
        rnd::Generator on_device(99);
        const auto cpu =
            on_cpu.integers<std::int64_t>(-7, high, {70001}, false, gpucc::Device::cpu()).to_host();
        const auto device =
            on_device.integers<std::int64_t>(-7, high, {70001}, false, device_under_test())
                .to_host();
        EXPECT_TRUE(cpu == device) << "high " << high;
    }
}

} // namespace
