// Forwarding header: the runtime's public headers sit in folders by subsystem, and this one is
// now <gpucc/device/profiler.h>. Kept so that the spelling <gpucc/profiler.h> keeps working.
#pragma once

#include "gpucc/device/profiler.h"
