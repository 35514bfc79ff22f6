// Builds the LLVM modules of a compile's parts on several threads and joins them. Building and
// optimizing one kernel instance does not depend on another, so each part (KernelParts.h) is
// built and optimized on a worker thread in an LLVMContext of its own, written as bitcode, and
// its context freed; the caller's thread then reads the parts back in order into one module of
// its context and links them, so the result does not depend on which thread finished first: a
// compile with -j1 and one with -j16 produce the same bytes. Code generation (PTX, the object
// file of a one-part module) then runs once, on the joined module; the host object of a module of
// several parts is instead emitted part by part (run_in_parallel, HostBackend.h).
#pragma once

#include <cstddef>
#include <llvm/ADT/STLFunctionalExtras.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/Error.h>
#include <memory>
#include <optional>
#include <string>

namespace gpucc {

/// Builds part `part` in `context` (on a worker thread; it must touch nothing shared but what is
/// its own). Returns the module, or null for a part that produced nothing to link, or an error.
using BuildPart = llvm::function_ref<llvm::Expected<std::unique_ptr<llvm::Module>>(
    std::size_t part, llvm::LLVMContext& context)>;

/// The number of threads `jobs` asks for: 0 means one per core.
unsigned thread_count(unsigned jobs);

/// Runs `task(0)` .. `task(count - 1)` on thread_count(jobs) threads (in order on the caller's
/// thread when that is one); each returns an error message or nullopt. Returns the first error in
/// task order, or nullopt.
std::optional<std::string>
run_in_parallel(std::size_t count, unsigned jobs,
                llvm::function_ref<std::optional<std::string>(std::size_t task)> task);

/// Runs `build` for parts 0..part_count-1 on thread_count(jobs) threads and links the modules, in
/// part order, into a module of `context` named `name`. Fails with the first part's error (in
/// part order) or when the parts do not link.
llvm::Expected<std::unique_ptr<llvm::Module>>
build_parts_in_parallel(std::size_t part_count, unsigned jobs, llvm::LLVMContext& context,
                        llvm::StringRef name, BuildPart build);

} // namespace gpucc
