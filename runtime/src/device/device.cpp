// Device values, the device count, the default-device rules, properties, free memory and
// DeviceGuard.
#include "gpucc/device/device.h"

#include "device/cpu_stream.h"
#include "driver/context.h"
#include "driver/driver.h"
#include "gpucc/errors.h"

#include <array>
#include <atomic>
#include <charconv>
#include <cstdlib>
#include <mutex>
#include <string>

namespace gpucc {
namespace {

constexpr int kNoDefault = -2; // encodes "set_default_device was not called"
std::atomic<int> g_default_ordinal{kNoDefault};

// DeviceGuard's state for this thread.
thread_local bool t_has_guard = false;
thread_local Device t_guard_device;

// Returns false when `text` is no device spelling.
bool try_parse(std::string_view text, Device& out) {
    if (text == "cpu") {
        out = Device::cpu();
        return true;
    }
    if (text == "cuda") {
        out = Device::cuda(0);
        return true;
    }
    constexpr std::string_view kPrefix = "cuda:";
    if (!text.starts_with(kPrefix) || text.size() == kPrefix.size()) {
        return false;
    }
    const char* first = text.data() + kPrefix.size();
    const char* last = text.data() + text.size();
    int ordinal = 0;
    const auto [end, error] = std::from_chars(first, last, ordinal);
    if (error != std::errc() || end != last || ordinal < 0 || *first == '+' || *first == '-') {
        return false;
    }
    out = Device::cuda(ordinal);
    return true;
}

} // namespace

Device Device::cuda(int ordinal) {
    if (ordinal < 0) {
        throw ValueError("Device::cuda: the ordinal must be >= 0, got " + std::to_string(ordinal));
    }
    return Device(OrdinalTag{}, ordinal);
}

Device Device::cuda_or_cpu(int ordinal) {
    const Device gpu = cuda(ordinal);
    return ordinal < cuda_device_count() ? gpu : cpu();
}

Device Device::parse(std::string_view text) {
    Device device;
    if (!try_parse(text, device)) {
        throw ValueError("\"" + std::string(text) +
                         "\" is not a device: expected cpu, cuda or cuda:N");
    }
    return device;
}

std::string Device::to_string() const {
    return is_cpu() ? std::string("cpu") : "cuda:" + std::to_string(ordinal_);
}

int cuda_device_count() noexcept {
    static const int count = [] {
        const detail::DriverApi* api = detail::driver_if_available();
        int n = 0;
        if (api == nullptr || api->cuDeviceGetCount(&n) != CUDA_SUCCESS) {
            return 0;
        }
        return n;
    }();
    return count;
}

Device default_device() {
    if (t_has_guard) {
        return t_guard_device;
    }
    const int set = g_default_ordinal.load(std::memory_order_relaxed);
    if (set != kNoDefault) {
        return set < 0 ? Device::cpu() : Device::cuda(set);
    }
    if (const char* env = std::getenv("GPUCC_DEVICE"); env != nullptr && *env != '\0') {
        Device device;
        if (!try_parse(env, device)) {
            throw ValueError(std::string("GPUCC_DEVICE=\"") + env +
                             "\" is not a device: expected cpu, cuda or cuda:N");
        }
        return device;
    }
    return cuda_device_count() > 0 ? Device::cuda(0) : Device::cpu();
}

void set_default_device(Device device) {
    g_default_ordinal.store(device.ordinal(), std::memory_order_relaxed);
}

void reset_default_device() {
    g_default_ordinal.store(kNoDefault, std::memory_order_relaxed);
}

const DeviceProperties& device_properties(Device device) {
    detail::require_cuda_device(device, "device_properties");
    struct Slot {
        std::once_flag once;
        DeviceProperties properties;
    };
    static Slot* const slots = new Slot[detail::kMaxDevices]; // leaked: read at exit too
    Slot& s = slots[device.ordinal()];
    std::call_once(s.once, [&s, device] {
        const CUdevice dev = detail::cu_device(device.ordinal());
        DeviceProperties p;
        const auto attribute = [dev](CUdevice_attribute which) {
            int value = 0;
            GPUCC_CU(cuDeviceGetAttribute, &value, which, dev);
            return value;
        };
        p.sm_count = attribute(CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT);
        p.max_threads_per_sm = attribute(CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR);
        p.max_threads_per_block = attribute(CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK);
        p.warp_size = attribute(CU_DEVICE_ATTRIBUTE_WARP_SIZE);
        p.compute_capability_major = attribute(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR);
        p.compute_capability_minor = attribute(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR);
        std::array<char, 256> name{};
        GPUCC_CU(cuDeviceGetName, name.data(), static_cast<int>(name.size()), dev);
        p.name = name.data();
        std::size_t total = 0;
        GPUCC_CU(cuDeviceTotalMem, &total, dev);
        p.total_memory_bytes = total;
        s.properties = std::move(p);
    });
    return s.properties;
}

MemoryInfo mem_info(Device device) {
    detail::require_cuda_device(device, "mem_info");
    detail::make_current(device.ordinal());
    MemoryInfo info;
    GPUCC_CU(cuMemGetInfo, &info.free_bytes, &info.total_bytes);
    return info;
}

void synchronize(Device device) {
    if (device.is_cpu()) {
        detail::cpu_synchronize_all();
        return;
    }
    detail::require_cuda_device(device, "synchronize");
    detail::make_current(device.ordinal());
    GPUCC_CU(cuCtxSynchronize);
}

void synchronize() {
    synchronize(default_device());
}

DeviceGuard::DeviceGuard(Device device) : previous_(t_guard_device), had_previous_(t_has_guard) {
    if (device.is_cuda()) {
        detail::require_cuda_device(device, "DeviceGuard");
        detail::make_current(device.ordinal());
    }
    t_guard_device = device;
    t_has_guard = true;
}

DeviceGuard::~DeviceGuard() {
    t_guard_device = previous_;
    t_has_guard = had_previous_;
    if (had_previous_ && previous_.is_cuda()) {
        try {
            detail::make_current(previous_.ordinal()); // it was current before: cheap
        } catch (const Error&) {                       // NOLINT(bugprone-empty-catch)
            // Destructors never throw; the next runtime call makes its context current anyway.
        }
    }
}

} // namespace gpucc
