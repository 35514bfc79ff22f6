# A content-addressed cache of gpucc's outputs, run by gpucc_add_kernels' rule (cmake -P) in place
# of gpucc when GPUCC_KERNEL_CACHE_DIR is set. It exists so that several build trees of one source
# tree (CI's main build and its sanitizer builds, which compile the same .dsl files with the same
# gpucc and options) compile each kernel file once: gpucc's outputs do not depend on the output
# folder, and the sanitizers do not instrument the code it generates.
#
# Usage: cmake -DGPUCC_KERNEL_CACHE_DIR=<dir> -DGPUCC_KERNEL_CACHE_CUDA=<toolkit> -P <this file>
#              <output dir> <stem> <gpucc> <gpucc arguments...>
#
# An entry is found in two steps, as ccache's "manifest" mode does. The first key hashes what is
# known before compiling: the gpucc executable's bytes; the identity (path, size, modification
# time) of each shared library it loads (ldd) and of the CUDA tools it runs (ptxas, nvlink,
# fatbinary, libdevice, the toolkit's version.json, under --cuda-path, else $CUDA_PATH, else
# GPUCC_KERNEL_CACHE_CUDA); the command line with the output folder replaced by a placeholder; and
# the bytes of the .dsl file. Under that key, each stored result lists the files its depfile named
# (the .dsl file, `raw cuda file`s and the headers they include) with a hash of their bytes; a
# result is used only if every listed file still has those bytes. Anything else is a miss: gpucc
# runs, and what it wrote is stored if it succeeded. A hit copies the header and object, writes the
# depfile with this build's output folder, and replays what gpucc printed under a line saying so.
# Entries are published by renaming a complete folder, so concurrent builds never read a partial
# one. Each lookup appends "hit <stem>" or "miss <stem>" to <dir>/stats.log. Nothing is ever
# removed: delete the folder to reclaim its space.
cmake_minimum_required(VERSION 3.25)

set(cache_dir "${GPUCC_KERNEL_CACHE_DIR}")
if(NOT cache_dir)
    message(FATAL_ERROR "GpuccKernelCache.cmake: GPUCC_KERNEL_CACHE_DIR is not set")
endif()
# The arguments after the script's name.
set(args)
set(after_script OFF)
math(EXPR last "${CMAKE_ARGC} - 1")
foreach(i RANGE ${last})
    if(after_script)
        list(APPEND args "${CMAKE_ARGV${i}}")
    elseif(CMAKE_ARGV${i} STREQUAL "-P")
        math(EXPR script_index "${i} + 1")
    elseif(DEFINED script_index AND i EQUAL script_index)
        set(after_script ON)
    endif()
endforeach()
list(LENGTH args arg_count)
if(arg_count LESS 3)
    message(FATAL_ERROR "GpuccKernelCache.cmake: expected <output dir> <stem> <gpucc> "
                        "<arguments...>, got '${args}'")
endif()
list(POP_FRONT args output_dir stem gpucc)

# Identity of a file that is too large to hash on every call: path, size, modification time.
function(_file_identity path out)
    if(EXISTS "${path}")
        file(SIZE "${path}" size)
        file(TIMESTAMP "${path}" mtime "%s" UTC)
        set(${out} "${path} ${size} ${mtime}" PARENT_SCOPE)
    else()
        set(${out} "${path} absent" PARENT_SCOPE)
    endif()
endfunction()

# The first key.
file(SHA256 "${gpucc}" gpucc_hash)
set(key_text "gpucc-kernel-cache 1\ngpucc ${gpucc_hash}\n")
execute_process(COMMAND ldd "${gpucc}" OUTPUT_VARIABLE ldd_output ERROR_QUIET
                RESULT_VARIABLE ldd_result)
if(NOT ldd_result EQUAL 0)
    set(ldd_output "")
endif()
string(REGEX MATCHALL "=> (/[^ ]+)" libraries "${ldd_output}")
foreach(library IN LISTS libraries)
    string(REGEX REPLACE "^=> " "" library "${library}")
    _file_identity("${library}" identity)
    string(APPEND key_text "library ${identity}\n")
endforeach()
set(cuda "${GPUCC_KERNEL_CACHE_CUDA}")
if(DEFINED ENV{CUDA_PATH} AND NOT "$ENV{CUDA_PATH}" STREQUAL "")
    set(cuda "$ENV{CUDA_PATH}")
endif()
set(source "")
set(normalised_args)
foreach(arg IN LISTS args)
    if(arg MATCHES "^--cuda-path=(.*)$")
        set(cuda "${CMAKE_MATCH_1}")
    endif()
    if(NOT arg MATCHES "^-" AND arg MATCHES "\\.dsl$" AND source STREQUAL "")
        set(source "${arg}")
    endif()
    string(REPLACE "${output_dir}" "<output>" arg "${arg}")
    list(APPEND normalised_args "${arg}")
endforeach()
if(source STREQUAL "" OR NOT EXISTS "${source}")
    message(FATAL_ERROR "GpuccKernelCache.cmake: no existing .dsl file among the arguments "
                        "'${args}'")
endif()
foreach(tool bin/ptxas bin/nvlink bin/fatbinary nvvm/libdevice/libdevice.10.bc version.json)
    _file_identity("${cuda}/${tool}" identity)
    string(APPEND key_text "cuda ${identity}\n")
endforeach()
string(JOIN "\n" joined_args ${normalised_args})
file(SHA256 "${source}" source_hash)
string(APPEND key_text "arguments\n${joined_args}\nsource ${source_hash}\n")
string(SHA256 first_key "${key_text}")
set(manifest_dir "${cache_dir}/${first_key}")

