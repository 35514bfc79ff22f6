// Sizes in the memory code's out-of-memory messages: the exact byte count that tests and scripts
// can match, then a rounded form a person reads at a glance ("805306368 bytes (768.0 MiB)").
// Private to the runtime.
#pragma once

#include <cstddef>
#include <string>

namespace gpucc::detail {

/// "N bytes", followed by " (X.Y KiB|MiB|GiB|TiB|PiB)" from 1 KiB on.
std::string bytes_text(std::size_t bytes);

} // namespace gpucc::detail
