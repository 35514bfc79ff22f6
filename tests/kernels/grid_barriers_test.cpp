// Jit-style kernels with barriers, shared memory and shuffles (grid_barriers.dsl), run for real
// against sequential C++ references on random inputs: a scan with two barriers in a loop over
// 1-, 2- and 3-D blocks of sizes that are and are not multiples of 32, shared arrays of seven
// types, dynamic shared memory, barriers in while and do-while loops with break and continue and
// in a branch, every shuffle over widths, deltas and partial warps, a two-stage block reduction
// and a 32 x 32 tiled matmul; launches queued on a stream behind a gate, in order, with an
// argument freed before they run. One body for both targets (tests/CpuGpuTests.cmake): on the CPU
// these run as thread loops cut at each barrier, on the GPU as CUDA runs them.
#include "grid_barriers.gpucc.h"
#include "kernel_test_support.h"

#include <cstdint>
#include <future>
#include <gpucc/device/stream.h>
#include <gtest/gtest.h>
#include <string>
#include <vector>

namespace {

using gpucc::Array;
using gpucc::Dim3;
using gpucc::LaunchConfig;

class GridBarriers : public kernel_test::KernelTest<> {};

std::string text(Dim3 d) {
    return "(" + std::to_string(d.x) + ", " + std::to_string(d.y) + ", " + std::to_string(d.z) +
           ")";
}

template <class T>
void check_scan(GridBarriers& test, std::size_t n, Dim3 block) {
    std::vector<T> host = test.random_vector<T>(static_cast<std::int64_t>(n), -100, 100);
    Array<T> x = test.on_device(host);
    Array<T> y = test.on_device(std::vector<T>(n, T(0)));
    const std::size_t threads = block.count();
    gb::block_scan(Dim3(static_cast<std::uint32_t>((n + threads - 1) / threads)), block, x, y);
    std::vector<T> got = y.to_host();
    T running = T(0);
    for (std::size_t i = 0; i < n; ++i) {
        running = i % threads == 0 ? host[i] : running + host[i];
        if constexpr (std::is_integral_v<T>) {
            ASSERT_EQ(got[i], running) << "element " << i << ", block " << text(block);
        } else {
            ASSERT_NEAR(got[i], running, 1e-9) << "element " << i << ", block " << text(block);
        }
    }
}

TEST_F(GridBarriers, ScanWithTwoBarriersPerStepOverBlockShapes) {
    for (Dim3 block : {Dim3(1), Dim3(7), Dim3(32), Dim3(33), Dim3(100), Dim3(1024), Dim3(4, 3, 2),
                       Dim3(10, 10, 10), Dim3(32, 32, 1), Dim3(5, 1, 7), Dim3(3, 17)}) {
        check_scan<std::int32_t>(*this, 3001, block);
    }
    check_scan<double>(*this, 5000, Dim3(96));
    check_scan<double>(*this, 777, Dim3(8, 8, 4));
}

/// Each block's part reversed through a static (Dynamic false) or dynamic shared array.
template <class T, bool Dynamic>
void check_reverse(GridBarriers& test, std::size_t n, std::uint32_t block) {
    std::vector<T> host = test.random_vector<T>(static_cast<std::int64_t>(n), -100, 100);
    std::vector<T> before = test.random_vector<T>(static_cast<std::int64_t>(n), -100, 100);
    Array<T> x = test.on_device(host);
    Array<T> y = test.on_device(before);
    auto blocks = static_cast<std::uint32_t>((n + block - 1) / block);
    if constexpr (Dynamic) {
        gb::reverse_dynamic(LaunchConfig{blocks, block, block * sizeof(T), {}}, x, y);
    } else {
        gb::reverse_shared(Dim3(blocks), Dim3(block), x, y);
    }
    std::vector<T> got = y.to_host();
    for (std::size_t i = 0; i < n; ++i) {
        std::size_t base = i / block * block;
        std::size_t from = base + (block - 1 - (i - base));
        T expected = from < n ? host[from] : before[i];
        ASSERT_EQ(got[i], expected) << "element " << i << ", block " << block;
    }
}

TEST_F(GridBarriers, SharedArraysOfSeveralTypes) {
    for (std::uint32_t block : {256U, 100U, 37U, 1U}) {
        check_reverse<std::int8_t, false>(*this, 1000, block);
        check_reverse<std::int16_t, false>(*this, 1000, block);
        check_reverse<std::int64_t, false>(*this, 1000, block);
        check_reverse<std::uint32_t, false>(*this, 1000, block);
        check_reverse<gpucc::float16, false>(*this, 1000, block);
        check_reverse<float, false>(*this, 1000, block);
        check_reverse<double, false>(*this, 1000, block);
    }
}

TEST_F(GridBarriers, DynamicSharedMemory) {
    for (std::uint32_t block : {1024U, 256U, 100U, 3U}) {
        check_reverse<std::int32_t, true>(*this, 5000, block);
        check_reverse<double, true>(*this, 5000, block);
    }
}

TEST_F(GridBarriers, BarriersInWhileAndDoWhileWithBreakAndContinue) {
    const std::size_t n = 1000;
    std::vector<std::int32_t> host = random_vector<std::int32_t>(n, -1000, 1000);
    Array<std::int32_t> x = on_device(host);
    for (int limit : {0, 1, 4, 7}) {
        for (std::uint32_t block : {64U, 100U}) {
            Array<std::int32_t> out = on_device(std::vector<std::int32_t>(n, -1));
            gb::rounds(Dim3(static_cast<std::uint32_t>((n + block - 1) / block)), Dim3(block), x,
                       out, limit);
            std::vector<std::int32_t> got = out.to_host();
            for (std::size_t i = 0; i < n; ++i) {
                // The kernel's loops for one thread, run on their own.
                std::int32_t sum = 0, round = 0, counter = 0;
                while (true) {
                    round += 1;
                    if (round % 2 == 1) {
                        continue;
                    }
                    counter += 1;
                    if (counter > limit) {
                        break;
                    }
                    sum += host[i];
                }
                do {
                    sum /= 2;
                    round -= 4;
                } while (round > 0);
                ASSERT_EQ(got[i], sum) << "element " << i << ", limit " << limit;
            }
        }
    }
}

TEST_F(GridBarriers, BarriersInsideABranchTheBlockTakesAlike) {
    for (std::uint32_t block : {64U, 100U, 512U}) {
        const std::size_t n = 5 * std::size_t{block};
        std::vector<float> host = random_vector<float>(static_cast<std::int64_t>(n), -1, 1);
        Array<float> x = on_device(host);
        Array<float> y = on_device(std::vector<float>(n, 0.0f));
        gb::rotate_by_block(Dim3(5), Dim3(block), x, y);
        std::vector<float> got = y.to_host();
        for (std::size_t i = 0; i < n; ++i) {
            std::size_t b = i / block, t = i % block;
            std::size_t from = b % 2 == 1 ? (t + 1) % block : (t + block - 1) % block;
            ASSERT_EQ(got[i], host[b * block + from]) << "element " << i << ", block " << block;
        }
    }
}

/// The source thread of a shuffle in its block by PTX's shfl.sync rules, or -1 when that lane
/// does not exist in the block (its value is undefined on the GPU).
long shuffle_source(int op, std::uint32_t t, std::uint32_t block, int delta, int width) {
    const long lane = t % 32, warp_base = long(t) - lane;
    const long first = lane & ~long(width - 1), last = first + width - 1;
    long source = lane;
    switch (op) {
    case 0: // idx
        source = first + (delta & (width - 1));
        break;
    case 1: // up
        source = lane - delta >= first ? lane - delta : lane;
        break;
    case 2: // down
        source = lane + delta <= last ? lane + delta : lane;
        break;
    default: // xor
        source = (lane ^ delta) <= last ? lane ^ delta : lane;
        break;
    }
    return warp_base + source < long(block) ? warp_base + source : -1;
}

template <class T>
void check_shuffle_all(GridBarriers& test, std::uint32_t block, int delta, int width) {
    const std::size_t n = 3 * std::size_t{block};
    std::vector<T> host = test.random_vector<T>(static_cast<std::int64_t>(n), -1000, 1000);
    Array<T> x = test.on_device(host);
    Array<T> out = test.on_device(std::vector<T>(4 * n, T(0)));
    gb::shuffle_all(Dim3(3), Dim3(block), x, out, delta, width);
    std::vector<T> got = out.to_host();
    for (std::size_t i = 0; i < n; ++i) {
        auto t = static_cast<std::uint32_t>(i % block);
        for (int op = 0; op < 4; ++op) {
            long source = shuffle_source(op, t, block, delta, width);
            if (source < 0) {
                continue;
            }
            T expected = host[i - t + static_cast<std::size_t>(source)] + T(op == 2 ? 1 : 0);
            ASSERT_EQ(got[4 * i + static_cast<std::size_t>(op)], expected)
                << "thread " << t << ", op " << op << ", block " << block << ", delta " << delta
                << ", width " << width;
        }
    }
}

TEST_F(GridBarriers, EveryShuffleOverWidthsDeltasAndPartialWarps) {
    for (std::uint32_t block : {32U, 64U, 100U, 45U, 1U}) {
        for (int width : {32, 16, 8, 4}) {
            for (int delta : {1, 3, 5, 17}) {
                check_shuffle_all<std::int32_t>(*this, block, delta, width);
            }
        }
        check_shuffle_all<float>(*this, block, 2, 32);
        check_shuffle_all<std::int64_t>(*this, block, 6, 16);
    }
}

TEST_F(GridBarriers, TwoStageBlockReductionWithOneWarpUnderIf) {
    const std::size_t n = 50000;
    std::vector<double> host = random_vector<double>(static_cast<std::int64_t>(n), -1, 1);
    Array<double> x = on_device(host);
    for (std::uint32_t block : {32U, 96U, 256U, 1024U}) {
        auto blocks = static_cast<std::uint32_t>((n + block - 1) / block);
        Array<double> out = on_device(std::vector<double>(blocks, 0.0));
        gb::block_reduce(Dim3(blocks), Dim3(block), x, out);
        std::vector<double> got = out.to_host();
        for (std::uint32_t b = 0; b < blocks; ++b) {
            double expected = 0;
            for (std::size_t i = std::size_t{b} * block;
                 i < std::min(n, std::size_t{b + 1} * block); ++i) {
                expected += host[i];
            }
            ASSERT_NEAR(got[b], expected, 1e-9) << "block " << b << " of " << block;
        }
    }
}

TEST_F(GridBarriers, TiledMatmul32) {
    for (int n : {32, 33, 100, 130}) {
        std::vector<float> ha = random_vector<float>(std::int64_t{n} * n, -1, 1);
        std::vector<float> hb = random_vector<float>(std::int64_t{n} * n, -1, 1);
        Array<float> a = on_device(ha);
        Array<float> b = on_device(hb);
        Array<float> c = on_device(std::vector<float>(std::size_t(n) * n, 0.0f));
        auto tiles = static_cast<std::uint32_t>((n + 31) / 32);
        gb::matmul_tiled32(Dim3(tiles, tiles), Dim3(32, 32), a, b, c, n);
        std::vector<float> got = c.to_host();
        for (int i = 0; i < n; ++i) {
            for (int j = 0; j < n; ++j) {
                double expected = 0;
                for (int k = 0; k < n; ++k) {
                    expected += double(ha[i * n + k]) * hb[k * n + j];
                }
                ASSERT_NEAR(got[i * n + j], expected, 1e-4) << n << ": " << i << ", " << j;
            }
        }
    }
}

TEST_F(GridBarriers, LaunchesQueueOnAStreamInOrder) {
    const std::size_t n = 3000;
    const gpucc::Stream s(device_, gpucc::StreamKind::NonBlocking);
    std::vector<std::int32_t> host = random_vector<std::int32_t>(std::int64_t{n}, -100, 100);
    Array<std::int32_t> y = on_device(std::vector<std::int32_t>(n, 0));
    Array<std::int32_t> z = on_device(std::vector<std::int32_t>(n, 0));
    const LaunchConfig scan{Dim3(3), Dim3(1000), 0, s.ref()};
    const LaunchConfig reverse{Dim3(3), Dim3(1000), 1000 * sizeof(std::int32_t), s.ref()};
    {
        // Each kernel once before the gate: on a GPU the first launch loads the module, which
        // may wait for the device, which would wait for the gate.
        Array<std::int32_t> warm = on_device(host);
        gb::block_scan(scan, warm, y);
        gb::reverse_dynamic(reverse, y, z);
        s.synchronize();
    }
    y = on_device(std::vector<std::int32_t>(n, 0));
    z = on_device(std::vector<std::int32_t>(n, 0));
    Array<std::int32_t> x;
    {
        // Made on s, so its memory goes back to s's arena when freed and is reused in s's order.
        const gpucc::StreamGuard on(s);
        x = on_device(host);
    }
    s.synchronize();
    std::promise<void> gate;
    std::shared_future<void> opened = gate.get_future().share();
    s.launch_host_func([opened] { opened.wait(); });
    gb::block_scan(scan, x, y);
    x = Array<std::int32_t>();          // freed before the launch that reads it has run
    gb::reverse_dynamic(reverse, y, z); // after the scan, in the stream's order
    EXPECT_FALSE(s.done());
    gate.set_value();
    s.synchronize();
    std::vector<std::int32_t> got = z.to_host();
    std::vector<std::int32_t> scanned(n);
    for (std::size_t i = 0; i < n; ++i) {
        scanned[i] = i % 1000 == 0 ? host[i] : scanned[i - 1] + host[i];
    }
    for (std::size_t i = 0; i < n; ++i) {
        std::size_t base = i / 1000 * 1000;
        ASSERT_EQ(got[i], scanned[base + 999 - (i - base)]) << "element " << i;
    }
}

} // namespace
