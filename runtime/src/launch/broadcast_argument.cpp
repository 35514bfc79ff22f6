// See broadcast_argument.h: NumPy's broadcasting of one more launch argument.
#include "launch/broadcast_argument.h"

#include "gpucc/errors.h"

#include <algorithm>
#include <string>

namespace gpucc::detail {

void broadcast_argument(const char* kernel, const char* param, const Shape& shape,
                        const char*& loop_param, Shape& loop) {
    const int ndim = std::max(shape.ndim(), loop.ndim());
    Shape result;
    for (int axis = 0; axis < ndim; ++axis) {
        const int mine = axis - (ndim - shape.ndim());
        const int loops = axis - (ndim - loop.ndim());
        const std::int64_t a = mine < 0 ? 1 : shape[mine];
        const std::int64_t b = loops < 0 ? 1 : loop[loops];
        if (a != b && a != 1 && b != 1) [[unlikely]] {
            throw ShapeError(std::string(kernel) + ": cannot broadcast " + param + " of shape " +
                             shape.to_string() + " with " + loop_param + " of shape " +
                             loop.to_string() + ": axis " + std::to_string(axis - ndim) +
                             " has extent " + std::to_string(a) + " in " + param + " and " +
                             std::to_string(b) + " in " + loop_param);
        }
        result.push_back(a == 1 ? b : a);
    }
    if (!(result == loop)) {
        loop_param = param;
    }
    loop = result;
}

} // namespace gpucc::detail
