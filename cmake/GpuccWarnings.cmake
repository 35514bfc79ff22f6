# Warning flags for the project's own targets (not for users of the installed package).
function(gpucc_set_warnings target)
    target_compile_options(${target} PRIVATE -Wall -Wextra -Wno-unused-parameter)
endfunction()
