# CMake package configuration of the shogi-rules C API, installed by `make install` to
# <prefix>/lib/cmake/shogi_rules/. `find_package(shogi_rules)` defines:
#
#   shogi_rules::shogi_rules         the shared library (libshogi_rules.so) with its header
#   shogi_rules::shogi_rules_static  the static library (libshogi_rules.a) with the system
#                                    libraries it needs
#
# The prefix is found from this file's own location, so an installed tree can be moved.

get_filename_component(_shogi_rules_prefix "${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)

if(NOT EXISTS "${_shogi_rules_prefix}/include/shogi_rules.h")
  set(shogi_rules_FOUND FALSE)
  set(shogi_rules_NOT_FOUND_MESSAGE
      "shogi_rules.h is missing from ${_shogi_rules_prefix}/include")
  return()
endif()

include(CMakeFindDependencyMacro)
# The static library is a Rust staticlib: it needs the thread, dl and math libraries.
find_dependency(Threads)

if(NOT TARGET shogi_rules::shogi_rules)
  add_library(shogi_rules::shogi_rules SHARED IMPORTED)
  set_target_properties(shogi_rules::shogi_rules PROPERTIES
    IMPORTED_LOCATION "${_shogi_rules_prefix}/lib/libshogi_rules.so"
    # Rust writes no soname into the library: link it by name, not by path.
    IMPORTED_NO_SONAME TRUE
    INTERFACE_INCLUDE_DIRECTORIES "${_shogi_rules_prefix}/include")
endif()

if(NOT TARGET shogi_rules::shogi_rules_static)
  add_library(shogi_rules::shogi_rules_static STATIC IMPORTED)
  set_target_properties(shogi_rules::shogi_rules_static PROPERTIES
    IMPORTED_LOCATION "${_shogi_rules_prefix}/lib/libshogi_rules.a"
    INTERFACE_INCLUDE_DIRECTORIES "${_shogi_rules_prefix}/include"
    INTERFACE_LINK_LIBRARIES "Threads::Threads;${CMAKE_DL_LIBS};m")
endif()

set(shogi_rules_INCLUDE_DIRS "${_shogi_rules_prefix}/include")
set(shogi_rules_LIBRARIES shogi_rules::shogi_rules)
unset(_shogi_rules_prefix)
