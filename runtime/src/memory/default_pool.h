// The default MemoryPool as the shared_ptr that buffers keep: CPU arrays always come from it (the
// allocator that set_allocator chooses is for GPU memory). Private to the runtime.
#pragma once

#include "gpucc/memory/pool.h"

#include <memory>

namespace gpucc::detail {

/// get_default_memory_pool(), shared (never destroyed: buffers freed at exit still find it).
const std::shared_ptr<MemoryPool>& default_memory_pool_resource();

} // namespace gpucc::detail
