// NumPy's broadcasting of a launch's array arguments, one argument at a time, as the elementwise
// and reduction launchers take them. The launchers keep the fast paths (the first argument, an
// argument of the same shape) inline and call this for the rest; a mismatch is one ShapeError
// wording for both. Private to the runtime.
#pragma once

#include "gpucc/array/shape.h"

namespace gpucc::detail {

/// Broadcasts `shape`, the shape of argument `param` of launcher `kernel`, into `loop`, the shape
/// the earlier arguments broadcast to, which `loop_param` set: aligned on the right, an extent of
/// 1 stretches to the other. `loop` becomes the result, and `loop_param` becomes `param` when the
/// result differs from the old `loop`. Extents that differ with neither 1 throw a ShapeError naming
/// both arguments, their shapes, the axis (counted from the end) and both extents.
void broadcast_argument(const char* kernel, const char* param, const Shape& shape,
                        const char*& loop_param, Shape& loop);

} // namespace gpucc::detail
