// The dtype and reduction tables of dtype_mapping.h.
#include "distributed/dtype_mapping.h"

#include "gpucc/errors.h"

namespace gpucc::distributed {

std::string_view reduce_op_name(ReduceOp op) noexcept {
    switch (op) {
    case ReduceOp::Sum:
        return "sum";
    case ReduceOp::Prod:
        return "prod";
    case ReduceOp::Max:
        return "max";
    case ReduceOp::Min:
        return "min";
    case ReduceOp::Avg:
        return "avg";
    }
    return "unknown";
}

namespace detail {

std::string unsupported_reduction(const char* engine, DType dtype, ReduceOp op, const char* why) {
    return std::string(engine) + " cannot reduce " + std::string(dtype_name(dtype)) + " by " +
           std::string(reduce_op_name(op)) + ": " + why;
}

ncclDataType_t nccl_reduction_type(DType dtype, ReduceOp op, int nccl_version) {
    switch (dtype) {
    case DType::Bool:
        if (op != ReduceOp::Max && op != ReduceOp::Min) {
            throw TypeError(unsupported_reduction("NCCL", dtype, op,
                                                  "bool reduces by max (any) and min (all) only"));
        }
        return ncclUint8;
    case DType::Int8:
        return ncclInt8;
    case DType::UInt8:
        return ncclUint8;
    case DType::Int16:
    case DType::UInt16:
        throw TypeError(unsupported_reduction("NCCL", dtype, op,
                                              "NCCL has no 16-bit integer type (convert to "
                                              "int32 first); it can still move such arrays"));
    case DType::Int32:
        return ncclInt32;
    case DType::UInt32:
        return ncclUint32;
    case DType::Int64:
        return ncclInt64;
    case DType::UInt64:
        return ncclUint64;
    case DType::Float16:
        return ncclFloat16;
    case DType::BFloat16:
        if (nccl_version < 21000) {
            throw TypeError(unsupported_reduction(
                "NCCL", dtype, op,
                ("bfloat16 needs NCCL 2.10 or later, this is " + std::to_string(nccl_version))
                    .c_str()));
        }
        return ncclBfloat16;
    case DType::Float32:
        return ncclFloat32;
    case DType::Float64:
        return ncclFloat64;
    }
    throw TypeError("NCCL: unknown dtype");
}

ncclRedOp_t nccl_op(ReduceOp op) noexcept {
    switch (op) {
    case ReduceOp::Sum:
        return ncclSum;
    case ReduceOp::Prod:
        return ncclProd;
    case ReduceOp::Max:
        return ncclMax;
    case ReduceOp::Min:
        return ncclMin;
    case ReduceOp::Avg:
        return ncclAvg;
    }
    return ncclSum;
}

MpiReduction mpi_reduction(DType dtype, ReduceOp op) {
    if (dtype == DType::Bool && op != ReduceOp::Max && op != ReduceOp::Min) {
        throw TypeError(unsupported_reduction("MPI", dtype, op,
                                              "bool reduces by max (any) and min (all) only"));
    }
    const bool half = dtype == DType::Float16 || dtype == DType::BFloat16;
    if (op == ReduceOp::Avg) {
        return half ? MpiReduction::HalfMean : MpiReduction::Mean;
    }
    return half ? MpiReduction::Half : MpiReduction::Native;
}

} // namespace detail
} // namespace gpucc::distributed
