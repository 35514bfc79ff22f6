// ptxas, nvlink, fatbinary and `ld -r` as subprocesses, through temporary files (CudaTools.h). An
// interrupted gpucc leaves neither: each temporary file is registered with LLVM's signal handler,
// which removes it on SIGINT or SIGTERM (and on a crash), and the interrupt function installed here
// kills the tools that are running (several when parts are assembled at once) before gpucc exits.
#include "compiler/target/CudaTools.h"

#include <atomic>
#include <csignal>
#include <cstdlib>
#include <llvm/ADT/SmallString.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/Path.h>
#include <llvm/Support/Program.h>
#include <llvm/Support/Signals.h>
#include <llvm/Support/raw_ostream.h>
#include <optional>
#include <sys/types.h>
#include <thread>

namespace gpucc {
namespace {

/// A failure to report as "gpucc: error: <message>".
llvm::Error tool_error(std::string message) {
    return llvm::createStringError(std::move(message), llvm::inconvertibleErrorCode());
}

std::optional<std::string> read_file(const std::string& path) {
    auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/false);
    if (!buffer) {
        return std::nullopt;
    }
    return (*buffer)->getBuffer().str();
}

/// The tools running now, one slot each (0: free, kStarting: a tool being started, its process id
/// not yet known; else its process id): what the interrupt function kills. Parts of a module run
/// ptxas on several threads at once.
constexpr pid_t kStarting = -1;
constexpr std::size_t kToolSlots = 1024;
std::atomic<pid_t> running_tools[kToolSlots];
static_assert(std::atomic<pid_t>::is_always_lock_free, "read in a signal handler");

/// Set by the interrupt function: a tool started after it (or while it ran) is stopped by its
/// starter, which then ends gpucc.
std::atomic<bool> interrupted{false};

/// The exit status of an interrupted gpucc: the shell's for an interrupt.
constexpr int kInterruptedStatus = 130;

/// Runs in LLVM's signal handler on SIGINT, SIGTERM and the like, after it removed the
/// registered files: stops the running tools, then gpucc, as the signal would have; when a tool
/// is being started, its starter stops it and gpucc once it has its process id.
void on_interrupt() {
    interrupted.store(true);
    bool starting = false;
    for (std::atomic<pid_t>& slot : running_tools) {
        pid_t pid = slot.load();
        if (pid > 0) {
            ::kill(pid, SIGKILL);
        } else if (pid == kStarting) {
            starting = true;
        }
    }
    if (!starting) {
        std::_Exit(kInterruptedStatus);
    }
}

/// A free slot of running_tools, marked kStarting.
std::atomic<pid_t>& claim_tool_slot() {
    for (;;) {
        for (std::atomic<pid_t>& slot : running_tools) {
            pid_t free = 0;
            if (slot.compare_exchange_strong(free, kStarting)) {
                return slot;
            }
        }
        std::this_thread::yield(); // more tools at once than slots: wait for one to end
    }
}

/// Runs `program` (called `tool` in messages) with `args`; on failure `error` holds its messages.
bool run_program(const std::string& program, const std::string& tool,
                 const std::vector<std::string>& args, std::string& error,
                 const std::string& hide_path = "") {
    TempFile messages(".log");
    std::vector<llvm::StringRef> argv{program};
    for (const std::string& arg : args) {
        argv.emplace_back(arg);
    }
    std::string messages_path = messages.path();
    std::optional<llvm::StringRef> redirects[] = {std::nullopt, llvm::StringRef(messages_path),
                                                  llvm::StringRef(messages_path)};
    static const bool interrupt_installed = [] {
        llvm::sys::SetInterruptFunction(on_interrupt);
        return true;
    }();
    (void)interrupt_installed;
    std::string exec_error;
    bool failed_to_start = false;
    std::atomic<pid_t>& slot = claim_tool_slot();
    llvm::sys::ProcessInfo child = llvm::sys::ExecuteNoWait(program, argv, std::nullopt, redirects,
                                                            0, &exec_error, &failed_to_start);
    bool started = !failed_to_start && child.Pid > 0;
    slot.store(started ? child.Pid : 0);
    if (interrupted.load()) {
        if (started) {
            ::kill(child.Pid, SIGKILL);
        }
        std::_Exit(kInterruptedStatus);
    }
    int status = -1;
    if (started) {
        status = llvm::sys::Wait(child, std::nullopt, &exec_error).ReturnCode;
        slot.store(0);
    }
    if (status != 0) {
        std::optional<std::string> log = read_file(messages_path);
        error = tool + " failed" + (exec_error.empty() ? "" : " (" + exec_error + ")") + ":\n" +
                log.value_or("");
        // The input is a temporary file that is gone by the time anyone reads this.
        if (!hide_path.empty()) {
            for (std::size_t at = error.find(hide_path); at != std::string::npos;
                 at = error.find(hide_path, at)) {
                error.replace(at, hide_path.size(), kToolInputName);
            }
        }
        return false;
    }
    return true;
}

/// Runs `tool` (in the toolkit's bin/) with `args`; on failure `error` holds its messages.
bool run_tool(const std::string& cuda_path, const std::string& tool,
              const std::vector<std::string>& args, std::string& error,
              const std::string& hide_path = "") {
    llvm::SmallString<256> program(cuda_path);
    llvm::sys::path::append(program, "bin", tool);
    if (!llvm::sys::fs::can_execute(program)) {
        error = "cannot run " + std::string(program) +
                " (is the CUDA 13 toolkit installed? set --cuda-path or CUDA_PATH)";
        return false;
    }
    return run_program(std::string(program), tool, args, error, hide_path);
}

} // namespace

