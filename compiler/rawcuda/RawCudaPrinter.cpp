// `--emit=ir` for raw CUDA (RawCuda.h): what Clang found, one line per kernel and variable, with
// the entry point's symbol and the C++ types the launcher takes. The lit tests read it.
#include "compiler/rawcuda/RawCuda.h"

#include <llvm/Support/raw_ostream.h>

namespace gpucc {
namespace {

std::string qualified(const std::vector<std::string>& namespaces, const std::string& name) {
    std::string text;
    for (const std::string& space : namespaces) {
        text += space + "::";
    }
    return text + name;
}

} // namespace

void print_raw_cuda(const std::vector<kir::RawCudaUnit>& units, llvm::raw_ostream& out) {
    for (std::size_t u = 0; u < units.size(); ++u) {
        const kir::RawCudaUnit& unit = units[u];
        out << "raw cuda #" << u << " (" << unit.kernels.size() << " kernels, "
            << unit.globals.size() << " variables)\n";
        for (const kir::RawKernel& kernel : unit.kernels) {
            out << "  kernel " << qualified(kernel.namespaces, kernel.name);
            if (!kernel.template_params.empty()) {
                out << "<" << kernel.template_args << "> [template <" << kernel.template_params
                    << ">]";
            }
            out << " symbol " << kernel.symbol << " (";
            for (std::size_t i = 0; i < kernel.params.size(); ++i) {
                const kir::RawParam& param = kernel.params[i];
                out << (i ? ", " : "") << param.type.cpp();
                if (!param.name.empty()) {
                    out << " " << param.name;
                }
            }
            out << ")\n";
        }
        for (const kir::RawGlobal& global : unit.globals) {
            out << "  " << (global.is_constant ? "__constant__ " : "__device__ ")
                << qualified(global.namespaces, global.name) << " symbol " << global.symbol
                << " type '" << global.spelled << "'";
            if (global.element) {
                out << " element " << global.element->cpp();
                if (global.is_array) {
                    out << " x " << global.count;
                }
            } else {
                out << " (no typed accessor)";
            }
            out << "\n";
        }
    }
}

} // namespace gpucc
