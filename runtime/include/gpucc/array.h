// Forwarding header: the runtime's public headers sit in folders by subsystem, and this one is
// now <gpucc/array/array.h>. Kept so that the spelling <gpucc/array.h> keeps working.
#pragma once

#include "gpucc/array/array.h"
