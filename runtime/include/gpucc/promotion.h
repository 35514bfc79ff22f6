// Forwarding header: the runtime's public headers sit in folders by subsystem, and this one is
// now <gpucc/stdlib/promotion.h>. Kept so that the spelling <gpucc/promotion.h> keeps working.
#pragma once

#include "gpucc/stdlib/promotion.h"
