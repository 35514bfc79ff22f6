// Concurrent draws from one RandomState are serialised (CuPy's lock): each thread's draw is one
// contiguous piece of the stream a single thread would have drawn, and together they cover it.
#include "support/device_under_test.h"

#include <cstdint>
#include <cstring>
#include <gpucc/random/random_state.h>
#include <gtest/gtest.h>
#include <set>
#include <thread>
#include <vector>

namespace {

using gpucc::DType;
using gpucc::random::CurandMethod;
using gpucc::random::RandomState;

std::vector<std::uint32_t> bits_of(const gpucc::NDArray& array) {
    std::vector<std::uint32_t> bits(static_cast<std::size_t>(array.size()));
    array.copy_to_host(bits.data());
    return bits;
}

TEST(CurandThreads, ConcurrentDrawsTakeWholePiecesOfTheStream) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    const gpucc::Device device = gpucc_test::device_under_test();
    constexpr int kThreads = 4;
    constexpr std::int64_t kEach = 4096;
    RandomState reference(99, CurandMethod::PHILOX4_32_10, device);
    const std::vector<std::uint32_t> whole =
        bits_of(reference.random_sample({kThreads * kEach}, DType::Float32));

    RandomState shared(99, CurandMethod::PHILOX4_32_10, device);
    std::vector<std::vector<std::uint32_t>> drawn(kThreads);
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
        threads.emplace_back([&, t] {
            drawn[static_cast<std::size_t>(t)] =
                bits_of(shared.random_sample({kEach}, DType::Float32));
        });
    }
    for (std::thread& thread : threads) {
        thread.join();
    }
    std::set<int> pieces;
    for (const std::vector<std::uint32_t>& mine : drawn) {
        int found = -1;
        for (int piece = 0; piece < kThreads; ++piece) {
            if (std::memcmp(mine.data(), whole.data() + piece * kEach,
                            kEach * sizeof(std::uint32_t)) == 0) {
                found = piece;
            }
        }
        ASSERT_GE(found, 0) << "a thread's draw is not a whole piece of the single stream";
        pieces.insert(found);
    }
    EXPECT_EQ(pieces.size(), static_cast<std::size_t>(kThreads));
}

} // namespace
