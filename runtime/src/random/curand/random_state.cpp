// gpucc::random::RandomState (gpucc/random/random_state.h): CuPy 14's RandomState call sequence
// on cuRAND's host API, on a GPU or, through cuRAND's host generator, on the CPU.
#include "gpucc/random/random_state.h"

#include "curand_fixups.gpucc.h"
#include "driver/context.h"
#include "gpucc/array/slice.h"
#include "gpucc/device/stream.h"
#include "gpucc/errors.h"
#include "random/curand/curand_library.h"
#include "random/curand/integer_interval.h"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <random>
#include <string>

namespace gpucc::random {
namespace {

namespace kernels = gpucc_random_curand;
using detail::check_curand;
using detail::curand;

curandRngType_t rng_type(CurandMethod method) {
    switch (method) {
    case CurandMethod::XORWOW:
        return CURAND_RNG_PSEUDO_XORWOW;
    case CurandMethod::MRG32K3A:
        return CURAND_RNG_PSEUDO_MRG32K3A;
    case CurandMethod::MTGP32:
        return CURAND_RNG_PSEUDO_MTGP32;
    case CurandMethod::MT19937:
        return CURAND_RNG_PSEUDO_MT19937;
    case CurandMethod::PHILOX4_32_10:
        return CURAND_RNG_PSEUDO_PHILOX4_32_10;
    }
    throw ValueError("RandomState: method " + std::to_string(static_cast<int>(method)) +
                     " is not a CurandMethod");
}

void check_float_dtype(const char* function, DType dtype) {
    if (dtype != DType::Float32 && dtype != DType::Float64) {
        throw TypeError(std::string("RandomState.") + function +
                        ": argument 'dtype' must be float32 or float64 (as CuPy's), got " +
                        std::string(dtype_name(dtype)));
    }
}

void check_finite(const char* function, const char* name, double value) {
    if (!std::isfinite(value)) {
        throw ValueError(std::string("RandomState.") + function + ": argument '" + name +
                         "' must be finite, got " + std::to_string(value));
    }
}

} // namespace

std::string_view method_name(CurandMethod method) noexcept {
    switch (method) {
    case CurandMethod::XORWOW:
        return "xorwow";
    case CurandMethod::MRG32K3A:
        return "mrg32k3a";
    case CurandMethod::MTGP32:
        return "mtgp32";
    case CurandMethod::MT19937:
        return "mt19937";
    case CurandMethod::PHILOX4_32_10:
        return "philox4_32_10";
    }
    return "unknown";
}

struct RandomState::State {
    CurandMethod method;
    Device device;
    std::uint64_t seed;
    bool seed_pending = true; // seed() not yet passed to the generator
    detail::GeneratorHandle generator;
    std::mutex mutex;

    State(CurandMethod m, Device d, std::uint64_t s) : method(m), device(d), seed(s) {
        (void)rng_type(m); // a bad enumerator fails here, not at the first draw
        if (d.is_cuda()) {
            gpucc::detail::require_cuda_device(d, "RandomState");
        }
    }

    // The generator, created and seeded as CuPy's seed() does, bound to the current stream.
    // Called with the mutex held.
    curandGenerator_t ready(const char* what) {
        const detail::CurandApi& library = curand();
        const std::string context = std::string("RandomState.") + what;
        if (device.is_cuda()) {
            gpucc::detail::make_current(device.ordinal());
        }
        if (!generator) {
            generator = detail::GeneratorHandle(rng_type(method), device.is_cpu(), context);
        }
        if (seed_pending) {
            check_curand(library.set_pseudo_random_seed(generator.get(), seed),
                         "curandSetPseudoRandomGeneratorSeed", context);
            if (method != CurandMethod::MT19937 && method != CurandMethod::MTGP32) {
                check_curand(library.set_offset(generator.get(), 0), "curandSetGeneratorOffset",
                             context);
            }
            seed_pending = false;
        }
        if (device.is_cuda()) {
            check_curand(library.set_stream(generator.get(), static_cast<cudaStream_t>(
                                                                 current_stream(device).handle())),
                         "curandSetStream", context);
        }
        return generator.get();
    }

