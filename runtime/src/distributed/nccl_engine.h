// The NCCL engine: GPU arrays exchanged between GPUs of one or several processes. Private.
#pragma once

#include "distributed/engine.h"
#include "gpucc/distributed/store.h"

#include <chrono>
#include <memory>
#include <span>
#include <vector>

namespace gpucc::distributed::detail {

/// One rank of `n_ranks` on GPU `ordinal` from `id`: the ranks meet on a non-blocking
/// communicator given `timeout` to finish, then make the blocking one the operations run on
/// (see nccl_engine.cpp); `store_name` (may be empty) is named in errors.
std::unique_ptr<Engine> make_nccl_engine(const UniqueId& id, int n_ranks, int rank, int ordinal,
                                         std::chrono::milliseconds timeout,
                                         const std::string& store_name);
/// One communicator per GPU of `ordinals` in this process (ncclCommInitAll).
std::vector<std::unique_ptr<Engine>> make_nccl_engines(std::span<const int> ordinals);
UniqueId nccl_unique_id();
void nccl_group_start();
void nccl_group_end();

} // namespace gpucc::distributed::detail
