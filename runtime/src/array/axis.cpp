// normalize_axis: the one place that words an axis out of range.
#include "array/axis.h"

#include "gpucc/errors.h"

#include <string>

namespace gpucc::detail {

int normalize_axis(int axis, int ndim, const char* what) {
    if (axis < -ndim || axis >= ndim) {
        const std::string dims = std::to_string(ndim) + (ndim == 1 ? " dimension" : " dimensions");
        const std::string valid =
            ndim == 0 ? "no axis is valid"
                      : "valid: " + std::to_string(-ndim) + " to " + std::to_string(ndim - 1);
        throw IndexError(std::string(what) + ": axis " + std::to_string(axis) +
                         " is out of range for an array of " + dims + " (" + valid + ")");
    }
    return axis < 0 ? axis + ndim : axis;
}

} // namespace gpucc::detail
