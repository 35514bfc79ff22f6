// Raw CUDA kernels (raw_kernels.dsl) run for real. The GPU build (GPUCC_TEST_ON_GPU, label gpu,
// skipped with a message where there is no GPU) launches language.md section 4's program and the
// other kernels on random inputs and compares with references computed on the host; it also
// checks the launch options (dynamic shared memory, 2-D and 3-D blocks, a stream), attributes,
// the maximum dynamic shared memory, device variables and the errors of bad launches. The CPU
// build checks what needs no GPU: a raw kernel has no CPU version (DeviceError), and the
// arguments are checked before the launch (TypeError, ValueError naming the argument).
#include "raw_kernels.gpucc.h"

#include <cmath>
#include <cstdint>
#include <gpucc/gpucc.h>
#include <gtest/gtest.h>
#include <random>
#include <string>
#include <vector>

namespace {

using gpucc::Array;
using gpucc::Device;

template <class T>
std::vector<T> random_vector(std::size_t n, double low, double high, unsigned seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> dist(low, high);
    std::vector<T> values(n);
    for (T& v : values) {
        v = static_cast<T>(dist(rng));
    }
    return values;
}

template <class F>
std::string error_message(F&& f) {
    try {
        f();
    } catch (const gpucc::Error& error) {
        return error.what();
    }
    return "no exception";
}

std::uint32_t blocks_for(std::int64_t n, std::uint32_t block) {
    return static_cast<std::uint32_t>((n + block - 1) / block);
}

} // namespace

#ifdef GPUCC_TEST_ON_GPU

class RawKernels : public ::testing::Test {
protected:
    void SetUp() override {
        if (gpucc::cuda_device_count() == 0) {
            GTEST_SKIP() << "no CUDA device: GPU raw kernel tests skipped";
        }
        device_ = Device::cuda(0);
        gpucc::set_default_device(device_);
    }
    void TearDown() override { gpucc::reset_default_device(); }
    Device device_ = Device::cpu();
};

// language.md section 4: my_add, through raw pointers (the sketch's call) and through arrays.
TEST_F(RawKernels, MyAdd) {
    for (std::int64_t n : {1, 31, 32, 33, 1000, 1 << 20, (1 << 20) + 7}) {
        auto a = random_vector<float>(static_cast<std::size_t>(n), -10, 10, 1);
        auto b = random_vector<float>(static_cast<std::size_t>(n), -10, 10, 2);
        auto x1 = gpucc::asarray<float>(a, {n}, device_);
        auto x2 = gpucc::asarray<float>(b, {n}, device_);
        auto y = gpucc::empty<float>({n}, device_);
        rawk::my_add(gpucc::Grid{blocks_for(n, 256)}, gpucc::Block{256}, x1.data(), x2.data(),
                     y.data(), int(n));
        std::vector<float> got = y.to_host();
        for (std::size_t i = 0; i < got.size(); ++i) {
            ASSERT_EQ(got[i], a[i] + b[i]) << "n = " << n << ", i = " << i;
        }
        auto z = gpucc::zeros<float>({n}, device_);
        rawk::my_add(blocks_for(n, 128), 128, x1, x2, z, int(n));
        EXPECT_EQ(z.to_host(), got);
    }
}

TEST_F(RawKernels, ScaleFloatAndDouble) {
    const std::int64_t n = 100003;
    auto f = random_vector<float>(n, -1, 1, 3);
    auto d = random_vector<double>(n, -1, 1, 4);
    auto xf = gpucc::asarray<float>(f, {n}, device_);
    auto xd = gpucc::asarray<double>(d, {n}, device_);
    rawk::scale<float>(blocks_for(n, 256), 256, xf, 1.5f, int(n));
    rawk::scale<double>(blocks_for(n, 512), 512, xd.data(), -0.25, int(n));
    std::vector<float> got_f = xf.to_host();
    std::vector<double> got_d = xd.to_host();
    for (std::int64_t i = 0; i < n; ++i) {
        ASSERT_EQ(got_f[i], f[i] * 1.5f);
        ASSERT_EQ(got_d[i], d[i] * -0.25);
    }
}

TEST_F(RawKernels, DynamicSharedMemory) {
    const std::int64_t n = 10000; // the last block is partial
    const std::uint32_t block = 256;
    auto host = random_vector<float>(n, 0, 1, 5);
    auto x = gpucc::asarray<float>(host, {n}, device_);
    auto y = gpucc::zeros<float>({n}, device_);
    rawk::block_reverse(
        gpucc::LaunchConfig{blocks_for(n, block), block, block * sizeof(float), std::nullopt}, x, y,
        int(n));
    std::vector<float> got = y.to_host();
    for (std::int64_t i = 0; i < n; ++i) {
        const std::int64_t base = i / block * block;
        const std::int64_t from = base + (block - 1 - (i - base));
        ASSERT_EQ(got[i], from < n ? host[from] : 0.0f) << "i = " << i;
    }
}

