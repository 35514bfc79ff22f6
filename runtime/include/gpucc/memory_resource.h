// Forwarding header: the runtime's public headers sit in folders by subsystem, and this one is
// now <gpucc/memory/resource.h>. Kept so that the spelling <gpucc/memory_resource.h> keeps working.
#pragma once

#include "gpucc/memory/resource.h"
