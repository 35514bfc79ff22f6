// Forwarding header: the runtime's public headers sit in folders by subsystem, and this one is
// now <gpucc/array/dtype.h>. Kept so that the spelling <gpucc/dtype.h> keeps working.
#pragma once

#include "gpucc/array/dtype.h"
