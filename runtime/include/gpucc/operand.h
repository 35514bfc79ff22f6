// Forwarding header: the runtime's public headers sit in folders by subsystem, and this one is
// now <gpucc/stdlib/operand.h>. Kept so that the spelling <gpucc/operand.h> keeps working.
#pragma once

#include "gpucc/stdlib/operand.h"
