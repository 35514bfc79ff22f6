// Forwarding header: the runtime's public headers sit in folders by subsystem, and this one is
// now <gpucc/device/stream.h>. Kept so that the spelling <gpucc/stream.h> keeps working.
#pragma once

#include "gpucc/device/stream.h"
