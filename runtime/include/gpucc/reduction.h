// Forwarding header: the runtime's public headers sit in folders by subsystem, and this one is
// now <gpucc/stdlib/reduction.h>. Kept so that the spelling <gpucc/reduction.h> keeps working.
#pragma once

#include "gpucc/stdlib/reduction.h"
