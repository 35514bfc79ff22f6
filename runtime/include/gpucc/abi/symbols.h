// How the symbols of a generated object are named, for the compiler that writes them and the
// runtime that looks them up. Names are per module ("<module>") and per kernel instance
// ("<symbol>", the instance's mangled name):
//   GPU entry points (per device image, no prefix): "<symbol>", "<symbol>__strided",
//     "<symbol>__strided_vector", "<symbol>__strided_tiled"; a reduction's rows kernel
//     "<symbol>__rows".
//   host entry points (global C symbols): "<module>__<symbol>__host", then "_strided" for the
//     strided entry, then "_v3" for the x86-64-v3 build; a reduction's "__host_partial",
//     "__host_combine", "__host_finish"; a jit-style kernel's "<module>__<symbol>__grid", then
//     "_strided", then "_v3".
//   the device image: "gpucc_image_<module>", its size "..._size", its flags "..._flags"; a
//     module of several images (one per group of parts) names image g > 0
//     "gpucc_image_<module>__<g>" (a module name has no "__"), with the same suffixes.
// Depends on nothing but <string_view>.
#pragma once

#include <string_view>

namespace gpucc::abi {

inline constexpr std::string_view kGpuStridedSuffix = "__strided";
inline constexpr std::string_view kGpuStridedVectorSuffix = "__strided_vector";
inline constexpr std::string_view kGpuStridedTiledSuffix = "__strided_tiled";
inline constexpr std::string_view kReductionRowsSuffix = "__rows";

inline constexpr std::string_view kHostSuffix = "__host";
inline constexpr std::string_view kHostStridedSuffix = "_strided";
inline constexpr std::string_view kHostV3Suffix = "_v3";
inline constexpr std::string_view kHostPartialSuffix = "__host_partial";
inline constexpr std::string_view kHostCombineSuffix = "__host_combine";
inline constexpr std::string_view kHostFinishSuffix = "__host_finish";
inline constexpr std::string_view kGridHostSuffix = "__grid";

inline constexpr std::string_view kImagePrefix = "gpucc_image_";
inline constexpr std::string_view kImageSizeSuffix = "_size";
inline constexpr std::string_view kImageFlagsSuffix = "_flags";
inline constexpr std::string_view kImageGroupSeparator = "__";

} // namespace gpucc::abi
