// Forwarding header: the runtime's public headers sit in folders by subsystem, and this one is
// now <gpucc/cpu/isa.h>. Kept so that the spelling <gpucc/host_isa.h> keeps working.
#pragma once

#include "gpucc/cpu/isa.h"
