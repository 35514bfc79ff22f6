// Forwarding header: the runtime's public headers sit in folders by subsystem, and this one is
// now <gpucc/device/device.h>. Kept so that the spelling <gpucc/device.h> keeps working.
#pragma once

#include "gpucc/device/device.h"
