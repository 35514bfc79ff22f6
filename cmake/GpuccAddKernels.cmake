# gpucc_add_kernels(<target> <file.dsl>... [ARCHS <sm>...] [DTYPES <type>...] [MODULE <name>]
#                   [RUNTIME <target>] [OPTIONS <gpucc option>...])
#
# Compiles each .dsl file with gpucc at build time and makes <target>, a static library holding
# the generated objects (SASS and PTX for the GPU, code for the host CPU), with the generated
# headers (<stem>.gpucc.h) on its include path and gpucc::runtime linked. Only a .dsl file that
# changed, or a file its raw CUDA reads (`raw cuda file` and the headers it includes), or a new
# gpucc, is recompiled.
#
#   ARCHS    SM versions to build SASS for (default: 90); PTX of the newest is embedded too.
#   DTYPES   the types a bare <T> stands for (default: every type of the language).
#   MODULE   the C++ namespace, when only one file is given (default: the file's module
#            declaration, else its stem).
#   RUNTIME  the runtime library <target> links (default: gpucc::runtime). gpucc's own standard
#            library, which is part of gpucc::runtime, passes the runtime core here.
#   OPTIONS  further gpucc options, passed as given (e.g. --image-group-size=N in gpucc's tests).
#
# Threads: a build tool runs several commands at once, and gpucc alone would use one thread per
# core (its -j), so the rule gives each gpucc GPUCC_JOBS threads (default 1: the build tool's own
# parallelism fills the cores). A project with one large .dsl file may set GPUCC_JOBS to N (or 0,
# one per core) for its calls; with Ninja those gpucc commands then run in the job pool
# `gpucc_threaded_<M>` of M = max(1, cores / N) commands at once, so they do not oversubscribe
# each other.
#
# Cache: with GPUCC_KERNEL_CACHE_DIR set to a folder, each gpucc command goes through
# GpuccKernelCache.cmake, a content-addressed cache of gpucc's outputs keyed by the gpucc
# executable, the libraries and CUDA tools it uses, the command line and the bytes of the .dsl file
# and of every file its depfile lists, so build trees of one source tree that share the folder
# compile each kernel file once (tools/check.sh and tools/check_sanitizers.sh use it). Empty (the
# default): gpucc runs directly, as without the option.
set(GPUCC_JOBS 1 CACHE STRING
    "Threads of each gpucc command that gpucc_add_kernels runs (gpucc -j; 0: one per core)")
set(GPUCC_KERNEL_CACHE_DIR "" CACHE PATH
    "A folder that caches gpucc's outputs across build trees (empty: no cache)")
set(_gpucc_kernel_cache_script "${CMAKE_CURRENT_LIST_DIR}/GpuccKernelCache.cmake")

# The Ninja job pool that gpucc commands of more than one thread run in (see above); defined once,
# unless the project defines a pool of that name itself.
function(_gpucc_threaded_pool jobs out_pool)
    cmake_host_system_information(RESULT cores QUERY NUMBER_OF_LOGICAL_CORES)
    if(jobs EQUAL 0 OR jobs GREATER_EQUAL cores)
        set(size 1)
    else()
        math(EXPR size "${cores} / ${jobs}")
    endif()
    set(pool "gpucc_threaded_${size}")
    get_property(pools GLOBAL PROPERTY JOB_POOLS)
    if(NOT pools MATCHES "(^|;)${pool}=")
        set_property(GLOBAL APPEND PROPERTY JOB_POOLS "${pool}=${size}")
    endif()
    set(${out_pool} "${pool}" PARENT_SCOPE)
endfunction()

