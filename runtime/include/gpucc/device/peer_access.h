// Peer access between GPUs, CuPy's deviceCanAccessPeer and deviceEnablePeerAccess: whether one
// GPU can use another's memory directly (NVLink or PCIe), and turning that on. Copies between GPUs
// (NDArray::to, copyto) call enable_peer_access themselves; NCCL and kernels that read another
// GPU's arrays need it too.
#pragma once

#include "gpucc/device/device.h"

namespace gpucc {

/// True when GPU `accessor` can read and write GPU `owner`'s memory directly, over NVLink or PCIe
/// (cuDeviceCanAccessPeer; CuPy's runtime.deviceCanAccessPeer). False for the CPU, for a GPU with
/// itself (as the driver answers), for a missing driver or GPU. Cached per pair; never throws.
bool can_access_peer(Device accessor, Device owner) noexcept;

/// Lets GPU `accessor` use GPU `owner`'s memory directly: peer access from accessor's primary
/// context to owner's (cuCtxEnablePeerAccess, "already enabled" is success) and access to owner's
/// default memory pool, where arrays live (cuMemPoolSetAccess, once per pair). The context part
/// is redone at each call, as CuPy does, because other code may have disabled it. Returns false,
/// changing nothing, when can_access_peer is false; DeviceError for the CPU or a missing GPU.
/// Copies between GPUs (NDArray::to, copyto) call it, so they go peer to peer where the hardware
/// allows and through the driver's staging otherwise.
bool enable_peer_access(Device accessor, Device owner);

} // namespace gpucc
