# libdeflate (Debian's libdeflate-dev), for its CRC-32: the CRC of a
# package's members is computed with the carry-less multiply, three to four
# times zlib's table-driven crc32 (lib/Support/Crc32.cpp). Gives the
# imported target ng::libdeflate. Included by the top CMakeLists.txt and by
# the installed package's ngConfig.cmake, whose NgSupport links it.

if(NOT TARGET ng::libdeflate)
  find_path(NG_LIBDEFLATE_INCLUDE_DIR libdeflate.h)
  find_library(NG_LIBDEFLATE_LIBRARY NAMES deflate)
  if(NOT NG_LIBDEFLATE_INCLUDE_DIR OR NOT NG_LIBDEFLATE_LIBRARY)
    message(FATAL_ERROR "ng needs libdeflate (Debian: apt-get install "
      "libdeflate-dev; scripts/install-deps.sh installs it)")
  endif()
  add_library(ng::libdeflate UNKNOWN IMPORTED)
  set_target_properties(ng::libdeflate PROPERTIES
    IMPORTED_LOCATION "${NG_LIBDEFLATE_LIBRARY}"
    INTERFACE_INCLUDE_DIRECTORIES "${NG_LIBDEFLATE_INCLUDE_DIR}")
endif()