function(gpucc_add_kernels target)
    cmake_parse_arguments(PARSE_ARGV 1 GPUCC "" "MODULE;RUNTIME" "ARCHS;DTYPES;OPTIONS")
    if(NOT GPUCC_RUNTIME)
        set(GPUCC_RUNTIME gpucc::runtime)
    endif()
    set(sources ${GPUCC_UNPARSED_ARGUMENTS})
    if(NOT sources)
        message(FATAL_ERROR "gpucc_add_kernels(${target}): no .dsl file given")
    endif()
    list(LENGTH sources source_count)
    if(GPUCC_MODULE AND source_count GREATER 1)
        message(FATAL_ERROR "gpucc_add_kernels(${target}): MODULE needs exactly one .dsl file")
    endif()
    if(NOT TARGET gpucc::gpucc)
        message(FATAL_ERROR "gpucc_add_kernels(${target}): the gpucc::gpucc executable target is missing; "
                            "use find_package(gpucc)")
    endif()

    set(flags)
    if(GPUCC_ARCHS)
        string(REPLACE ";" "," archs "${GPUCC_ARCHS}")
        list(APPEND flags "--arch=${archs}")
    endif()
    if(GPUCC_DTYPES)
        string(REPLACE ";" "," dtypes "${GPUCC_DTYPES}")
        list(APPEND flags "--dtypes=${dtypes}")
    endif()
    if(GPUCC_MODULE)
        list(APPEND flags "--module=${GPUCC_MODULE}")
    endif()
    if(NOT GPUCC_JOBS MATCHES "^[0-9]+$")
        message(FATAL_ERROR "gpucc_add_kernels(${target}): GPUCC_JOBS is '${GPUCC_JOBS}'; "
                            "expected a number of threads (0: one per core)")
    endif()
    list(APPEND flags "-j${GPUCC_JOBS}" ${GPUCC_OPTIONS})
    set(job_pool)
    if(NOT GPUCC_JOBS EQUAL 1 AND CMAKE_GENERATOR MATCHES "Ninja")
        _gpucc_threaded_pool(${GPUCC_JOBS} pool)
        set(job_pool JOB_POOL "${pool}")
    endif()

    set(output_dir "${CMAKE_CURRENT_BINARY_DIR}/${target}.gpucc")
    set(objects)
    set(headers)
    foreach(source IN LISTS sources)
        get_filename_component(source_path "${source}" ABSOLUTE)
        get_filename_component(source_name "${source}" NAME)
        string(REGEX REPLACE "\\.dsl$" "" stem "${source_name}")
        set(header "${output_dir}/${stem}.gpucc.h")
        set(object "${output_dir}/${stem}.gpucc.o")
        set(command gpucc::gpucc)
        set(cache_dependency)
        if(GPUCC_KERNEL_CACHE_DIR)
            if(DEFINED GPUCC_CUDA_PATH)
                set(cuda "${GPUCC_CUDA_PATH}")
            else()
                set(cuda "/usr/local/cuda")
            endif()
            set(command "${CMAKE_COMMAND}" "-DGPUCC_KERNEL_CACHE_DIR=${GPUCC_KERNEL_CACHE_DIR}"
                        "-DGPUCC_KERNEL_CACHE_CUDA=${cuda}" -P "${_gpucc_kernel_cache_script}"
                        "${output_dir}" "${stem}" "$<TARGET_FILE:gpucc::gpucc>")
            set(cache_dependency "${_gpucc_kernel_cache_script}")
        endif()
        # The depfile lists the files `raw cuda` definitions read (a .cu file and its headers).
        add_custom_command(
            OUTPUT "${header}" "${object}"
            COMMAND ${command} "${source_path}" -o "${output_dir}" ${flags}
                    "--depfile=${output_dir}/${stem}.gpucc.d"
            DEPENDS "${source_path}" gpucc::gpucc ${cache_dependency}
            DEPFILE "${output_dir}/${stem}.gpucc.d"
            COMMENT "gpucc ${source_name}"
            ${job_pool}
            VERBATIM)
        list(APPEND objects "${object}")
        list(APPEND headers "${header}")
    endforeach()

    add_library(${target} STATIC ${objects} ${headers})
    set_target_properties(${target} PROPERTIES LINKER_LANGUAGE CXX)
    target_include_directories(${target} PUBLIC "$<BUILD_INTERFACE:${output_dir}>")
    target_link_libraries(${target} PUBLIC ${GPUCC_RUNTIME})
    target_compile_features(${target} PUBLIC cxx_std_20)
endfunction()
