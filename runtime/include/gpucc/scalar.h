// Forwarding header: the runtime's public headers sit in folders by subsystem, and this one is
// now <gpucc/array/scalar.h>. Kept so that the spelling <gpucc/scalar.h> keeps working.
#pragma once

#include "gpucc/array/scalar.h"
