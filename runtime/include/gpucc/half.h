// Forwarding header: the runtime's public headers sit in folders by subsystem, and this one is
// now <gpucc/array/half.h>. Kept so that the spelling <gpucc/half.h> keeps working.
#pragma once

#include "gpucc/array/half.h"