TEST_F(RawKernels, TwoDimensionalBlocks) {
    const int rows = 333, cols = 517;
    auto a = random_vector<double>(rows * cols, -5, 5, 6);
    auto b = random_vector<double>(rows * cols, -5, 5, 7);
    auto da = gpucc::asarray<double>(a, {rows, cols}, device_);
    auto db = gpucc::asarray<double>(b, {rows, cols}, device_);
    auto dc = gpucc::empty<double>({rows, cols}, device_);
    const gpucc::Block block{32, 8};
    const gpucc::Grid grid{blocks_for(cols, block.x), blocks_for(rows, block.y)};
    rawk::add_2d(grid, block, da, db, dc, rows, cols);
    std::vector<double> got = dc.to_host();
    for (int i = 0; i < rows * cols; ++i) {
        ASSERT_EQ(got[i], a[i] + 2.0 * b[i]);
    }
}

TEST_F(RawKernels, ThreeDimensionalBlocks) {
    const int nx = 37, ny = 19, nz = 11;
    auto out = gpucc::zeros<std::int32_t>({nz, ny, nx}, device_);
    const gpucc::Block block{8, 4, 4};
    rawk::coords_3d(gpucc::Grid{blocks_for(nx, 8), blocks_for(ny, 4), blocks_for(nz, 4)}, block,
                    out, nx, ny, nz);
    std::vector<std::int32_t> got = out.to_host();
    for (int z = 0; z < nz; ++z) {
        for (int y = 0; y < ny; ++y) {
            for (int x = 0; x < nx; ++x) {
                ASSERT_EQ(got[(z * ny + y) * nx + x], x + 1000 * y + 1000000 * z);
            }
        }
    }
}

TEST_F(RawKernels, OnAStream) {
    gpucc::Stream stream(device_);
    const std::int64_t n = 4096;
    auto a = random_vector<float>(n, 0, 1, 8);
    auto x = gpucc::asarray<float>(a, {n}, device_);
    auto y = gpucc::empty<float>({n}, device_);
    rawk::my_add(gpucc::LaunchConfig{blocks_for(n, 256), 256, 0, stream.ref()}, x, x, y, int(n));
    stream.synchronize();
    std::vector<float> got = y.to_host();
    for (std::int64_t i = 0; i < n; ++i) {
        ASSERT_EQ(got[i], a[i] + a[i]);
    }
}

TEST_F(RawKernels, DeviceVariables) {
    const std::vector<float> c = {0.5f, -1.0f, 0.25f, 2.0f};
    rawk::coeffs.write(c);
    EXPECT_EQ(rawk::coeffs.read(), c);
    rawk::calls.write(0);
    const std::int64_t n = 50001;
    auto host = random_vector<float>(n, -2, 2, 9);
    auto x = gpucc::asarray<float>(host, {n}, device_);
    auto y = gpucc::empty<float>({n}, device_);
    rawk::cubic(blocks_for(n, 256), 256, x, y, int(n));
    std::vector<float> got = y.to_host();
    for (std::int64_t i = 0; i < n; ++i) {
        const float v = host[i];
        const float want = c[0] + v * (c[1] + v * (c[2] + v * c[3]));
        ASSERT_NEAR(got[i], want, 1e-5f * (1 + std::fabs(want)));
    }
    EXPECT_EQ(rawk::calls.read(), static_cast<unsigned long long>(n));
    gpucc::DeviceGlobal where = rawk::coeffs.address();
    EXPECT_EQ(where.bytes, 4 * sizeof(float));
    EXPECT_NE(where.address, 0u);
    EXPECT_NE(error_message([] { rawk::coeffs.write({1.0f}); }).find("has 4 elements, got 1"),
              std::string::npos);
}

TEST_F(RawKernels, HalfPrecision) {
    const std::int64_t n = 1000;
    auto xs = random_vector<float>(n, -1, 1, 10);
    auto ys = random_vector<float>(n, -1, 1, 11);
    std::vector<gpucc::float16> hx, hy;
    for (std::int64_t i = 0; i < n; ++i) {
        hx.emplace_back(xs[i]);
        hy.emplace_back(ys[i]);
    }
    auto x = gpucc::asarray<gpucc::float16>(hx, {n}, device_);
    auto y = gpucc::asarray<gpucc::float16>(hy, {n}, device_);
    rawk::half_axpy(blocks_for(n, 128), 128, gpucc::float16(3.0f), x, y, int(n));
    std::vector<gpucc::float16> got = y.to_host();
    for (std::int64_t i = 0; i < n; ++i) {
        const float want = 3.0f * float(hx[i]) + float(hy[i]);
        ASSERT_NEAR(float(got[i]), want, 1e-2f * (1 + std::fabs(want))) << "i = " << i;
    }
}

