// Forwarding header: the runtime's public headers sit in folders by subsystem, and this one is
// now <gpucc/stdlib/ufunc_loops.h>. Kept so that the spelling <gpucc/ufunc_loops.h> keeps working.
#pragma once

#include "gpucc/stdlib/ufunc_loops.h"
