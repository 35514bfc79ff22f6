// What the gpucc command does when the compiler itself fails: LLVM's fatal errors, crashes and
// interrupts. A user sees one line that says the failure is gpucc's, never LLVM's crash banner
// and its request to report to LLVM, and the process exits with a status, leaving no temporary
// files behind (those registered with llvm::sys::RemoveFileOnSignal).
#pragma once

namespace gpucc_tool {

/// The exit status of a compiler that failed in itself (sysexits' EX_SOFTWARE).
constexpr int kInternalErrorStatus = 70;

/// Installs the handlers; call first thing in main.
void install_crash_handlers();

/// How `gpucc --debug-crash=` fails, for the tests of these handlers.
enum class TestCrash {
    Segv,         ///< a null write on the main thread
    SegvOnWorker, ///< a null write on another thread, as a crash in -j's workers would be
    Fatal,        ///< an LLVM fatal error
};

/// For the tests of these handlers: fails as asked.
[[noreturn]] void crash_for_test(TestCrash how);

} // namespace gpucc_tool
