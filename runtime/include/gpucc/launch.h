// Forwarding header: the runtime's public headers sit in folders by subsystem, and this one is
// now <gpucc/launch/grid.h>. Kept so that the spelling <gpucc/launch.h> keeps working.
#pragma once

#include "gpucc/launch/grid.h"
