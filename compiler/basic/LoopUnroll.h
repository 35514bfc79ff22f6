// What a `#pragma unroll` line asks of the loop after it, carried from the parser through the
// syntax tree and the kernel IR to the back end, which turns it into the loop's `!llvm.loop`
// metadata as Clang does for CUDA: unroll fully, unroll by a count, or never unroll.
#pragma once

#include <cstdint>
#include <string>

namespace gpucc {

struct LoopUnroll {
    enum class Kind : std::uint8_t {
        Default, ///< no pragma: LLVM's own heuristics
        Full,    ///< `#pragma unroll`
        Count,   ///< `#pragma unroll N`, N > 1
        Disable, ///< `#pragma unroll 1`
    };
    Kind kind = Kind::Default;
    std::uint32_t count = 0; ///< N for Count
};

/// The pragma as written ("#pragma unroll", "#pragma unroll 8", "#pragma unroll 1"); empty for
/// Default. The AST and KIR printers show it.
inline std::string pragma_spelling(const LoopUnroll& unroll) {
    switch (unroll.kind) {
    case LoopUnroll::Kind::Default:
        return "";
    case LoopUnroll::Kind::Full:
        return "#pragma unroll";
    case LoopUnroll::Kind::Count:
        return "#pragma unroll " + std::to_string(unroll.count);
    case LoopUnroll::Kind::Disable:
        return "#pragma unroll 1";
    }
    return "";
}

} // namespace gpucc
