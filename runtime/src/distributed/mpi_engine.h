// The MPI engine: CPU arrays exchanged between processes through Open MPI. Private.
#pragma once

#include "distributed/engine.h"

#include <memory>

namespace gpucc::distributed::detail {

/// This process's rank in a duplicate of MPI_COMM_WORLD (so its messages never meet the
/// program's own). Loads Open MPI and initialises it on first use.
std::unique_ptr<Engine> make_mpi_world_engine();

} // namespace gpucc::distributed::detail
