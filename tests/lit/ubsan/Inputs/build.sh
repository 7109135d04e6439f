#!/bin/bash
# Builds ub.c with every UB check the compiler has (gcc: undefined plus
# float-cast-overflow and float-divide-by-zero; clang: undefined plus integer,
# implicit-conversion, nullability, float-divide-by-zero).
# usage: build.sh CC "KSAN_CC..." ARGS...
cc=$1 ksan=$2
shift 2
exec $ksan $(bash "$(dirname "$0")/flags.sh" "$cc") "$@"
