// Quasi-random (low-discrepancy) point sets from cuRAND's Sobol generators, into arrays on a GPU
// or, through cuRAND's host generator, on the CPU: what NumPy and CuPy users reach only through
// scipy.stats.qmc.Sobol. The points are cuRAND's: Sobol sequences with the Joe-Kuo (new-joe-kuo
// 6.21201) direction numbers in Gray-code order (point 0 is the origin), the scrambled variants
// with cuRAND's default scramble constants, up to 20,000 dimensions. The same generator, offset
// and dimension count give the same points on both targets.
//
//   gpucc::random::QuasiGenerator sobol(gpucc::random::QuasiMethod::Sobol32, 3);
//   gpucc::NDArray points = sobol.random(1024);  // shape (1024, 3), float64 in (0, 1]
//   gpucc::NDArray more = sobol.random(1024);    // points 1024..2047
//
// Values: random() gives cuRAND's uniform conversion of each coordinate, (bits + 0.5) / 2^32
// (or 2^64), so in (0, 1) and never 0; integers() gives the raw coordinates as uint32 (Sobol32)
// or uint64 (Sobol64), which scipy's Sobol divides by 2^32 or 2^64. cuRAND writes each
// dimension's coordinates together; the arrays here are (points, dimensions) in C order, as
// SciPy's, at the cost of one transposing copy.
//
// Not here: cuRAND's own direction-vector and scramble-constant tables as arrays, other
// direction-vector sets, and SciPy's Owen scrambling (cuRAND's scrambled Sobol is a digital
// shift by fixed constants, a different sequence).
#pragma once

#include "gpucc/array/dtype.h"
#include "gpucc/array/ndarray.h"
#include "gpucc/device/device.h"

#include <cstdint>
#include <memory>

namespace gpucc::random {

/// cuRAND's quasi-random generators.
enum class QuasiMethod {
    Sobol32,          ///< CURAND_RNG_QUASI_SOBOL32
    ScrambledSobol32, ///< CURAND_RNG_QUASI_SCRAMBLED_SOBOL32
    Sobol64,          ///< CURAND_RNG_QUASI_SOBOL64
    ScrambledSobol64, ///< CURAND_RNG_QUASI_SCRAMBLED_SOBOL64
};

/// The most dimensions cuRAND's Sobol generators have direction numbers for.
inline constexpr int kMaxSobolDimensions = 20000;

/// A position in one Sobol sequence of `dimensions` dimensions. Move-only; not thread-safe
/// across calls that share it without a lock (each call itself is serialised by a mutex, so the
/// position stays consistent, but which caller gets which points is then up to the scheduler).
class QuasiGenerator {
public:
    /// ValueError unless 1 <= dimensions <= kMaxSobolDimensions (argument 'dimensions').
    QuasiGenerator(QuasiMethod method, int dimensions, Device device = default_device());
    QuasiGenerator(QuasiGenerator&&) noexcept;
    QuasiGenerator& operator=(QuasiGenerator&&) noexcept;
    QuasiGenerator(const QuasiGenerator&) = delete;
    QuasiGenerator& operator=(const QuasiGenerator&) = delete;
    ~QuasiGenerator();

    QuasiMethod method() const noexcept;
    int dimensions() const noexcept;
    Device device() const noexcept;
    /// The index of the next point to be drawn.
    std::uint64_t position() const noexcept;
    /// Moves to point `point` (cuRAND's generator offset): skip-ahead without drawing.
    void seek(std::uint64_t point);

    /// The next `points` points as a (points, dimensions) array of float32 or float64 in (0, 1).
    /// TypeError for another dtype; ValueError for a negative count.
    NDArray random(std::int64_t points, DType dtype = DType::Float64);
    /// The next `points` points' raw coordinates, (points, dimensions), uint32 for the 32-bit
    /// generators and uint64 for the 64-bit ones.
    NDArray integers(std::int64_t points);

    struct State; // the generator and its lock (quasi.cpp)

private:
    std::unique_ptr<State> state_;
};

/// `points` points of a Sobol sequence from point `skip` on: QuasiGenerator(method, dimensions,
/// device) moved to `skip`, then random(points, dtype).
NDArray sobol(std::int64_t points, int dimensions, DType dtype = DType::Float64,
              QuasiMethod method = QuasiMethod::Sobol32, std::uint64_t skip = 0,
              Device device = default_device());

} // namespace gpucc::random
