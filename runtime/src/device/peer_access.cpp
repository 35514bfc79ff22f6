// Peer access between GPUs: whether one GPU can use another's memory directly, and turning that
// on. Copies between GPUs go peer to peer once it is on (else the driver stages them through the
// host), and NCCL and kernels that read another GPU's arrays need it. The hardware answer is
// cached per pair; enabling is redone on each call for the context (cheap, and other libraries
// may turn it off) and done once per pair for the memory pool that arrays come from.
#include "gpucc/device/peer_access.h"

#include "driver/context.h"
#include "driver/driver.h"
#include "gpucc/errors.h"

#include <array>
#include <atomic>
#include <mutex>

namespace gpucc {
namespace {

constexpr int kUnknown = -1;

// can_access_peer's answers, [accessor][owner]: kUnknown, 0 or 1.
std::array<std::array<std::atomic<int>, detail::kMaxDevices>, detail::kMaxDevices>& peer_answers() {
    static auto* answers = [] {
        auto* table =
            new std::array<std::array<std::atomic<int>, detail::kMaxDevices>, detail::kMaxDevices>;
        for (auto& row : *table) {
            for (auto& cell : row) {
                cell.store(kUnknown, std::memory_order_relaxed);
            }
        }
        return table;
    }();
    return *answers;
}

// Pairs whose memory-pool access is set, [accessor][owner].
std::array<std::array<std::once_flag, detail::kMaxDevices>, detail::kMaxDevices>&
pool_access_set() {
    static auto* flags =
        new std::array<std::array<std::once_flag, detail::kMaxDevices>, detail::kMaxDevices>;
    return *flags;
}

} // namespace

bool can_access_peer(Device accessor, Device owner) noexcept {
    if (!accessor.is_cuda() || !owner.is_cuda() || accessor == owner) {
        return false;
    }
    const int count = cuda_device_count();
    if (accessor.ordinal() >= count || owner.ordinal() >= count ||
        accessor.ordinal() >= detail::kMaxDevices || owner.ordinal() >= detail::kMaxDevices) {
        return false;
    }
    std::atomic<int>& cell = peer_answers()[accessor.ordinal()][owner.ordinal()];
    const int known = cell.load(std::memory_order_acquire);
    if (known != kUnknown) {
        return known == 1;
    }
    const detail::DriverApi* api = detail::driver_if_available();
    if (api == nullptr) {
        return false;
    }
    int can = 0;
    try {
        if (api->cuDeviceCanAccessPeer(&can, detail::cu_device(accessor.ordinal()),
                                       detail::cu_device(owner.ordinal())) != CUDA_SUCCESS) {
            return false;
        }
    } catch (const Error&) {
        return false;
    }
    cell.store(can != 0 ? 1 : 0, std::memory_order_release);
    return can != 0;
}

bool enable_peer_access(Device accessor, Device owner) {
    detail::require_cuda_device(accessor, "enable_peer_access (accessor)");
    detail::require_cuda_device(owner, "enable_peer_access (owner)");
    if (!can_access_peer(accessor, owner)) {
        return false;
    }
    detail::make_current(accessor.ordinal());
    const CUresult enabled =
        detail::driver().cuCtxEnablePeerAccess(detail::primary_context(owner.ordinal()), 0);
    if (enabled != CUDA_SUCCESS && enabled != CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED) {
        detail::throw_cuda_error(enabled, "cuCtxEnablePeerAccess",
                                 "enable_peer_access(" + accessor.to_string() + ", " +
                                     owner.to_string() + ")");
    }
    std::call_once(pool_access_set()[accessor.ordinal()][owner.ordinal()], [&] {
        CUmemAccessDesc access{};
        access.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
        access.location.id = accessor.ordinal();
        access.flags = CU_MEM_ACCESS_FLAGS_PROT_READWRITE;
        GPUCC_CU(cuMemPoolSetAccess, detail::default_memory_pool(owner.ordinal()), &access, 1);
    });
    return true;
}

} // namespace gpucc
