// Forwarding header: the runtime's public headers sit in folders by subsystem, and this one is
// now <gpucc/array/shape.h>. Kept so that the spelling <gpucc/shape.h> keeps working.
#pragma once

#include "gpucc/array/shape.h"
