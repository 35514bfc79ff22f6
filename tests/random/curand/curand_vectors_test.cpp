// RandomState against CuPy 14.2's own output (tests/random/data/cupy14_random_state.txt, made by
// record_cupy_vectors.py on an H100/H200): every cuRAND method, every drawing call, float32 and
// float64, odd and even sizes, the first values bit for bit and a checksum of every value of a
// 65,537-element draw. The CPU build checks what cuRAND's host generator reproduces (uniforms and
// integers; MT19937 on one record, its host set-up being slow) and that normals there are
// refused; the GPU build checks everything, sequences of calls on one RandomState included.
#include "support/device_under_test.h"

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <gpucc/errors.h>
#include <gpucc/random/random_state.h>
#include <gtest/gtest.h>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace {

using gpucc::DType;
using gpucc::NDArray;
using gpucc::random::CurandMethod;
using gpucc::random::RandomState;

struct Record {
    std::string method;
    std::uint64_t seed = 0;
    std::string call;
    std::string dtype;
    std::int64_t size = 0;
    std::string p1, p2;
    std::uint64_t checksum = 0;
    std::vector<std::uint64_t> values;
    int part = -1; // sequence part, -1 for a single call
};

std::string vectors_path() {
    if (const char* path = std::getenv("GPUCC_CURAND_VECTORS"); path != nullptr && *path != 0) {
        return path;
    }
    if (std::ifstream(GPUCC_CURAND_VECTORS).good()) {
        return GPUCC_CURAND_VECTORS;
    }
    return "tests/random/data/cupy14_random_state.txt"; // from the repository's root
}

std::vector<Record> load_records() {
    std::ifstream in(vectors_path());
    std::vector<Record> records;
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') {
            continue;
        }
        std::istringstream fields(line);
        std::string kind, seed, word;
        Record r;
        fields >> kind >> r.method >> seed;
        r.seed = std::stoull(seed);
        if (kind == "R") {
            std::string checksum;
            fields >> r.call >> r.dtype >> r.size >> r.p1 >> r.p2 >> checksum;
            r.checksum = std::stoull(checksum, nullptr, 16);
        } else {
            fields >> r.part >> r.dtype;
            r.call = "sequence";
        }
        while (fields >> word) {
            r.values.push_back(std::stoull(word, nullptr, 16));
        }
        records.push_back(std::move(r));
    }
    return records;
}

CurandMethod method_of(const std::string& name) {
    static const std::map<std::string, CurandMethod> methods = {
        {"xorwow", CurandMethod::XORWOW},
        {"mrg32k3a", CurandMethod::MRG32K3A},
        {"mtgp32", CurandMethod::MTGP32},
        {"mt19937", CurandMethod::MT19937},
        {"philox4_32_10", CurandMethod::PHILOX4_32_10}};
    return methods.at(name);
}

DType dtype_of(const std::string& name) {
    static const std::map<std::string, DType> dtypes = {
        {"float32", DType::Float32}, {"float64", DType::Float64}, {"int8", DType::Int8},
        {"int32", DType::Int32},     {"int64", DType::Int64},     {"uint8", DType::UInt8},
        {"uint32", DType::UInt32}};
    return dtypes.at(name);
}

// One 64-bit word per element, as the recording script makes them: float bits zero-extended,
// integers sign- or zero-extended to 64 bits.
std::vector<std::uint64_t> words_of(const NDArray& array) {
    const auto n = static_cast<std::size_t>(array.size());
    std::vector<unsigned char> bytes(n * gpucc::dtype_size(array.dtype()));
    array.copy_to_host(bytes.data());
    std::vector<std::uint64_t> words(n);
    for (std::size_t k = 0; k < n; ++k) {
        const unsigned char* p = bytes.data() + k * gpucc::dtype_size(array.dtype());
        switch (array.dtype()) {
        case DType::Float32:
        case DType::UInt32: {
            std::uint32_t v;
            std::memcpy(&v, p, 4);
            words[k] = v;
            break;
        }
        case DType::Float64:
        case DType::Int64:
            std::memcpy(&words[k], p, 8);
            break;
        case DType::Int32: {
            std::int32_t v;
            std::memcpy(&v, p, 4);
            words[k] = static_cast<std::uint64_t>(static_cast<std::int64_t>(v));
            break;
        }
        case DType::Int8:
            words[k] =
                static_cast<std::uint64_t>(static_cast<std::int64_t>(static_cast<std::int8_t>(*p)));
            break;
        case DType::UInt8:
            words[k] = *p;
            break;
        default:
            ADD_FAILURE() << "unexpected dtype";
        }
    }
    return words;
}

