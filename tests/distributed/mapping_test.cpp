// The dtype and op tables of the engines (src/distributed/dtype_mapping.h): which NCCL type each
// dtype reduces as, which reductions each engine refuses and what the refusal says.
#include "distributed/dtype_mapping.h"

#include <gpucc/errors.h>
#include <gtest/gtest.h>
#include <string>

namespace {

using gpucc::DType;
using gpucc::distributed::ReduceOp;
using namespace gpucc::distributed::detail;

constexpr int kNccl2289 = 22809;

TEST(NcclMapping, EveryReducibleDtypeHasItsType) {
    EXPECT_EQ(nccl_reduction_type(DType::Int8, ReduceOp::Sum, kNccl2289), ncclInt8);
    EXPECT_EQ(nccl_reduction_type(DType::UInt8, ReduceOp::Sum, kNccl2289), ncclUint8);
    EXPECT_EQ(nccl_reduction_type(DType::Int32, ReduceOp::Prod, kNccl2289), ncclInt32);
    EXPECT_EQ(nccl_reduction_type(DType::UInt32, ReduceOp::Max, kNccl2289), ncclUint32);
    EXPECT_EQ(nccl_reduction_type(DType::Int64, ReduceOp::Min, kNccl2289), ncclInt64);
    EXPECT_EQ(nccl_reduction_type(DType::UInt64, ReduceOp::Avg, kNccl2289), ncclUint64);
    EXPECT_EQ(nccl_reduction_type(DType::Float16, ReduceOp::Sum, kNccl2289), ncclFloat16);
    EXPECT_EQ(nccl_reduction_type(DType::BFloat16, ReduceOp::Sum, kNccl2289), ncclBfloat16);
    EXPECT_EQ(nccl_reduction_type(DType::Float32, ReduceOp::Sum, kNccl2289), ncclFloat32);
    EXPECT_EQ(nccl_reduction_type(DType::Float64, ReduceOp::Sum, kNccl2289), ncclFloat64);
    EXPECT_EQ(nccl_reduction_type(DType::Bool, ReduceOp::Max, kNccl2289), ncclUint8);
    EXPECT_EQ(nccl_reduction_type(DType::Bool, ReduceOp::Min, kNccl2289), ncclUint8);
}

TEST(NcclMapping, OpsMapOneToOne) {
    EXPECT_EQ(nccl_op(ReduceOp::Sum), ncclSum);
    EXPECT_EQ(nccl_op(ReduceOp::Prod), ncclProd);
    EXPECT_EQ(nccl_op(ReduceOp::Max), ncclMax);
    EXPECT_EQ(nccl_op(ReduceOp::Min), ncclMin);
    EXPECT_EQ(nccl_op(ReduceOp::Avg), ncclAvg);
}

TEST(NcclMapping, RefusalsNameEngineDtypeAndOp) {
    try {
        nccl_reduction_type(DType::Int16, ReduceOp::Sum, kNccl2289);
        ADD_FAILURE() << "int16 reduced on NCCL";
    } catch (const gpucc::TypeError& e) {
        EXPECT_NE(std::string(e.what()).find("NCCL cannot reduce int16 by sum"), std::string::npos)
            << e.what();
    }
    EXPECT_THROW(nccl_reduction_type(DType::UInt16, ReduceOp::Max, kNccl2289), gpucc::TypeError);
    EXPECT_THROW(nccl_reduction_type(DType::Bool, ReduceOp::Sum, kNccl2289), gpucc::TypeError);
    EXPECT_THROW(nccl_reduction_type(DType::Bool, ReduceOp::Avg, kNccl2289), gpucc::TypeError);
    try {
        nccl_reduction_type(DType::BFloat16, ReduceOp::Sum, 2908);
        ADD_FAILURE() << "bfloat16 reduced on NCCL 2.9";
    } catch (const gpucc::TypeError& e) {
        EXPECT_NE(std::string(e.what()).find("needs NCCL 2.10"), std::string::npos) << e.what();
    }
}

TEST(MpiMapping, HalvesUseTheirOwnOpsAndAvgDivides) {
    EXPECT_EQ(mpi_reduction(DType::Float32, ReduceOp::Sum), MpiReduction::Native);
    EXPECT_EQ(mpi_reduction(DType::Int16, ReduceOp::Prod), MpiReduction::Native);
    EXPECT_EQ(mpi_reduction(DType::Float16, ReduceOp::Max), MpiReduction::Half);
    EXPECT_EQ(mpi_reduction(DType::BFloat16, ReduceOp::Sum), MpiReduction::Half);
    EXPECT_EQ(mpi_reduction(DType::Int64, ReduceOp::Avg), MpiReduction::Mean);
    EXPECT_EQ(mpi_reduction(DType::BFloat16, ReduceOp::Avg), MpiReduction::HalfMean);
    EXPECT_EQ(mpi_reduction(DType::Bool, ReduceOp::Min), MpiReduction::Native);
    try {
        mpi_reduction(DType::Bool, ReduceOp::Prod);
        ADD_FAILURE() << "bool reduced by prod on MPI";
    } catch (const gpucc::TypeError& e) {
        EXPECT_NE(std::string(e.what()).find("MPI cannot reduce bool by prod"), std::string::npos)
            << e.what();
    }
}

TEST(ReduceOpNames, AreCupyxNames) {
    EXPECT_EQ(gpucc::distributed::reduce_op_name(ReduceOp::Sum), "sum");
    EXPECT_EQ(gpucc::distributed::reduce_op_name(ReduceOp::Prod), "prod");
    EXPECT_EQ(gpucc::distributed::reduce_op_name(ReduceOp::Max), "max");
    EXPECT_EQ(gpucc::distributed::reduce_op_name(ReduceOp::Min), "min");
    EXPECT_EQ(gpucc::distributed::reduce_op_name(ReduceOp::Avg), "avg");
}

} // namespace
