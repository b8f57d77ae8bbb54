# How ng's binaries link LLVM.
#
# Debian builds LLVM with LLVM_LINK_LLVM_DYLIB, so every imported MLIR library
# names the one big libLLVM.so in its link interface. Loading that library
# costs about 19 ms per process on this project's reference machine (its
# static initializers register thousands of command-line options and every
# target), which is most of the start-up time of a short ng-translate or
# ng-opt run, and twice over in an `ng-translate | ng-translate` pipe.
# With NG_LINK_LLVM_STATIC (the default when the static component archives
# are installed, as llvm-22-dev does) ng links the component archives it
# actually uses instead: the linker keeps only the code ng reaches.
# See docs/performance.md ("Process start").

option(NG_LINK_LLVM_STATIC
  "Link LLVM's static component libraries instead of libLLVM.so" ON)

if(NG_LINK_LLVM_STATIC AND LLVM_LINK_LLVM_DYLIB)
  if(NOT EXISTS "${LLVM_LIBRARY_DIR}/libLLVMSupport.a")
    message(STATUS "ng: ${LLVM_LIBRARY_DIR}/libLLVMSupport.a missing; "
                   "linking libLLVM.so")
  else()
    # What the MLIR libraries ng links need from LLVM, as components
    # (Remarks: MLIROptLib's remark streamer).
    set(NG_LLVM_STATIC_COMPONENTS Remarks Support Demangle)
    llvm_map_components_to_libnames(ngLLVMStaticLibs
      ${NG_LLVM_STATIC_COMPONENTS})

    # Our own add_mlir_library / add_llvm_executable calls read this.
    set(LLVM_LINK_LLVM_DYLIB OFF)

    # Imported MLIR libraries: swap the dylib for the component archives.
    get_property(ngMLIRLibs GLOBAL PROPERTY MLIR_ALL_LIBS)
    foreach(lib IN LISTS ngMLIRLibs)
      if(NOT TARGET ${lib})
        continue()
      endif()
      get_target_property(iface ${lib} INTERFACE_LINK_LIBRARIES)
      if(iface AND "LLVM" IN_LIST iface)
        list(TRANSFORM iface REPLACE "^LLVM$" "${ngLLVMStaticLibs}")
        set_target_properties(${lib} PROPERTIES INTERFACE_LINK_LIBRARIES
          "${iface}")
      endif()
    endforeach()
    # libz3 is named by LLVMSupport for its (unused here) SMT solver.
    add_link_options("LINKER:--as-needed")
    message(STATUS "ng: linking LLVM statically (${ngLLVMStaticLibs})")
  endif()
endif()
