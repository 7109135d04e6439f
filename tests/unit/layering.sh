#!/usr/bin/env bash
# The layering rules of CONTRIBUTING.md, checked on the sources' #include
# lines (docs/design.md, "Layers"): no detector includes another detector's
# header (kasan, kfence, kmsan, kcsan, tags, ubsan, leak: each reaches the
# others only through src/core), and src/core includes nothing of a
# detector or a port.  Every quoted #include of every file under src/ is
# resolved the way the compiler resolves it (the including file's folder,
# then -Isrc and -Iinclude) and named by its top folder under src/.
#   usage: tests/unit/layering.sh [build-dir]   (as every unit suite)
# It reads no build: LAYERING_SRC=DIR points it at a copy of src/ (the way
# to see it fail: add an include to the copy).
set -u -o pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
SRC=${LAYERING_SRC:-$root/src}
SRC=$(cd "$SRC" && pwd)
INC=$root/include
DETECTORS="kasan kfence kmsan kcsan tags ubsan leak"

echo "PLAN: 3"

# "from-folder to-folder file:line" for every quoted include that
# resolves to a file under $SRC.
arrows() {
	local f dir line inc target from to
	find "$SRC" -type f \( -name '*.c' -o -name '*.h' -o -name '*.S' -o -name '*.def' \) |
	sort | while read -r f; do
		dir=$(dirname "$f")
		from=${f#"$SRC"/}
		from=${from%%/*}
		grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$f" |
		while IFS= read -r line; do
			inc=${line#*\"}
			inc=${inc%%\"*}
			target=
			for cand in "$dir/$inc" "$SRC/$inc" "$INC/$inc"; do
				if [ -f "$cand" ]; then
					target=$(cd "$(dirname "$cand")" && pwd)/$(basename "$cand")
					break
				fi
			done
			case $target in
			"$SRC"/*) ;;
			*) continue ;;	# include/ksan, the compiler's, or unresolved
			esac
			to=${target#"$SRC"/}
			to=${to%%/*}
			[ "$from" = "$to" ] && continue
			echo "$from $to ${f#"$SRC"/}:${line%%:*}"
		done
	done
}

is_detector() {
	case " $DETECTORS " in *" $1 "*) return 0 ;; esac
	return 1
}

all=$(arrows)
between=
core_up=
while read -r from to where; do
	[ -n "$from" ] || continue
	if is_detector "$from" && is_detector "$to"; then
		between+="$where -> $to; "
	fi
	if [ "$from" = core ] && { [ "$to" = port ] || is_detector "$to"; }; then
		core_up+="$where -> $to; "
	fi
done <<< "$all"

# 0. the scan itself sees arrows (a tree without any is a broken scan:
# every detector includes src/core's core.h)
if grep -q '^kasan core ' <<< "$all"; then
	echo "PASS: layering_scan"
else
	echo "FAIL: layering_scan: no include of src/core found from src/kasan"
fi
if [ -z "$between" ]; then
	echo "PASS: layering_no_detector_includes_another"
else
	echo "FAIL: layering_no_detector_includes_another: $between"
fi
if [ -z "$core_up" ]; then
	echo "PASS: layering_core_includes_no_detector_or_port"
else
	echo "FAIL: layering_core_includes_no_detector_or_port: $core_up"
fi
[ -z "$between$core_up" ] && grep -q '^kasan core ' <<< "$all"
