// Loading libcurand (curand_library.h): dlopen of libcurand.so.10 by its soname, then in
// $CUDA_PATH/lib64, then in the toolkit gpucc was built against; the symbols resolved once and
// kept for the life of the process.
#include "random/curand/curand_library.h"

#include "driver/cuda_library.h"
#include "gpucc/errors.h"

#include <cstdlib>
#include <vector>

namespace gpucc::random::detail {
namespace {

struct LoadedCurand {
    CurandApi api{};
    std::string error; // empty when loaded
};

template <class Fn>
bool resolve(void* library, const char* symbol, Fn* out, std::string& error) {
    return gpucc::detail::resolve_symbol(library, "libcurand.so.10", symbol, out, error);
}

LoadedCurand load() {
    LoadedCurand loaded;
    std::string tried;
    void* library = gpucc::detail::open_cuda_library("libcurand.so.10", GPUCC_CUDA_LIB_DIR, tried);
    if (library == nullptr) {
        loaded.error = "gpucc::random::RandomState and the quasi-random generators need cuRAND "
                       "(libcurand.so.10 of the CUDA toolkit), which could not be loaded:" +
                       tried;
        return loaded;
    }
    std::string error;
    CurandApi& api = loaded.api;
    if (resolve(library, "curandCreateGenerator", &api.create_generator, error) &&
        resolve(library, "curandCreateGeneratorHost", &api.create_generator_host, error) &&
        resolve(library, "curandDestroyGenerator", &api.destroy_generator, error) &&
        resolve(library, "curandGetVersion", &api.get_version, error) &&
        resolve(library, "curandSetStream", &api.set_stream, error) &&
        resolve(library, "curandSetPseudoRandomGeneratorSeed", &api.set_pseudo_random_seed,
                error) &&
        resolve(library, "curandSetGeneratorOffset", &api.set_offset, error) &&
        resolve(library, "curandSetQuasiRandomGeneratorDimensions", &api.set_quasi_dimensions,
                error) &&
        resolve(library, "curandGenerate", &api.generate, error) &&
        resolve(library, "curandGenerateLongLong", &api.generate_long_long, error) &&
        resolve(library, "curandGenerateUniform", &api.generate_uniform, error) &&
        resolve(library, "curandGenerateUniformDouble", &api.generate_uniform_double, error) &&
        resolve(library, "curandGenerateNormal", &api.generate_normal, error) &&
        resolve(library, "curandGenerateNormalDouble", &api.generate_normal_double, error)) {
        return loaded;
    }
    loaded.error = "cuRAND unusable: " + error;
    return loaded;
}

const char* status_text(curandStatus_t status) noexcept {
    switch (status) {
    case CURAND_STATUS_VERSION_MISMATCH:
        return "header file and linked library version do not match";
    case CURAND_STATUS_NOT_INITIALIZED:
        return "generator not initialized";
    case CURAND_STATUS_ALLOCATION_FAILED:
        return "memory allocation failed";
    case CURAND_STATUS_TYPE_ERROR:
        return "the generator cannot produce this type";
    case CURAND_STATUS_OUT_OF_RANGE:
        return "argument out of range";
    case CURAND_STATUS_LENGTH_NOT_MULTIPLE:
        return "length requested is not a multiple of the dimension (or of 2 for normals)";
    case CURAND_STATUS_DOUBLE_PRECISION_REQUIRED:
        return "the GPU does not support double precision";
    case CURAND_STATUS_LAUNCH_FAILURE:
        return "kernel launch failure";
    case CURAND_STATUS_PREEXISTING_FAILURE:
        return "preexisting failure on library entry";
    case CURAND_STATUS_INITIALIZATION_FAILED:
        return "initialization of CUDA failed";
    case CURAND_STATUS_ARCH_MISMATCH:
        return "architecture mismatch, the GPU does not support the requested feature";
    case CURAND_STATUS_INTERNAL_ERROR:
        return "internal library error";
    default:
        return "unknown cuRAND status";
    }
}

} // namespace

const CurandApi& curand() {
    static const LoadedCurand* const loaded = new LoadedCurand(load());
    if (!loaded->error.empty()) {
        throw DeviceError(loaded->error);
    }
    return loaded->api;
}

const char* curand_status_name(curandStatus_t status) noexcept {
    switch (status) {
    case CURAND_STATUS_SUCCESS:
        return "CURAND_STATUS_SUCCESS";
    case CURAND_STATUS_VERSION_MISMATCH:
        return "CURAND_STATUS_VERSION_MISMATCH";
    case CURAND_STATUS_NOT_INITIALIZED:
        return "CURAND_STATUS_NOT_INITIALIZED";
    case CURAND_STATUS_ALLOCATION_FAILED:
        return "CURAND_STATUS_ALLOCATION_FAILED";
    case CURAND_STATUS_TYPE_ERROR:
        return "CURAND_STATUS_TYPE_ERROR";
    case CURAND_STATUS_OUT_OF_RANGE:
        return "CURAND_STATUS_OUT_OF_RANGE";
    case CURAND_STATUS_LENGTH_NOT_MULTIPLE:
        return "CURAND_STATUS_LENGTH_NOT_MULTIPLE";
    case CURAND_STATUS_DOUBLE_PRECISION_REQUIRED:
        return "CURAND_STATUS_DOUBLE_PRECISION_REQUIRED";
    case CURAND_STATUS_LAUNCH_FAILURE:
        return "CURAND_STATUS_LAUNCH_FAILURE";
    case CURAND_STATUS_PREEXISTING_FAILURE:
        return "CURAND_STATUS_PREEXISTING_FAILURE";
    case CURAND_STATUS_INITIALIZATION_FAILED:
        return "CURAND_STATUS_INITIALIZATION_FAILED";
    case CURAND_STATUS_ARCH_MISMATCH:
        return "CURAND_STATUS_ARCH_MISMATCH";
    case CURAND_STATUS_INTERNAL_ERROR:
        return "CURAND_STATUS_INTERNAL_ERROR";
    default:
        return "curandStatus_t";
    }
}

void check_curand(curandStatus_t status, const char* api, const std::string& what) {
    if (status == CURAND_STATUS_SUCCESS) [[likely]] {
        return;
    }
    throw CudaError(api, static_cast<int>(status), curand_status_name(status), status_text(status),
                    what);
}

GeneratorHandle::GeneratorHandle(curandRngType_t type, bool host, const std::string& what) {
    const CurandApi& library = curand();
    if (host) {
        check_curand(library.create_generator_host(&handle_, type), "curandCreateGeneratorHost",
                     what);
    } else {
        check_curand(library.create_generator(&handle_, type), "curandCreateGenerator", what);
    }
}

GeneratorHandle& GeneratorHandle::operator=(GeneratorHandle&& other) noexcept {
    if (this != &other) {
        if (handle_ != nullptr) {
            curand().destroy_generator(handle_);
        }
        handle_ = other.handle_;
        other.handle_ = nullptr;
    }
    return *this;
}

GeneratorHandle::~GeneratorHandle() {
    if (handle_ != nullptr) {
        // The library is loaded (the handle came from it); the status is ignored, as
        // destructors never throw.
        curand().destroy_generator(handle_);
    }
}

} // namespace gpucc::random::detail
