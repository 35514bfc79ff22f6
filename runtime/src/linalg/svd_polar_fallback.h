// The rule by which cuSOLVER's polar-decomposition SVD (Xgesvdp, cusolver.cpp's gesvd_polar)
// hands a matrix to Xgesvd: its reported perturbation above limit * eps * its largest singular
// value. The limit is 1; the GPU tests lower it below 0 so that every matrix takes the fallback,
// which real inputs reach rarely (a singular value near zero), and check its results. Not a user
// setting. Private to the runtime.
#pragma once

namespace gpucc::linalg::detail {

/// The process's limit (1 unless a test changed it; not synchronised).
double& polar_svd_perturbation_limit();

} // namespace gpucc::linalg::detail
