// Forwarding header: the runtime's public headers sit in folders by subsystem, and this one is
// now <gpucc/stdlib/creation.h>. Kept so that the spelling <gpucc/creation.h> keeps working.
#pragma once

#include "gpucc/stdlib/creation.h"
