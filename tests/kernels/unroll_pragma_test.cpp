// `#pragma unroll` changes how a loop is compiled, never what it computes: the kernels of
// unroll_pragma.dsl run on random inputs and are compared with C++ references (and the unrolled
// tiles with the same loop written without the pragma). Built for the CPU target, where the
// pragma reaches the loops inside a thread's code, and for the GPU (label `gpu`, skipped with a
// message where there is none).
#include "kernel_test_support.h"
#include "unroll_pragma.gpucc.h"

#include <cstdint>
#include <gtest/gtest.h>
#include <vector>

namespace {

using gpucc::Array;
using gpucc::Dim3;

class UnrollPragma : public kernel_test::KernelTest<> {};

std::uint32_t tile_reference(std::uint32_t v, std::uint32_t k) {
    std::uint32_t h = v + k * 0x9E3779B9u;
    h = (h ^ (h >> 16)) * 0x85EBCA6Bu;
    h = (h ^ (h >> 13)) * 0xC2B2AE35u;
    return h ^ (h >> 16);
}

std::uint32_t chain_reference(std::uint32_t h, std::int32_t rounds) {
    for (std::int32_t k = 0; k < rounds; ++k) {
        h = (h ^ (h >> 15)) * 0x2C1B3C6Du + static_cast<std::uint32_t>(k);
    }
    std::int32_t j = 0;
    while (j < rounds) {
        h += (h << 3) ^ static_cast<std::uint32_t>(j);
        ++j;
    }
    do {
        h = h * 0x297A2D39u + 1u;
        --j;
    } while (j > 0);
    return h;
}

std::uint32_t blocks_for(std::size_t n, std::uint32_t block) {
    return static_cast<std::uint32_t>((n + block - 1) / block);
}

TEST_F(UnrollPragma, FullyUnrolledTilesMatchTheRolledLoopAndTheReference) {
    for (std::size_t n : {std::size_t{1}, std::size_t{37}, std::size_t{1000}, std::size_t{4099}}) {
        std::vector<std::uint32_t> host =
            random_vector<std::uint32_t>(static_cast<std::int64_t>(n), 0, 4294967295.0);
        Array<std::uint32_t> x = on_device(host);
        Array<std::uint32_t> unrolled = on_device(std::vector<std::uint32_t>(n * 8, 7u));
        Array<std::uint32_t> rolled = on_device(std::vector<std::uint32_t>(n * 8, 9u));
        up::tiles_unrolled(Dim3(blocks_for(n, 128)), 128, x, unrolled);
        up::tiles_rolled(Dim3(blocks_for(n, 128)), 128, x, rolled);
        std::vector<std::uint32_t> expected(n * 8);
        for (std::size_t i = 0; i < n; ++i) {
            for (std::uint32_t k = 0; k < 8; ++k) {
                expected[i * 8 + k] = tile_reference(host[i], k);
            }
        }
        EXPECT_EQ(unrolled.to_host(), expected) << "n = " << n;
        EXPECT_EQ(rolled.to_host(), expected) << "n = " << n;
    }
}

TEST_F(UnrollPragma, CountedDisabledAndDoWhileLoopsMatchTheReference) {
    const std::size_t n = 777;
    std::vector<std::uint32_t> host =
        random_vector<std::uint32_t>(static_cast<std::int64_t>(n), 0, 4294967295.0);
    Array<std::uint32_t> x = on_device(host);
    // Counts that leave every remainder of the unroll by 3 and by 4, and none at all.
    for (std::int32_t rounds : {0, 1, 2, 3, 4, 5, 7, 12, 31}) {
        Array<std::uint32_t> y = on_device(std::vector<std::uint32_t>(n, 3u));
        up::chain(Dim3(blocks_for(n, 64)), 64, x, y, rounds);
        std::vector<std::uint32_t> expected(n);
        for (std::size_t i = 0; i < n; ++i) {
            expected[i] = chain_reference(host[i], rounds);
        }
        EXPECT_EQ(y.to_host(), expected) << "rounds = " << rounds;
    }
}

TEST_F(UnrollPragma, BarrierLoopUnderThePragmaSumsEachBlock) {
    const std::size_t n = 256 * 5 + 77;
    std::vector<std::uint32_t> host =
        random_vector<std::uint32_t>(static_cast<std::int64_t>(n), 0, 1u << 20);
    Array<std::uint32_t> x = on_device(host);
    std::uint32_t blocks = blocks_for(n, 256);
    Array<std::uint32_t> out = on_device(std::vector<std::uint32_t>(blocks, 5u));
    up::block_tree_sum(Dim3(blocks), 256, x, out);
    std::vector<std::uint32_t> expected(blocks, 0u);
    for (std::size_t i = 0; i < n; ++i) {
        expected[i / 256] += host[i];
    }
    EXPECT_EQ(out.to_host(), expected);
}

} // namespace