set(header "${output_dir}/${stem}.gpucc.h")
set(object "${output_dir}/${stem}.gpucc.o")
set(depfile "${output_dir}/${stem}.gpucc.d")

# The second key: the files a depfile lists, each with the hash of its bytes now.
function(_dependency_key dependency_list out)
    set(text "")
    foreach(path IN LISTS dependency_list)
        if(EXISTS "${path}" AND NOT IS_DIRECTORY "${path}")
            file(SHA256 "${path}" hash)
        else()
            set(hash "absent")
        endif()
        string(APPEND text "${path} ${hash}\n")
    endforeach()
    string(SHA256 key "${text}")
    set(${out} "${key}" PARENT_SCOPE)
endfunction()

# Lookup: a stored result whose dependencies all have their recorded bytes.
if(IS_DIRECTORY "${manifest_dir}")
    file(GLOB entries LIST_DIRECTORIES true "${manifest_dir}/*")
    foreach(entry IN LISTS entries)
        if(NOT EXISTS "${entry}/dependencies")
            continue()
        endif()
        file(STRINGS "${entry}/dependencies" dependency_list)
        _dependency_key("${dependency_list}" key)
        get_filename_component(entry_name "${entry}" NAME)
        if(NOT key STREQUAL entry_name)
            continue()
        endif()
        file(MAKE_DIRECTORY "${output_dir}")
        file(COPY_FILE "${entry}/header" "${header}")
        file(COPY_FILE "${entry}/object" "${object}")
        file(READ "${entry}/depfile" depfile_text)
        string(REPLACE "<output>" "${output_dir}" depfile_text "${depfile_text}")
        file(WRITE "${depfile}" "${depfile_text}")
        # What gpucc printed (warnings, progress) is replayed under a line that says it is old.
        file(READ "${entry}/stdout" printed_out)
        file(READ "${entry}/stderr" printed)
        if(NOT printed_out STREQUAL "" OR NOT printed STREQUAL "")
            message(NOTICE
                    "gpucc ${stem}: from the kernel cache; when it was compiled gpucc printed:")
        endif()
        if(NOT printed_out STREQUAL "")
            execute_process(COMMAND "${CMAKE_COMMAND}" -E cat "${entry}/stdout")
        endif()
        if(NOT printed STREQUAL "")
            string(REGEX REPLACE "\n$" "" printed "${printed}")
            message(NOTICE "${printed}")
        endif()
        file(APPEND "${cache_dir}/stats.log" "hit ${stem}\n")
        return()
    endforeach()
endif()

# Miss: run gpucc, then store what it wrote.
file(APPEND "${cache_dir}/stats.log" "miss ${stem}\n")
execute_process(COMMAND "${gpucc}" ${args}
                OUTPUT_VARIABLE printed_out ERROR_VARIABLE printed_err
                ECHO_OUTPUT_VARIABLE ECHO_ERROR_VARIABLE
                RESULT_VARIABLE gpucc_result)
if(NOT gpucc_result EQUAL 0)
    message(FATAL_ERROR "gpucc exited with ${gpucc_result}")
endif()
if(NOT EXISTS "${header}" OR NOT EXISTS "${object}" OR NOT EXISTS "${depfile}")
    return() # not the outputs this cache knows (say, an --emit run): nothing to store
endif()

# The depfile's dependencies: Make syntax, targets before the first ": ", paths separated by
# spaces, "\ " an escaped space, "\" + newline a continuation.
file(READ "${depfile}" depfile_text)
string(REPLACE "\\\n" " " flat "${depfile_text}")
string(REPLACE "\\ " "<space>" flat "${flat}")
string(FIND "${flat}" ": " colon)
if(colon LESS 0)
    return() # a depfile this cache cannot read: leave the result uncached
endif()
math(EXPR after_colon "${colon} + 2")
string(SUBSTRING "${flat}" ${after_colon} -1 dependency_text)
string(REGEX REPLACE "[ \t\n]+" ";" dependency_text "${dependency_text}")
set(dependency_list)
foreach(path IN LISTS dependency_text)
    if(path STREQUAL "")
        continue()
    endif()
    string(REPLACE "<space>" " " path "${path}")
    get_filename_component(path "${path}" ABSOLUTE) # relative to gpucc's working folder
    list(APPEND dependency_list "${path}")
endforeach()
_dependency_key("${dependency_list}" second_key)

string(RANDOM LENGTH 16 suffix)
set(staging "${cache_dir}/staging-${suffix}")
file(MAKE_DIRECTORY "${staging}")
file(COPY_FILE "${header}" "${staging}/header")
file(COPY_FILE "${object}" "${staging}/object")
string(REPLACE "${output_dir}" "<output>" normalised_depfile "${depfile_text}")
file(WRITE "${staging}/depfile" "${normalised_depfile}")
file(WRITE "${staging}/stdout" "${printed_out}")
file(WRITE "${staging}/stderr" "${printed_err}")
string(JOIN "\n" dependency_lines ${dependency_list})
file(WRITE "${staging}/dependencies" "${dependency_lines}\n")
file(MAKE_DIRECTORY "${manifest_dir}")
file(RENAME "${staging}" "${manifest_dir}/${second_key}" RESULT renamed)
if(NOT renamed STREQUAL "0")
    # Another build stored the same result first (a folder never replaces a non-empty one).
    file(REMOVE_RECURSE "${staging}")
endif()
