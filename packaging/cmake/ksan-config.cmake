# ksan's CMake package.  find_package(ksan) gives:
#
#   KSAN_CC          the ksan-cc driver: set CMAKE_C_COMPILER to it (or
#                    -DCMAKE_C_COMPILER=ksan-cc) to sanitize every target
#   ksan::api        <ksan/ksan.h>'s include directory; its KSAN_* macros
#                    are no-ops in a target built without ksan
#   ksan::kasan      compile and link options that sanitize only the
#   ksan::ubsan      targets that link them (target_link_libraries(app
#   ksan::kfence     PRIVATE ksan::kasan)): an executable gets the runtime,
#   ksan::kasan_ubsan  a shared library the forwarders to the executable's
#                    runtime (docs/packaging.md)
#
# The options are ksan-cc's own: at find_package time ksan-cc is asked
# (KSAN_CC_VERBOSE=1) what it adds to a compile, an executable's link and
# a shared library's link with this project's C compiler, so they cannot
# drift from the driver.  A target that links one of these must be built
# by GCC or clang; every executable that contains sanitized code must link
# the same target (CMake propagates it through static libraries).
cmake_minimum_required(VERSION 3.13)
get_filename_component(_ksan_dir "${CMAKE_CURRENT_LIST_DIR}" REALPATH)
find_program(KSAN_CC ksan-cc
  HINTS "${_ksan_dir}/../../../bin" "${_ksan_dir}/../../../../bin" NO_DEFAULT_PATH)
find_program(KSAN_CC ksan-cc)
if(NOT KSAN_CC)
  set(ksan_FOUND FALSE)
  set(ksan_NOT_FOUND_MESSAGE "ksan-cc not found beside ${_ksan_dir}")
  return()
endif()
execute_process(COMMAND "${KSAN_CC}" --help OUTPUT_VARIABLE _ksan_help ERROR_QUIET)
string(REGEX MATCH "Header directory: *([^\n]*)" _m "${_ksan_help}")
set(KSAN_INCLUDE_DIR "${CMAKE_MATCH_1}")

if(NOT TARGET ksan::api)
  add_library(ksan::api INTERFACE IMPORTED)
  set_target_properties(ksan::api PROPERTIES INTERFACE_INCLUDE_DIRECTORIES "${KSAN_INCLUDE_DIR}")
endif()

# _ksan_added(<out> <ksan-cc args...>): what ksan-cc put on the compiler's
# command line beyond the args (its "ksan-cc: exec:" line, the compiler
# and the args taken out; -g1 too: the target's own -g must win)
function(_ksan_added out)
  set(cc "${CMAKE_C_COMPILER}")
  if(NOT cc OR cc STREQUAL KSAN_CC)
    set(cc cc)
  endif()
  execute_process(COMMAND "${CMAKE_COMMAND}" -E env KSAN_CC_VERBOSE=1
      "${KSAN_CC}" "--ksan-cc=${cc}" ${ARGN}
    WORKING_DIRECTORY "${_ksan_probe}" RESULT_VARIABLE rc
    OUTPUT_QUIET ERROR_VARIABLE err)
  string(REGEX MATCH "ksan-cc: exec: [^\n]*" line "${err}")
  if(NOT rc EQUAL 0 OR NOT line)
    message(FATAL_ERROR "ksan: ${KSAN_CC} ${ARGN}: ${err}")
  endif()
  string(REPLACE "ksan-cc: exec: " "" line "${line}")
  separate_arguments(words UNIX_COMMAND "${line}")
  list(REMOVE_AT words 0)
  set(mine ${ARGN} -g1)
  list(FILTER mine EXCLUDE REGEX "^--ksan")
  set(added)
  foreach(w IN LISTS words)
    list(FIND mine "${w}" i)
    if(i EQUAL -1)
      list(APPEND added "${w}")
    endif()
  endforeach()
  set(${out} "${added}" PARENT_SCOPE)
endfunction()

# _ksan_pairs(<list>): "--param x" as one "SHELL:--param x" (CMake takes
# repeated options out of a target's list; pairs must stay whole)
function(_ksan_pairs var)
  set(in ${${var}})
  set(out)
  set(join "")
  foreach(w IN LISTS in)
    if(join)
      list(APPEND out "SHELL:${join} ${w}")
      set(join "")
    elseif(w MATCHES "^(--param|-mllvm|-Xlinker|-include)$")
      set(join "${w}")
    else()
      list(APPEND out "${w}")
    endif()
  endforeach()
  set(${var} "${out}" PARENT_SCOPE)
endfunction()

set(_ksan_probe "${CMAKE_BINARY_DIR}/CMakeFiles/ksan-probe")
file(MAKE_DIRECTORY "${_ksan_probe}")
file(WRITE "${_ksan_probe}/p.c" "int ksan_probe(int *p) { return *p; }\n")
file(WRITE "${_ksan_probe}/m.c" "int main(void) { return 0; }\n")
foreach(_d kasan ubsan kfence kasan_ubsan)
  if(TARGET ksan::${_d})
    continue()
  endif()
  string(REPLACE "_" "," _list "${_d}")
  _ksan_added(_cflags "--ksan=${_list}" -c p.c -o p.o)
  _ksan_added(_exe "--ksan=${_list}" m.c -o m)
  _ksan_added(_so "--ksan=${_list}" -shared -fPIC p.c -o p.so)
  list(REMOVE_ITEM _exe ${_cflags})
  list(REMOVE_ITEM _so ${_cflags})
  # the driver's compile flags that a link needs too (-fsanitize=...)
  set(_link_cflags ${_cflags})
  list(FILTER _link_cflags INCLUDE REGEX "^-fsanitize")
  _ksan_pairs(_cflags)
  _ksan_pairs(_exe)
  _ksan_pairs(_so)
  add_library(ksan::${_d} INTERFACE IMPORTED)
  set_target_properties(ksan::${_d} PROPERTIES
    INTERFACE_COMPILE_OPTIONS "${_cflags}"
    INTERFACE_LINK_OPTIONS
      "$<$<STREQUAL:$<TARGET_PROPERTY:TYPE>,EXECUTABLE>:${_link_cflags};${_exe}>;$<$<STREQUAL:$<TARGET_PROPERTY:TYPE>,SHARED_LIBRARY>:${_link_cflags};${_so}>"
    INTERFACE_LINK_LIBRARIES ksan::api)
endforeach()
set(ksan_FOUND TRUE)
