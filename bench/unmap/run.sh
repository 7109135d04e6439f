#!/usr/bin/env bash
# The costs of issue 31's two detectors, on their own small workloads:
#   mapfile.c   a file mapped per request (64 KiB) plus a 1 MiB anonymous
#               scratch buffer per request: native, ksan with the unmap
#               quarantine off (unmap_quarantine_mb=0), ksan with it (256,
#               the default), and ksan with it under ulimit -v 4 GiB;
#               CPU time (user+sys) and peak RSS per variant, medians of
#               interleaved runs
#   typecheck.c allocation+free of a 64-byte object untyped (malloc) and
#               typed (KSAN_NEW), and a list walk with container_of and
#               with KSAN_CONTAINER_OF, over untyped and typed objects:
#               ns per operation, medians over the runs
# Usage: bash bench/unmap/run.sh [--runs N] [--requests N]   (BUILD=dir: ksan's build)
# bench/run.sh --unmap-only runs this; a full bench/run.sh appends its table.
# Prints Markdown on stdout.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${BUILD:-$root/build}
case $build in /*) ;; *) build=$root/$build ;; esac
runs=5 requests=20000
while [ $# -gt 0 ]; do
	case "$1" in
	--runs) runs=$2; shift ;;
	--requests) requests=$2; shift ;;
	*) echo "unknown argument $1" >&2; exit 2 ;;
	esac
	shift
done
out=$root/bench/cache/unmap
mkdir -p "$out"
gcc -O2 -g -o "$out/mapfile-native" "$here/mapfile.c"
"$build/bin/ksan-cc" -O2 -g -o "$out/mapfile-ksan" "$here/mapfile.c"
gcc -O2 -g -I"$root/include" -o "$out/typecheck-native" "$here/typecheck.c"
"$build/bin/ksan-cc" -O2 -g -o "$out/typecheck-ksan" "$here/typecheck.c"

variants=(native ksan-off ksan-quarantine ksan-quarantine-ulimit)
run_variant() {	# run_variant NAME: one run, "cpu_s rss_kb us_per_request" on stdout
	local v=$1 bin=$out/mapfile-ksan env="" pre=""
	case $v in
	native) bin=$out/mapfile-native ;;
	ksan-off) env="KSAN_OPTIONS=unmap_quarantine_mb=0" ;;
	ksan-quarantine) ;;
	ksan-quarantine-ulimit) pre="ulimit -v 4194304;" ;;
	esac
	bash -c "$pre env $env /usr/bin/time -f '%U %S %M' -o $out/time.txt $bin $requests $out/file.$$ > $out/out.txt"
	read -r u s m < "$out/time.txt"
	echo "$(echo "$u + $s" | bc) $m $(awk '{print $6}' "$out/out.txt")"
}
declare -A CPU RSS US
for ((r = 0; r < runs; r++)); do
	for ((i = 0; i < ${#variants[@]}; i++)); do
		v=${variants[$(((i + r) % ${#variants[@]}))]}
		read -r c m u < <(run_variant "$v")
		CPU[$v]+="$c " RSS[$v]+="$m " US[$v]+="$u "
	done
done
median() { tr ' ' '\n' | grep . | sort -g | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
echo "## Unmap quarantine and type checks (bench/unmap)"
echo
echo "$(date -u '+%Y-%m-%d %H:%M UTC'), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), load $(cut -d' ' -f1-3 /proc/loadavg), $runs interleaved runs, medians."
echo
echo "mapfile.c, $requests requests (a 64 KiB file mapped, read and unmapped, and a 1 MiB anonymous buffer mapped, written and unmapped, per request):"
echo
echo "| variant | CPU s | x native | x ksan off | µs/request (wall) | peak RSS MiB |"
echo "|---|---|---|---|---|---|"
nat=$(echo "${CPU[native]}" | median); off=$(echo "${CPU[ksan-off]}" | median)
for v in "${variants[@]}"; do
	c=$(echo "${CPU[$v]}" | median)
	printf '| %s | %.2f | %.2f | %.2f | %.1f | %.1f |\n' "$v" "$c" "$(echo "$c / $nat" | bc -l)" \
		"$(echo "$c / $off" | bc -l)" "$(echo "${US[$v]}" | median)" \
		"$(echo "$(echo "${RSS[$v]}" | median) / 1024" | bc -l)"
done
echo
echo "typecheck.c (ns per operation, median of $runs runs (fastest run); 4096 objects of 64 bytes, 20 rounds a run):"
echo
echo "| build | objects | malloc+free | container_of | KSAN_CONTAINER_OF |"
echo "|---|---|---|---|---|"
for b in native ksan; do
	: > "$out/tc.txt"
	for ((r = 0; r < runs; r++)); do "$out/typecheck-$b" 20 >> "$out/tc.txt"; done
	for k in untyped typed; do
		printf '| %s | %s |' "$b" "$k"
		for col in 3 5 7; do
			printf ' %.1f (%.1f) |' "$(awk -v k=$k -v c=$col '$1 == k {print $c}' "$out/tc.txt" | median)" \
				"$(awk -v k=$k -v c=$col '$1 == k {print $c}' "$out/tc.txt" | sort -g | head -1)"
		done
		echo
	done
done
echo
echo "(native: KSAN_NEW is malloc and KSAN_CONTAINER_OF is container_of.  ksan untyped: the check's fast path while no object is typed; typed: the look-up of the object and its type.)"
