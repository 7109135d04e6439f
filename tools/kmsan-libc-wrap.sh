#!/bin/sh
# KMSAN's C library model for static executables (docs/kmsan.md: "Static
# executables").  Input: the objects of src/port/linux/kmsan-libc/ built with
# -DKMSAN_LIBC_WRAP -ffunction-sections -fdata-sections (each interceptor
# NAME calls __real_NAME).  Output:
#   ARCHIVE        one member per interceptor, NAME renamed __wrap_NAME, and
#                  only its own __real_NAME left undefined: a static link
#                  takes the member (and libc.a's NAME) only when the program
#                  calls NAME
#   ARCHIVE.wrap   the linker's options, one --wrap=NAME a line, for every
#                  NAME the archive defines (ksan-cc passes -Wl,@ARCHIVE.wrap)
# The names are read from the objects: the model's sources are the one list.
#
# usage: kmsan-libc-wrap.sh ARCHIVE OBJECT...
set -e
out=$1
shift
work=$out.d
rm -rf "$work" "$out" "$out.wrap" "$out.wrap.tmp"
mkdir -p "$work"
: "${LD:=ld}"
: "${OBJCOPY:=objcopy}"
: "${READELF:=readelf}"
for obj in "$@"; do
	# the interceptors: global or weak functions of default visibility
	names=$($READELF -sW "$obj" | awk '$4 == "FUNC" && ($5 == "GLOBAL" || $5 == "WEAK") &&
		$6 == "DEFAULT" && $7 != "UND" { print $8 }')
	reals=$($READELF -sW "$obj" | awk '$7 == "UND" && $8 ~ /^__real_/ { print $8 }')
	# an interceptor that calls another (shmat calls shmctl) keeps that
	# one's code in its member too: every name becomes __wrap_NAME
	rename=
	for n in $names; do
		rename="$rename --redefine-sym $n=__wrap_$n"
	done
	for n in $names; do
		strip=
		for r in $reals; do
			[ "$r" = "__real_$n" ] || strip="$strip --strip-unneeded-symbol=$r"
		done
		$LD -r --gc-sections -u "$n" -o "$work/$n.tmp.o" "$obj"
		# shellcheck disable=SC2086
		$OBJCOPY $strip $rename "$work/$n.tmp.o" "$work/$n.o"
		rm -f "$work/$n.tmp.o"
		echo "--wrap=$n" >> "$out.wrap.tmp"
	done
done
sort -o "$out.wrap" "$out.wrap.tmp"
rm -f "$out.wrap.tmp"
ar rcs "$out" "$work"/*.o
rm -rf "$work"
