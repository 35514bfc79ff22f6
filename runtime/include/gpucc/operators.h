// Forwarding header: the runtime's public headers sit in folders by subsystem, and this one is
// now <gpucc/stdlib/operators.h>. Kept so that the spelling <gpucc/operators.h> keeps working.
#pragma once

#include "gpucc/stdlib/operators.h"
