// Forwarding header: the runtime's public headers sit in folders by subsystem, and this one is
// now <gpucc/memory/upstream.h>. Kept so that the spelling <gpucc/memory_upstream.h> keeps working.
#pragma once

#include "gpucc/memory/upstream.h"
