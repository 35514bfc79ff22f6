// Forwarding header: the runtime's public headers sit in folders by subsystem, and this one is
// now <gpucc/array/axis.h>. Kept so that the spelling <gpucc/axis.h> keeps working.
#pragma once

#include "gpucc/array/axis.h"
