// gpucc::distributed: collectives over several GPUs (NCCL) and several machines (MPI for CPU
// arrays), with the stores ranks meet through. See distributed/communicator.h.
#pragma once

#include "gpucc/distributed/communicator.h"
#include "gpucc/distributed/store.h"