    // Fills `out` (contiguous, float32 or float64) with cuRAND's uniforms in (0, 1].
    void raw_uniform(const NDArray& out, const char* what) {
        std::lock_guard lock(mutex);
        curandGenerator_t g = ready(what);
        const std::string context = std::string("RandomState.") + what;
        const auto n = static_cast<std::size_t>(out.size());
        if (out.dtype() == DType::Float32) {
            check_curand(curand().generate_uniform(g, static_cast<float*>(out.data()), n),
                         "curandGenerateUniform", context);
        } else {
            check_curand(curand().generate_uniform_double(g, static_cast<double*>(out.data()), n),
                         "curandGenerateUniformDouble", context);
        }
    }

    // Fills `buffer` (on the generator's device, contiguous) with curandGenerate's next
    // buffer.nbytes() / 4 words. Called with the mutex held.
    void words(const NDArray& buffer) {
        curandGenerator_t g = ready("randint");
        check_curand(curand().generate(g, static_cast<unsigned int*>(buffer.data()),
                                       buffer.nbytes() / sizeof(unsigned int)),
                     "curandGenerate", "RandomState.randint");
    }
};

RandomState::RandomState(std::uint64_t seed, CurandMethod method, Device device)
    : state_(std::make_unique<State>(method, device, seed)) {
}

RandomState::RandomState(std::unique_ptr<State> state) noexcept : state_(std::move(state)) {
}

RandomState RandomState::from_entropy(CurandMethod method, Device device) {
    std::random_device entropy;
    const std::uint64_t seed = (static_cast<std::uint64_t>(entropy()) << 32) | entropy();
    return RandomState(seed, method, device);
}

RandomState::RandomState(RandomState&&) noexcept = default;
RandomState& RandomState::operator=(RandomState&&) noexcept = default;

RandomState::~RandomState() {
    if (state_ && state_->generator && state_->device.is_cuda()) {
        try {
            gpucc::detail::make_current(state_->device.ordinal());
        } catch (...) { // NOLINT(bugprone-empty-catch): destroying anyway, destructors never throw
        }
    }
}

void RandomState::seed(std::uint64_t seed) {
    std::lock_guard lock(state_->mutex);
    state_->seed = seed;
    state_->seed_pending = true;
}

CurandMethod RandomState::method() const noexcept {
    return state_->method;
}
Device RandomState::device() const noexcept {
    return state_->device;
}

NDArray RandomState::random_sample(const Shape& shape, DType dtype) {
    check_float_dtype("random_sample", dtype);
    NDArray out = empty(shape, dtype, state_->device);
    if (out.size() == 0) {
        return out;
    }
    state_->raw_uniform(out, "random_sample");
    // The same kernel on both targets: a grid-stride pass, 8 blocks of 256 threads per SM on a
    // GPU (the host runs the blocks in parallel on its pool).
    const Dim3 grid(state_->device.is_cuda()
                        ? static_cast<std::uint32_t>(device_properties(state_->device).sm_count * 8)
                        : 64U);
    const Dim3 block(256);
    if (dtype == DType::Float32) {
        kernels::curand_uniform_fix_one(grid, block, out.as<float>());
    } else {
        kernels::curand_uniform_fix_one(grid, block, out.as<double>());
    }
    return out;
}

NDArray RandomState::rand(const Shape& shape, DType dtype) {
    return random_sample(shape, dtype);
}

NDArray RandomState::uniform(double low, double high, const Shape& shape, DType dtype) {
    check_float_dtype("uniform", dtype);
    check_finite("uniform", "low", low);
    check_finite("uniform", "high", high);
    if (!std::isfinite(high - low)) {
        throw ValueError("RandomState.uniform: high - low must be finite, got high " +
                         std::to_string(high) + " and low " + std::to_string(low));
    }
    NDArray out = empty(shape, dtype, state_->device);
    if (out.size() == 0) {
        return out;
    }
    state_->raw_uniform(out, "uniform");
    // CuPy's kernel casts low and high to the dtype and subtracts there. The same kernel on both
    // targets (an exact fused multiply-add on each).
    if (dtype == DType::Float32) {
        const auto low32 = static_cast<float>(low);
        const float range = static_cast<float>(high) - low32;
        kernels::curand_uniform_scale(low32, range, out.as<float>());
    } else {
        kernels::curand_uniform_scale(low, high - low, out.as<double>());
    }
    return out;
}

NDArray RandomState::normal(double loc, double scale, const Shape& shape, DType dtype) {
    check_float_dtype("normal", dtype);
    check_finite("normal", "loc", loc);
    check_finite("normal", "scale", scale);
    if (scale < 0) {
        throw ValueError("RandomState.normal: argument 'scale' must be non-negative, got " +
                         std::to_string(scale));
    }
    if (state_->device.is_cpu()) {
        throw DeviceError(
            "RandomState.normal: CuPy's normal stream is reproducible on a GPU only (cuRAND's "
            "host generator rounds its normal transform differently); draw on a GPU device, or "
            "use gpucc::random::Generator for normals on the CPU");
    }
    const std::int64_t count = shape.element_count();
    if (count == 0) {
        return empty(shape, dtype, state_->device);
    }
    // cuRAND draws normals in pairs: CuPy draws count + 1 for an odd count and drops the last.
    const std::int64_t drawn = count % 2 == 0 ? count : count + 1;
    NDArray buffer = empty(Shape{drawn}, dtype, state_->device);
    {
        std::lock_guard lock(state_->mutex);
        curandGenerator_t g = state_->ready("normal");
        const auto n = static_cast<std::size_t>(drawn);
        if (dtype == DType::Float32) {
            check_curand(curand().generate_normal(g, static_cast<float*>(buffer.data()), n,
                                                  static_cast<float>(loc),
                                                  static_cast<float>(scale)),
                         "curandGenerateNormal", "RandomState.normal");
        } else {
            check_curand(curand().generate_normal_double(g, static_cast<double*>(buffer.data()), n,
                                                         loc, scale),
                         "curandGenerateNormalDouble", "RandomState.normal");
        }
    }
    if (drawn == count) {
        return buffer.reshape(shape);
    }
    return buffer(Slice(0, count)).reshape(shape);
}

NDArray RandomState::standard_normal(const Shape& shape, DType dtype) {
    return normal(0.0, 1.0, shape, dtype);
}

NDArray RandomState::randn(const Shape& shape, DType dtype) {
    return normal(0.0, 1.0, shape, dtype);
}

NDArray RandomState::randint(std::int64_t low, std::int64_t high, const Shape& shape, DType dtype) {
    const detail::IntegerRange range = detail::check_randint_range(low, high, dtype);
    // One lock for the whole draw: CuPy's supplementary draws follow the first without others'
    // words in between.
    std::lock_guard lock(state_->mutex);
    return detail::randint_on_device(range, shape, dtype, state_->device,
                                     [this](const NDArray& buffer) { state_->words(buffer); });
}

RandomState& get_random_state(Device device) {
    // Kept until the process ends (leaked on purpose): a generator destroyed during static
    // destruction may find the CUDA driver gone.
    static std::mutex mutex;
    static auto* states = new std::map<int, std::unique_ptr<RandomState>>();
    std::lock_guard lock(mutex);
    std::unique_ptr<RandomState>& state = (*states)[device.ordinal()];
    if (!state) {
        const char* text = std::getenv("CUPY_SEED");
        if (text != nullptr) {
            std::uint64_t seed = 0;
            const char* end = text + std::strlen(text);
            const auto [stop, error] = std::from_chars(text, end, seed);
            if (error != std::errc() || stop != end || stop == text) {
                throw ValueError(std::string("get_random_state: environment variable CUPY_SEED "
                                             "must be a decimal integer in [0, 2^64), got '") +
                                 text + "'");
            }
            state = std::make_unique<RandomState>(seed, CurandMethod::XORWOW, device);
        } else {
            state = std::make_unique<RandomState>(
                RandomState::from_entropy(CurandMethod::XORWOW, device));
        }
    }
    return *state;
}

} // namespace gpucc::random
