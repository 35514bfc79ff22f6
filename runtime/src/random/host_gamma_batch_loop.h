// The loop that host_gamma_avx2.cpp and host_gamma_avx512.cpp share (host_gamma_batch.h): one
// batch through one of libmvec's functions, a vector register at a time. Included only by those
// two files, each with its own instruction set and its own `Lanes` (the register type, its
// loads and stores and libmvec's functions of that width), so each instantiation is compiled for
// its own instruction set.
#pragma once

#include "host_gamma_batch.h"

namespace gpucc::random::detail {

template <class Lanes>
inline void apply_lanes(BatchFunction f, const double* in, double* out, double exponent) {
    const auto e = Lanes::broadcast(exponent);
    for (std::int64_t t = 0; t < kGammaBatch; t += Lanes::kWidth) {
        const auto x = Lanes::load(in + t);
        Lanes::store(out + t, f == BatchFunction::Log   ? Lanes::log(x)
                              : f == BatchFunction::Cos ? Lanes::cos(x)
                              : f == BatchFunction::Exp ? Lanes::exp(x)
                                                        : Lanes::pow(x, e));
    }
}

} // namespace gpucc::random::detail