// sum_i splitmix64(word_i ^ (i * golden)) mod 2^64, the recording script's checksum.
std::uint64_t checksum_of(const std::vector<std::uint64_t>& words) {
    std::uint64_t sum = 0;
    for (std::size_t i = 0; i < words.size(); ++i) {
        std::uint64_t z = words[i] ^ (static_cast<std::uint64_t>(i) * 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        z = z ^ (z >> 31);
        sum += z;
    }
    return sum;
}

bool is_normal(const std::string& call) {
    return call == "randn" || call == "standard_normal" || call == "normal";
}

// What the CPU build checks: cuRAND's host generator reproduces uniforms and integers, not
// normals. Its MT19937 spends seconds of CPU time setting up each seeding, so the CPU build
// checks MT19937 on one record (the GPU build on all).
bool checked_on_cpu(const Record& r) {
    if (is_normal(r.call)) {
        return false;
    }
    if (r.method == "mt19937") {
        return r.call == "random_sample" && r.dtype == "float32" && r.size == 64 && r.seed == 42;
    }
    return true;
}

NDArray draw(RandomState& state, const Record& r) {
    const gpucc::Shape shape{r.size};
    const DType dtype = dtype_of(r.dtype);
    if (r.call == "random_sample") {
        return state.random_sample(shape, dtype);
    }
    if (r.call == "rand") {
        return state.rand(shape, dtype);
    }
    if (r.call == "randn") {
        return state.randn(shape, dtype);
    }
    if (r.call == "standard_normal") {
        return state.standard_normal(shape, dtype);
    }
    if (r.call == "normal") {
        return state.normal(std::stod(r.p1), std::stod(r.p2), shape, dtype);
    }
    if (r.call == "uniform") {
        return state.uniform(std::stod(r.p1), std::stod(r.p2), shape, dtype);
    }
    if (r.call == "randint") {
        return state.randint(std::stoll(r.p1), std::stoll(r.p2), shape, dtype);
    }
    ADD_FAILURE() << "unknown call " << r.call;
    return NDArray();
}

std::string describe(const Record& r) {
    return r.method + " seed " + std::to_string(r.seed) + " " + r.call + "(" + r.p1 + ", " + r.p2 +
           ") " + r.dtype + " size " + std::to_string(r.size);
}

TEST(CurandRandomState, RecordedVectorsLoad) {
    const std::vector<Record> records = load_records();
    ASSERT_GT(records.size(), 400U) << "no vectors at " << vectors_path();
}

TEST(CurandRandomState, MatchesCupy14) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    const gpucc::Device device = gpucc_test::device_under_test();
    int checked = 0;
    for (const Record& r : load_records()) {
        if (r.part >= 0 || (device.is_cpu() && !checked_on_cpu(r))) {
            continue;
        }
        SCOPED_TRACE(describe(r));
        RandomState state(r.seed, method_of(r.method), device);
        const NDArray result = draw(state, r);
        ASSERT_EQ(result.size(), r.size);
        ASSERT_EQ(result.dtype(), dtype_of(r.dtype));
        const std::vector<std::uint64_t> words = words_of(result);
        for (std::size_t k = 0; k < r.values.size(); ++k) {
            ASSERT_EQ(words[k], r.values[k]) << "element " << k;
        }
        EXPECT_EQ(checksum_of(words), r.checksum);
        ++checked;
    }
    EXPECT_GT(checked, device.is_cpu() ? 200 : 390);
}