TEST_F(RawKernels, Attributes) {
    gpucc::KernelAttributes add = rawk::my_add.attributes(device_);
    EXPECT_GE(add.max_threads_per_block, 256);
    EXPECT_GT(add.num_regs, 0);
    EXPECT_EQ(add.shared_size_bytes, 0);
    EXPECT_EQ(add.local_size_bytes, 0);
    EXPECT_GE(add.binary_version, 75);
    gpucc::KernelAttributes shared = rawk::static_shared.attributes();
    EXPECT_EQ(shared.shared_size_bytes, 1024 * static_cast<int>(sizeof(float)));
    EXPECT_EQ(rawk::scale<double>.attributes().binary_version, add.binary_version);
}

TEST_F(RawKernels, MaxDynamicSharedMemory) {
    const int count = 20000; // 80000 bytes, past the default 48 KiB
    const std::size_t bytes = count * sizeof(float);
    auto out = gpucc::zeros<float>({1}, device_);
    const gpucc::LaunchConfig config{1, 256, bytes, std::nullopt};
    EXPECT_THROW(rawk::big_shared(config, out, count), gpucc::CudaError);
    rawk::big_shared.set_max_dynamic_shared_bytes(static_cast<int>(bytes));
    EXPECT_GE(rawk::big_shared.attributes().max_dynamic_shared_size_bytes, static_cast<int>(bytes));
    rawk::big_shared(config, out, count);
    const double want = double(count) * (count + 1) / 2;
    EXPECT_NEAR(out.to_host()[0], want, want * 1e-6);
}

TEST_F(RawKernels, BadLaunches) {
    auto x = gpucc::zeros<float>({16}, device_);
    EXPECT_NE(error_message([&] {
                  rawk::my_add(1, 2048, x, x, x, 16);
              }).find("argument 'block' must have at most 1024 threads"),
              std::string::npos);
    EXPECT_THROW(rawk::my_add(1, gpucc::Block{16, 16, 16}, x, x, x, 16), gpucc::ValueError);
    EXPECT_NE(error_message([&] {
                  rawk::my_add(gpucc::Grid{0}, 32, x, x, x, 16);
              }).find("argument 'grid' must have every component >= 1"),
              std::string::npos);
    gpucc::NDArray doubles = gpucc::zeros<double>({16}, device_);
    EXPECT_NE(error_message([&] {
                  rawk::my_add(1, 16, x, doubles, x, 16);
              }).find("my_add: argument 'x2' must be an array of float32, got an array of float64"),
              std::string::npos);
    auto on_cpu = gpucc::zeros<float>({16}, Device::cpu());
    EXPECT_THROW(rawk::my_add(1, 16, on_cpu, x, x, 16), gpucc::DeviceError);
    auto matrix = gpucc::zeros<float>({4, 4}, device_);
    EXPECT_NE(error_message([&] {
                  rawk::my_add(1, 16, matrix.transpose(), x, x, 16);
              }).find("must be C-contiguous"),
              std::string::npos);
}

#else // the CPU build

TEST(RawKernelsCpu, NoCpuVersion) {
    gpucc::set_default_device(Device::cpu());
    auto x = gpucc::zeros<float>({16}, Device::cpu());
    const std::string message = error_message([&] { rawk::my_add(1, 16, x, x, x, 16); });
    EXPECT_NE(message.find("has no CPU version"), std::string::npos) << message;
    EXPECT_THROW(rawk::scale<float>(1, 16, x, 2.0f, 16), gpucc::DeviceError);
    EXPECT_THROW(rawk::coeffs.read(Device::cpu()), gpucc::DeviceError);
    EXPECT_THROW(rawk::my_add.attributes(Device::cpu()), gpucc::DeviceError);
    gpucc::reset_default_device();
}

TEST(RawKernelsCpu, ArgumentsAreCheckedFirst) {
    gpucc::set_default_device(Device::cpu());
    auto x = gpucc::zeros<float>({16}, Device::cpu());
    gpucc::NDArray doubles = gpucc::zeros<double>({16}, Device::cpu());
    const std::string wrong_dtype = error_message([&] { rawk::my_add(1, 16, x, doubles, x, 16); });
    EXPECT_NE(wrong_dtype.find("my_add: argument 'x2' must be an array of float32, got an array of "
                               "float64"),
              std::string::npos)
        << wrong_dtype;
    EXPECT_THROW(rawk::my_add(1, 16, x, doubles, x, 16), gpucc::TypeError);
    auto matrix = gpucc::zeros<float>({4, 4}, Device::cpu());
    EXPECT_THROW(rawk::my_add(1, 16, matrix.transpose(), x, x, 16), gpucc::ValueError);
    EXPECT_THROW(rawk::my_add(1, 2048, x, x, x, 16), gpucc::ValueError);
    gpucc::reset_default_device();
}

#endif
