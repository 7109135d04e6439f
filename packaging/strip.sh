#!/bin/sh
# strip.sh ROOT: strip the staged package's objects as Debian's dh_strip
# would: executables and shared libraries of their symbol tables' debug
# parts, static archives of debug sections (the runtime's own symbols stay:
# reports name them).  Objects of another architecture (the aarch64
# runtime) go through that architecture's strip when it is installed.
set -eu
find "$1" -type f \( -name '*.a' -o -name '*.so' -o -name '*.o' -o -perm -100 \) | while read -r f; do
	magic=$(od -An -c -N4 "$f" | tr -d ' ')
	case "$magic" in
	'177ELF'|'!<ar') ;;
	*) continue ;;
	esac
	case "$f" in
	*/aarch64/*) s=aarch64-linux-gnu-strip; command -v $s > /dev/null || continue ;;
	*) s=strip ;;
	esac
	case "$f" in
	*.a|*.o) $s --strip-debug --enable-deterministic-archives "$f" ;;
	*) $s --strip-unneeded --remove-section=.comment --remove-section=.note "$f" ;;
	esac
done
