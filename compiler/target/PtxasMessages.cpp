// ptxas's messages placed at kernel definitions (PtxasMessages.h). ptxas writes
//   ptxas <PTX>, line 12; error   : Arguments mismatch for instruction 'mov'
//   ptxas error   : Entry function 'k' uses too much parameter space (0x80e8 bytes, 0x7ffc max).
//   ptxas fatal   : Ptx assembly aborted due to errors
// The first names a line of the PTX: the entry function around it is the last `.entry` above
// it. The second names the entry. An entry is an instance's symbol or that symbol with a suffix
// ("__strided", "__rows"), or a raw kernel's (mangled) symbol. The closing "aborted" line says
// nothing once the messages before it were placed.
#include "compiler/target/PtxasMessages.h"

#include "compiler/diag/Diagnostics.h"
#include "compiler/target/CudaTools.h"
#include "compiler/target/KernelSites.h"

#include <llvm/ADT/StringRef.h>
#include <map>
#include <vector>

namespace gpucc {
namespace {

/// The entry function that PTX line `line` (1-based) is in: the last `.entry NAME(` above it.
std::string entry_at_line(llvm::StringRef ptx, std::size_t line) {
    std::string entry;
    std::size_t number = 0;
    while (!ptx.empty() && ++number <= line) {
        auto [text, rest] = ptx.split('\n');
        ptx = rest;
        std::size_t at = text.find(".entry ");
        if (at != llvm::StringRef::npos) {
            llvm::StringRef name = text.substr(at + 7).trim();
            entry = name.take_until([](char c) { return c == '(' || c == ' ' || c == '\t'; }).str();
        }
    }
    return entry;
}

/// The entry a message is about, "" when it names none.
std::string entry_of_message(llvm::StringRef message, llvm::StringRef ptx) {
    std::string prefix = std::string("ptxas ") + kToolInputName + ", line ";
    if (message.starts_with(prefix)) {
        std::size_t line = 0;
        llvm::StringRef rest = message.substr(prefix.size());
        if (!rest.consumeInteger(10, line)) {
            return entry_at_line(ptx, line);
        }
    }
    std::size_t at = message.find("function '");
    if (at != llvm::StringRef::npos) {
        llvm::StringRef rest = message.substr(at + 10);
        return rest.take_until([](char c) { return c == '\''; }).str();
    }
    return "";
}

/// The message without ptxas's own location ("ptxas <PTX>, line 12; error   : x" -> "x").
std::string text_of_message(llvm::StringRef message) {
    std::size_t colon = message.find(": ");
    if (message.starts_with("ptxas") && colon != llvm::StringRef::npos) {
        return message.substr(colon + 2).trim().str();
    }
    return message.trim().str();
}

} // namespace

void report_ptxas_failure(const kir::Module& kernels, const std::string& ptx,
                          const std::string& log, int arch, DiagnosticEngine& diags) {
    std::map<std::string, KernelSite, std::less<>> sites = kernel_sites(kernels);
    std::string unplaced;
    bool placed_any = false;
    llvm::StringRef rest(log);
    while (!rest.empty()) {
        auto [line, next] = rest.split('\n');
        rest = next;
        if (line.trim().empty() || line.starts_with("ptxas failed")) {
            continue;
        }
        std::string entry = entry_of_message(line, ptx);
        const KernelSite* site = entry.empty() ? nullptr : owner_of(sites, entry);
        if (site != nullptr && site->loc.is_valid()) {
            // The entry's mangled name can be kilobytes long: say the kernel's name instead.
            std::string text = text_of_message(line);
            const std::string quoted = "'" + entry + "'";
            if (std::size_t at = text.find(quoted); at != std::string::npos) {
                text.replace(at, quoted.size(), "'" + site->name + "'");
            }
            diags.report(site->loc, DiagKind::PtxasRejected, site->name,
                         "sm_" + std::to_string(arch), text);
            placed_any = true;
            continue;
        }
        if (line.contains("Ptx assembly aborted") && placed_any) {
            continue;
        }
        unplaced += line.str() + "\n";
    }
    if (!unplaced.empty() || !placed_any) {
        diags.report_tool_error("ptxas rejected the PTX for sm_" + std::to_string(arch) + ":\n" +
                                (unplaced.empty() ? log : unplaced));
    }
}

} // namespace gpucc
