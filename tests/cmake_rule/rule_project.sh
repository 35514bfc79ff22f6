# What the cmake_rule checks (jobs.sh, reconfigure.sh, kernel_cache.sh) share, sourced by each: the
# small CMake project around gpucc_add_kernels that each configures (gpucc imported as
# gpucc::gpucc, a fake runtime target, the rule included from the source tree) and the failure
# message that names the check.
#
# write_rule_project DIR NAME GPUCC SOURCE_DIR TARGET_AND_DSL...: writes DIR/CMakeLists.txt for
#   project NAME with one gpucc_add_kernels(<TARGET_AND_DSL> RUNTIME fake_runtime) per argument;
#   GPUCC and SOURCE_DIR are written as given (a path, or a CMake variable such as ${TEST_GPUCC}).
# fail MESSAGE: prints "<check>: MESSAGE" (check: $rule_check) and exits with 1.
write_rule_project() {
    local dir="$1" name="$2" gpucc="$3" source_dir="$4"
    shift 4
    mkdir -p "$dir"
    {
        echo "cmake_minimum_required(VERSION 3.25)"
        echo "project($name LANGUAGES CXX)"
        echo "add_executable(gpucc::gpucc IMPORTED)"
        echo "set_target_properties(gpucc::gpucc PROPERTIES IMPORTED_LOCATION \"$gpucc\")"
        echo "add_library(fake_runtime INTERFACE)"
        echo "include(\"$source_dir/cmake/GpuccAddKernels.cmake\")"
        local kernels
        for kernels in "$@"; do
            echo "gpucc_add_kernels($kernels RUNTIME fake_runtime)"
        done
    } > "$dir/CMakeLists.txt"
}

fail() {
    echo "$rule_check: $*" >&2
    exit 1
}
