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
function(gpucc_add_cpu_gpu_tests name)
    cmake_parse_arguments(ARG "BASELINE_ISA" "TEST" "SOURCES;LIBRARIES;INCLUDES" ${ARGN})
    foreach(target cpu gpu)
        add_executable(${name}_${target} ${ARG_SOURCES})
        # tests/ itself, for the headers every such suite shares (support/device_under_test.h).
        target_include_directories(${name}_${target} PRIVATE ${PROJECT_SOURCE_DIR}/tests
                                                             ${ARG_INCLUDES})
        target_link_libraries(${name}_${target} PRIVATE ${ARG_LIBRARIES} GTest::gtest_main)
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
