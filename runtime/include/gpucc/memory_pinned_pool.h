// Forwarding header: the runtime's public headers sit in folders by subsystem, and this one is
// now <gpucc/memory/pinned_pool.h>. Kept so that the spelling <gpucc/memory_pinned_pool.h> keeps
// working.
#pragma once

#include "gpucc/memory/pinned_pool.h"
