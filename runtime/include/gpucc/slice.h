// Forwarding header: the runtime's public headers sit in folders by subsystem, and this one is
// now <gpucc/array/slice.h>. Kept so that the spelling <gpucc/slice.h> keeps working.
#pragma once

#include "gpucc/array/slice.h"
