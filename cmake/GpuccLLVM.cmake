# Finds LLVM and Clang 22 from Debian's packages. find_package(LLVM 22) rejects 22.1.x through
# LLVM's version file, so the packages are found by path and the major version is checked here.
# Clang (the shared clang-cpp library) compiles raw CUDA kernels in process; it needs its resource
# directory (the CUDA wrapper headers and builtin headers), which is found here too.
set(GPUCC_LLVM_ROOT "/usr/lib/llvm-22" CACHE PATH "Root of the LLVM 22 installation")
find_package(LLVM CONFIG REQUIRED PATHS "${GPUCC_LLVM_ROOT}/lib/cmake/llvm" NO_DEFAULT_PATH)
if(NOT LLVM_VERSION_MAJOR EQUAL 22)
    message(FATAL_ERROR "gpucc needs LLVM 22, found ${LLVM_PACKAGE_VERSION} in ${LLVM_DIR}")
endif()
message(STATUS "gpucc: LLVM ${LLVM_PACKAGE_VERSION} from ${LLVM_DIR}")
find_package(Clang CONFIG REQUIRED PATHS "${GPUCC_LLVM_ROOT}/lib/cmake/clang" NO_DEFAULT_PATH)
if(NOT TARGET clang-cpp)
    message(FATAL_ERROR "gpucc needs the shared clang-cpp library (Debian: libclang-cpp22 and libclang-22-dev)")
endif()
set(GPUCC_CLANG_RESOURCE_DIR "${LLVM_LIBRARY_DIR}/clang/${LLVM_VERSION_MAJOR}" CACHE PATH
    "Clang's resource directory (its builtin and CUDA wrapper headers)")
if(NOT EXISTS "${GPUCC_CLANG_RESOURCE_DIR}/include/__clang_cuda_runtime_wrapper.h")
    message(FATAL_ERROR "Clang's CUDA headers are missing from ${GPUCC_CLANG_RESOURCE_DIR} "
                        "(Debian: libclang-common-22-dev)")
endif()
set(GPUCC_LIT "${LLVM_TOOLS_BINARY_DIR}/lit")
set(GPUCC_FILECHECK "${LLVM_TOOLS_BINARY_DIR}/FileCheck")
