// Forwarding header: the runtime's public headers sit in folders by subsystem, and this one is
// now <gpucc/array/transfer.h>. Kept so that the spelling <gpucc/transfer.h> keeps working.
#pragma once

#include "gpucc/array/transfer.h"
