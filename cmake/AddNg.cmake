# How ng declares its libraries and tools, so that they install as a package
# other CMake projects find with `find_package(ng)` (ngConfig.cmake.in,
# docs/Building.md, "Using ng from another project").
#
# add_mlir_library would install each library into MLIR's own export set
# (MLIRTargets), which the project never installs: ng's libraries go into
# NgTargets instead, as CIRCT's go into CIRCTTargets. Each carries its
# include directories (and MLIR's), for the build tree and for the installed
# prefix.

include(GNUInstallDirs)

function(ng_install_library name)
  target_include_directories(${name} PUBLIC
    $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>
    $<BUILD_INTERFACE:${PROJECT_BINARY_DIR}/include>
    $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
  # ng's headers include MLIR's and LLVM's, whose imported targets carry no
  # include directories: a user of ng's targets gets them from here.
  target_include_directories(${name} SYSTEM PUBLIC
    ${LLVM_INCLUDE_DIRS} ${MLIR_INCLUDE_DIRS})
  install(TARGETS ${name} EXPORT NgTargets
    ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
    LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
  set_property(GLOBAL APPEND PROPERTY NG_LIBRARIES ${name})
endfunction()

# add_ng_library(NAME SOURCES... [MLIR's add_mlir_library arguments]).
function(add_ng_library name)
  add_mlir_library(${ARGV} DISABLE_INSTALL)
  ng_install_library(${name})
endfunction()

# A library of a dialect (MLIR lists these for tools that register them all).
function(add_ng_dialect_library name)
  add_mlir_dialect_library(${ARGV} DISABLE_INSTALL)
  ng_install_library(${name})
endfunction()

# A library of translations (mlir-translate's registrations).
function(add_ng_translation_library name)
  add_mlir_translation_library(${ARGV} DISABLE_INSTALL)
  ng_install_library(${name})
endfunction()

# An executable the package installs (bin/), exported so that a project
# using the package finds it as a target (e.g. its tests run the installed
# ng-opt).
function(ng_install_tool name)
  install(TARGETS ${name} EXPORT NgTargets
    RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  set_property(GLOBAL APPEND PROPERTY NG_INSTALLED_TOOLS ${name})
endfunction()
