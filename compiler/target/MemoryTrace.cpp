// Memory checkpoints (MemoryTrace.h).
#include "compiler/target/MemoryTrace.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <malloc.h>
#include <mutex>
#include <string>

namespace gpucc {

void memory_checkpoint(const char* where) {
    static const bool enabled = std::getenv("GPUCC_MEMORY_TRACE") != nullptr;
    if (!enabled) {
        return;
    }
    static std::mutex lock; // checkpoints on worker threads print whole lines
    std::lock_guard<std::mutex> guard(lock);
    char line[256];
    std::string fields;
    if (std::FILE* status = std::fopen("/proc/self/status", "r")) {
        while (std::fgets(line, sizeof line, status)) {
            for (const char* key : {"VmHWM:", "VmRSS:", "RssAnon:", "RssFile:"}) {
                if (std::strncmp(line, key, std::strlen(key)) == 0) {
                    long kb = std::strtol(line + std::strlen(key), nullptr, 10);
                    fields += " " + std::string(key, std::strlen(key) - 1) + "=" +
                              std::to_string(kb) + "kB";
                }
            }
        }
        std::fclose(status);
    }
    struct mallinfo2 heap = mallinfo2();
    std::fprintf(stderr, "gpucc: memory at %s:%s heap_in_use=%zukB heap_held=%zukB\n", where,
                 fields.c_str(), (heap.uordblks + heap.hblkhd) / 1024,
                 (heap.arena + heap.hblkhd) / 1024);
}

} // namespace gpucc
