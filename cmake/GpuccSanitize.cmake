# Sanitizer and fuzzer builds (tools/check_sanitizers.sh configures them; the normal build sets
# none of these). Included before any target is made, so the flags reach every target of the tree:
# the compiler library, gpucc, the runtime, the tests. Code that gpucc generates for the host (the
# kernels' objects) is not instrumented; the sanitizers still see every call the runtime makes.
#
#   GPUCC_SANITIZE       a list for -fsanitize= ("address,undefined", "thread"); empty: none.
#                        Undefined behaviour stops the program (-fno-sanitize-recover), so a test
#                        that hits it fails.
#   GPUCC_FUZZ           builds tests/fuzz's libFuzzer harness (needs Clang); tests/fuzz adds the
#                        coverage feedback (-fsanitize=fuzzer-no-link) to the compiler library.
#   GPUCC_PREBUILT_GPUCC a gpucc executable for gpucc_add_kernels (the standard library's and the
#                        tests' kernels) instead of the one this tree builds, which is still built
#                        for the compiler's own tests. An instrumented gpucc is several times
#                        slower on the standard library, and the sanitizers look at the runtime
#                        there, not at the compiler that made its kernels.
set(GPUCC_SANITIZE "" CACHE STRING "Sanitizers for every target, as -fsanitize= takes them (address,undefined or thread)")
option(GPUCC_FUZZ "Build the front end's libFuzzer harness (Clang only)" OFF)
set(GPUCC_PREBUILT_GPUCC "" CACHE FILEPATH "The gpucc that compiles kernels (default: the one built here)")

if(GPUCC_SANITIZE)
    if(GPUCC_SANITIZE MATCHES "thread" AND GPUCC_SANITIZE MATCHES "address")
        message(FATAL_ERROR "GPUCC_SANITIZE=${GPUCC_SANITIZE}: ThreadSanitizer and AddressSanitizer cannot be combined")
    endif()
    # Frame pointers and line tables give readable reports at little cost in build time.
    add_compile_options(-fsanitize=${GPUCC_SANITIZE} -fno-sanitize-recover=all
                        -fno-omit-frame-pointer
                        $<IF:$<CXX_COMPILER_ID:Clang>,-gline-tables-only,-g1>)
    add_link_options(-fsanitize=${GPUCC_SANITIZE})
    message(STATUS "gpucc: sanitizers ${GPUCC_SANITIZE} on every target")
endif()

if(GPUCC_FUZZ)
    if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
        message(FATAL_ERROR "GPUCC_FUZZ needs Clang (libFuzzer); configure with CXX=clang++-22")
    endif()
endif()

# The C++ compiler the lit suites compile generated headers with (HeaderGen, RawCuda): their
# expected messages are GCC's and Clang's -Wextra says more, so a Clang-built sanitizer tree
# passes the main build's compiler here.
set(GPUCC_LIT_CXX "${CMAKE_CXX_COMPILER}" CACHE FILEPATH "C++ compiler of the lit suites' header checks")
