// Which dtypes and reductions each engine takes, and how a gpucc DType travels on it: NCCL's
// ncclDataType_t and Open MPI's predefined datatypes. Reductions an engine cannot do for a dtype
// are TypeErrors that name the engine, the dtype and the op, checked before anything is sent.
// Private to the runtime (and its unit tests).
#pragma once

#include "gpucc/array/dtype.h"
#include "gpucc/distributed/communicator.h"

#include <nccl.h>
#include <string>

namespace gpucc::distributed::detail {

/// NCCL's type for a reduction of `dtype` by `op`. NCCL has no 16-bit integers (TypeError) and no
/// bool (carried as uint8, for max and min only: any and all; TypeError for the others).
/// bfloat16 needs NCCL 2.10 (`nccl_version` as ncclGetVersion gives it, e.g. 22809).
ncclDataType_t nccl_reduction_type(DType dtype, ReduceOp op, int nccl_version);
ncclRedOp_t nccl_op(ReduceOp op) noexcept;

/// How MPI reduces `dtype` by `op`.
enum class MpiReduction {
    Native,   ///< a predefined MPI datatype and op
    Half,     ///< float16 or bfloat16: a user-defined op that computes in float
    Mean,     ///< avg of a type MPI has: sum, then a division on this rank
    HalfMean, ///< avg of float16 or bfloat16: the user-defined sum, then a division
};
/// Throws TypeError for what MPI cannot reduce (bool but by max and min).
MpiReduction mpi_reduction(DType dtype, ReduceOp op);

/// The TypeError's text for an unsupported reduction: "<engine> cannot reduce <dtype> by <op>:
/// <why>".
std::string unsupported_reduction(const char* engine, DType dtype, ReduceOp op, const char* why);

} // namespace gpucc::distributed::detail
