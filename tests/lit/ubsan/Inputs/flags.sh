#!/bin/bash
# The -fsanitize= flags ub.c is built with: every UB check the compiler has
# (gcc: undefined plus float-cast-overflow, float-divide-by-zero and
# pointer-overflow; clang:
# undefined plus integer, implicit-conversion, nullability, float-divide-by-zero).
case "${1%% *}" in		# the compiler command's first word
gcc|*-gcc|gcc-[0-9]*|*-gcc-[0-9]*)
	echo "-fsanitize=undefined,float-cast-overflow,float-divide-by-zero,pointer-overflow" ;;
*)	echo "-fsanitize=undefined,integer,implicit-conversion,nullability,float-divide-by-zero" ;;
esac
