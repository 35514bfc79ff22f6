// The gpucc command's handlers for its own failures (CrashHandlers.h). LLVM's fatal-error handler
// prints gpucc's line and exits; a crash signal runs LLVM's signal handler (which removes the
// temporary files registered with it), then the callback here, which says what happened and
// exits without LLVM's "PLEASE submit a bug report" banner and stack dump. GPUCC_CRASH_BACKTRACE=1
// adds the stack trace for whoever debugs gpucc.
#include "CrashHandlers.h"

#include <cstdlib>
#include <cstring>
#include <llvm/Support/ErrorHandling.h>
#include <llvm/Support/Signals.h>
#include <llvm/Support/raw_ostream.h>
#include <thread>
#include <unistd.h>

namespace gpucc_tool {
namespace {

void write_stderr(const char* text) {
    std::size_t length = std::strlen(text);
    while (length > 0) {
        ssize_t written = ::write(STDERR_FILENO, text, length);
        if (written <= 0) {
            return;
        }
        text += written;
        length -= static_cast<std::size_t>(written);
    }
}

bool want_backtrace() {
    const char* value = std::getenv("GPUCC_CRASH_BACKTRACE");
    return value != nullptr && value[0] != '\0' && value[0] != '0';
}

void on_fatal_error(void*, const char* reason, bool) {
    write_stderr("gpucc: internal error: ");
    write_stderr(reason);
    write_stderr("; please report this to gpucc with the input that caused it\n");
    if (want_backtrace()) {
        llvm::sys::PrintStackTrace(llvm::errs());
    }
    llvm::sys::RunInterruptHandlers(); // removes the temporary files
    std::_Exit(kInternalErrorStatus);
}

void on_crash(void*) {
    write_stderr("gpucc: internal error: the compiler crashed; please report this to gpucc with "
                 "the input that caused it\n");
    if (want_backtrace()) {
        llvm::sys::PrintStackTrace(llvm::errs());
    }
    std::_Exit(kInternalErrorStatus);
}

} // namespace

void install_crash_handlers() {
    llvm::install_fatal_error_handler(on_fatal_error, nullptr);
    llvm::sys::AddSignalHandler(on_crash, nullptr);
}

void crash_for_test(TestCrash how) {
    if (how == TestCrash::Fatal) {
        llvm::report_fatal_error("a fatal error asked for by --debug-crash");
    }
    auto write_null = [] {
        volatile int* null = nullptr;
        *null = 1;
    };
    if (how == TestCrash::SegvOnWorker) {
        std::thread(write_null).join();
    }
    write_null();
    std::abort();
}

} // namespace gpucc_tool
