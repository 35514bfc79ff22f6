// Forwarding header: the runtime's public headers sit in folders by subsystem, and this one is
// now <gpucc/device/graph.h>. Kept so that the spelling <gpucc/graph.h> keeps working.
#pragma once

#include "gpucc/device/graph.h"
