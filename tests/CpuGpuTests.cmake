# One test source, two executables: most kernel and library tests run the same cases on the CPU
# target (every CI run) and on the GPU (label gpu; the suite skips itself with "no CUDA device"
# where there is none). This function declares such a pair so every suite gets the same wiring.
#
# gpucc_add_cpu_gpu_tests(<name> TEST <test prefix> SOURCES <src>... LIBRARIES <lib>...
#                         [INCLUDES <dir>...] [BASELINE_ISA])
#   builds <name>_cpu and <name>_gpu (the latter compiled with GPUCC_TEST_ON_GPU) and adds the
#   tests <prefix>.cpu and <prefix>.gpu. BASELINE_ISA adds <prefix>.cpu.x86-64, the CPU suite
#   again with GPUCC_HOST_ISA=x86-64, so the baseline build of the host code (gpucc/cpu/isa.h)
#   is tested on machines with AVX2 too.
#
# The device is chosen at run time (GPUCC_TEST_DEVICE_AT_RUN_TIME, support/device_under_test.h), so
# a source that does not mention GPUCC_TEST_ON_GPU is compiled once, into the object library
# <name>_shared that both executables link; a source that does is compiled for each.
function(gpucc_add_cpu_gpu_tests name)
    cmake_parse_arguments(ARG "BASELINE_ISA" "TEST" "SOURCES;LIBRARIES;INCLUDES" ${ARGN})
    set(shared_sources)
    set(own_sources "${PROJECT_SOURCE_DIR}/tests/support/device_under_test.cpp")
    foreach(source IN LISTS ARG_SOURCES)
        get_filename_component(path "${source}" ABSOLUTE)
        file(STRINGS "${path}" mentions REGEX "GPUCC_TEST_ON_GPU" LIMIT_COUNT 1)
        if(mentions)
            list(APPEND own_sources "${source}")
        else()
            list(APPEND shared_sources "${source}")
        endif()
    endforeach()
    set(shared_objects)
    if(shared_sources)
        add_library(${name}_shared OBJECT ${shared_sources})
        _gpucc_cpu_gpu_test_settings(${name}_shared)
        set(shared_objects $<TARGET_OBJECTS:${name}_shared>)
    endif()
    foreach(target cpu gpu)
        add_executable(${name}_${target} ${own_sources} ${shared_objects})
        _gpucc_cpu_gpu_test_settings(${name}_${target})
        target_link_libraries(${name}_${target} PRIVATE GTest::gtest_main)
        add_test(NAME ${ARG_TEST}.${target} COMMAND ${name}_${target})
    endforeach()
    target_compile_definitions(${name}_gpu PRIVATE GPUCC_TEST_ON_GPU)
    set_tests_properties(${ARG_TEST}.gpu PROPERTIES LABELS gpu
                                                    SKIP_REGULAR_EXPRESSION "no CUDA device")
    if(ARG_BASELINE_ISA)
        add_test(NAME ${ARG_TEST}.cpu.x86-64 COMMAND ${name}_cpu)
        set_tests_properties(${ARG_TEST}.cpu.x86-64 PROPERTIES ENVIRONMENT GPUCC_HOST_ISA=x86-64)
    endif()
endfunction()

# The include folders, libraries and definitions every object of a pair is compiled with
# (ARG_INCLUDES and ARG_LIBRARIES of the caller).
macro(_gpucc_cpu_gpu_test_settings target)
    # tests/ itself, for the headers every such suite shares (support/device_under_test.h).
    target_include_directories(${target} PRIVATE ${PROJECT_SOURCE_DIR}/tests ${ARG_INCLUDES})
    target_link_libraries(${target} PRIVATE ${ARG_LIBRARIES} GTest::gtest)
    target_compile_definitions(${target} PRIVATE GPUCC_TEST_DEVICE_AT_RUN_TIME)
endmacro()
