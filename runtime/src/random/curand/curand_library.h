// libcurand loaded at first use (curand_library.cpp), so a program that never draws from cuRAND
// needs no cuRAND: the function table of the cuRAND host API calls gpucc makes, the check that
// turns a curandStatus_t into gpucc's errors, and a generator handle that destroys itself.
#pragma once

#include <cstdint>
#include <curand.h>
#include <string>

namespace gpucc::random::detail {

/// The cuRAND host-API functions gpucc calls (curand.h's signatures).
struct CurandApi {
    curandStatus_t (*create_generator)(curandGenerator_t*, curandRngType_t);
    curandStatus_t (*create_generator_host)(curandGenerator_t*, curandRngType_t);
    curandStatus_t (*destroy_generator)(curandGenerator_t);
    curandStatus_t (*get_version)(int*);
    curandStatus_t (*set_stream)(curandGenerator_t, cudaStream_t);
    curandStatus_t (*set_pseudo_random_seed)(curandGenerator_t, unsigned long long);
    curandStatus_t (*set_offset)(curandGenerator_t, unsigned long long);
    curandStatus_t (*set_quasi_dimensions)(curandGenerator_t, unsigned int);
    curandStatus_t (*generate)(curandGenerator_t, unsigned int*, std::size_t);
    curandStatus_t (*generate_long_long)(curandGenerator_t, unsigned long long*, std::size_t);
    curandStatus_t (*generate_uniform)(curandGenerator_t, float*, std::size_t);
    curandStatus_t (*generate_uniform_double)(curandGenerator_t, double*, std::size_t);
    curandStatus_t (*generate_normal)(curandGenerator_t, float*, std::size_t, float, float);
    curandStatus_t (*generate_normal_double)(curandGenerator_t, double*, std::size_t, double,
                                             double);
};

/// The loaded library: libcurand.so.10 by its soname, then $CUDA_PATH/lib64, then the toolkit
/// gpucc was built against. DeviceError naming what was tried when none loads.
const CurandApi& curand();

/// Nothing for CURAND_STATUS_SUCCESS; otherwise CudaError naming the call, the status's name and
/// `what` (the gpucc function that made the call).
void check_curand(curandStatus_t status, const char* api, const std::string& what);

/// The enumerator's name: "CURAND_STATUS_LENGTH_NOT_MULTIPLE".
const char* curand_status_name(curandStatus_t status) noexcept;

/// Owns one cuRAND generator (device or host); destroying it destroys the generator.
class GeneratorHandle {
public:
    GeneratorHandle() noexcept = default;
    /// A host generator (curandCreateGeneratorHost) when `host`, else one on the calling
    /// thread's current CUDA context.
    GeneratorHandle(curandRngType_t type, bool host, const std::string& what);
    GeneratorHandle(const GeneratorHandle&) = delete;
    GeneratorHandle& operator=(const GeneratorHandle&) = delete;
    GeneratorHandle(GeneratorHandle&& other) noexcept : handle_(other.handle_) {
        other.handle_ = nullptr;
    }
    GeneratorHandle& operator=(GeneratorHandle&& other) noexcept;
    ~GeneratorHandle();

    curandGenerator_t get() const noexcept { return handle_; }
    explicit operator bool() const noexcept { return handle_ != nullptr; }

private:
    curandGenerator_t handle_ = nullptr;
};

} // namespace gpucc::random::detail
