// How float32 matrix products compute on the GPU, after CuPy's CUPY_TF32 and
// cupy.cuda.set_compute_type: exact FP32 by default (NumPy's accuracy), or TF32 tensor cores
// (about 8x faster on an H100, 10-bit mantissas in the products, float32 accumulation) on
// request, either for the whole process (the environment variable GPUCC_TF32=1, read once) or
// for a scope on the calling thread (Tf32Guard). The CPU target always computes exact FP32.
#pragma once

namespace gpucc::linalg {

/// True when float32 matmul on the GPU may use TF32 on the calling thread now: inside a
/// Tf32Guard(true), or, outside every guard, when GPUCC_TF32=1.
bool tf32_enabled() noexcept;

/// Allows (or, with false, forbids) TF32 for float32 matmul on the calling thread until the
/// guard is destroyed, then restores what was in force before. Guards nest.
class Tf32Guard {
public:
    explicit Tf32Guard(bool enabled = true) noexcept;
    ~Tf32Guard();
    Tf32Guard(const Tf32Guard&) = delete;
    Tf32Guard& operator=(const Tf32Guard&) = delete;

private:
    int previous_; // the thread's setting before: -1 none (the environment decides), 0, 1
};

} // namespace gpucc::linalg
