// Forwarding header: the runtime's public headers sit in folders by subsystem, and this one is
// now <gpucc/memory/buffer.h>. Kept so that the spelling <gpucc/memory.h> keeps working.
#pragma once

#include "gpucc/memory/buffer.h"
