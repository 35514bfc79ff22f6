// Which kernel definition of the .dsl file an entry function of the generated code belongs to.
// Back-end messages (ptxas's, the parameter-space check's) name entry functions: an instance's
// symbol, that symbol with a suffix ("__strided", "__rows"), or a raw kernel's mangled symbol;
// the user knows the kernel by its name and its definition's line.
#pragma once

#include "compiler/basic/SourceLocation.h"
#include "compiler/kir/KernelIR.h"

#include <llvm/ADT/StringRef.h>
#include <map>
#include <string>

namespace gpucc {

struct KernelSite {
    std::string name; ///< as the user knows it: "f", "f<float32>", raw "ns::k"
    SourceLocation loc;
};

using KernelSites = std::map<std::string, KernelSite, std::less<>>;

/// Every entry symbol's owner, by instance symbol.
KernelSites kernel_sites(const kir::Module& kernels);

/// The owner of entry `entry`: an exact symbol, else the longest symbol it extends with "__";
/// null when none.
const KernelSite* owner_of(const KernelSites& sites, llvm::StringRef entry);

} // namespace gpucc
