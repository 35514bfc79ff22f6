// Parts built on worker threads and linked in order (ParallelModules.h).
#include "compiler/target/ParallelModules.h"

#include <llvm/Bitcode/BitcodeReader.h>
#include <llvm/Bitcode/BitcodeWriter.h>
#include <llvm/Linker/Linker.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/ThreadPool.h>
#include <llvm/Support/Threading.h>
#include <llvm/Support/raw_ostream.h>
#include <optional>
#include <string>
#include <vector>

namespace gpucc {
namespace {

/// What a worker hands back: the part's bitcode (empty: nothing to link), or an error message.
struct PartResult {
    llvm::SmallVector<char, 0> bitcode;
    std::optional<std::string> error;
};

void build_one(std::size_t part, BuildPart build, PartResult& result) {
    // The context, and with it every type and constant of the part, is freed on return: only the
    // bitcode stays until the part is linked.
    llvm::LLVMContext context;
    llvm::Expected<std::unique_ptr<llvm::Module>> module = build(part, context);
    if (!module) {
        result.error = llvm::toString(module.takeError());
        return;
    }
    if (*module) {
        llvm::raw_svector_ostream out(result.bitcode);
        llvm::WriteBitcodeToFile(**module, out);
    }
}

} // namespace

unsigned thread_count(unsigned jobs) {
    return jobs != 0 ? jobs : std::max(1u, llvm::hardware_concurrency().compute_thread_count());
}

std::optional<std::string>
run_in_parallel(std::size_t count, unsigned jobs,
                llvm::function_ref<std::optional<std::string>(std::size_t task)> task) {
    std::vector<std::optional<std::string>> errors(count);
    unsigned threads = std::min<std::size_t>(thread_count(jobs), count);
    if (threads <= 1) {
        for (std::size_t index = 0; index < count; ++index) {
            errors[index] = task(index);
        }
    } else {
        llvm::DefaultThreadPool pool(llvm::hardware_concurrency(threads));
        for (std::size_t index = 0; index < count; ++index) {
            pool.async([index, task, &errors] { errors[index] = task(index); });
        }
        pool.wait();
    }
    for (std::optional<std::string>& error : errors) {
        if (error) {
            return std::move(error);
        }
    }
    return std::nullopt;
}

llvm::Expected<std::unique_ptr<llvm::Module>>
build_parts_in_parallel(std::size_t part_count, unsigned jobs, llvm::LLVMContext& context,
                        llvm::StringRef name, BuildPart build) {
    auto failure = [](std::string message) {
        return llvm::createStringError(std::move(message), llvm::inconvertibleErrorCode());
    };
    std::vector<PartResult> results(part_count);
    if (std::optional<std::string> error =
            run_in_parallel(part_count, jobs, [&](std::size_t part) -> std::optional<std::string> {
                build_one(part, build, results[part]);
                return std::move(results[part].error);
            })) {
        return failure(std::move(*error));
    }
    auto joined = std::make_unique<llvm::Module>(name, context);
    bool first = true;
    for (PartResult& result : results) {
        if (result.bitcode.empty()) {
            continue;
        }
        llvm::Expected<std::unique_ptr<llvm::Module>> part = llvm::parseBitcodeFile(
            llvm::MemoryBufferRef(llvm::StringRef(result.bitcode.data(), result.bitcode.size()),
                                  name),
            context);
        if (!part) {
            return failure("internal error: a part's bitcode does not read back: " +
                           llvm::toString(part.takeError()));
        }
        if (first) {
            // The first part gives the joined module its triple, data layout and source name.
            joined = std::move(*part);
            first = false;
        } else if (llvm::Linker::linkModules(*joined, std::move(*part))) {
            return failure("internal error: the parts of the generated code do not link");
        }
        result.bitcode = {}; // frees the part's bitcode now that it is in the joined module
    }
    return joined;
}

} // namespace gpucc
