// Forwarding header: the runtime's public headers sit in folders by subsystem, and this one is
// now <gpucc/array/ndarray.h>. Kept so that the spelling <gpucc/ndarray.h> keeps working.
#pragma once

#include "gpucc/array/ndarray.h"
