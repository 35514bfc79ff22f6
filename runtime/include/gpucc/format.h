// Forwarding header: the runtime's public headers sit in folders by subsystem, and this one is
// now <gpucc/array/format.h>. Kept so that the spelling <gpucc/format.h> keeps working.
#pragma once

#include "gpucc/array/format.h"
