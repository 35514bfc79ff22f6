// Forwarding header: the runtime's public headers sit in folders by subsystem, and this one is
// now <gpucc/memory/allocator.h>. Kept so that the spelling <gpucc/memory_allocator.h> keeps
// working.
#pragma once

#include "gpucc/memory/allocator.h"
