// Forwarding header: the runtime's public headers sit in folders by subsystem, and this one is
// now <gpucc/stdlib/ufunc.h>. Kept so that the spelling <gpucc/ufunc.h> keeps working.
#pragma once

#include "gpucc/stdlib/ufunc.h"
