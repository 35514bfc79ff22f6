// Forwarding header: the runtime's public headers sit in folders by subsystem, and this one is
// now <gpucc/stdlib/random.h>. Kept so that the spelling <gpucc/random.h> keeps working.
#pragma once

#include "gpucc/stdlib/random.h"
