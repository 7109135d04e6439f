#!/usr/bin/env bash
# SQLite's lookaside allocator as a checked ksan pool (issue 15, "Also show").
#
#   bash bench/patches/sqlite-lookaside.sh demo  [BUILD]
#       the planted use-after-free of a lookaside slot
#       (sqlite-lookaside-plant-uaf.patch), built with ksan-cc (gcc, inline)
#       without and with the annotation (sqlite-lookaside-ksan.patch):
#       silent without, slab-use-after-free in the lookaside-small pool with.
#   bash bench/patches/sqlite-lookaside.sh bench [BUILD] [RUNS]
#       what the annotation costs: speedtest1 --size $SIZE --memdb (80, as
#       bench/run.sh) built with ksan-cc (gcc, inline, -O2) from the plain
#       and the annotated amalgamation, run interleaved RUNS times (7):
#       plain; annotated with pool_quarantine_size=0 (slots recycled at
#       once: the annotation alone); =16384 (a quarantine of 16 KiB per
#       pool); the default 1 MiB (more than the lookaside holds: every slot
#       is used once, then SQLite falls back to malloc).  CPU time
#       (user+sys) medians from /usr/bin/time, and the lookaside counters.
#
# Needs the SQLite 3.40 amalgamation and sources that bench/run.sh fetches
# and builds (bench/cache/build/sqlite-amalgamation, bench/cache/src), and
# ksan built in BUILD (default: build).  Works in BUILD/sqlite-lookaside.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cmd=${1:-demo}
build=${2:-$root/build}
case $build in /*) ;; *) build=$root/$build ;; esac
runs=${3:-7}
SIZE=${SIZE:-80}
ksan_cc="$build/bin/ksan-cc --ksan-cc=gcc --ksan-mode=inline"
cflags="-O2 -g -fno-omit-frame-pointer"
amalg=$root/bench/cache/build/sqlite-amalgamation
src=$(ls -d "$root"/bench/cache/src/sqlite3-*/ 2>/dev/null | head -n 1)
out=$build/sqlite-lookaside
[ -x "$build/bin/ksan-cc" ] || { echo "no $build/bin/ksan-cc: run make first" >&2; exit 2; }
[ -s "$amalg/sqlite3.c" ] && [ -n "$src" ] ||
	{ echo "no SQLite amalgamation in $amalg: run bench/run.sh (make bench) once" >&2; exit 2; }
mkdir -p "$out"

# obj NAME PATCH...: sqlite3.c with the patches applied, compiled once
obj() {
	local name=$1 p
	shift
	if [ ! -s "$out/$name.o" ]; then
		mkdir -p "$out/$name"
		cp "$amalg/sqlite3.c" "$amalg/sqlite3.h" "$out/$name/"
		for p in "$@"; do
			patch -s -d "$out/$name" -p1 < "$here/$p"
		done
		echo "compiling $name (sqlite3.c$(printf ' + %s' "$@"))" >&2
		$ksan_cc $cflags -I"$out/$name" -c "$out/$name/sqlite3.c" -o "$out/$name.o.tmp"
		mv "$out/$name.o.tmp" "$out/$name.o"
	fi
}

case $cmd in
demo)
	obj planted sqlite-lookaside-plant-uaf.patch
	obj planted-annotated sqlite-lookaside-ksan.patch sqlite-lookaside-plant-uaf.patch
	for v in planted planted-annotated; do
		$ksan_cc $cflags -I"$amalg" "$here/lookaside_uaf.c" "$out/$v.o" -o "$out/uaf-$v" -lpthread -ldl -lm
	done
	echo "=== the planted bug, lookaside not annotated ==="
	status=0; "$out/uaf-planted" 2>&1 || status=$?
	echo "(exit status $status)"
	echo
	echo "=== the planted bug, lookaside annotated ==="
	status=0; "$out/uaf-planted-annotated" 2>&1 || status=$?
	echo "(exit status $status)"
	;;
bench)
	obj plain
	obj annotated sqlite-lookaside-ksan.patch
	[ -s "$out/speedtest1.o" ] ||
		$ksan_cc $cflags -I"$amalg" -c "$src/test/speedtest1.c" -o "$out/speedtest1.o"
	for v in plain annotated; do
		$ksan_cc $cflags -o "$out/speedtest1-$v" "$out/speedtest1.o" "$out/$v.o" -lpthread -ldl -lm
	done
	variants=("plain|" "annotated|pool_quarantine_size=0" "annotated|pool_quarantine_size=16384" "annotated|")
	raw=$out/bench.raw
	: > "$raw"
	echo "load before: $(cat /proc/loadavg)"
	for ((r = 1; r <= runs; r++)); do
		for vq in "${variants[@]}"; do
			v=${vq%%|*} q=${vq#*|}
			/usr/bin/time -f '%U %S %M' -o "$out/time.txt" \
				env KSAN_OPTIONS="$q" "$out/speedtest1-$v" --size "$SIZE" --memdb > "$out/run.out" 2>&1
			if grep -q "^BUG: " "$out/run.out"; then
				echo "a report from $v $q:" >&2; cat "$out/run.out" >&2; exit 1
			fi
			echo "$r $v ${q:-default} $(cat "$out/time.txt")" >> "$raw"
			if [ "$v" = plain ]; then q=-; fi
			echo "  run $r $v ${q:-pool_quarantine_size=1048576 (default)}: cpu $(awk '{print $1 + $2}' "$out/time.txt")s" >&2
		done
	done
	echo "load after: $(cat /proc/loadavg)"
	for vq in "${variants[@]}"; do
		v=${vq%%|*} q=${vq#*|}
		KSAN_OPTIONS="$q" "$out/speedtest1-$v" --size "$SIZE" --memdb --stats > "$out/stats.txt" 2>&1
		echo "stats $v ${q:-default} $(grep -E 'Successful lookasides|Lookaside OOM faults' "$out/stats.txt" | awk '{print $NF}' | tr '\n' ' ')" >> "$raw"
	done
	python3 - "$raw" "$runs" <<'PY'
import sys, statistics, collections
cpu = collections.defaultdict(list); rss = collections.defaultdict(list); stats = {}
for line in open(sys.argv[1]):
    f = line.split()
    if f[0] == 'stats':
        stats[(f[1], f[2])] = f[3:]
        continue
    cpu[(f[1], f[2])].append(float(f[3]) + float(f[4])); rss[(f[1], f[2])].append(int(f[5]))
base = statistics.median(cpu[('plain', 'default')])
print('| speedtest1 (ksan inline gcc) | KSAN_OPTIONS | runs | CPU s median | min..max | vs plain | peak RSS MiB median | lookaside hits | lookaside OOM faults |')
print('|---|---|---|---|---|---|---|---|---|')
for k in cpu:
    m = statistics.median(cpu[k])
    q = '' if k[1] == 'default' else k[1]
    if k[0] == 'annotated' and not q:
        q = '(pool_quarantine_size=1048576, the default)'
    h, o = stats.get(k, ['?', '?'])
    print('| %s | %s | %d | %.2f | %.2f..%.2f | %+.1f%% | %.0f | %s | %s |' % (
        k[0], q or '-', len(cpu[k]), m, min(cpu[k]), max(cpu[k]), (m / base - 1) * 100,
        statistics.median(rss[k]) / 1024, h, o))
PY
	;;
*)
	echo "usage: $0 demo|bench [BUILD] [RUNS]" >&2
	exit 2
	;;
esac
