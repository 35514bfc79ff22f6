# Installs the gpucc command, the runtime library and headers, and the CMake package
# (find_package(gpucc) gives gpucc::gpucc, gpucc::runtime and gpucc_add_kernels).
include(CMakePackageConfigHelpers)
install(EXPORT gpuccTargets NAMESPACE gpucc:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/gpucc)
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/gpuccConfig.cmake.in
    ${CMAKE_CURRENT_BINARY_DIR}/gpuccConfig.cmake
    INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/gpucc)
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/gpuccConfigVersion.cmake
    VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/gpuccConfig.cmake
              ${CMAKE_CURRENT_BINARY_DIR}/gpuccConfigVersion.cmake
              ${CMAKE_CURRENT_LIST_DIR}/GpuccAddKernels.cmake
              ${CMAKE_CURRENT_LIST_DIR}/GpuccKernelCache.cmake
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/gpucc)
