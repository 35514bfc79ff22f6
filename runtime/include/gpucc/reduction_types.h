// Forwarding header: the runtime's public headers sit in folders by subsystem, and this one is
// now <gpucc/stdlib/reduction_types.h>. Kept so that the spelling <gpucc/reduction_types.h> keeps
// working.
#pragma once

#include "gpucc/stdlib/reduction_types.h"
