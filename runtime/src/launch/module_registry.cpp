// ModuleImage registration and per-device loading (deciding there whether its kernels launch with
// programmatic stream serialization); KernelRef's first look-up per device.
#include "driver/context.h"
#include "driver/driver.h"
#include "gpucc/detail/module_image.h"
#include "gpucc/errors.h"

#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

namespace gpucc::detail {
namespace {

struct Registry {
    std::mutex mutex;
    std::vector<const ModuleImage*> images;
};
Registry& registry() {
    static Registry* const registry = new Registry(); // leaked: images register at static init
    return *registry;
}

} // namespace

ModuleImage::ModuleImage(const char* module_name, const unsigned char* fatbin,
                         std::size_t fatbin_size, std::uint64_t flags)
    : name_(module_name), fatbin_(fatbin), fatbin_size_(fatbin_size), flags_(flags) {
    Registry& r = registry();
    std::lock_guard<std::mutex> lock(r.mutex);
    r.images.push_back(this);
}

std::vector<const ModuleImage*> registered_module_images() {
    Registry& r = registry();
    std::lock_guard<std::mutex> lock(r.mutex);
    return r.images;
}

void* ModuleImage::module(Device device) {
    const std::string what = std::string("module ") + name_;
    require_cuda_device(device, what.c_str());
    std::atomic<void*>& slot = modules_[device.ordinal()];
    if (void* loaded = slot.load(std::memory_order_acquire)) {
        return loaded;
    }
    if (!has_device_image()) {
        throw DeviceError(what + " was compiled for the host only (no device image), so it " +
                          "cannot run on " + device.to_string());
    }
    std::lock_guard<std::mutex> lock(load_mutex_);
    if (void* loaded = slot.load(std::memory_order_acquire)) {
        return loaded;
    }
    make_current(device.ordinal());
    CUmodule module = nullptr;
    const CUresult result = driver().cuModuleLoadData(&module, fatbin_);
    if (result != CUDA_SUCCESS) {
        throw_cuda_error(result, "cuModuleLoadData",
                         what + ": loading its device image on " + device.to_string());
    }
    const char* setting = std::getenv("GPUCC_PROGRAMMATIC_LAUNCH");
    const bool allowed = setting == nullptr || std::string_view(setting) != "0";
    programmatic_[device.ordinal()].store(allowed && (flags_ & kImageWaitsForPriorGrids) != 0 &&
                                              device_properties(device).compute_capability_major >=
                                                  9,
                                          std::memory_order_relaxed);
    slot.store(module, std::memory_order_release);
    return module;
}

bool KernelRef::has_strided_entry() const noexcept {
    if (strided_suffix_ != nullptr) {
        return true;
    }
    return strided_symbol_ != nullptr && std::strcmp(symbol_, strided_symbol_) != 0;
}

void* KernelRef::load_function(Device device, GpuEntry entry) {
    auto* module = static_cast<CUmodule>(image_.module(device)); // checks the device
    std::atomic<void*>& slot = functions_[static_cast<int>(entry)][device.ordinal()];
    std::lock_guard<std::mutex> lock(load_mutex_);
    if (void* loaded = slot.load(std::memory_order_acquire)) {
        return loaded;
    }
    make_current(device.ordinal());
    std::string name = entry == GpuEntry::Contiguous ? std::string(symbol_)
                       : strided_suffix_ != nullptr  ? std::string(symbol_) + strided_suffix_
                                                     : std::string(strided_symbol_);
    if (entry == GpuEntry::StridedVector) {
        name += "_vector";
    } else if (entry == GpuEntry::StridedTiled) {
        name += "_tiled";
    }
    CUfunction function = nullptr;
    const CUresult result = driver().cuModuleGetFunction(&function, module, name.c_str());
    if (result != CUDA_SUCCESS) {
        throw_cuda_error(result, "cuModuleGetFunction",
                         std::string("module ") + image_.name() + ": kernel " + name);
    }
    slot.store(function, std::memory_order_release);
    return function;
}

} // namespace gpucc::detail
