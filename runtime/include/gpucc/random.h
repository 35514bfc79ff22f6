// Forwarding header: the runtime's public headers sit in folders by subsystem, and random arrays
// are now <gpucc/random/generator.h>. Kept so that the spelling <gpucc/random.h> keeps working.
#pragma once

#include "gpucc/random/generator.h"