TempFile::TempFile(const char* suffix) {
    if (llvm::sys::fs::createTemporaryFile("gpucc", suffix, path_)) {
        path_.clear();
    } else {
        llvm::sys::RemoveFileOnSignal(path_);
    }
}

TempFile::~TempFile() {
    if (!path_.empty()) {
        llvm::sys::DontRemoveFileOnSignal(path_);
        llvm::sys::fs::remove(path_);
    }
}

bool write_file(const std::string& path, const std::string& bytes) {
    std::error_code error;
    llvm::raw_fd_ostream out(path, error, llvm::sys::fs::OF_None);
    if (error) {
        return false;
    }
    out << bytes;
    out.close();
    if (out.has_error()) {
        out.clear_error();
        return false;
    }
    return true;
}

llvm::Error assemble_relocatable(const std::string& cuda_path, const std::string& ptx_path,
                                 int arch, const std::string& object_path) {
    std::string error;
    if (!run_tool(cuda_path, "ptxas",
                  {"-arch=sm_" + std::to_string(arch), "-O3", "-c", ptx_path, "-o", object_path},
                  error, ptx_path)) {
        return tool_error(std::move(error));
    }
    return llvm::Error::success();
}

llvm::Error link_cubins(const std::string& cuda_path, const std::vector<std::string>& object_paths,
                        int arch, const std::string& cubin_path) {
    std::vector<std::string> args{"-arch=sm_" + std::to_string(arch), "-o", cubin_path};
    args.insert(args.end(), object_paths.begin(), object_paths.end());
    std::string error;
    if (!run_tool(cuda_path, "nvlink", args, error)) {
        return tool_error(std::move(error));
    }
    return llvm::Error::success();
}

llvm::Error link_relocatable(const std::vector<std::string>& object_paths,
                             const std::string& output_path) {
    llvm::ErrorOr<std::string> linker = llvm::sys::findProgramByName("ld");
    if (!linker) {
        return tool_error("cannot find the system linker 'ld' on PATH: gpucc joins the host code "
                          "of a file of many kernel instances with 'ld -r'");
    }
    std::vector<std::string> args{"-r", "-o", output_path};
    args.insert(args.end(), object_paths.begin(), object_paths.end());
    std::string error;
    if (!run_program(*linker, "ld -r", args, error)) {
        return tool_error(std::move(error));
    }
    return llvm::Error::success();
}

llvm::Expected<std::string> run_ptxas(const std::string& cuda_path, const std::string& ptx,
                                      int arch) {
    TempFile input(".ptx");
    TempFile output(".cubin");
    if (!input.ok() || !output.ok() || !write_file(input.path(), ptx)) {
        return tool_error("cannot create temporary files for ptxas");
    }
    std::string error;
    if (!run_tool(cuda_path, "ptxas",
                  {"-arch=sm_" + std::to_string(arch), "-O3", input.path(), "-o", output.path()},
                  error, input.path())) {
        return tool_error(std::move(error));
    }
    std::optional<std::string> cubin = read_file(output.path());
    if (!cubin) {
        return tool_error("ptxas wrote no output");
    }
    return std::move(*cubin);
}

llvm::Expected<std::string> run_fatbinary(const std::string& cuda_path,
                                          const std::vector<FatbinImage>& images) {
    TempFile output(".fatbin");
    std::vector<std::unique_ptr<TempFile>> inputs;
    // SASS compressed too (PTX is by default): the driver inflates an image once per module load,
    // and the standard library's images shrink tenfold (7.0 MB to 0.65 MB for math.dsl).
    std::vector<std::string> args{"-64", "--compress-all", "--create=" + output.path()};
    for (const FatbinImage& image : images) {
        std::string path = image.path;
        if (path.empty()) {
            inputs.push_back(std::make_unique<TempFile>(image.is_ptx ? ".ptx" : ".cubin"));
            if (!inputs.back()->ok() || !write_file(inputs.back()->path(), image.bytes)) {
                return tool_error("cannot create temporary files for fatbinary");
            }
            path = inputs.back()->path();
        }
        args.push_back("--image3=kind=" + std::string(image.is_ptx ? "ptx" : "elf") +
                       ",sm=" + std::to_string(image.arch) + ",file=" + path);
    }
    std::string error;
    if (!run_tool(cuda_path, "fatbinary", args, error)) {
        return tool_error(std::move(error));
    }
    std::optional<std::string> fatbin = read_file(output.path());
    if (!fatbin) {
        return tool_error("fatbinary wrote no output");
    }
    return std::move(*fatbin);
}

} // namespace gpucc
