// Checking an axis argument against an array's rank, NumPy's way (negative axes count from the
// end), with the IndexError every view reports the same way. Private to the runtime.
#pragma once

namespace gpucc::detail {

/// `axis` as a position in [0, ndim); IndexError "<what>: axis 3 is out of range for an array of
/// 2 dimensions (valid: -2 to 1)" otherwise. `what` names the call and the argument, e.g.
/// "swapaxes: axis2".
int normalize_axis(int axis, int ndim, const char* what);

} // namespace gpucc::detail
