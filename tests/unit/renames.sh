#!/usr/bin/env bash
# No macro picks a detector's function (issue 26): the port reaches the
# detector's heap through the heap contract (src/port/linux/heap.h), which
# each runtime defines in a file of its own, not through renames such as
# "#define port_heap_malloc kasan_malloc" or "#define kasan_ready
# kmsan_ready" that neither a reader nor a tool can follow.  Text checks of
# src/ and include/, like freestanding.sh's link check:
#   1. no object-like #define whose name or value is a detector's
#      identifier (kasan_, kmsan_, kcsan_, kfence_, tags_, ubsan_ or the
#      contract's port_heap_) and whose value is a bare identifier; a struct
#      tag's other name (#define kasan_caller core_caller) is no function;
#   2. no function-like #define whose whole body is a call of a detector's
#      function with the macro's own parameters (a rename with arguments);
#   3. every function of heap.h is defined once in each runtime's room
#      (src/port/linux/kasan, kmsan, tags; kcsan: start-up only), by hand
#      or by a use of heap.h's PORT_HEAP_FORWARD (which names the
#      detector's functions it calls).
#   usage: tests/unit/renames.sh [build-dir]   (the build is not needed)
set -u -o pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cd "$root" || exit 1
echo 'PLAN: 3'
det='(kasan|kmsan|kcsan|kfence|tags|ubsan|port_heap)_[A-Za-z0-9_]+'
id='[A-Za-z_][A-Za-z0-9_]*'
files=$(find src include -name '*.[ch]' | sort)
status=0

# 1: "#define NAME VALUE" with VALUE one identifier (a comment may follow)
bad=
while IFS= read -r line; do
	[ -n "$line" ] || continue
	name=$(sed -E "s/^[^:]*:[0-9]+:[[:space:]]*#[[:space:]]*define[[:space:]]+($id).*/\1/" <<< "$line")
	value=$(sed -E "s/^[^:]*:[0-9]+:[[:space:]]*#[[:space:]]*define[[:space:]]+$id[[:space:]]+($id).*/\1/" <<< "$line")
	grep -Eq "^$det\$" <<< "$name" || grep -Eq "^$det\$" <<< "$value" || continue
	grep -Eq "struct[[:space:]]+$value[[:space:]]*\{" $files && continue
	bad="$bad
    $line"
done < <(grep -nE "^[[:space:]]*#[[:space:]]*define[[:space:]]+$id[[:space:]]+$id[[:space:]]*(/\*.*)?\$" $files)
if [ -z "$bad" ]; then
	echo 'PASS: renames/object_like'
else
	echo "FAIL: renames/object_like: a macro renames a detector's name:$bad"; status=1
fi

# 2: "#define f(a, b) kasan_g(a, b)"
bad=$(grep -nE "^[[:space:]]*#[[:space:]]*define[[:space:]]+$id\(([^)]*)\)[[:space:]]+$det[[:space:]]*\(\1\)[[:space:]]*(/\*.*)?\$" $files)
if [ -z "$bad" ]; then
	echo 'PASS: renames/function_like'
else
	echo "FAIL: renames/function_like: a macro renames a detector's function:"
	sed 's/^/    /' <<< "$bad"; status=1
fi

# 3: heap.h's functions, each defined once in every runtime's room
# (kcsan: start-up and the ready test only, no malloc family)
contract=src/port/linux/heap.h
fns=$(grep -oE "^[a-z].*[ *](port_heap_[a-z_]+)\(" "$contract" | grep -oE 'port_heap_[a-z_]+' | sort -u)
# the functions heap.h's PORT_HEAP_FORWARD defines (one use in a room
# defines each once: the detector's functions are named in the use)
fwd=$(awk '/^#define PORT_HEAP_FORWARD\(/ { on = 1 } on { print; if (!/\\$/) exit }' "$contract" |
	grep -oE "^[a-z].*[ *](port_heap_[a-z_]+)\(" | grep -oE 'port_heap_[a-z_]+')
wrong=
for room in kasan kmsan tags kcsan; do
	for fn in $fns; do
		case $room:$fn in
		kcsan:port_heap_init|kcsan:port_heap_ready) ;;
		kcsan:*) continue ;;
		esac
		n=$(cat src/port/linux/$room/*.c | grep -cE "^[a-z].*[ *]$fn\(")
		if grep -qx "$fn" <<< "$fwd"; then
			n=$((n + $(cat src/port/linux/$room/*.c | grep -cE '^PORT_HEAP_FORWARD\(')))
		fi
		[ "$n" = 1 ] || wrong="$wrong $room:$fn($n)"
	done
done
if [ -n "$fns" ] && [ -z "$wrong" ]; then
	echo 'PASS: renames/heap_contract'
else
	echo "FAIL: renames/heap_contract: definitions per room:${wrong:- (no functions found in $contract)}"; status=1
fi
exit $status
