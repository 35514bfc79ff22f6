// Source spellings of the jit-style kernels' builtins in the kernel IR (KernelIR.h), for the IR
// dump and for diagnostics of the back end.
#include "compiler/kir/KernelIR.h"

namespace gpucc::kir {

std::string_view grid_value_name(GridValue value) {
    switch (value) {
    case GridValue::ThreadIdxX:
        return "threadIdx.x";
    case GridValue::ThreadIdxY:
        return "threadIdx.y";
    case GridValue::ThreadIdxZ:
        return "threadIdx.z";
    case GridValue::BlockIdxX:
        return "blockIdx.x";
    case GridValue::BlockIdxY:
        return "blockIdx.y";
    case GridValue::BlockIdxZ:
        return "blockIdx.z";
    case GridValue::BlockDimX:
        return "blockDim.x";
    case GridValue::BlockDimY:
        return "blockDim.y";
    case GridValue::BlockDimZ:
        return "blockDim.z";
    case GridValue::GridDimX:
        return "gridDim.x";
    case GridValue::GridDimY:
        return "gridDim.y";
    case GridValue::GridDimZ:
        return "gridDim.z";
    case GridValue::LaneId:
        return "laneid()";
    }
    return "?";
}

std::string_view atomic_name(AtomicOp op) {
    switch (op) {
    case AtomicOp::Add:
        return "atomic_add";
    case AtomicOp::Sub:
        return "atomic_sub";
    case AtomicOp::Min:
        return "atomic_min";
    case AtomicOp::Max:
        return "atomic_max";
    case AtomicOp::Exch:
        return "atomic_exch";
    case AtomicOp::Cas:
        return "atomic_cas";
    case AtomicOp::And:
        return "atomic_and";
    case AtomicOp::Or:
        return "atomic_or";
    case AtomicOp::Xor:
        return "atomic_xor";
    }
    return "?";
}

std::string_view shuffle_name(ShuffleOp op) {
    switch (op) {
    case ShuffleOp::Idx:
        return "shfl_sync";
    case ShuffleOp::Up:
        return "shfl_up_sync";
    case ShuffleOp::Down:
        return "shfl_down_sync";
    case ShuffleOp::Xor:
        return "shfl_xor_sync";
    }
    return "?";
}

} // namespace gpucc::kir
