// The two targets every kernel is compiled for. Kernel bodies lower identically; what differs is
// how a thread finds its elements (the launch grid, or a [begin, end) range from the host thread
// pool) and how math functions are called (libdevice, or libm with vector variants).
#pragma once

namespace gpucc {

enum class CodegenTarget { Nvptx, Host };

} // namespace gpucc
