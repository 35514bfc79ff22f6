// Primary contexts and default memory pools, one slot per GPU, each set up once (std::call_once:
// a failed set-up is retried by the next caller). Kept for the life of the process: releasing a
// primary context at exit would race with other libraries and with the driver's own shutdown.
#include "driver/context.h"

#include "driver/driver.h"
#include "gpucc/errors.h"

#include <cstdint>
#include <mutex>
#include <string>

namespace gpucc::detail {
namespace {

struct DeviceSlot {
    std::once_flag context_once;
    CUdevice device = 0;
    CUcontext context = nullptr;
    std::once_flag pool_once;
    CUmemoryPool pool = nullptr;
};

DeviceSlot& slot(int ordinal) {
    static DeviceSlot* const slots = new DeviceSlot[kMaxDevices]; // leaked: used at exit
    return slots[ordinal];
}

DeviceSlot& ready_slot(int ordinal) {
    DeviceSlot& s = slot(ordinal);
    std::call_once(s.context_once, [&s, ordinal] {
        CUdevice device = 0;
        GPUCC_CU(cuDeviceGet, &device, ordinal);
        CUcontext context = nullptr;
        GPUCC_CU(cuDevicePrimaryCtxRetain, &context, device);
        s.device = device;
        s.context = context;
    });
    return s;
}

} // namespace

void require_cuda_device(Device device, const char* what) {
    if (device.is_cpu()) {
        throw DeviceError(std::string(what) + " needs a CUDA device, got cpu");
    }
    driver(); // throws the driver's DeviceError when there is none
    const int count = cuda_device_count();
    if (device.ordinal() >= count) {
        throw DeviceError(std::string(what) + ": " + device.to_string() +
                          " does not exist: this machine has " + std::to_string(count) +
                          " CUDA device" + (count == 1 ? "" : "s"));
    }
    if (device.ordinal() >= kMaxDevices) {
        throw DeviceError(std::string(what) + ": " + device.to_string() +
                          " is past the runtime's limit of " + std::to_string(kMaxDevices) +
                          " GPUs");
    }
}

void make_current(int ordinal) {
    const DeviceSlot& s = ready_slot(ordinal);
    CUcontext current = nullptr;
    GPUCC_CU(cuCtxGetCurrent, &current);
    if (current != s.context) {
        GPUCC_CU(cuCtxSetCurrent, s.context);
    }
}

CUdevice cu_device(int ordinal) {
    return ready_slot(ordinal).device;
}

CUcontext primary_context(int ordinal) {
    return ready_slot(ordinal).context;
}

CUmemoryPool default_memory_pool(int ordinal) {
    DeviceSlot& s = ready_slot(ordinal);
    std::call_once(s.pool_once, [&s] {
        CUmemoryPool pool = nullptr;
        GPUCC_CU(cuDeviceGetDefaultMemPool, &pool, s.device);
        cuuint64_t threshold = UINT64_MAX;
        GPUCC_CU(cuMemPoolSetAttribute, pool, CU_MEMPOOL_ATTR_RELEASE_THRESHOLD, &threshold);
        s.pool = pool;
    });
    return s.pool;
}

} // namespace gpucc::detail
