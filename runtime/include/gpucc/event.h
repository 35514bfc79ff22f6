// Forwarding header: the runtime's public headers sit in folders by subsystem, and this one is
// now <gpucc/device/event.h>. Kept so that the spelling <gpucc/event.h> keeps working.
#pragma once

#include "gpucc/device/event.h"
