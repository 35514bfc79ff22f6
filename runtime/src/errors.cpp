// Message formatting for the exceptions that carry data (CudaError, OutOfMemory).
#include "gpucc/errors.h"

#include <string>

namespace gpucc {
namespace {

std::string cuda_error_message(const char* api, const std::string& error_name,
                               const std::string& description, const std::string& context) {
    std::string message;
    if (!context.empty()) {
        message = context + ": ";
    }
    message += std::string(api) + " failed: " + error_name;
    if (!description.empty()) {
        message += " (" + description + ")";
    }
    return message;
}

std::string out_of_memory_message(std::size_t requested, std::size_t free_bytes,
                                  std::size_t total_bytes, const std::string& where) {
    std::string message =
        "out of memory on " + where + ": allocating " + std::to_string(requested) + " bytes";
    if (total_bytes != 0) {
        message += " failed with " + std::to_string(free_bytes) + " bytes free of " +
                   std::to_string(total_bytes) + " (after releasing cached memory)";
    }
    return message;
}

} // namespace

CudaError::CudaError(const char* api, int result, const std::string& error_name,
                     const std::string& description, const std::string& context)
    : Error(cuda_error_message(api, error_name, description, context)), api_(api), result_(result),
      error_name_(error_name) {
}

OutOfMemory::OutOfMemory(std::size_t requested_bytes, std::size_t free_bytes,
                         std::size_t total_bytes, const std::string& where)
    : Error(out_of_memory_message(requested_bytes, free_bytes, total_bytes, where)),
      requested_bytes_(requested_bytes), free_bytes_(free_bytes), total_bytes_(total_bytes) {
}

OutOfMemory::OutOfMemory(const std::string& message, std::size_t requested_bytes,
                         std::size_t free_bytes, std::size_t total_bytes)
    : Error(message), requested_bytes_(requested_bytes), free_bytes_(free_bytes),
      total_bytes_(total_bytes) {
}

} // namespace gpucc
