# Finds LLVM and Clang 22 from Debian's packages. find_package(LLVM 22) rejects 22.1.x through
# LLVM's version file, so the packages are found by path and the major version is checked here.
set(GPUCC_LLVM_ROOT "/usr/lib/llvm-22" CACHE PATH "Root of the LLVM 22 installation")
find_package(LLVM CONFIG REQUIRED PATHS "${GPUCC_LLVM_ROOT}/lib/cmake/llvm" NO_DEFAULT_PATH)
if(NOT LLVM_VERSION_MAJOR EQUAL 22)
    message(FATAL_ERROR "gpucc needs LLVM 22, found ${LLVM_PACKAGE_VERSION} in ${LLVM_DIR}")
endif()
message(STATUS "gpucc: LLVM ${LLVM_PACKAGE_VERSION} from ${LLVM_DIR}")
set(GPUCC_LIT "${LLVM_TOOLS_BINARY_DIR}/lit")
set(GPUCC_FILECHECK "${LLVM_TOOLS_BINARY_DIR}/FileCheck")
