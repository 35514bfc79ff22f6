// Forwarding header: the runtime's public headers sit in folders by subsystem, and this one is
// now <gpucc/memory/pool.h>. Kept so that the spelling <gpucc/memory_pool.h> keeps working.
#pragma once

#include "gpucc/memory/pool.h"
