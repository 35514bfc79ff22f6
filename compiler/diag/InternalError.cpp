// The one place an internal error is printed (InternalError.h). The file is named from its
// `compiler/` folder on, so the message does not depend on where the sources were built.
#include "compiler/diag/InternalError.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace gpucc {

void internal_error(const char* file, int line, const char* message) {
    const char* name = file;
    for (const char* found = std::strstr(file, "compiler/"); found != nullptr;
         found = std::strstr(found + 1, "compiler/")) {
        name = found;
    }
    std::fprintf(stderr, "gpucc: internal error at %s:%d: %s; please report this\n", name, line,
                 message);
    std::fflush(stderr);
    std::abort();
}

} // namespace gpucc
