# The installed package: `cmake --install build --prefix P` puts under P
#   include/ng/...           the public headers, their .td sources and the
#                            generated .inc files (and the flatbuffers
#                            schema header)
#   include/ng-c/...         the C API's headers (docs/CAPI.md)
#   lib/libNg*.a             the libraries
#   bin/ng-opt, ng-translate the tools (NG_INSTALL_TOOLS)
#   lib/python3/dist-packages/ng/
#                            the Python package (NG_BUILD_PYTHON;
#                            NG_PYTHON_INSTALL_DIR, docs/Python.md)
#   lib/cmake/ng/            ngConfig.cmake, ngConfigVersion.cmake,
#                            NgTargets.cmake (the libraries and tools as
#                            imported targets) and NgLibdeflate.cmake
#                            (the one library ng's link needs beyond
#                            MLIR's)
# so that another project can `find_package(ng CONFIG)` (docs/Building.md,
# "Using ng from another project"; examples/standalone-pass does).

include(CMakePackageConfigHelpers)

install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/ng
  ${PROJECT_SOURCE_DIR}/include/ng-c
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
  FILES_MATCHING PATTERN "*.h" PATTERN "*.td")
install(DIRECTORY ${PROJECT_BINARY_DIR}/include/ng
  ${PROJECT_BINARY_DIR}/include/ng-c
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
  FILES_MATCHING PATTERN "*.h" PATTERN "*.inc"
  PATTERN "CMakeFiles" EXCLUDE)

set(NG_INSTALL_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/ng)
install(EXPORT NgTargets DESTINATION ${NG_INSTALL_CMAKE_DIR})

configure_package_config_file(
  ${PROJECT_SOURCE_DIR}/cmake/ngConfig.cmake.in
  ${PROJECT_BINARY_DIR}/lib/cmake/ng/ngConfig.cmake
  INSTALL_DESTINATION ${NG_INSTALL_CMAKE_DIR}
  PATH_VARS CMAKE_INSTALL_INCLUDEDIR CMAKE_INSTALL_BINDIR NG_PYTHON_INSTALL_DIR)
write_basic_package_version_file(
  ${PROJECT_BINARY_DIR}/lib/cmake/ng/ngConfigVersion.cmake
  VERSION ${PROJECT_VERSION}
  COMPATIBILITY SameMinorVersion)
install(FILES
  ${PROJECT_BINARY_DIR}/lib/cmake/ng/ngConfig.cmake
  ${PROJECT_BINARY_DIR}/lib/cmake/ng/ngConfigVersion.cmake
  ${PROJECT_SOURCE_DIR}/cmake/NgLibdeflate.cmake
  DESTINATION ${NG_INSTALL_CMAKE_DIR})
