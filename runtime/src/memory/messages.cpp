// bytes_text: an exact count and a binary-prefixed rounding of it.
#include "memory/messages.h"

#include <array>
#include <cstdio>

namespace gpucc::detail {

std::string bytes_text(std::size_t bytes) {
    std::string text = std::to_string(bytes) + " bytes";
    static constexpr std::array<const char*, 5> kUnits = {"KiB", "MiB", "GiB", "TiB", "PiB"};
    double value = static_cast<double>(bytes);
    int unit = -1;
    while (value >= 1024.0 && unit + 1 < static_cast<int>(kUnits.size())) {
        value /= 1024.0;
        ++unit;
    }
    if (unit >= 0) {
        std::array<char, 32> rounded{};
        std::snprintf(rounded.data(), rounded.size(), " (%.1f %s)", value,
                      kUnits[static_cast<std::size_t>(unit)]);
        text += rounded.data();
    }
    return text;
}

} // namespace gpucc::detail
