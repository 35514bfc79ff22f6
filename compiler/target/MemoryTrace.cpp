// Memory checkpoints (MemoryTrace.h).
#include "compiler/target/MemoryTrace.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <malloc.h>
#include <mutex>
#include <string>
#include <sys/resource.h>

namespace gpucc {

namespace {

/// When the process started, near enough: static initialization, before main.
const std::chrono::steady_clock::time_point kStart = std::chrono::steady_clock::now();

double cpu_seconds(int who) {
    struct rusage usage{};
    getrusage(who, &usage);
    auto seconds = [](const timeval& time) {
        return static_cast<double>(time.tv_sec) + static_cast<double>(time.tv_usec) * 1e-6;
    };
    return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

} // namespace

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
    const double wall =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - kStart).count();
    std::fprintf(stderr,
                 "gpucc: memory at %s:%s heap_in_use=%zukB heap_held=%zukB wall=%.2fs cpu=%.2fs "
                 "tools_cpu=%.2fs\n",
                 where, fields.c_str(), (heap.uordblks + heap.hblkhd) / 1024,
                 (heap.arena + heap.hblkhd) / 1024, wall, cpu_seconds(RUSAGE_SELF),
                 cpu_seconds(RUSAGE_CHILDREN));
}

} // namespace gpucc