TEST(CurandRandomState, SequencesOfCallsMatchCupy14) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    const gpucc::Device device = gpucc_test::device_under_test();
    if (device.is_cpu()) {
        GTEST_SKIP() << "the recorded sequences draw normals, which only the GPU reproduces";
    }
    std::map<std::string, std::vector<Record>> sequences;
    for (const Record& r : load_records()) {
        if (r.part >= 0) {
            sequences[r.method + " " + std::to_string(r.seed)].push_back(r);
        }
    }
    ASSERT_EQ(sequences.size(), 10U);
    for (const auto& [name, parts] : sequences) {
        SCOPED_TRACE(name);
        ASSERT_EQ(parts.size(), 6U);
        RandomState state(parts[0].seed, method_of(parts[0].method), device);
        // The calls record_cupy_vectors.py's sequence() makes, in its order.
        const std::vector<NDArray> drawn = {state.random_sample({7}, DType::Float32),
                                            state.standard_normal({5}, DType::Float64),
                                            state.randint(0, 1000, {9}),
                                            state.uniform(-1.0, 1.0, {3}, DType::Float32),
                                            state.normal(0.0, 2.0, {3}, DType::Float32),
                                            state.random_sample({4}, DType::Float64)};
        for (std::size_t p = 0; p < drawn.size(); ++p) {
            EXPECT_EQ(words_of(drawn[p]), parts[p].values) << "part " << p;
        }
    }
}

TEST(CurandRandomState, ReseedingRewinds) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    RandomState state(7, CurandMethod::PHILOX4_32_10, gpucc_test::device_under_test());
    const std::vector<std::uint64_t> first = words_of(state.random_sample({33}, DType::Float32));
    const std::vector<std::uint64_t> next = words_of(state.random_sample({33}, DType::Float32));
    EXPECT_NE(first, next);
    state.seed(7);
    EXPECT_EQ(words_of(state.random_sample({33}, DType::Float32)), first);
}

TEST(CurandRandomState, NormalsOnTheCpuAreRefused) {
    RandomState state(1, CurandMethod::XORWOW, gpucc::Device::cpu());
    EXPECT_THROW((void)state.standard_normal({4}, DType::Float32), gpucc::DeviceError);
    EXPECT_THROW((void)state.normal(0.0, 1.0, {4}, DType::Float64), gpucc::DeviceError);
}

TEST(CurandRandomState, ShapesAndEmptyDraws) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    const gpucc::Device device = gpucc_test::device_under_test();
    RandomState state(3, CurandMethod::XORWOW, device);
    const NDArray matrix = state.random_sample({3, 5}, DType::Float64);
    EXPECT_EQ(matrix.shape(), (gpucc::Shape{3, 5}));
    EXPECT_EQ(state.randint(-4, 9, {0}).size(), 0);
    EXPECT_EQ(state.uniform(0.0, 1.0, {2, 0}, DType::Float32).size(), 0);
    // A range of one value draws nothing and returns low (CuPy's _interval(0)).
    const std::vector<std::uint64_t> sevens = words_of(state.randint(7, 8, {5}));
    EXPECT_EQ(sevens, std::vector<std::uint64_t>(5, 7));
    if (device.is_cuda()) {
        const NDArray odd = state.standard_normal({3, 3}, DType::Float32);
        EXPECT_EQ(odd.shape(), (gpucc::Shape{3, 3}));
    }
}

TEST(CurandRandomState, GlobalStateIsSeededFromCupySeed) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    const gpucc::Device device = gpucc_test::device_under_test();
    // Read at the first use on a device: set before anything in this process asks for it.
    ::setenv("CUPY_SEED", "42", 1);
    RandomState& global = gpucc::random::get_random_state(device);
    EXPECT_EQ(&global, &gpucc::random::get_random_state(device));
    EXPECT_EQ(global.method(), CurandMethod::XORWOW);
    RandomState reference(42, CurandMethod::XORWOW, device);
    EXPECT_EQ(words_of(global.random_sample({17}, DType::Float32)),
              words_of(reference.random_sample({17}, DType::Float32)));
    global.seed(5);
    RandomState five(5, CurandMethod::XORWOW, device);
    EXPECT_EQ(words_of(global.randint(0, 1000, {9})), words_of(five.randint(0, 1000, {9})));
}

} // namespace
