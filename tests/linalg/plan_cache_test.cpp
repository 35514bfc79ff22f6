// The plan cache behind small GPU products (runtime/src/linalg/plan_cache.h, cublaslt_gemm.h):
// the cache itself (hits, least-recently-used replacement, a failed build changes nothing), and
// through matmul that a product whose plan comes from the cache gives the same bits as when the
// plan was made, after other shapes, dtypes, compute types, alignments, more shapes than the
// cache holds, and on other streams, each result also checked against the host reference. These
// shapes are below the crossover of matmul's small-product kernel (linalg/matmul_route.h), so the
// matmul cases force the cuBLAS route whose plans they test. In the CPU build the matmul cases
// run through OpenBLAS (no plans there, the same checks).
#include "linalg/matmul_route.h"
#include "linalg/plan_cache.h"
#include "linalg_test_support.h"

#include <stdexcept>

namespace linalg_test {
namespace {

using gpucc::linalg::detail::PlanCache;

TEST(PlanCache, HitsMissesAndReplacesTheLeastRecentlyUsed) {
    PlanCache<int, std::string, 3> cache;
    int built = 0;
    const auto make = [&](int key) {
        return [&built, key] {
            ++built;
            return "plan " + std::to_string(key);
        };
    };
    EXPECT_EQ(cache.find_or_make(1, make(1)), "plan 1");
    EXPECT_EQ(cache.find_or_make(2, make(2)), "plan 2");
    EXPECT_EQ(cache.find_or_make(3, make(3)), "plan 3");
    EXPECT_EQ(cache.find_or_make(1, make(1)), "plan 1"); // 2 is now the least recently used
    EXPECT_EQ(built, 3);
    EXPECT_EQ(cache.find_or_make(4, make(4)), "plan 4"); // replaces 2
    EXPECT_EQ(cache.size(), 3U);
    EXPECT_EQ(cache.find_or_make(3, make(3)), "plan 3");
    EXPECT_EQ(cache.find_or_make(1, make(1)), "plan 1");
    EXPECT_EQ(built, 4);
    EXPECT_EQ(cache.find_or_make(2, make(2)), "plan 2"); // built again, replaces 4
    EXPECT_EQ(built, 5);
    EXPECT_EQ(cache.find_or_make(4, make(4)), "plan 4"); // and 4 again, replacing 3
    EXPECT_EQ(built, 6);
    EXPECT_EQ(cache.hits(), 3U);
    EXPECT_EQ(cache.misses(), 6U);
}

TEST(PlanCache, AFailedBuildLeavesTheCacheAsItWas) {
    PlanCache<int, int, 2> cache;
    EXPECT_EQ(cache.find_or_make(7, [] { return 70; }), 70);
    EXPECT_THROW(cache.find_or_make(8, []() -> int { throw std::runtime_error("no plan"); }),
                 std::runtime_error);
    EXPECT_EQ(cache.size(), 1U);
    EXPECT_EQ(cache.misses(), 1U);
    EXPECT_EQ(cache.find_or_make(8, [] { return 80; }), 80);
    EXPECT_EQ(cache.find_or_make(7, [] { return -1; }), 70);
}

// One product of the sequence: a (m x k) @ b (k x n) in `dtype`, a transposed or shifted by one
// element (an address aligned to the element size only) as asked, TF32 on or off.
struct Case {
    std::int64_t m, k, n;
    DType dtype;
    bool transpose_a = false;
    bool shift_b = false;
    bool tf32 = false;
};

struct Prepared {
    NDArray a, b;
    Reference reference;
};

Prepared prepare(std::mt19937_64& rng, const Case& c) {
    NDArray a = c.transpose_a ? random_float_array(rng, c.dtype, Shape{c.k, c.m}).transpose()
                              : random_float_array(rng, c.dtype, Shape{c.m, c.k});
    NDArray b = random_float_array(rng, c.dtype, Shape{c.k * c.n + 1});
    const std::int64_t start = c.shift_b ? 1 : 0;
    b = b(gpucc::Slice(start, start + c.k * c.n)).reshape(Shape{c.k, c.n});
    Reference reference = reference_matmul(a, b, c.dtype);
    return Prepared{std::move(a), std::move(b), std::move(reference)};
}

std::string describe(const Case& c) {
    std::ostringstream text;
    text << c.m << "x" << c.k << " @ " << c.k << "x" << c.n << " " << gpucc::dtype_name(c.dtype)
         << (c.transpose_a ? " a transposed" : "") << (c.shift_b ? " b shifted" : "")
         << (c.tf32 ? " tf32" : "");
    return text.str();
}

TEST(MatmulGpu, CachedPlansGiveTheSameBitsAcrossShapesAndStreams) {
    LINALG_SKIP_WITHOUT_DEVICE();
    using gpucc::linalg::detail::ForcedMatmulRoute;
    using gpucc::linalg::detail::MatmulRoute;
    const ForcedMatmulRoute blas(MatmulRoute::Blas); // on this thread, the StreamGuard's too
    std::mt19937_64 rng(19);
    std::vector<Case> cases = {
        {64, 64, 64, DType::Float32},       {64, 64, 64, DType::Float32, false, false, true},
        {64, 64, 64, DType::Float32, true}, {64, 64, 64, DType::Float32, false, true},
        {33, 31, 65, DType::Float16},       {33, 31, 65, DType::BFloat16, true, true},
        {1, 96, 7, DType::Float64},         {257, 33, 31, DType::Float32},
    };
    // More distinct shapes than a thread's cache holds (32), so the first ones are made again.
    for (std::int64_t i = 0; i < 40; ++i) {
        cases.push_back({8 + i, 16, 9 + (i % 5), DType::Float32});
    }
    std::vector<Prepared> prepared;
    for (const Case& c : cases) {
        prepared.push_back(prepare(rng, c));
    }
    const Device dev = device_under_test();
    const auto run = [&](std::size_t i) {
        gpucc::linalg::Tf32Guard tf32(cases[i].tf32);
        return host_doubles(gpucc::matmul(prepared[i].a, prepared[i].b));
    };
    std::vector<std::vector<double>> first;
    for (std::size_t i = 0; i < cases.size(); ++i) {
        gpucc::linalg::Tf32Guard tf32(cases[i].tf32);
        const NDArray c = gpucc::matmul(prepared[i].a, prepared[i].b);
        if (!cases[i].tf32) {
            expect_matches(c, prepared[i].reference, cases[i].dtype, describe(cases[i]));
        }
        first.push_back(host_doubles(c));
    }
    const auto again = [&](const char* where) {
        for (std::size_t i = cases.size(); i-- > 0;) {
            EXPECT_EQ(run(i), first[i]) << describe(cases[i]) << " " << where;
        }
        // Twice in a row, the second from the last hit.
        EXPECT_EQ(run(0), first[0]) << describe(cases[0]) << " " << where;
        EXPECT_EQ(run(0), first[0]) << describe(cases[0]) << " " << where;
    };
    again("on the same stream");
    if (dev.is_cpu()) {
        return;
    }
    gpucc::Stream stream(dev, gpucc::StreamKind::NonBlocking);
    {
        gpucc::StreamGuard on(stream);
        again("on another stream");
    }
    again("back on the first stream");
}

} // namespace
} // namespace linalg_test
