/*
 * This file contains the symbol by which an instrumented shared library
 * recognises, from its first constructor, that the executable carries the
 * ksan runtime (src/port/linux/shlib/stubs.c looks it up with dlsym; the
 * executable exports it through ksan.exports' __ksan_* pattern).  Without
 * it the library says so in one line and exits, instead of running checks
 * against a shadow nobody maps.
 */
#include "../linux.h"

PORT_API const char __ksan_runtime[] = "ksan " "runtime";
