# The standard library inside gpucc::runtime: the kernels of dsl/stdlib/*.dsl, compiled at build
# time by the gpucc of this tree (the same command gpucc_add_kernels runs), and the C++ that calls
# them through their generated headers (runtime/src/stdlib/). The generated objects are linked into
# gpucc_runtime itself, so a user links one library; the generated headers stay private to it.
# (gpucc_add_kernels cannot be used here: its library links gpucc::runtime, which would loop.)
#
#   GPUCC_STDLIB_ARCHS  SM versions the standard kernels carry SASS for (PTX of the newest is
#                       embedded too, so newer GPUs JIT it once).
set(GPUCC_STDLIB_ARCHS "90" CACHE STRING "SM versions the standard library's kernels are built for")

set(stdlib_dsl_dir "${PROJECT_SOURCE_DIR}/dsl/stdlib")
set(stdlib_generated_dir "${CMAKE_CURRENT_BINARY_DIR}/stdlib.gpucc")
string(REPLACE ";" "," stdlib_archs "${GPUCC_STDLIB_ARCHS}")

set(stdlib_generated)
foreach(family creation conversion arithmetic comparison math math_float bitwise random reduction)
    set(header "${stdlib_generated_dir}/${family}.gpucc.h")
    set(object "${stdlib_generated_dir}/${family}.gpucc.o")
    # The gpucc target is defined later in the tree; targets in custom commands resolve at
    # generate time.
    add_custom_command(
        OUTPUT "${header}" "${object}"
        COMMAND "$<TARGET_FILE:gpucc>" "${stdlib_dsl_dir}/${family}.dsl" -o "${stdlib_generated_dir}"
                "--arch=${stdlib_archs}"
        DEPENDS "${stdlib_dsl_dir}/${family}.dsl" gpucc
        COMMENT "gpucc stdlib/${family}.dsl"
        VERBATIM)
    list(APPEND stdlib_generated "${header}" "${object}")
endforeach()

target_sources(gpucc_runtime PRIVATE
    ${stdlib_generated}
    src/stdlib/scalar.cpp
    src/stdlib/creation.cpp
    src/stdlib/random.cpp
    src/stdlib/conversion.cpp
    src/stdlib/ufunc_apply.cpp
    src/stdlib/ufunc_functions.cpp
    src/stdlib/ufunc_arithmetic.cpp
    src/stdlib/ufunc_comparison.cpp
    src/stdlib/ufunc_math.cpp
    src/stdlib/ufunc_math_float.cpp
    src/stdlib/ufunc_bitwise.cpp
    src/stdlib/reduction.cpp
)
target_include_directories(gpucc_runtime PRIVATE "$<BUILD_INTERFACE:${stdlib_generated_dir}>")
