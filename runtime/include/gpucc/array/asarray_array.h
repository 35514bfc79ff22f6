// asarray of an array: CuPy moves arrays between devices with `with cp.cuda.Device(1):
// y = cp.asarray(x)`, and this is its C++ form, `{ gpucc::DeviceGuard on(Device::cuda(1));
// auto y = gpucc::asarray(x); }`. Apart from array.h's asarray (from host data) because it only
// forwards to NDArray::to, which does the moving: between GPUs a peer copy where the hardware
// allows it (peer access enabled on demand, see device/peer_access.h) and the driver's staging
// otherwise; between a GPU and the CPU a synchronous copy.
#pragma once

#include "gpucc/array/array.h"
#include "gpucc/array/ndarray.h"
#include "gpucc/device/device.h"

namespace gpucc {

/// `array` on `device` (default: the default device, i.e. a DeviceGuard's inside one): `array`
/// itself (no copy) when it is there already, else a C-contiguous copy there. A GPU array under
/// a CPU guard comes to the host, a CPU array under a GPU guard goes to that GPU.
inline NDArray asarray(const NDArray& array, Device device = default_device()) {
    return array.to(device);
}
/// The typed form of asarray(const NDArray&, Device).
template <ElementType T>
Array<T> asarray(const Array<T>& array, Device device = default_device()) {
    return array.to(device);
}

} // namespace gpucc
