// Kernel IR to a host object file: the host entry point of every kernel instance (loops the
// runtime's thread pool calls over element ranges), optimized and vectorized at -O3, plus the
// device image (fatbin) as a read-only byte array written straight into the object, so nothing
// passes through megabytes of C++ hex literals, with its size and flags (GridDependency.h). A
// module of several device images (KernelParts.h, split_into_image_groups) has each image put in
// an object of its own as soon as fatbinary made it (emit_image_object), so gpucc holds one
// image's bytes at a time, and those objects are joined with the host code.
#pragma once

#include "compiler/kir/KernelIR.h"
#include "compiler/target/CudaTools.h"

#include <cstdint>
#include <llvm/Support/Error.h>
#include <memory>
#include <string>
#include <vector>

namespace gpucc {

struct HostObject {
    /// An ELF relocatable object, position-independent, in a temporary file (the driver copies it
    /// to the output; gpucc does not hold its bytes).
    std::unique_ptr<TempFile> object_file;
    std::string llvm_ir; ///< the optimized module, when asked for (then there is no object)
};

/// Fails when the host target cannot be set up or cannot emit an object. The instances are built
/// and optimized on `jobs` threads (0: one per core; ParallelModules.h); the object does not
/// depend on `jobs`. A module of one part (KernelParts.h) is emitted as one object; one of more
/// parts is emitted part by part on the workers, each part's IR freed as its object is written
/// to a file, and the files are joined with the system linker's `ld -r` (so memory does not grow
/// with the number of instances).
/// `image_objects`, when not empty, are the objects holding the module's device images
/// (emit_image_object, in group order; only a module of several parts has several images): they
/// are joined instead of an object made from `device_image`.
llvm::Expected<HostObject> compile_host_object(const kir::Module& kernels,
                                               const std::string& device_image, bool want_llvm_ir,
                                               std::uint64_t image_flags = 0, unsigned jobs = 1,
                                               const std::vector<std::string>& image_objects = {});

/// An object holding device image `group` of the module `module_name` (its bytes, size and flags
/// symbols, KernelAbi.h image_symbol), in a temporary file.
llvm::Expected<std::unique_ptr<TempFile>> emit_image_object(const std::string& module_name,
                                                            std::size_t group,
                                                            const std::string& fatbin,
                                                            std::uint64_t image_flags);

} // namespace gpucc
