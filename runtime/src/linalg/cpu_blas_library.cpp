// Opening OpenBLAS and LAPACKE on first use (cpu_blas_library.h). The sonames come from the build
// (the libraries CMake found), so the program opens the OpenBLAS it was built against, through the
// system's alternatives.
#include "linalg/cpu_blas_library.h"

#include "gpucc/errors.h"

#include <dlfcn.h>

#ifndef GPUCC_OPENBLAS_SONAME
#error "GPUCC_OPENBLAS_SONAME must name OpenBLAS's library (runtime/src/linalg/CMakeLists.txt)"
#endif
#ifndef GPUCC_LAPACKE_SONAME
#error "GPUCC_LAPACKE_SONAME must name LAPACKE's library (runtime/src/linalg/CMakeLists.txt)"
#endif

namespace gpucc::linalg::detail {
namespace {

void* open_library(const char* soname, const char* package) {
    void* library = ::dlopen(soname, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE);
    if (library == nullptr) {
        const char* reason = ::dlerror();
        throw Error(std::string("the CPU target's linear algebra needs ") + soname +
                    ", which could not be loaded: " + (reason != nullptr ? reason : "") +
                    " (Debian: apt-get install " + package + ")");
    }
    return library;
}

template <class Fn>
void resolve(void* library, const char* soname, const char* symbol, Fn* out) {
    void* address = ::dlsym(library, symbol);
    if (address == nullptr) {
        throw Error(std::string(soname) + " has no " + symbol);
    }
    *out = reinterpret_cast<Fn>(address);
}

OpenBlas load_openblas() {
    void* library = open_library(GPUCC_OPENBLAS_SONAME, "libopenblas0");
    OpenBlas table{};
    const char* name = GPUCC_OPENBLAS_SONAME;
    resolve(library, name, "cblas_sgemm", &table.sgemm);
    resolve(library, name, "cblas_dgemm", &table.dgemm);
    resolve(library, name, "openblas_set_num_threads", &table.set_num_threads);
    resolve(library, name, "openblas_get_num_threads", &table.get_num_threads);
    resolve(library, name, "openblas_get_corename", &table.corename);
    return table;
}

Lapacke load_lapacke() {
    void* library = open_library(GPUCC_LAPACKE_SONAME, "liblapacke");
    Lapacke table{};
    const char* name = GPUCC_LAPACKE_SONAME;
    resolve(library, name, "LAPACKE_set_nancheck", &table.set_nancheck);
    resolve(library, name, "LAPACKE_spotrf", &table.spotrf);
    resolve(library, name, "LAPACKE_dpotrf", &table.dpotrf);
    resolve(library, name, "LAPACKE_sgetrf", &table.sgetrf);
    resolve(library, name, "LAPACKE_dgetrf", &table.dgetrf);
    resolve(library, name, "LAPACKE_sgesv", &table.sgesv);
    resolve(library, name, "LAPACKE_dgesv", &table.dgesv);
    resolve(library, name, "LAPACKE_sgeqrf", &table.sgeqrf);
    resolve(library, name, "LAPACKE_dgeqrf", &table.dgeqrf);
    resolve(library, name, "LAPACKE_sorgqr", &table.sorgqr);
    resolve(library, name, "LAPACKE_dorgqr", &table.dorgqr);
    resolve(library, name, "LAPACKE_sgesdd", &table.sgesdd);
    resolve(library, name, "LAPACKE_dgesdd", &table.dgesdd);
    resolve(library, name, "LAPACKE_ssyevd", &table.ssyevd);
    resolve(library, name, "LAPACKE_dsyevd", &table.dsyevd);
    return table;
}

} // namespace

const OpenBlas& openblas() {
    static const OpenBlas table = load_openblas(); // a load that throws is tried again next call
    return table;
}

const Lapacke& lapacke() {
    static const Lapacke table = load_lapacke();
    return table;
}

} // namespace gpucc::linalg::detail
