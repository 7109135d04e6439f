#!/usr/bin/env bash
# ksan benchmark: ksan (inline/outline, gcc/clang) and the preloaded KFENCE
# against native builds and AddressSanitizer on real C programs taken from Debian source packages:
#   SQLite 3.40 (sqlite3: the amalgamation + test/speedtest1.c) and
#   Lua 5.4 (lua5.4: the interpreter) running the scripts in bench/lua/.
#
#   make bench              full run (>= 5 interleaved runs per variant; ~25 min without
#                           the kcsan and tsan variants, ~55 min more with them on a loaded 2-core machine)
#   make bench QUICK=1      subset (3 runs, 3 workloads + mt-hashtable-2, the gcc variants;
#                           kcsan-gcc and tsan-gcc run only the hash table, 5 racy runs; ~5 min measuring)
#   bash bench/run.sh [--quick] [--runs N] [--variants a,b] [--workloads a,b]
#   (KMSAN against MemorySanitizer alone, e.g.:
#    bash bench/run.sh --variants clang,kmsan-clang,msan-clang --workloads lua-strings --runs 1)
#   (KCSAN against ThreadSanitizer alone, e.g.:
#    bash bench/run.sh --variants gcc,clang,kcsan-gcc,kcsan-clang,tsan-gcc,tsan-clang)
#   --detect-runs R   runs of the racy hash table per race detector (default 20, QUICK 5; 0: none)
#   --leak-runs L     rounds of the leak check at exit (default 5, QUICK 3; 0: none): ksan
#                     inline and ASan (LEAK_FAMILIES, default gcc: ksan-inline-gcc and asan-gcc
#                     must be among the variants) with detect_leaks=1 and =0, interleaved, on
#                     --leak-workloads (default speedtest1,lua-live_heap, QUICK lua-live_heap;
#                     any SQLite or Lua one; ~3 min, QUICK ~30 s on an idle machine, twice
#                     that at load 8); the table "Leak check at exit".  --leak-only: that
#                     alone (report in bench/cache/results/leak.md), e.g.
#    bash bench/run.sh --leak-only --variants ksan-inline-gcc,asan-gcc --leak-runs 5
#   make bench-aarch64      bash bench/run.sh --aarch64: peak RSS of aarch64 builds under
#                           qemu-aarch64 (issue 13): native, generic KASAN, software and
#                           hardware tags, gcc and clang (3 runs, ~1.5 h on a loaded 2-core machine);
#                           report in bench/results/latest-aarch64.md.  Or pick, e.g.:
#    bash bench/run.sh --variants a64-clang,a64-kasan-clang,a64-sw-clang,a64-hw-clang --workloads lua-strings
#
# Measures CPU time (user+sys) and peak RSS with /usr/bin/time over interleaved
# runs (round 1: A B C, round 2: B C A, ...), plus a hello-world start-up test.
# KMSAN (ksan-cc --ksan=kmsan) is measured beside clang's MemorySanitizer with
# origins (-fsanitize-memory-track-origins=2), and must report nothing on
# these programs.  KCSAN (ksan-cc --ksan=kcsan) is measured beside
# ThreadSanitizer (-fsanitize=thread, gcc's libtsan and clang's compiler-rt):
# on SQLite and Lua (one thread: the fast path; neither may report anything)
# and on bench/mt/hashtable.c, N threads (2 and 4) on a striped-lock hash
# table (mt-hashtable-N; only the native, kcsan and tsan variants run it).
# Its build with -DPLANTED_RACE has one real race; it is run R times per
# race detector and the report counts how many runs found it (a report of
# anything else, or any report on the correct build, is a loud failure).
# BUILD=dir takes ksan from dir (default: build/).
# The a64-* variants are cross-built for aarch64 (aarch64-linux-gnu-gcc,
# clang --target=aarch64-linux-gnu, ksan's runtime from BUILD/lib/aarch64/)
# and run under `qemu-aarch64 -cpu max -L /usr/aarch64-linux-gnu`, wrapped
# by bench/qemu_rss.py: times under an emulator mean little, so only their
# peak RSS is reported, with the guest's part and qemu's own part (the
# guest's mappings in the qemu process's smaps, sampled), speedtest1 at
# --size A64_SPEEDTEST_SIZE (default 25).
# Prints a Markdown report and writes it to bench/results/latest.md (a full
# run), bench/results/latest-aarch64.md (a full --aarch64 run) or
# bench/cache/results/quick.md (QUICK, or chosen variants or workloads).  Sources, builds, logs and raw
# numbers live in bench/cache/ (git-ignored).  Nothing outside bench/cache/ is
# changed on the machine except packages installed with apt-get when missing;
# the deb-src entries needed by `apt-get source` go into a private apt
# directory (bench/cache/apt/), built from the machine's own Debian sources.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BENCH=$ROOT/bench
CACHE=$BENCH/cache
LOGS=$CACHE/logs
BLD=$CACHE/build
SRC=$CACHE/src
KSAN_BUILD=${BUILD:-$ROOT/build}
case $KSAN_BUILD in /*) ;; *) KSAN_BUILD=$ROOT/$KSAN_BUILD ;; esac
KSAN_CC=$KSAN_BUILD/bin/ksan-cc
CFLAGS_COMMON="-O2 -g -fno-omit-frame-pointer"
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3
JOBS=$(nproc 2>/dev/null || echo 2)
RUN_TIMEOUT=${BENCH_TIMEOUT:-900}     # seconds per workload run
HELLO_N=${HELLO_N:-200}               # hello-world processes per measurement

if [ -t 2 ]; then B1=$'\033[1m' Y1=$'\033[1;33m' R1=$'\033[1;31m' N0=$'\033[0m'; else B1='' Y1='' R1='' N0=''; fi
say()  { printf '%s[bench]%s %s\n' "$B1" "$N0" "$*" >&2; }
warn() { printf '%s[bench] WARNING:%s %s\n' "$Y1" "$N0" "$*" >&2; }
die()  { printf '%s[bench] ERROR:%s %s\n' "$R1" "$N0" "$*" >&2; exit 1; }
loud() {	# loud TITLE FILE: a failure nobody can miss, with the file's first 30 lines
	{
		printf '%s' "$R1"
		printf '%.0s#' {1..78}; printf '\n'
		printf '### FAILED: %s\n' "$1"
		printf '%.0s#' {1..78}; printf '%s\n' "$N0"
		if [ -s "$2" ]; then head -n 30 "$2"; else echo "(no output)"; fi
		printf '%s%s%s\n' "$R1" "### (full text: $2)" "$N0"
	} >&2
}

# ---------------------------------------------------------------- arguments
quick=0
case "${QUICK:-}" in ""|0|no|false|NO|FALSE) ;; *) quick=1 ;; esac
runs=""; only_variants=""; only_workloads=""; detect_runs=${DETECT_RUNS:-}; aarch64=0
leak_runs=${LEAK_RUNS:-}; leak_workloads=""; leak_only=0
while [ $# -gt 0 ]; do
	case "$1" in
	--quick) quick=1 ;;
	--full) quick=0 ;;
	--aarch64) aarch64=1 ;;
	--runs) runs=$2; shift ;;
	--runs=*) runs=${1#*=} ;;
	--variants) only_variants=$2; shift ;;
	--variants=*) only_variants=${1#*=} ;;
	--workloads) only_workloads=$2; shift ;;
	--workloads=*) only_workloads=${1#*=} ;;
	--detect-runs) detect_runs=$2; shift ;;
	--detect-runs=*) detect_runs=${1#*=} ;;
	--leak-runs) leak_runs=$2; shift ;;
	--leak-runs=*) leak_runs=${1#*=} ;;
	--leak-workloads) leak_workloads=$2; shift ;;
	--leak-workloads=*) leak_workloads=${1#*=} ;;
	--leak-only) leak_only=1 ;;
	-h|--help) awk 'NR > 1 && !/^#/ { exit } NR > 1' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
	*) die "unknown argument '$1' (try --help)" ;;
	esac
	shift
done

# ---------------------------------------------------------------- variants
# name | compiler family | kind | compiler command (CFLAGS_COMMON is added)
ALL_VARIANTS=(gcc clang ksan-inline-gcc ksan-inline-clang ksan-outline-gcc ksan-outline-clang asan-gcc asan-clang kfence-gcc kmsan-clang msan-clang kcsan-gcc kcsan-clang tsan-gcc tsan-clang)
QUICK_VARIANTS=(gcc ksan-inline-gcc ksan-outline-gcc asan-gcc kcsan-gcc tsan-gcc)
declare -A VCC VFAM VKIND
VCC[gcc]="gcc";                                                     VFAM[gcc]="gcc";   VKIND[gcc]="native"
VCC[clang]="clang";                                                 VFAM[clang]="clang"; VKIND[clang]="native"
VCC[ksan-inline-gcc]="$KSAN_CC --ksan-cc=gcc --ksan-mode=inline";     VFAM[ksan-inline-gcc]="gcc";   VKIND[ksan-inline-gcc]="ksan-inline"
VCC[ksan-inline-clang]="$KSAN_CC --ksan-cc=clang --ksan-mode=inline"; VFAM[ksan-inline-clang]="clang"; VKIND[ksan-inline-clang]="ksan-inline"
VCC[ksan-outline-gcc]="$KSAN_CC --ksan-cc=gcc --ksan-mode=outline";   VFAM[ksan-outline-gcc]="gcc";   VKIND[ksan-outline-gcc]="ksan-outline"
VCC[ksan-outline-clang]="$KSAN_CC --ksan-cc=clang --ksan-mode=outline"; VFAM[ksan-outline-clang]="clang"; VKIND[ksan-outline-clang]="ksan-outline"
VCC[asan-gcc]="gcc -fsanitize=address";                               VFAM[asan-gcc]="gcc";   VKIND[asan-gcc]="asan"
VCC[asan-clang]="clang -fsanitize=address";                           VFAM[asan-clang]="clang"; VKIND[asan-clang]="asan"
# KFENCE: the native gcc binaries, run with the preloaded sampling runtime
VCC[kfence-gcc]="gcc";                                                 VFAM[kfence-gcc]="gcc";   VKIND[kfence-gcc]="kfence"
KFENCE_SO=$KSAN_BUILD/lib/libksan-kfence.so
# KMSAN (clang's kernel-memory instrumentation, origins always on, chained at
# every store of an uninitialised value) and, to compare with, MemorySanitizer
# with the same origin tracking: level 2 chains origins at stores too (level 1
# would only record where the value was created).
VCC[kmsan-clang]="$KSAN_CC --ksan-cc=clang --ksan=kmsan";              VFAM[kmsan-clang]="clang"; VKIND[kmsan-clang]="kmsan"
VCC[msan-clang]="clang -fsanitize=memory -fsanitize-memory-track-origins=2"; VFAM[msan-clang]="clang"; VKIND[msan-clang]="msan"
# KCSAN (ksan-cc --ksan=kcsan: -fsanitize=thread's instrumentation, ksan's
# sampled soft watchpoints) and ThreadSanitizer itself, each compiler with its
# own runtime (gcc: libtsan, clang: compiler-rt), default options.
VCC[kcsan-gcc]="$KSAN_CC --ksan-cc=gcc --ksan=kcsan";                 VFAM[kcsan-gcc]="gcc";   VKIND[kcsan-gcc]="kcsan"
VCC[kcsan-clang]="$KSAN_CC --ksan-cc=clang --ksan=kcsan";             VFAM[kcsan-clang]="clang"; VKIND[kcsan-clang]="kcsan"
VCC[tsan-gcc]="gcc -fsanitize=thread";                                VFAM[tsan-gcc]="gcc";   VKIND[tsan-gcc]="tsan"
VCC[tsan-clang]="clang -fsanitize=thread";                            VFAM[tsan-clang]="clang"; VKIND[tsan-clang]="tsan"
# Stack-use-after-return (issue 16; not in the full run, pick them with
# --variants): GCC builds with (-uar) and without (-nouar) the fake-stack
# instrumentation, run with it off (ksan's default), and inline's -uar-on
# with detect_stack_use_after_return=1; bench/results/2026-12-04-uar.md
UAR_VARIANTS=()
declare -A VENV
for m in inline outline; do
	VCC[ksan-$m-gcc-uar]="$KSAN_CC --ksan-cc=gcc --ksan-mode=$m --ksan-uar"
	VCC[ksan-$m-gcc-nouar]="$KSAN_CC --ksan-cc=gcc --ksan-mode=$m --ksan-no-uar"
	UAR_VARIANTS+=("ksan-$m-gcc-uar" "ksan-$m-gcc-nouar")
done
VCC[ksan-inline-gcc-uar-on]="${VCC[ksan-inline-gcc-uar]}"; UAR_VARIANTS+=(ksan-inline-gcc-uar-on)
VENV[ksan-inline-gcc-uar-on]="KSAN_OPTIONS=detect_stack_use_after_return=1"
for v in "${UAR_VARIANTS[@]}"; do VFAM[$v]="gcc"; VKIND[$v]=${v%%-gcc-*}; done
# Run-time environment of each kind.  ASan: no leak check at exit (LSan's
# cost is measured on its own, beside ksan's, in section 5c).  ksan: its
# defaults, so its leak check at exit runs (a leak fails the run; on these
# workloads, whose heap is all but empty at exit, it costs milliseconds).
asan_env="ASAN_OPTIONS=detect_leaks=0"
# MSan: its defaults (MSan has no leak checker); KMSAN: ksan's defaults
msan_env=""
# TSan and KCSAN: their defaults (KCSAN: kcsan_skip_watch=4000, kcsan_udelay=80)
tsan_env=""
# aarch64 (issue 13), RSS only: cross-built, run under qemu-aarch64 (VARCH
# aarch64; the others are the host's, x86-64).  Native, generic KASAN
# (ksan-cc's default inline mode), software tags (clang only) and hardware
# tags (MTE), each with both compilers where it exists; ksan's defaults.
A64_VARIANTS=(a64-gcc a64-clang a64-kasan-gcc a64-kasan-clang a64-sw-clang a64-hw-clang a64-hw-gcc)
A64_GCC=aarch64-linux-gnu-gcc
A64_CLANG="clang --target=aarch64-linux-gnu"
A64_SYSROOT=/usr/aarch64-linux-gnu
QEMU_A64=(qemu-aarch64 -cpu max -L "$A64_SYSROOT")
declare -A VARCH
VCC[a64-gcc]="$A64_GCC";                                              VFAM[a64-gcc]="gcc";   VKIND[a64-gcc]="native"
VCC[a64-clang]="$A64_CLANG";                                          VFAM[a64-clang]="clang"; VKIND[a64-clang]="native"
VCC[a64-kasan-gcc]="$KSAN_CC --ksan-cc=$A64_GCC";                     VFAM[a64-kasan-gcc]="gcc";   VKIND[a64-kasan-gcc]="kasan"
VCC[a64-kasan-clang]="$KSAN_CC --ksan-cc=$A64_CLANG";                 VFAM[a64-kasan-clang]="clang"; VKIND[a64-kasan-clang]="kasan"
VCC[a64-sw-clang]="$KSAN_CC --ksan-cc=$A64_CLANG --ksan=kasan-sw";    VFAM[a64-sw-clang]="clang"; VKIND[a64-sw-clang]="kasan-sw"
VCC[a64-hw-clang]="$KSAN_CC --ksan-cc=$A64_CLANG --ksan=kasan-hw";    VFAM[a64-hw-clang]="clang"; VKIND[a64-hw-clang]="kasan-hw"
VCC[a64-hw-gcc]="$KSAN_CC --ksan-cc=$A64_GCC --ksan=kasan-hw";        VFAM[a64-hw-gcc]="gcc";   VKIND[a64-hw-gcc]="kasan-hw"
for v in "${A64_VARIANTS[@]}"; do VARCH[$v]=aarch64; done
# Every aarch64 variant runs with glibc's Kunpeng 920 memset, which has no
# DC ZVA: qemu 7.2 kills a program (SIGSEGV, SEGV_MAPERR at the tagged
# address) that runs DC ZVA on a tagged pointer while MTE checks are on,
# so with glibc's default memset every kasan-hw run of Lua and SQLite died
# at its first memset(p, 0, >= 1 KiB) of a heap object (mte_check_zva
# probes the page with the tagged pointer).  Real MTE hardware zeroes
# through tagged pointers; the memset variant changes no RSS.
a64_env="GLIBC_TUNABLES=glibc.cpu.name=kunpeng920"
is_a64() { [ "${VARCH[$1]:-}" = aarch64 ]; }

# ---------------------------------------------------------------- workloads
# name | binary (speedtest1 or lua) | arguments
ALL_WORKLOADS=(speedtest1 lua-binary_trees lua-strings lua-tables lua-numeric mt-hashtable-2 mt-hashtable-4)
QUICK_WORKLOADS=(speedtest1 lua-binary_trees lua-strings mt-hashtable-2)
SPEEDTEST_SIZE=${SPEEDTEST_SIZE:-80}
declare -A WBIN WARGS
WBIN[speedtest1]=speedtest1;     WARGS[speedtest1]="--size $SPEEDTEST_SIZE --memdb"
for s in binary_trees strings tables numeric; do
	WBIN[lua-$s]=lua; WARGS[lua-$s]="$BENCH/lua/$s.lua"
done
# the multithreaded hash table (bench/mt/hashtable.c): THREADS, fixed work
MT_OPS=${MT_OPS:-4000000}
for n in 2 4; do WBIN[mt-hashtable-$n]=hashtable; WARGS[mt-hashtable-$n]="$n $MT_OPS"; done
MT_SRC=$BENCH/mt/hashtable.c
# the leak check's own workload (section 5c, not in the main runs unless
# asked for): a large heap still allocated, and reachable, at exit
WBIN[lua-live_heap]=lua; WARGS[lua-live_heap]="$BENCH/lua/live_heap.lua"
# aarch64 variants run speedtest1 smaller (qemu is 5..30x slower; peak RSS,
# not time, is measured); their other workloads take the same arguments
A64_SPEEDTEST_SIZE=${A64_SPEEDTEST_SIZE:-25}
wargs() {	# wargs WORKLOAD VARIANT: the workload's arguments for the variant
	if is_a64 "$2" && [ "$1" = speedtest1 ]; then echo "--size $A64_SPEEDTEST_SIZE --memdb"
	else echo "${WARGS[$1]}"; fi
}
# Which variants run which workload: the hash table runs natively and under
# the race detectors only; in QUICK mode the race detectors run it alone
# (TSan on SQLite and Lua would take most of the 5 minutes).
applies() {	# applies WORKLOAD VARIANT
	local k=${VKIND[$2]}
	case $1 in
	mt-*) ! is_a64 "$2" && { [ "$k" = native ] || [ "$k" = kcsan ] || [ "$k" = tsan ]; } ;;
	*) [ "$quick" = 0 ] || [ -n "$only_workloads" ] || { [ "$k" != kcsan ] && [ "$k" != tsan ]; } ;;
	esac
}

if [ "$aarch64" = 1 ]; then : "${runs:=3}"; fi	# 3 runs of each aarch64 variant, QUICK or not
if [ "$quick" = 1 ]; then
	VARIANTS=("${QUICK_VARIANTS[@]}"); WORKLOADS=("${QUICK_WORKLOADS[@]}"); : "${runs:=3}"; : "${detect_runs:=5}"
else
	VARIANTS=("${ALL_VARIANTS[@]}"); WORKLOADS=("${ALL_WORKLOADS[@]}"); : "${runs:=5}"; : "${detect_runs:=20}"
fi
if [ "$aarch64" = 1 ]; then	# the aarch64 variants, the workloads they run
	VARIANTS=("${A64_VARIANTS[@]}"); a64w=()
	for w in "${WORKLOADS[@]}"; do case $w in mt-*) ;; *) a64w+=("$w") ;; esac; done
	WORKLOADS=("${a64w[@]}")
fi
if [ -n "$only_variants" ]; then IFS=, read -r -a VARIANTS <<< "$only_variants"; fi
if [ -n "$only_workloads" ]; then IFS=, read -r -a WORKLOADS <<< "$only_workloads"; fi
for v in "${VARIANTS[@]}"; do [ -n "${VCC[$v]:-}" ] || die "unknown variant '$v' (known: ${ALL_VARIANTS[*]} ${A64_VARIANTS[*]} ${UAR_VARIANTS[*]})"; done
for w in "${WORKLOADS[@]}"; do [ -n "${WBIN[$w]:-}" ] || die "unknown workload '$w' (known: ${ALL_WORKLOADS[*]})"; done
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || die "--runs wants a positive number"
[[ "$detect_runs" =~ ^[0-9]+$ ]] || die "--detect-runs wants a number (0: no detection runs)"
# the leak check at exit (section 5c): rounds, workloads, the families whose
# ksan inline and ASan variants are both selected
if [ "$quick" = 1 ]; then : "${leak_runs:=3}"; LEAK_DEFAULT=lua-live_heap
else : "${leak_runs:=5}"; LEAK_DEFAULT=speedtest1,lua-live_heap; fi
[ "$aarch64" = 0 ] || leak_runs=0
[[ "$leak_runs" =~ ^[0-9]+$ ]] || die "--leak-runs wants a number (0: none)"
IFS=, read -r -a LEAK_WORKLOADS <<< "${leak_workloads:-$LEAK_DEFAULT}"
IFS=, read -r -a LEAK_FAMS <<< "${LEAK_FAMILIES:-gcc}"
for w in "${LEAK_WORKLOADS[@]}"; do
	case ${WBIN[$w]:-} in speedtest1|lua) ;; *) die "--leak-workloads: '$w' is no SQLite or Lua workload" ;; esac
done
LEAK_PAIRS=()
if [ "$leak_runs" -gt 0 ]; then
	for f in "${LEAK_FAMS[@]}"; do
		if [[ " ${VARIANTS[*]} " == *" ksan-inline-$f "* && " ${VARIANTS[*]} " == *" asan-$f "* ]]; then LEAK_PAIRS+=("$f"); fi
	done
fi
is_leak_variant() {	# is_leak_variant VARIANT: does section 5c run it?
	local f
	for f in "${LEAK_PAIRS[@]}"; do
		if [ "$1" = "ksan-inline-$f" ] || [ "$1" = "asan-$f" ]; then return 0; fi
	done
	return 1
}
if [ "$leak_only" = 1 ]; then	# section 5c alone: its variants, no other runs
	[ ${#LEAK_PAIRS[@]} -gt 0 ] || die "--leak-only: no family of LEAK_FAMILIES (${LEAK_FAMS[*]}) has both ksan-inline-F and asan-F among the variants, or --leak-runs is 0"
	VARIANTS=(); for f in "${LEAK_PAIRS[@]}"; do VARIANTS+=("ksan-inline-$f" "asan-$f"); done
	WORKLOADS=(); runs=0; detect_runs=0
fi

T_START=$(date +%s)
# the runtime being measured: taken now, when the variants are linked against it
KSAN_REV="$(cd "$ROOT" && git rev-parse --short HEAD 2>/dev/null || echo ?)$(cd "$ROOT" && git diff --quiet HEAD -- src include tools Makefile 2>/dev/null || echo ' + uncommitted changes in src/, include/, tools/ or Makefile')"
KSAN_REV="$KSAN_REV; ${KSAN_BUILD#"$ROOT"/}/lib/libksan.a sha256 $(sha256sum "$KSAN_BUILD/lib/libksan.a" 2>/dev/null | cut -c1-12)$([ -f "$KSAN_BUILD/lib/libksan-kmsan.a" ] && echo ", libksan-kmsan.a sha256 $(sha256sum "$KSAN_BUILD/lib/libksan-kmsan.a" | cut -c1-12)")$([ -f "$KSAN_BUILD/lib/libksan-kcsan.a" ] && echo ", libksan-kcsan.a sha256 $(sha256sum "$KSAN_BUILD/lib/libksan-kcsan.a" | cut -c1-12)"), linked $(date -u '+%H:%M UTC')"
any_a64() { local v; for v in "${VARIANTS[@]}"; do is_a64 "$v" && return 0; done; return 1; }
if any_a64; then
	for a in libksan.a libksan-tags.a; do
		[ -f "$KSAN_BUILD/lib/aarch64/$a" ] || die "$KSAN_BUILD/lib/aarch64/$a is missing: the aarch64 variants need make's cross-built runtime (aarch64-linux-gnu-gcc and libc6-dev-arm64-cross installed, then make)"
		KSAN_REV="$KSAN_REV, aarch64/$a sha256 $(sha256sum "$KSAN_BUILD/lib/aarch64/$a" | cut -c1-12)"
	done
fi
mkdir -p "$CACHE" "$LOGS" "$BLD" "$SRC" "$CACHE/results" "$CACHE/tmp" "$BENCH/results"
[ -x "$KSAN_CC" ] || die "$KSAN_CC is missing: run 'make' first (make bench does)"
say "mode: $([ "$quick" = 1 ] && echo QUICK || echo full), $runs runs, variants: ${VARIANTS[*]}"
say "workloads: ${WORKLOADS[*]}"

# ---------------------------------------------------------------- 1. packages
need_family() { local f; for v in "${VARIANTS[@]}"; do f=${VFAM[$v]}; [ "$f" = "$1" ] && return 0; done; return 1; }
probe_asan() {	# probe_asan CC [SANITIZER]: can CC link an ASan (or SANITIZER) program?
	local d; d=$(mktemp -d "$CACHE/tmp/probe.XXXXXX")
	echo 'int main(void){return 0;}' > "$d/p.c"
	"$1" -fsanitize="${2:-address}" "$d/p.c" -o "$d/p" >/dev/null 2>&1; local rc=$?
	rm -rf "$d"; return $rc
}
install_missing() {
	local pkgs=()
	command -v gcc >/dev/null || pkgs+=(gcc libc6-dev)
	command -v make >/dev/null || pkgs+=(make)
	[ -x /usr/bin/time ] || pkgs+=(time)
	command -v timeout >/dev/null || pkgs+=(coreutils)
	command -v apt-get >/dev/null || die "apt-get not found: this benchmark needs a Debian-like system"
	command -v dpkg-source >/dev/null || pkgs+=(dpkg-dev)
	command -v xz >/dev/null || pkgs+=(xz-utils)
	command -v tclsh >/dev/null || pkgs+=(tcl)	# SQLite's amalgamation generator
	[ -x /usr/bin/python3 ] || command -v python3 >/dev/null || pkgs+=(python3)
	if need_family clang && ! command -v clang >/dev/null; then pkgs+=(clang); fi
	if any_a64; then
		command -v qemu-aarch64 >/dev/null || pkgs+=(qemu-user)
		command -v "$A64_GCC" >/dev/null || pkgs+=(gcc-aarch64-linux-gnu)
		[ -f "$A64_SYSROOT/include/stdio.h" ] || pkgs+=(libc6-dev-arm64-cross)
	fi
	if [ ${#pkgs[@]} -eq 0 ]; then
		# compilers present: make sure their ASan runtimes are too
		if [[ " ${VARIANTS[*]} " == *" asan-gcc "* ]] && ! probe_asan gcc; then pkgs+=(libasan8); fi
		if [[ " ${VARIANTS[*]} " == *" tsan-gcc "* ]] && ! probe_asan gcc thread; then pkgs+=(libtsan2); fi
		if { [[ " ${VARIANTS[*]} " == *" asan-clang "* ]] && ! probe_asan clang; } ||
		   { [[ " ${VARIANTS[*]} " == *" msan-clang "* ]] && ! probe_asan clang memory; } ||
		   { [[ " ${VARIANTS[*]} " == *" tsan-clang "* ]] && ! probe_asan clang thread; }; then
			local maj; maj=$(clang --version | sed -n 's/.*clang version \([0-9]*\).*/\1/p' | head -1)
			pkgs+=("libclang-rt-$maj-dev")
		fi
	fi
	[ ${#pkgs[@]} -eq 0 ] && return 0
	say "installing missing packages: ${pkgs[*]}"
	[ "$(id -u)" = 0 ] || die "need root to apt-get install ${pkgs[*]} (or install them and rerun)"
	DEBIAN_FRONTEND=noninteractive apt-get update >"$LOGS/apt-install.log" 2>&1 || { loud "apt-get update" "$LOGS/apt-install.log"; die "apt-get update failed"; }
	DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${pkgs[@]}" >>"$LOGS/apt-install.log" 2>&1 \
		|| { loud "apt-get install ${pkgs[*]}" "$LOGS/apt-install.log"; die "apt-get install failed"; }
	# a second pass catches the ASan runtimes once the compilers are there
	install_missing
}
install_missing
if [ -x /usr/bin/python3 ]; then PY=/usr/bin/python3; else PY=python3; fi

# ---------------------------------------------------------------- 2. sources (private apt dir)
APTD=$CACHE/apt
APT_OPTS=(-o "Dir::Etc::SourceList=$APTD/sources.list" -o "Dir::Etc::SourceParts=/dev/null"
	-o "Dir::State::Lists=$APTD/lists" -o "Dir::Cache=$APTD/cache"
	-o "APT::Sandbox::User=$(id -un)")

# deb-src lines from the machine's Debian sources: deb822 *.sources files
# (Types/URIs/Suites/Components/Signed-By/Enabled) and one-line *.list files.
# Only Debian archives (signed with the Debian archive keyring, or with a
# /debian or /debian-security path): third-party repositories have no sources.
make_sources_list() {
	local f
	for f in /etc/apt/sources.list.d/*.sources; do
		[ -f "$f" ] || continue
		awk '
		function reset() { types = uris = suites = comps = signed = ""; enabled = "yes"; key = "" }
		function isdeb(u) { return signed ~ /debian-archive-keyring/ || u ~ /\/debian(-security|-ports)?(\/|$)/ }
		function flush(   nu, ns, U, S, i, j, opt) {
			if (types ~ /(^|[ \t])deb([ \t]|$)/ && tolower(enabled) != "no" && uris != "" && suites != "") {
				opt = (signed ~ /^\//) ? " [signed-by=" signed "]" : ""
				nu = split(uris, U, /[ \t]+/); ns = split(suites, S, /[ \t]+/)
				for (i = 1; i <= nu; i++) if (U[i] != "" && isdeb(U[i]))
					for (j = 1; j <= ns; j++) if (S[j] != "")
						print "deb-src" opt " " U[i] " " S[j] " " comps
			}
			reset()
		}
		BEGIN { reset() }
		/^[ \t]*#/ { next }
		/^[ \t]*$/ { flush(); next }
		/^[ \t]/ { if (key == "signed-by") signed = signed "\n"; next }	# continuation (inline key)
		{
			i = index($0, ":"); if (!i) next
			key = tolower(substr($0, 1, i - 1)); val = substr($0, i + 1)
			gsub(/^[ \t]+|[ \t]+$/, "", val)
			if (key == "types") types = val; else if (key == "uris") uris = val
			else if (key == "suites") suites = val; else if (key == "components") comps = val
			else if (key == "signed-by") signed = val; else if (key == "enabled") enabled = val
		}
		END { flush() }' "$f"
	done
	for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
		[ -f "$f" ] || continue
		awk '
		/^[ \t]*deb[ \t]/ {
			line = $0; sub(/#.*/, "", line); sub(/^[ \t]*deb[ \t]+/, "", line)
			opt = ""
			if (line ~ /^\[/) { opt = substr(line, 1, index(line, "]")); line = substr(line, index(line, "]") + 1) }
			n = split(line, F, /[ \t]+/); k = 0
			for (i = 1; i <= n; i++) if (F[i] != "") G[++k] = F[i]
			if (k < 2) next
			if (!(opt ~ /debian-archive-keyring/ || G[1] ~ /\/debian(-security|-ports)?(\/|$)/)) next
			out = "deb-src" (opt != "" ? " " opt : "") " " G[1] " " G[2]
			for (i = 3; i <= k; i++) out = out " " G[i]
			print out
		}' "$f"
	done
}

fetch_sources() {
	local have_sqlite have_lua
	have_sqlite=$(ls -d "$SRC"/sqlite3-*/ 2>/dev/null | head -1 || true)
	have_lua=$(ls -d "$SRC"/lua5.4-*/ 2>/dev/null | head -1 || true)
	if [ -n "$have_sqlite" ] && [ -n "$have_lua" ] && [ -e "$SRC/.complete" ]; then
		say "sources cached: $(basename "$have_sqlite") $(basename "$have_lua")"
		return
	fi
	mkdir -p "$APTD/lists/partial" "$APTD/cache/archives/partial"
	make_sources_list | awk '!seen[$0]++' > "$APTD/sources.list.new"
	[ -s "$APTD/sources.list.new" ] || die "found no Debian apt source in /etc/apt/sources.list{,.d/} to take deb-src entries from"
	mv "$APTD/sources.list.new" "$APTD/sources.list"
	say "private apt sources ($APTD/sources.list):"
	sed 's/^/    /' "$APTD/sources.list" >&2
	say "apt-get update (private lists in $APTD/lists)"
	if ! apt-get "${APT_OPTS[@]}" update > "$LOGS/apt-update.log" 2>&1; then
		warn "apt-get update reported errors (see $LOGS/apt-update.log); trying apt-get source anyway"
		tail -5 "$LOGS/apt-update.log" >&2
	fi
	say "apt-get source sqlite3 lua5.4 -> $SRC"
	rm -rf "$SRC"/sqlite3-*/ "$SRC"/lua5.4-*/
	(cd "$SRC" && apt-get "${APT_OPTS[@]}" source sqlite3 lua5.4) > "$LOGS/apt-source.log" 2>&1 \
		|| { loud "apt-get source sqlite3 lua5.4" "$LOGS/apt-source.log"; die "could not get the sources"; }
	touch "$SRC/.complete"
}
fetch_sources
SQLITE_SRC=$(ls -d "$SRC"/sqlite3-*/ | head -1); SQLITE_SRC=${SQLITE_SRC%/}
LUA_SRC=$(ls -d "$SRC"/lua5.4-*/ | head -1); LUA_SRC=${LUA_SRC%/}
SQLITE_VER=$(basename "$(ls "$SRC"/sqlite3_*.dsc | head -1)" .dsc)
LUA_VER=$(basename "$(ls "$SRC"/lua5.4_*.dsc | head -1)" .dsc)

# ---------------------------------------------------------------- 3. SQLite amalgamation
AMALG=$BLD/sqlite-amalgamation
if [ -s "$SQLITE_SRC/sqlite3.c" ] && [ -s "$SQLITE_SRC/sqlite3.h" ]; then
	AMALG_DIR=$SQLITE_SRC
elif [ -s "$AMALG/sqlite3.c" ] && [ -s "$AMALG/sqlite3.h" ]; then
	AMALG_DIR=$AMALG
else
	say "generating the SQLite amalgamation (configure && make sqlite3.c; log: $LOGS/sqlite-amalgamation.log)"
	rm -rf "$AMALG"; mkdir -p "$AMALG"
	if ! (cd "$AMALG" && CC=gcc "$SQLITE_SRC/configure" --disable-tcl && make -j"$JOBS" sqlite3.c) > "$LOGS/sqlite-amalgamation.log" 2>&1 \
		|| [ ! -s "$AMALG/sqlite3.c" ]; then
		loud "SQLite amalgamation" "$LOGS/sqlite-amalgamation.log"; die "cannot build sqlite3.c"
	fi
	AMALG_DIR=$AMALG
fi

# Lua's Debian luaconf.h includes a generated header naming the multiarch
# triplet (module paths): one for the host, one for the aarch64 variants
lua_multiarch() {	# lua_multiarch DIR TRIPLET
	mkdir -p "$1"
	echo "#define DEB_HOST_MULTIARCH \"$2\"" > "$1/lua5.4-deb-multiarch.h.new"
	cmp -s "$1/lua5.4-deb-multiarch.h.new" "$1/lua5.4-deb-multiarch.h" 2>/dev/null \
		&& rm "$1/lua5.4-deb-multiarch.h.new" || mv "$1/lua5.4-deb-multiarch.h.new" "$1/lua5.4-deb-multiarch.h"
}
LUA_INC=$BLD/lua-include
lua_multiarch "$LUA_INC" "$(gcc -print-multiarch 2>/dev/null || echo x86_64-linux-gnu)"
LUA_INC_A64=$BLD/lua-include-aarch64
any_a64 && lua_multiarch "$LUA_INC_A64" aarch64-linux-gnu
LUA_CFILES=()
for f in "$LUA_SRC"/src/*.c; do
	case $(basename "$f") in luac.c|onelua.c) ;; *) LUA_CFILES+=("$f") ;; esac
done
SQLITE_DEFS=""          # SQLite's defaults (threadsafe, load_extension: -lpthread -ldl)
LUA_DEFS="-DLUA_COMPAT_5_3 -DLUA_USE_LINUX -I$LUA_INC"
lua_defs() {	# lua_defs VARIANT
	if is_a64 "$1"; then echo "${LUA_DEFS/"-I$LUA_INC"/"-I$LUA_INC_A64"}"; else echo "$LUA_DEFS"; fi
}
HELLO_C=$BLD/hello.c
printf '#include <stdio.h>\nint main(void) { puts("hello, world"); return 0; }\n' > "$HELLO_C.new"
cmp -s "$HELLO_C.new" "$HELLO_C" 2>/dev/null && rm "$HELLO_C.new" || mv "$HELLO_C.new" "$HELLO_C"

# ---------------------------------------------------------------- 4. builds
# Objects are cached per variant under a key of (compiler command, flags,
# compiler version, ksan-cc binary, sources); the link (which pulls in the
# current ksan runtime) is redone every run, so runtime changes are measured.
declare -A BUILD_FAILED=()   # variant -> log of the failed step
variant_key() {
	local v=$1 cc1 ver ksan="" w
	read -r cc1 _ <<< "${VCC[$v]}"
	if [ "$cc1" = "$KSAN_CC" ]; then
		ksan=$(sha256sum "$KSAN_CC" | cut -c1-16)
		cc1=${VFAM[$v]}	# the compiler ksan-cc runs (--ksan-cc=)
		for w in ${VCC[$v]}; do case $w in --ksan-cc=*) cc1=${w#--ksan-cc=} ;; esac; done
	fi
	ver=$($cc1 --version 2>&1 | head -1)
	printf '%s\n' "${VCC[$v]}" "$CFLAGS_COMMON" "$ver" "$ksan" "$SQLITE_VER" "$LUA_VER" "$SQLITE_DEFS" "$(lua_defs "$v")" | sha256sum | cut -c1-16
}

compile_one() {	# compile_one VARIANT SRC OBJ EXTRA-FLAGS  (logs to LOGS/build-VARIANT-NAME.log)
	local v=$1 src=$2 obj=$3 extra=$4
	local log; log="$LOGS/build-$v-$(basename "$obj" .o).log"
	# shellcheck disable=SC2086
	if ${VCC[$v]} $CFLAGS_COMMON $extra -c "$src" -o "$obj.tmp" > "$log" 2>&1; then
		mv "$obj.tmp" "$obj"
	else
		echo "exit status $?: ${VCC[$v]} $CFLAGS_COMMON $extra -c $src" >> "$log"
		rm -f "$obj.tmp"; return 1
	fi
}

needs() {	# needs VARIANT BINARY: does a selected workload run BINARY under VARIANT?
	local w
	for w in "${WORKLOADS[@]}"; do
		[ "${WBIN[$w]}" = "$2" ] && applies "$w" "$1" && return 0
	done
	if is_leak_variant "$1"; then
		for w in "${LEAK_WORKLOADS[@]}"; do [ "${WBIN[$w]}" = "$2" ] && return 0; done
	fi
	return 1
}

build_all() {
	local jobs=() v key d src obj
	for v in "${VARIANTS[@]}"; do
		[ "${VKIND[$v]}" = kfence ] && continue	# the native binaries, below
		d=$BLD/$v; key=$(variant_key "$v")
		if [ "$(cat "$d/.key" 2>/dev/null)" != "$key" ]; then
			rm -rf "$d"; mkdir -p "$d/obj"; echo "$key" > "$d/.key"
		fi
		# biggest first, so the two cores stay busy
		needs "$v" speedtest1 || continue
		[ -s "$d/obj/sqlite3.o" ] || jobs+=("$v|$AMALG_DIR/sqlite3.c|$d/obj/sqlite3.o|$SQLITE_DEFS -I$AMALG_DIR")
	done
	for v in "${VARIANTS[@]}"; do
		[ "${VKIND[$v]}" = kfence ] && continue
		d=$BLD/$v
		if needs "$v" speedtest1; then
			[ -s "$d/obj/speedtest1.o" ] || jobs+=("$v|$SQLITE_SRC/test/speedtest1.c|$d/obj/speedtest1.o|$SQLITE_DEFS -I$AMALG_DIR")
		fi
		needs "$v" lua || continue
		for src in "${LUA_CFILES[@]}"; do
			obj=$d/obj/lua-$(basename "$src" .c).o
			[ -s "$obj" ] || jobs+=("$v|$src|$obj|$(lua_defs "$v")")
		done
	done
	if [ ${#jobs[@]} -gt 0 ]; then
		say "compiling ${#jobs[@]} objects for ${#VARIANTS[@]} variants on $JOBS cores (logs: $LOGS/build-*.log) ..."
		local t0 running=0 j; t0=$(date +%s)
		for j in "${jobs[@]}"; do
			IFS='|' read -r v src obj extra <<< "$j"
			compile_one "$v" "$src" "$obj" "$extra" &
			running=$((running + 1))
			if [ "$running" -ge "$JOBS" ]; then wait -n || true; running=$((running - 1)); fi
		done
		wait || true
		say "compiled in $(( $(date +%s) - t0 )) s"
	else
		say "objects cached for all variants"
	fi
	# links (always: they take the current ksan runtime)
	for v in "${VARIANTS[@]}"; do
		d=$BLD/$v
		if [ "${VKIND[$v]}" = kfence ]; then
			local nd=$BLD/${VFAM[$v]} bins=(hello)
			needs "$v" speedtest1 && bins+=(speedtest1)
			needs "$v" lua && bins+=(lua)
			mkdir -p "$d"
			if [ ! -f "$KFENCE_SO" ]; then
				echo "$KFENCE_SO is missing (run make)" > "$LOGS/link-$v.log"
				BUILD_FAILED[$v]=$LOGS/link-$v.log; loud "variant $v" "$LOGS/link-$v.log"
			elif [[ " ${VARIANTS[*]} " != *" ${VFAM[$v]} "* ]] || [ -n "${BUILD_FAILED[${VFAM[$v]}]:-}" ] ||
			     ! (cd "$nd" && cp "${bins[@]}" "$d/") 2> "$LOGS/link-$v.log"; then
				echo "variant $v runs the native ${VFAM[$v]} binaries: measure variant ${VFAM[$v]} too" >> "$LOGS/link-$v.log"
				BUILD_FAILED[$v]=$LOGS/link-$v.log; loud "variant $v" "$LOGS/link-$v.log"
			fi
			continue
		fi
		local missing=() lobjs=()
		if needs "$v" speedtest1; then
			for obj in "$d/obj/sqlite3.o" "$d/obj/speedtest1.o"; do [ -s "$obj" ] || missing+=("$obj"); done
		fi
		if needs "$v" lua; then
			for src in "${LUA_CFILES[@]}"; do obj=$d/obj/lua-$(basename "$src" .c).o; lobjs+=("$obj"); [ -s "$obj" ] || missing+=("$obj"); done
		fi
		if [ ${#missing[@]} -gt 0 ]; then
			local blog; blog="$LOGS/build-$v-$(basename "${missing[0]}" .o).log"
			BUILD_FAILED[$v]=$blog
			loud "build of variant $v (${#missing[@]} objects missing, first: $(basename "${missing[0]}"))" "$blog"
			continue
		fi
		# the hash table (one small file) is compiled with its link, the
		# correct build and the one with the planted race
		# shellcheck disable=SC2086
		if ! { ${VCC[$v]} $CFLAGS_COMMON -o "$d/hello" "$HELLO_C" &&
			{ ! needs "$v" speedtest1 || ${VCC[$v]} $CFLAGS_COMMON -o "$d/speedtest1" "$d/obj/speedtest1.o" "$d/obj/sqlite3.o" -lpthread -ldl -lm; } &&
			{ ! needs "$v" lua || ${VCC[$v]} $CFLAGS_COMMON -o "$d/lua" "${lobjs[@]}" -Wl,-E -lm -ldl; } &&
			{ ! needs "$v" hashtable || { ${VCC[$v]} $CFLAGS_COMMON -o "$d/hashtable" "$MT_SRC" -lpthread &&
			  ${VCC[$v]} $CFLAGS_COMMON -DPLANTED_RACE -o "$d/hashtable-race" "$MT_SRC" -lpthread; }; }
		   } > "$LOGS/link-$v.log" 2>&1; then
			BUILD_FAILED[$v]=$LOGS/link-$v.log
			loud "link of variant $v" "$LOGS/link-$v.log"
		fi
	done
}
build_all

# ---------------------------------------------------------------- 5. runs
STAMP=$(date +%Y%m%d-%H%M%S)
RAW=$CACHE/results/raw-$STAMP.tsv
RUNLOG=$LOGS/run-$STAMP
mkdir -p "$RUNLOG" "$CACHE/run"
printf 'round\tworkload\tvariant\tstatus\tuser\tsys\trss_kb\twall\tnote\tsplit\n' > "$RAW"
declare -A FAILED=()     # "workload variant" -> reason (stop re-running it)
declare -A EXPECT=()     # workload (aarch64: a64:workload) -> normalised stdout of the first good native run
expect_key() { if is_a64 "$2"; then echo "a64:$1"; else echo "$1"; fi; }	# expect_key WORKLOAD VARIANT
# set_measure VARIANT TIMEFILE SPLITFILE: MEASURE=(the command prefix that
# runs and measures a binary): /usr/bin/time, or for aarch64 qemu-aarch64
# under bench/qemu_rss.py (the same TIMEFILE line, and the guest/qemu split
# in SPLITFILE)
set_measure() {
	if is_a64 "$1"; then MEASURE=("$PY" "$BENCH/qemu_rss.py" "$2" "$3" -- "${QEMU_A64[@]}")
	else MEASURE=(/usr/bin/time -o "$2" -f '%U %S %M %e'); fi
}

variant_env() {
	if is_a64 "$1"; then echo "$a64_env"; return; fi
	if [ -n "${VENV[$1]:-}" ]; then echo "${VENV[$1]}"; return; fi
	case ${VKIND[$1]} in
	asan) echo "$asan_env" ;;
	msan) echo "$msan_env" ;;
	tsan) echo "$tsan_env" ;;
	kfence) echo "LD_PRELOAD=$KFENCE_SO" ;;
	esac
}
# every report and fatal error of the detectors; of them, a TSan run may
# have warnings (counted) but none of the others
REPORT_RE_NOT_TSAN='BUG: KASAN|BUG: KFENCE|BUG: KMSAN|BUG: KCSAN|ERROR: AddressSanitizer|ERROR: HWAddressSanitizer|WARNING: MemorySanitizer|^ksan:|(Address|Memory|Thread)Sanitizer:DEADLYSIGNAL|(ERROR|FATAL): ThreadSanitizer'
REPORT_RE="$REPORT_RE_NOT_TSAN|WARNING: ThreadSanitizer"
normalise() {	# speedtest1 prints timings; strip them before comparing outputs
	sed -E 's/[ .]+[0-9]+\.[0-9]+s$//' "$1"
}

run_one() {	# run_one ROUND WORKLOAD VARIANT
	local r=$1 w=$2 v=$3 d=$BLD/$3
	local out=$RUNLOG/$w.$v.$r.out err=$RUNLOG/$w.$v.$r.err tf=$RUNLOG/$w.$v.$r.time sp=$RUNLOG/$w.$v.$r.split
	local rc=0 status=ok note="" envs line u s m e split="" ek MEASURE
	envs=$(variant_env "$v"); ek=$(expect_key "$w" "$v")
	set_measure "$v" "$tf" "$sp"
	# shellcheck disable=SC2086
	(cd "$CACHE/run" && env TMPDIR="$CACHE/tmp" $envs timeout -k 10 "$RUN_TIMEOUT" \
		"${MEASURE[@]}" "$d/${WBIN[$w]}" $(wargs "$w" "$v") > "$out" 2> "$err") || rc=$?
	[ -s "$sp" ] && split=$(head -n 1 "$sp")
	line=$(tail -n 1 "$tf" 2>/dev/null || true)
	read -r u s m e <<< "$line" || true
	if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then status=FAILED; note="timeout after ${RUN_TIMEOUT}s"
	elif grep -q 'terminated by signal' "$tf" 2>/dev/null; then status=FAILED; note=$(grep -o 'terminated by signal [0-9]*' "$tf")
	elif [ "$rc" != 0 ]; then status=FAILED; note="exit status $rc"
	fi
	# any report fails the run (KMSAN and MSan, KCSAN: 0 reports expected on
	# these programs).  A ThreadSanitizer report is counted, not hidden, but
	# keeps its times (status "reported"): TSan is the yardstick, not the
	# subject; a report in a run that exits 66 for it is no failure.
	if grep -qE "$REPORT_RE" "$err"; then
		local nrep first
		nrep=$(grep -cE '^BUG: |(ERROR|WARNING): [A-Za-z]*Sanitizer' "$err" || true)
		first=$(grep -m1 -E "$REPORT_RE" "$err" | cut -c1-120)
		if [ "${VKIND[$v]}" = tsan ] && ! grep -qE "$REPORT_RE_NOT_TSAN" "$err" &&
		   { [ "$status" = ok ] || [ "$rc" = 66 ]; }; then
			status=reported; note="ThreadSanitizer: $nrep report(s): $first"
		else
			status=FAILED; note="${note:+$note, }sanitizer report ($nrep in the run): $first"
		fi
	fi
	if [ "$status" = ok ] || [ "$status" = reported ]; then
		if [ -z "${EXPECT[$ek]:-}" ]; then
			[ "${VKIND[$v]}" = native ] && EXPECT[$ek]=$(normalise "$out" | sha256sum)
		elif [ "$(normalise "$out" | sha256sum)" != "${EXPECT[$ek]}" ]; then
			status=FAILED; note="wrong output (differs from the native run's; see $out)"
		fi
	fi
	[[ "$u" =~ ^[0-9.]+$ ]] || { u=""; s=""; m=""; e=""; }
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$r" "$w" "$v" "$status" "$u" "$s" "$m" "$e" "$note" "$split" >> "$RAW"
	if [ "$status" = ok ] && is_a64 "$v"; then
		printf '  %-17s %-19s rss %7d KiB (guest %s KiB; %.0f s under qemu)\n' "$w" "$v" "$m" \
			"$(sed -n 's/.*guest_peak=\([0-9]*\).*/\1/p' <<< "$split")" "$e" >&2
		rm -f "$out" "$err"
	elif [ "$status" = ok ]; then
		printf '  %-17s %-19s cpu %6.2fs  rss %7d KiB\n' "$w" "$v" "$(echo "$u $s" | awk '{print $1+$2}')" "$m" >&2
		rm -f "$out" "$err"
	elif [ "$status" = reported ]; then
		printf '  %-17s %-19s cpu %6.2fs  rss %7d KiB  %s\n' "$w" "$v" "$(echo "$u $s" | awk '{print $1+$2}')" "$m" "$note" >&2
		cp "$err" "$LOGS/REPORTED-$w-$v.stderr"
	else
		FAILED["$w $v"]=$note
		cp "$err" "$LOGS/FAILED-$w-$v.stderr"
		loud "workload $w, variant $v, round $r: $note (first 30 lines of its stderr follow)" "$LOGS/FAILED-$w-$v.stderr"
	fi
}

hello_one() {	# hello_one ROUND VARIANT: HELLO_N sequential runs, wall time per process
	local r=$1 v=$2 d=$BLD/$2 t0 t1 envs m rc=0 MEASURE
	envs=$(variant_env "$v")
	set_measure "$v" "$RUNLOG/hello.$v.time" "$RUNLOG/hello.$v.split"
	# shellcheck disable=SC2086
	(cd "$CACHE/run" && env $envs "${MEASURE[@]}" "$d/hello" > "$RUNLOG/hello.$v.out" 2> "$RUNLOG/hello.$v.err") || rc=$?
	if [ "$rc" != 0 ] || [ "$(cat "$RUNLOG/hello.$v.out")" != "hello, world" ] ||
	   { is_a64 "$v" && grep -qE "$REPORT_RE" "$RUNLOG/hello.$v.err"; }; then
		FAILED["hello $v"]="exit status $rc"
		printf '%s\thello\t%s\tFAILED\t\t\t\t\texit status %s\n' "$r" "$v" "$rc" >> "$RAW"
		cp "$RUNLOG/hello.$v.err" "$LOGS/FAILED-hello-$v.stderr"
		loud "hello world, variant $v: exit status $rc" "$LOGS/FAILED-hello-$v.stderr"
		return
	fi
	m=$(tail -n 1 "$RUNLOG/hello.$v.time" | awk '{print $3}')
	if is_a64 "$v"; then	# under qemu: its peak RSS (qemu's constant part), no timing loop
		local u s e
		read -r u s m e < <(tail -n 1 "$RUNLOG/hello.$v.time")
		printf '%s\thello\t%s\tok\t%s\t%s\t%s\t%s\tone run under qemu-aarch64\t%s\n' "$r" "$v" "$u" "$s" "$m" "$e" \
			"$(head -n 1 "$RUNLOG/hello.$v.split")" >> "$RAW"
		printf '  %-17s %-19s rss %7d KiB (under qemu)\n' hello "$v" "$m" >&2
		return
	fi
	# wall clock of the whole loop, and the CPU time (user+sys) of the loop's
	# processes, which other work on the machine does not inflate
	t0=$(date +%s%N)
	# shellcheck disable=SC2086,SC2016
	(cd "$CACHE/run" && env $envs /usr/bin/time -o "$RUNLOG/hello.$v.loop" -f '%U %S' \
		bash -c 'for ((i = 0; i < $1; i++)); do "$0"; done' "$d/hello" "$HELLO_N") > /dev/null
	t1=$(date +%s%N)
	local per cpu
	per=$(awk -v a="$t0" -v b="$t1" -v n="$HELLO_N" 'BEGIN { printf "%.4f", (b - a) / n / 1e6 }')
	cpu=$(tail -n 1 "$RUNLOG/hello.$v.loop" | awk -v n="$HELLO_N" '{ printf "%.4f", ($1 + $2) * 1000 / n }')
	printf '%s\thello\t%s\tok\t%s\t0\t%s\t%s\tms per process\n' "$r" "$v" "$cpu" "$m" "$per" >> "$RAW"
	printf '  %-17s %-19s %.3f ms/process wall, %.3f ms CPU  rss %d KiB\n' hello "$v" "$per" "$cpu" "$m" >&2
}

RUNNABLE=()
for v in "${VARIANTS[@]}"; do [ -n "${BUILD_FAILED[$v]:-}" ] || RUNNABLE+=("$v"); done
[ ${#RUNNABLE[@]} -gt 0 ] || die "no variant could be built"
# native first in round 1, so the reference output is known before the others run
ordered=()
for v in "${RUNNABLE[@]}"; do [ "${VKIND[$v]}" = native ] && ordered+=("$v"); done
for v in "${RUNNABLE[@]}"; do [ "${VKIND[$v]}" = native ] || ordered+=("$v"); done
RUNNABLE=("${ordered[@]}")

T_RUN0=$(date +%s)
LOADS=()
n=${#RUNNABLE[@]}
for ((r = 1; r <= runs; r++)); do
	say "round $r/$runs (load average: $(cut -d' ' -f1-3 /proc/loadavg))"
	LOADS+=("$(cut -d' ' -f1 /proc/loadavg)")
	for w in "${WORKLOADS[@]}"; do
		for ((k = 0; k < n; k++)); do
			v=${RUNNABLE[$(( (k + r - 1) % n ))]}
			[ -z "${FAILED["$w $v"]:-}" ] || continue
			applies "$w" "$v" || continue
			run_one "$r" "$w" "$v"
		done
	done
	for ((k = 0; k < n; k++)); do
		v=${RUNNABLE[$(( (k + r - 1) % n ))]}
		[ -z "${FAILED["hello $v"]:-}" ] || continue
		hello_one "$r" "$v"
	done
done

# ---------------------------------------------------------------- 5b. the planted race
# hashtable-race (-DPLANTED_RACE) under each race detector, detect_runs times
# per thread count, interleaved.  A run found the race when it reports it and
# nothing else: KCSAN's title names ht_lookup alone ('data-race in ht_lookup
# / ht_lookup', or one name for an unknown origin); TSan's warning has
# ht_lookup as the first frame of both accesses.  Any other report is a loud
# failure, as is a crash or a wrong stdout (the race only loses counts that
# go to stderr).
DETECT_RAW=$CACHE/results/detect-$STAMP.tsv
printf 'round\tworkload\tvariant\tresult\treports\tplanted\tuser\tsys\trss_kb\twall\tnote\n' > "$DETECT_RAW"
count_reports() {	# count_reports KIND STDERR -> "reports planted"
	if [ "$1" = kcsan ]; then
		awk '/^BUG: KCSAN: /{ n++; t = $0; sub(/^.* in /, "", t); k = split(t, F, / \/ /); ok = k > 0
			for (i = 1; i <= k; i++) { f = F[i]; sub(/[.+ ].*/, "", f); if (f != "ht_lookup") ok = 0 }
			if (ok) p++ }
			END { print n + 0, p + 0 }' "$2"
	else
		awk 'function fin() { if (inb && ok && seen == 2) p++; inb = 0 }
			/WARNING: ThreadSanitizer:/ { fin(); inb = 1; n++; ok = 1; seen = 0; first = 0; next }
			inb && /^  (Previous )?(Atomic )?([Rr]ead|[Ww]rite) of size/ { first = 1; next }
			inb && first && /^ *#0 / { first = 0; seen++; f = $2; sub(/[.].*/, "", f); if (f != "ht_lookup") ok = 0; next }
			inb && /^==================$/ { fin() }
			END { fin(); print n + 0, p + 0 }' "$2"
	fi
}
detect_one() {	# detect_one ROUND WORKLOAD VARIANT
	local r=$1 w=$2 v=$3 d=$BLD/$3
	local out=$RUNLOG/race.$w.$v.$r.out err=$RUNLOG/race.$w.$v.$r.err tf=$RUNLOG/race.$w.$v.$r.time
	local rc=0 result note="" envs u s m e nrep planted
	envs=$(variant_env "$v")
	# shellcheck disable=SC2086
	(cd "$CACHE/run" && env TMPDIR="$CACHE/tmp" $envs timeout -k 10 "$RUN_TIMEOUT" \
		/usr/bin/time -o "$tf" -f '%U %S %M %e' "$d/hashtable-race" ${WARGS[$w]} > "$out" 2> "$err") || rc=$?
	read -r u s m e <<< "$(tail -n 1 "$tf" 2>/dev/null || true)" || true
	[[ "$u" =~ ^[0-9.]+$ ]] || { u=""; s=""; m=""; e=""; }
	read -r nrep planted <<< "$(count_reports "${VKIND[$v]}" "$err")"
	if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then result=FAILED; note="timeout after ${RUN_TIMEOUT}s"
	elif grep -q 'terminated by signal' "$tf" 2>/dev/null; then result=FAILED; note=$(grep -o 'terminated by signal [0-9]*' "$tf")
	elif [ "$rc" != 0 ] && ! { [ "${VKIND[$v]}" = tsan ] && [ "$rc" = 66 ] && [ "$nrep" -gt 0 ]; }; then
		result=FAILED; note="exit status $rc"
	elif grep -qE "$REPORT_RE" "$err" && [ "$nrep" = 0 ]; then
		result=FAILED; note="a report this script does not recognise: $(grep -m1 -E "$REPORT_RE" "$err" | cut -c1-100)"
	elif [ "$nrep" != "$planted" ]; then
		result=FAILED; note="$((nrep - planted)) report(s) of something other than the planted race"
	elif [ -n "${EXPECT[$w]:-}" ] && [ "$(normalise "$out" | sha256sum)" != "${EXPECT[$w]}" ]; then
		result=FAILED; note="wrong output (differs from the correct build's; see $out)"
	elif [ "$planted" -gt 0 ]; then result=found
	else result=missed
	fi
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$r" "$w" "$v" "$result" "$nrep" "$planted" "$u" "$s" "$m" "$e" "$note" >> "$DETECT_RAW"
	printf '  %-17s %-19s race %-7s (%d report(s)) cpu %6.2fs  rss %7d KiB\n' "$w" "$v" "$result" "$nrep" \
		"$(echo "${u:-0} ${s:-0}" | awk '{print $1+$2}')" "${m:-0}" >&2
	if [ "$result" = FAILED ]; then
		FAILED["race:$w $v"]=$note
		cp "$err" "$LOGS/FAILED-race-$w-$v.stderr"
		loud "planted race, workload $w, variant $v, round $r: $note (first 30 lines of its stderr follow)" "$LOGS/FAILED-race-$w-$v.stderr"
	else
		[ "$r" = 1 ] && [ "$result" = found ] && cp "$err" "$LOGS/race-$w-$v.first.stderr"
		rm -f "$out" "$err"
	fi
}
DETECTORS=()
for v in "${RUNNABLE[@]}"; do
	case ${VKIND[$v]} in kcsan|tsan) DETECTORS+=("$v") ;; esac
done
DETECT_WORKLOADS=()
for w in "${WORKLOADS[@]}"; do [ "${WBIN[$w]}" = hashtable ] && DETECT_WORKLOADS+=("$w"); done
if [ "$detect_runs" -gt 0 ] && [ ${#DETECTORS[@]} -gt 0 ] && [ ${#DETECT_WORKLOADS[@]} -gt 0 ]; then
	nd=${#DETECTORS[@]}
	for ((r = 1; r <= detect_runs; r++)); do
		say "planted race: round $r/$detect_runs (load average: $(cut -d' ' -f1-3 /proc/loadavg))"
		for w in "${DETECT_WORKLOADS[@]}"; do
			for ((k = 0; k < nd; k++)); do
				v=${DETECTORS[$(( (k + r - 1) % nd ))]}
				[ -z "${FAILED["race:$w $v"]:-}" ] || continue
				detect_one "$r" "$w" "$v"
			done
		done
	done
fi
T_RUN1=$(date +%s)

# ---------------------------------------------------------------- 5c. the leak check at exit
# What ksan's leak check at exit costs beside LeakSanitizer's: each leak
# workload under ksan inline and ASan of each family in LEAK_PAIRS, with
# detect_leaks=1 (on) and =0 (off), the four interleaved and their order
# rotating every round.  The check's cost is the difference of the medians,
# CPU time (user+sys) and wall time (the scan runs on one thread, after the
# program's own work), and of the peak RSS (the check's tables).  ksan runs
# with verbosity=1 (on and off) for its own account of the check: objects
# live at exit, their bytes, the time it took to find the leaks.  These
# programs leak nothing: a leak report, any other report or a status other
# than 0 fails the workload (loud, in the Failures list).
LEAK_RAW=$CACHE/results/leak-$STAMP.tsv
LEAK_RE="$REPORT_RE_NOT_TSAN|BUG: KMEMLEAK|kmemleak:|LeakSanitizer|SUMMARY: AddressSanitizer"
LEAK_LOADS=()
declare -A LEAK_FAILED=() LEAK_EXPECT=()
printf 'round\tfamily\tworkload\tdetector\tdetect_leaks\tstatus\tuser\tsys\trss_kb\twall\tobjects\tbytes\tfind_us\tnote\n' > "$LEAK_RAW"
leak_one() {	# leak_one ROUND FAMILY WORKLOAD DETECTOR(ksan|asan) DETECT_LEAKS(1|0)
	local r=$1 f=$2 w=$3 det=$4 dl=$5 v envs rc=0 status=ok note="" u s m e acct objs="" bytes="" find=""
	if [ "$det" = ksan ]; then v=ksan-inline-$f; envs="KSAN_OPTIONS=detect_leaks=$dl:verbosity=1"
	else v=asan-$f; envs="ASAN_OPTIONS=detect_leaks=$dl"; fi
	local tf=$RUNLOG/leak.$w.$v.$dl.$r.time out=$RUNLOG/leak.$w.$v.$dl.$r.out err=$RUNLOG/leak.$w.$v.$dl.$r.err
	# shellcheck disable=SC2086
	(cd "$CACHE/run" && env TMPDIR="$CACHE/tmp" $envs timeout -k 10 "$RUN_TIMEOUT" \
		/usr/bin/time -o "$tf" -f '%U %S %M %e' "$BLD/$v/${WBIN[$w]}" ${WARGS[$w]} > "$out" 2> "$err") || rc=$?
	read -r u s m e <<< "$(tail -n 1 "$tf" 2>/dev/null || true)" || true
	[[ "$u" =~ ^[0-9.]+$ ]] || { u=""; s=""; m=""; e=""; }
	# ksan's account: "ksan: leak check at exit: N objects, B bytes, roots ...; T us to find, ..."
	acct=$(grep -m1 '^ksan: leak check at exit: ' "$err" || true)
	if [ -n "$acct" ]; then
		objs=$(sed -nE 's/.* at exit: ([0-9]+) objects.*/\1/p' <<< "$acct")
		bytes=$(sed -nE 's/.* objects, ([0-9]+) bytes,.*/\1/p' <<< "$acct")
		find=$(sed -nE 's/.* ([0-9]+) us to find.*/\1/p' <<< "$acct")
	fi
	if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then status=FAILED; note="timeout after ${RUN_TIMEOUT}s"
	elif grep -q 'terminated by signal' "$tf" 2>/dev/null; then status=FAILED; note=$(grep -o 'terminated by signal [0-9]*' "$tf")
	elif [ "$rc" != 0 ]; then status=FAILED; note="exit status $rc"
	fi
	# verbosity=1's own lines are no report
	if grep -vE '^ksan: (initialised|leak check)' "$err" | grep -qE "$LEAK_RE"; then
		status=FAILED
		note="${note:+$note, }report: $(grep -vE '^ksan: (initialised|leak check)' "$err" | grep -m1 -E "$LEAK_RE" | cut -c1-120)"
	elif [ "$det" = ksan ] && [ "$dl" = 1 ] && [ "$status" = ok ] && [ -z "$find" ]; then
		status=FAILED; note="no 'leak check at exit' line at verbosity=1"
	fi
	if [ "$status" = ok ]; then
		local sum; sum=$(normalise "$out" | sha256sum)
		if [ -z "${LEAK_EXPECT[$w]:-}" ]; then LEAK_EXPECT[$w]=${EXPECT[$w]:-$sum}; fi
		if [ "$sum" != "${LEAK_EXPECT[$w]}" ]; then status=FAILED; note="wrong output (see $out)"; fi
	fi
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$r" "$f" "$w" "$det" "$dl" "$status" \
		"$u" "$s" "$m" "$e" "$objs" "$bytes" "$find" "$note" >> "$LEAK_RAW"
	if [ "$status" = ok ]; then
		printf '  %-17s %-19s detect_leaks=%s cpu %6.2fs  wall %6.2fs  rss %7d KiB%s\n' "$w" "$v" "$dl" \
			"$(echo "$u $s" | awk '{print $1+$2}')" "$e" "$m" "${find:+  (check: $objs objects, $((find / 1000)) ms to find)}" >&2
		rm -f "$out" "$err"
	else
		LEAK_FAILED["$w $f $det"]=$note
		cp "$err" "$LOGS/FAILED-leak-$w-$v-$dl.stderr"
		loud "leak check at exit: workload $w, variant $v, detect_leaks=$dl, round $r: $note" "$LOGS/FAILED-leak-$w-$v-$dl.stderr"
	fi
}
T_LEAK0=$(date +%s)
LEAK_CONF=()
for f in "${LEAK_PAIRS[@]}"; do
	if [ -n "${BUILD_FAILED[ksan-inline-$f]:-}" ] || [ -n "${BUILD_FAILED[asan-$f]:-}" ]; then continue; fi
	for det in ksan asan; do for dl in 1 0; do LEAK_CONF+=("$f $det $dl"); done; done
done
if [ ${#LEAK_CONF[@]} -gt 0 ]; then
	nl=${#LEAK_CONF[@]}
	for ((r = 1; r <= leak_runs; r++)); do
		say "leak check at exit: round $r/$leak_runs (load average: $(cut -d' ' -f1-3 /proc/loadavg))"
		LEAK_LOADS+=("$(cut -d' ' -f1-3 /proc/loadavg)")
		for w in "${LEAK_WORKLOADS[@]}"; do
			for ((k = 0; k < nl; k++)); do
				read -r f det dl <<< "${LEAK_CONF[$(( (k + r - 1) % nl ))]}"
				[ -z "${LEAK_FAILED["$w $f $det"]:-}" ] || continue
				leak_one "$r" "$f" "$w" "$det" "$dl"
			done
		done
	done
	LEAK_LOADS+=("$(cut -d' ' -f1-3 /proc/loadavg)")
fi
T_LEAK1=$(date +%s)
leak_report() {	# leak_report alone|section OUTFILE: the "Leak check at exit" table (section: before "## Exact commands")
	[ ${#LEAK_CONF[@]} -gt 0 ] || return 0
	{
		echo "date=$(date -u '+%Y-%m-%d %H:%M UTC')"
		echo "cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $JOBS cores"
		echo "ksan=$KSAN_REV"
		echo "runs=$leak_runs"
		echo "seconds=$((T_LEAK1 - T_LEAK0))"
		printf 'loads=%s\n' "$(IFS='|'; echo "${LEAK_LOADS[*]}")"
		for w in "${LEAK_WORKLOADS[@]}"; do echo "workload.$w=${WBIN[$w]} ${WARGS[$w]//$ROOT\//}"; done
		for f in "${LEAK_PAIRS[@]}"; do
			echo "variant.ksan.$f=${VCC[ksan-inline-$f]//$ROOT\//}"; echo "variant.asan.$f=${VCC[asan-$f]}"
			echo "version.asan.$f=$(${VFAM[asan-$f]} --version | head -1)"
		done
	} > "$RUNLOG/leak-meta.txt"
	"$PY" - "$1" "$2" "$LEAK_RAW" "$RUNLOG/leak-meta.txt" <<'PYEOF'
import sys, statistics, collections
mode, outf, rawf, metaf = sys.argv[1:5]
meta = collections.OrderedDict()
for line in open(metaf):
    k, _, v = line.rstrip("\n").partition("=")
    meta[k] = v
rows = [l.rstrip("\n").split("\t") for l in open(rawf)][1:]
ok = collections.defaultdict(list)       # (w, f, det, dl) -> rows
failed = {}
order_w, order_f = [], []
for r in rows:
    rnd, f, w, det, dl, st, u, s, m, e, objs, byts, find, note = (r + [""] * 14)[:14]
    if w not in order_w: order_w.append(w)
    if f not in order_f: order_f.append(f)
    if st != "ok":
        failed[(w, f, det)] = f"detect_leaks={dl}, round {rnd}: {note}"
        continue
    ok[(w, f, det, dl)].append(dict(cpu=float(u) + float(s), wall=float(e), rss=int(m),
        objs=int(objs) if objs else None, byts=int(byts) if byts else None,
        find=int(find) / 1000 if find else None))
med = statistics.median
def col(xs, k): return [x[k] for x in xs if x[k] is not None]
def rng(v, d=2): return f"{min(v):.{d}f}–{max(v):.{d}f}" if v else "—"
out = []
P = out.append
P("## Leak check at exit")
P("")
P("What the leak check at exit costs, ksan's detector beside LeakSanitizer's (in ASan): each workload under ksan "
  "inline and ASan, with `detect_leaks=1` (on) and `detect_leaks=0` (off), the four interleaved and their order "
  f"rotating every round, {meta['runs']} rounds ({int(meta['seconds'])//60} min {int(meta['seconds'])%60} s). The check's cost is the difference of the medians (on − off): CPU "
  "time (user+sys), wall time (the scan is single-threaded and runs after the program's work) and peak RSS (the "
  "check's own tables). ksan runs with `verbosity=1` (on and off) for its own account of each check: the objects "
  "live at exit and their bytes (the heap it scans), and the time it took to find the leaks (stopping the world, "
  "listing the heap, marking from the roots). LeakSanitizer prints no such account. These programs leak nothing: "
  "every run must report nothing and exit 0. The machine is shared: the load averages (1, 5, 15 min) at each round's "
  "start were " + "; ".join(meta["loads"].split("|")) + ".")
P("")
P("| workload | compiler | detector | heap at exit (ksan's count) | CPU s off: median (min–max) | CPU s on: median (min–max) "
  "| CPU on − off | wall on − off | peak RSS on − off | ksan's time to find (median, min–max) | runs on/off |")
P("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
cost = {}
for w in order_w:
    for f in order_f:
        heap = "—"
        kon = ok.get((w, f, "ksan", "1"), [])
        if col(kon, "objs"):
            o, b = med(col(kon, "objs")), col(kon, "byts")
            heap = f"{o:,.0f} objects" + (f", {med(b)/1048576:.1f} MiB" if b else "")
        for det, label in (("ksan", "ksan"), ("asan", "LeakSanitizer (ASan)")):
            if (w, f, det) in failed:
                P(f"| {w} | {f} | {label} | | **FAILED**: {failed[(w, f, det)]} | | | | | | |")
                continue
            on, off = ok.get((w, f, det, "1"), []), ok.get((w, f, det, "0"), [])
            if not on or not off:
                continue
            dc = med(col(on, "cpu")) - med(col(off, "cpu"))
            dw = med(col(on, "wall")) - med(col(off, "wall"))
            dr = (med(col(on, "rss")) - med(col(off, "rss"))) / 1024
            cost[(w, f, det)] = (dc, dw)
            fnd = col(on, "find")
            own = f"{med(fnd):.0f} ms ({rng(fnd, 0)})" if fnd else "—"
            P(f"| {w} | {f} | {label} | {heap if det == 'ksan' else '(the same program)'} "
              f"| {med(col(off, 'cpu')):.2f} ({rng(col(off, 'cpu'))}) | {med(col(on, 'cpu')):.2f} ({rng(col(on, 'cpu'))}) "
              f"| {dc:+.3f} s | {dw:+.3f} s | {dr:+.1f} MiB | {own} | {len(on)}/{len(off)} |")
P("")
for w in order_w:
    for f in order_f:
        k, a = cost.get((w, f, "ksan")), cost.get((w, f, "asan"))
        if k and a:
            P(f"- {w} [{f}]: the check costs ksan {k[0]:+.2f} s CPU ({k[1]:+.2f} s wall), LeakSanitizer {a[0]:+.2f} s CPU "
              f"({a[1]:+.2f} s wall)" + (f"; ksan's own account: {med(col(ok[(w, f, 'ksan', '1')], 'find')):.0f} ms"
              if col(ok[(w, f, 'ksan', '1')], 'find') else ""))
P("")
P("A difference smaller than the spread of the runs (the min–max columns) is noise: the heap at exit of "
  "speedtest1 and of Lua's scripts (which close their state) is a handful of objects (ksan's check then walks "
  "the slab's slots and scans the roots: milliseconds), and only "
  "lua-live_heap (bench/lua/live_heap.lua: records kept in a table, then `os.exit(0)` without closing the state) "
  "leaves a large heap to scan.")
P("")
P("Workloads: " + "; ".join(f"{k[9:]}: `{v}`" for k, v in meta.items() if k.startswith("workload.")) + ". Variants: "
  + "; ".join(f"{k[8:]}: `{v}`" for k, v in meta.items() if k.startswith("variant.")) + ". ASan: "
  + "; ".join(f"{k[13:]}: {v}" for k, v in meta.items() if k.startswith("version.asan.")) + ".")
P("")
sec = "\n".join(out) + "\n"
if mode == "alone":
    head = (f"# ksan benchmark: leak check at exit\n\n- date: {meta['date']}; {meta['runs']} interleaved rounds, "
            f"measuring took {int(meta['seconds'])//60} min {int(meta['seconds'])%60} s\n- machine: {meta['cpu']}\n"
            f"- ksan: {meta['ksan']}\n\n")
    open(outf, "w").write(head + sec)
else:
    text = open(outf).read()
    at = text.find("## Exact commands")
    text = text[:at] + sec + "\n" + text[at:] if at >= 0 else text + "\n" + sec
    open(outf, "w").write(text)
PYEOF
}
if [ "$leak_only" = 1 ]; then
	LEAK_OUT=$CACHE/results/leak.md
	leak_report alone "$LEAK_OUT"
	cp "$LEAK_OUT" "$CACHE/results/leak-$STAMP.md"
	cat "$LEAK_OUT"
	say "report: $LEAK_OUT (raw numbers: $LEAK_RAW; logs: $RUNLOG)"
	[ ${#LEAK_FAILED[@]} = 0 ] || { warn "${#LEAK_FAILED[@]} leak-check workload/detector pair(s) FAILED"; exit 1; }
	exit 0
fi

# ---------------------------------------------------------------- 6. report
{
	echo "date=$(date -u '+%Y-%m-%d %H:%M UTC')"
	echo "kernel=$(uname -r)"
	echo "cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')"
	echo "cores=$JOBS"
	echo "mem=$(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo)"
	echo "os=$(. /etc/os-release 2>/dev/null; echo "${PRETTY_NAME:-?}")"
	echo "gcc=$(gcc --version | head -1)"
	echo "clang=$(clang --version 2>/dev/null | head -1 || echo none)"
	echo "ksan=$KSAN_REV"
	echo "sqlite=$SQLITE_VER"
	echo "lua=$LUA_VER"
	echo "quick=$quick"
	echo "aarch64=$aarch64"
	echo "runs=$runs"
	echo "hello_n=$HELLO_N"
	echo "asan_env=$asan_env"
	echo "msan_env=$msan_env"
	echo "tsan_env=$tsan_env"
	echo "detect_runs=$detect_runs"
	echo "mt_ops=$MT_OPS"
	echo "cflags=$CFLAGS_COMMON"
	echo "run_seconds=$((T_RUN1 - T_RUN0))"
	echo "loads=${LOADS[*]} $(cut -d' ' -f1 /proc/loadavg)"
	echo "total_seconds=$(( $(date +%s) - T_START ))"
	for v in "${VARIANTS[@]}"; do
		echo "variant.$v=${VCC[$v]//$ROOT\//} | ${VFAM[$v]} | ${VKIND[$v]} | $(variant_env "$v") | ${BUILD_FAILED[$v]:+build FAILED: ${BUILD_FAILED[$v]//$ROOT\//}} | ${VARCH[$v]:-}"
	done
	for w in "${WORKLOADS[@]}"; do echo "workload.$w=${WBIN[$w]} ${WARGS[$w]//$ROOT\//}"; done
	if any_a64; then
		echo "qemu=$(qemu-aarch64 --version | head -1) | ${QEMU_A64[*]}"
		echo "a64_gcc=$($A64_GCC --version | head -1)"
		echo "a64_env=$a64_env"
		a=$(wargs speedtest1 a64-gcc); echo "a64_workload.speedtest1=speedtest1 $a"
		for v in "${VARIANTS[@]}"; do	# code size: more code, more translated code in qemu
			is_a64 "$v" && [ -z "${BUILD_FAILED[$v]:-}" ] || continue
			for b in lua speedtest1; do
				if [ -f "$BLD/$v/$b" ]; then echo "text.$v.$b=$(size -A "$BLD/$v/$b" 2>/dev/null | awk '$1 == ".text" { print $2 }')"; fi
			done
		done
	fi
	echo "build.speedtest1=CC $CFLAGS_COMMON -I<amalgamation> -c sqlite3.c; CC $CFLAGS_COMMON -I<amalgamation> -c test/speedtest1.c; CC $CFLAGS_COMMON -o speedtest1 speedtest1.o sqlite3.o -lpthread -ldl -lm"
	echo "build.lua=CC $CFLAGS_COMMON -DLUA_COMPAT_5_3 -DLUA_USE_LINUX -c src/X.c (every src/*.c but luac.c); CC $CFLAGS_COMMON -o lua *.o -Wl,-E -lm -ldl"
	echo "build.hello=CC $CFLAGS_COMMON -o hello hello.c (puts(\"hello, world\"))"
	echo "build.hashtable=CC $CFLAGS_COMMON -o hashtable bench/mt/hashtable.c -lpthread; CC $CFLAGS_COMMON -DPLANTED_RACE -o hashtable-race bench/mt/hashtable.c -lpthread"
} > "$RUNLOG/meta.txt"

if [ "$quick" = 1 ] || [ -n "$only_variants$only_workloads" ]; then
	OUT=$CACHE/results/quick.md
elif [ "$aarch64" = 1 ]; then
	OUT=$BENCH/results/latest-aarch64.md
else
	OUT=$BENCH/results/latest.md
fi
"$PY" - "$RAW" "$RUNLOG/meta.txt" "$LOGS" "$DETECT_RAW" > "$OUT.new" <<'PYEOF'
import sys, math, statistics, os, collections

raw, metaf, logs, detectf = sys.argv[1:5]
meta = collections.OrderedDict()
for line in open(metaf):
    k, _, v = line.rstrip("\n").partition("=")
    meta[k] = v
variants = [k[8:] for k in meta if k.startswith("variant.")]
vinfo = {}
for v in variants:
    cc, fam, kind, env, bfail, arch = ([x.strip() for x in meta["variant." + v].split("|")] + [""])[:6]
    vinfo[v] = dict(cc=cc, fam=fam, kind=kind, env=env, bfail=bfail, arch=arch)
workloads = [k[9:] for k in meta if k.startswith("workload.")]
# aarch64 variants (run under qemu-aarch64, RSS only) have their own section;
# the host's variants keep every other section
a64 = [v for v in variants if vinfo[v]["arch"] == "aarch64"]
host_variants = [v for v in variants if v not in a64]

rows = [l.rstrip("\n").split("\t") for l in open(raw)][1:]
cpu = collections.defaultdict(list); rss = collections.defaultdict(list)
hello = collections.defaultdict(list); hello_rss = collections.defaultdict(list)
hello_cpu = collections.defaultdict(list)
fail = {}
reported = collections.defaultdict(list)   # (w, v) -> notes of runs with a TSan report
split = collections.defaultdict(list)      # (w, v) -> qemu_rss.py's split of each run (aarch64)
for r in rows:
    rnd, w, v, st, u, s, m, e, note, sp = (r + [""] * 10)[:10]
    if st == "ok" and sp:
        split[(w, v)].append({k: int(x) for k, x in (kv.split("=") for kv in sp.split())})
    if st == "ok" and w == "hello" and v in vinfo and vinfo[v]["arch"] == "aarch64":
        hello_rss[v].append(int(m)); continue
    if st == "reported":
        reported[(w, v)].append(note)
    elif st != "ok":
        fail[(w, v)] = note or "FAILED"
        continue
    if w == "hello":
        hello[v].append(float(e)); hello_rss[v].append(int(m)); hello_cpu[v].append(float(u))
    else:
        cpu[(w, v)].append(float(u) + float(s)); rss[(w, v)].append(int(m))

def med(x): return statistics.median(x) if x else None
def gmean(x):
    x = [a for a in x if a]
    return math.exp(sum(math.log(a) for a in x) / len(x)) if x else None
def native_of(v):
    fam = vinfo[v]["fam"]
    for cand in (fam, "gcc", "clang"):
        if cand in vinfo and vinfo[cand]["kind"] == "native" and not vinfo[cand]["bfail"]:
            return cand
    return None
def asan_of(v):
    a = "asan-" + vinfo[v]["fam"]
    return a if a in vinfo and not vinfo[a]["bfail"] else None
def ratio(a, b):
    return a / b if a is not None and b else None
def fx(x, d=2): return "—" if x is None else f"{x:.{d}f}×"
def status(w, v):
    if vinfo[v]["bfail"]: return "FAILED (build)"
    if (w, v) in fail: return "FAILED"
    return None

out = []
P = out.append
quick = meta["quick"] == "1"
P(f"# ksan benchmark results{' (QUICK subset)' if quick else ''}")
P("")
P(f"- date: {meta['date']}; `make bench{'-aarch64' if meta.get('aarch64') == '1' else ''}{' QUICK=1' if quick else ''}` ({meta['runs']} interleaved runs per variant; "
  f"measuring took {int(meta['run_seconds'])//60} min {int(meta['run_seconds'])%60} s, the whole script {int(meta['total_seconds'])//60} min {int(meta['total_seconds'])%60} s)")
P(f"- machine: {meta['cpu']}, {meta['cores']} cores, {meta['mem']}; kernel {meta['kernel']}; {meta['os']}")
P(f"- compilers: {meta['gcc']}; {meta['clang']}")
P(f"- ksan: commit {meta['ksan']}")
P(f"- programs (Debian source packages): {meta['sqlite']}, {meta['lua']}")
_l = [float(x) for x in meta.get('loads', '').split()]
if _l:
    P(f"- machine load (1-min load average at the start of each round and at the end): {' '.join(f'{x:.2f}' for x in _l)}"
      + (" — other work ran on the machine during the measurement, so the times are noisier than on an idle machine"
         if max(_l) > float(meta['cores']) * 0.75 else ""))
if host_variants:
  P(f"- CPU time = user + sys, peak RSS = max resident set, both from `/usr/bin/time -f '%U %S %M'`; "
  f"medians over the runs, min–max beside them. ASan variants run with `{meta['asan_env']}` "
  f"(no leak check at exit: it would distort the times, and ksan has none); ksan variants run with ksan's defaults "
  f"(256 MiB quarantine, as ASan's). kfence-gcc is the native gcc build run with `LD_PRELOAD=build/lib/libksan-kfence.so` "
  f"(KFENCE's defaults: one allocation sampled every 100 ms).")
  P(f"- ×native is against the native build of the same compiler; ×ASan against ASan of the same compiler.")
if a64:
    P(f"- aarch64 variants ({', '.join(a64)}): cross-built, run under `{meta.get('qemu', '?').split(' | ')[1] if ' | ' in meta.get('qemu', '') else 'qemu-aarch64'}` "
      f"({meta.get('qemu', '?').split(' | ')[0]}; {meta.get('a64_gcc', '?')}); peak RSS only, in the section "
      f"\"aarch64 under qemu-aarch64\" below.")
if any(vinfo[v]["kind"] in ("kcsan", "tsan") for v in variants):
    P(f"- kcsan-gcc, kcsan-clang: `ksan-cc --ksan=kcsan` (the compiler's -fsanitize=thread instrumentation, ksan's KCSAN "
      f"runtime: sampled soft watchpoints), ksan's defaults (kcsan_skip_watch=4000, kcsan_udelay=80). tsan-gcc, tsan-clang: "
      f"`-fsanitize=thread` with the compiler's own runtime (gcc: libtsan, clang: compiler-rt), "
      f"{('`' + meta['tsan_env'] + '`') if meta.get('tsan_env') else 'its defaults'}. On SQLite and Lua (one thread: KCSAN's "
      f"fast path) neither may report anything: a KCSAN report fails the variant; a TSan report is counted and shown. "
      f"mt-hashtable-N: bench/mt/hashtable.c, N threads on a striped-lock hash table, {meta.get('mt_ops', '?')} operations "
      f"in all; only the native, kcsan and tsan variants run it.")
if any(vinfo[v]["kind"] in ("kmsan", "msan") for v in variants):
    P(f"- kmsan-clang: `ksan-cc --ksan=kmsan` (clang -fsanitize=kernel-memory: origins always on, chained at every store "
      f"of an uninitialised value; eager checks of arguments), ksan's defaults. msan-clang: clang's MemorySanitizer with "
      f"`-fsanitize-memory-track-origins=2`, the MSan origin level that chains at stores too (the comparable setting), "
      f"run with {('`' + meta['msan_env'] + '`') if meta.get('msan_env') else 'its defaults'}. Both must report nothing: "
      f"a run with a report counts as FAILED and its report is shown under Failures.")
P("")

# ---- the main table
if host_variants:
  P("## CPU time and peak RSS")
  P("")
  P("| workload | variant | CPU s (median) | min–max | ×native | ×ASan | peak RSS MiB | min–max | RSS ×native | RSS ×ASan |")
  P("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
for w in workloads if host_variants else []:
    for v in host_variants:
        st = status(w, v)
        if st:
            P(f"| {w} | {v} | **{st}** | | | | | | | |"); continue
        c, m = cpu.get((w, v)), rss.get((w, v))
        if not c: continue
        n, a = native_of(v), asan_of(v)
        cn = med(cpu.get((w, n), [])) if n else None
        ca = med(cpu.get((w, a), [])) if a else None
        mn = med(rss.get((w, n), [])) if n else None
        ma = med(rss.get((w, a), [])) if a else None
        xa = fx(ratio(med(c), ca)) if vinfo[v]["kind"].startswith("ksan") else ""
        ra = fx(ratio(med(m), ma)) if vinfo[v]["kind"].startswith("ksan") else ""
        xn = "" if vinfo[v]["kind"] == "native" and n == v else fx(ratio(med(c), cn))
        rn = "" if vinfo[v]["kind"] == "native" and n == v else fx(ratio(med(m), mn))
        P(f"| {w} | {v} | {med(c):.2f} | {min(c):.2f}–{max(c):.2f} | {xn} | {xa} | "
          f"{med(m)/1024:.1f} | {min(m)/1024:.1f}–{max(m)/1024:.1f} | {rn} | {ra} |")
if host_variants:
  P("")

# ---- KMSAN beside MemorySanitizer
_km = [v for v in variants if vinfo[v]["kind"] == "kmsan"]
_ms = [v for v in variants if vinfo[v]["kind"] == "msan"]
if _km or _ms:
    k = _km[0] if _km else None
    m = _ms[0] if _ms else None
    P("## KMSAN beside MemorySanitizer (clang)")
    P("")
    P("CPU time and peak RSS medians; reports: every run of the workload must print none (0), a report fails the variant.")
    P("")
    P("| workload | KMSAN CPU s | MSan CPU s | CPU KMSAN / MSan | KMSAN ×native | MSan ×native | KMSAN peak RSS MiB | MSan peak RSS MiB | RSS KMSAN / MSan | KMSAN reports | MSan reports |")
    P("|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|")
    def _get(v, w, table):
        return med(table.get((w, v), [])) if v and not status(w, v) else None
    def _rep(v, w):
        if not v: return "—"
        st = status(w, v)
        if not st: return "0" if cpu.get((w, v)) else "—"
        return f"**{st}**" + (": " + fail[(w, v)].replace("|", "\\|") if (w, v) in fail else "")
    for w in workloads:
        kc, mc = _get(k, w, cpu), _get(m, w, cpu)
        kr, mr = _get(k, w, rss), _get(m, w, rss)
        n = native_of(k or m)
        nc = med(cpu.get((w, n), [])) if n else None
        f1 = lambda x: "—" if x is None else f"{x:.2f}"
        f2 = lambda x: "—" if x is None else f"{x/1024:.1f}"
        P(f"| {w} | {f1(kc)} | {f1(mc)} | {fx(ratio(kc, mc))} | {fx(ratio(kc, nc))} | {fx(ratio(mc, nc))} | "
          f"{f2(kr)} | {f2(mr)} | {fx(ratio(kr, mr))} | {_rep(k, w)} | {_rep(m, w)} |")
    P("")

# ---- KCSAN beside ThreadSanitizer
_kc = [v for v in variants if vinfo[v]["kind"] == "kcsan"]
_ts = [v for v in variants if vinfo[v]["kind"] == "tsan"]
kcsan_goals = []
det = [l.rstrip("\n").split("\t") for l in open(detectf)][1:] if os.path.exists(detectf) else []
if _kc or _ts:
    def tsan_of(v):
        t = "tsan-" + vinfo[v]["fam"]
        return t if t in vinfo and not vinfo[t]["bfail"] else None
    P("## KCSAN beside ThreadSanitizer")
    P("")
    P("CPU time (user+sys) and peak RSS medians over the runs. On SQLite and Lua the program has one thread: this is "
      "KCSAN's fast path (no watchpoint is ever set up in a single-threaded process). "
      "mt-hashtable-N is the correct build of bench/mt/hashtable.c (N threads, striped locks, relaxed atomic statistics). "
      "Reports: every run must print none.")
    P("")
    P("| workload | variant | CPU s | ×native | ×TSan | peak RSS MiB | RSS ×native | RSS ×TSan | reports |")
    P("|---|---|---:|---:|---:|---:|---:|---:|---|")
    for w in workloads:
        for v in _kc + _ts:
            st = status(w, v)
            if st:
                P(f"| {w} | {v} | **{st}** | | | | | | {fail.get((w, v), '').replace('|', chr(92) + '|')} |"); continue
            c, m = cpu.get((w, v)), rss.get((w, v))
            if not c: continue
            n = native_of(v); t = tsan_of(v) if vinfo[v]["kind"] == "kcsan" else None
            cn = med(cpu.get((w, n), [])) if n else None
            mn = med(rss.get((w, n), [])) if n else None
            ct = med(cpu.get((w, t), [])) if t and not status(w, t) else None
            mt = med(rss.get((w, t), [])) if t and not status(w, t) else None
            rep_ = reported.get((w, v))
            rtxt = f"**{len(rep_)} of {len(c)} runs reported**: {rep_[0].replace('|', chr(92) + '|')}" if rep_ else "0"
            P(f"| {w} | {v} | {med(c):.2f} | {fx(ratio(med(c), cn))} | {fx(ratio(med(c), ct)) if t else ''} | "
              f"{med(m)/1024:.1f} | {fx(ratio(med(m), mn))} | {fx(ratio(med(m), mt)) if t else ''} | {rtxt} |")
    P("")
    # per compiler: geomeans over the workloads, all / one thread / threaded
    P("KCSAN / TSan, same compiler (geometric mean over the workloads; worst workload in brackets):")
    P("")
    P("| compiler | CPU, all workloads | CPU, SQLite+Lua (1 thread) | CPU, hash table (threads) | RSS, all workloads | RSS, SQLite+Lua | RSS, hash table |")
    P("|---|---:|---:|---:|---:|---:|---:|")
    for k in _kc:
        t = tsan_of(k)
        if not t: continue
        cells = []
        for table in (cpu, rss):
            for si, sel in enumerate((lambda w: True, lambda w: not w.startswith("mt-"), lambda w: w.startswith("mt-"))):
                xs = []
                for w in workloads:
                    if not sel(w) or status(w, k) or status(w, t): continue
                    a, b = med(table.get((w, k), [])), med(table.get((w, t), []))
                    if a and b: xs.append(a / b)
                cells.append(f"{fx(gmean(xs))} ({fx(max(xs))})" if xs else "—")
                if si == 0:   # the goals are on all the workloads
                    nfail = sum(1 for w in workloads if status(w, k) or status(w, t))
                    kcsan_goals.append((("peak RSS: " if table is rss else "") + f"KCSAN / TSan, geomean over the workloads [{vinfo[k]['fam']}]",
                                        gmean(xs) if xs else None, 0.20 if table is rss else 0.25, nfail))
        P(f"| {vinfo[k]['fam']} | " + " | ".join(cells) + " |")
    P("")
    # ---- the planted race
    if det:
        R = int(meta.get("detect_runs", "0") or 0)
        P(f"### The planted race (bench/mt/hashtable.c -DPLANTED_RACE), {R} runs per detector and thread count")
        P("")
        P("One statistics counter (lookup misses) is incremented with a plain `++` outside any lock by every thread, "
          "in `ht_lookup`, about once per three operations; everything else is as in the correct build. "
          "Default options (KCSAN: skip 4000, udelay 80 µs; TSan: its defaults). A run *found* the race when it "
          "reported it and nothing else (KCSAN: a report titled `data-race in ht_lookup / ht_lookup` or, of "
          "unknown origin, `in ht_lookup`; TSan: a data-race warning whose two accesses are in `ht_lookup`).")
        P("")
        P("| workload | variant | found the race | missed | failed | CPU s of a racy run (median) | peak RSS MiB (median) |")
        P("|---|---|---:|---:|---:|---:|---:|")
        drows = collections.OrderedDict()
        for r in det:
            rnd, w, v, res, nrep, planted, u, s_, m, e, note = (r + [""] * 11)[:11]
            drows.setdefault((w, v), []).append((res, u, s_, m, note))
        for (w, v), lst in sorted(drows.items(), key=lambda kv: (workloads.index(kv[0][0]) if kv[0][0] in workloads else 99,
                                                                  variants.index(kv[0][1]) if kv[0][1] in variants else 99)):
            nf = sum(1 for x in lst if x[0] == "found"); nm = sum(1 for x in lst if x[0] == "missed")
            nx = sum(1 for x in lst if x[0] == "FAILED")
            cs = [float(x[1]) + float(x[2]) for x in lst if x[1]]
            ms = [int(x[3]) for x in lst if x[3]]
            P(f"| {w} | {v} | **{nf}/{len(lst)} runs** | {nm} | {nx}{(': ' + next(x[4] for x in lst if x[0] == 'FAILED')) if nx else ''} | "
              f"{'—' if not cs else f'{med(cs):.2f}'} | {'—' if not ms else f'{med(ms)/1024:.1f}'} |")
            if vinfo.get(v, {}).get("kind") == "kcsan":
                kcsan_goals.append((f"planted race found by {v} in most runs ({w})", nf / len(lst) if lst else None, 0.5, nx))
        P("")
    P("KCSAN's goals: CPU time at most 0.25× ThreadSanitizer's and peak RSS at most 0.2× (same compiler, geometric mean "
      "over the workloads), and the planted race found in most runs.")
    P("")
    for label, val, goal, nfail in kcsan_goals:
        if val is None:
            verdict = "not measured"
        elif label.startswith("planted"):
            verdict = "met" if val > goal and not nfail else "NOT met"
        else:
            verdict = "met" if val <= goal and not nfail else "NOT met"
        if label.startswith("planted"):
            sval = "—" if val is None else f"{val:.0%} of the runs"
            P(f"- {label}: {sval} (goal: more than half): **{verdict}**" + (f", {nfail} run(s) FAILED" if nfail else ""))
        else:
            sval = "—" if val is None else f"{val:.2f}×"
            P(f"- {label}: {sval} (goal <= {goal:g}×): **{verdict}**" + (f", {nfail} workload(s) FAILED" if nfail else ""))
    P("")

# ---- hello world
if hello or any(k[0] == "hello" and k[1] in host_variants for k in fail):
    P(f"## Start-up: hello world ({meta['hello_n']} sequential processes per measurement, from a shell loop)")
    P("")
    P("Wall = elapsed time of the loop / processes; CPU = user+sys of the loop's processes / processes "
      "(the shell's fork+exec is in both, alike for every variant; CPU time is not inflated by other work on the machine).")
    P("")
    P("| variant | wall ms/process (median) | min–max | wall vs native (ms) | CPU ms/process (median) | min–max | CPU vs native (ms) | peak RSS MiB |")
    P("|---|---:|---:|---:|---:|---:|---:|---:|")
    for v in host_variants:
        if vinfo[v]["bfail"] or ("hello", v) in fail:
            P(f"| {v} | **FAILED** | | | | | | |"); continue
        h = hello.get(v); hc = hello_cpu.get(v)
        if not h: continue
        n = native_of(v)
        d = med(h) - med(hello[n]) if n in hello and n != v else None
        dc = med(hc) - med(hello_cpu[n]) if n in hello_cpu and n != v else None
        P(f"| {v} | {med(h):.3f} | {min(h):.3f}–{max(h):.3f} | {'' if d is None else f'{d:+.3f}'} | "
          f"{med(hc):.3f} | {min(hc):.3f}–{max(hc):.3f} | {'' if dc is None else f'{dc:+.3f}'} | {med(hello_rss[v])/1024:.1f} |")
    P("")

# ---- headline ratios (the host's variants; dropped below when there are none)
headline_at = len(out)
P("## Headline ratios (geometric mean over the workloads, CPU time)")
P("")
fams = [f for f in ("gcc", "clang") if any(vinfo[v]["fam"] == f for v in host_variants)]
def series(v, base, table=cpu):
    xs = []
    for w in workloads:
        if status(w, v) or (base and status(w, base)): continue
        a, b = med(table.get((w, v), [])), med(table.get((w, base), []))
        if a and b: xs.append(a / b)
    return xs
goals = []
P("| ratio | " + " | ".join(fams) + " |")
P("|---|" + "---:|" * len(fams))
def line(label, f_pair, table=cpu, stat=gmean, fmt=fx, goal=None):
    cells = []
    for f in fams:
        a, b = f_pair(f)
        if a not in vinfo or b not in vinfo: cells.append("—"); continue
        xs = series(a, b, table)
        nfail = sum(1 for w in workloads if status(w, a) or status(w, b))
        val = stat(xs) if xs else None
        c = fmt(val)
        if nfail: c += f" ({nfail} workload{'s' if nfail > 1 else ''} FAILED)"
        cells.append(c)
        if goal and val is not None: goals.append((f"{label} [{f}]", val, goal, nfail))
        if goal and val is None: goals.append((f"{label} [{f}]", None, goal, nfail))
    P(f"| {label} | " + " | ".join(cells) + " |")
nat = lambda f: f if f in vinfo else ("gcc" if "gcc" in vinfo else None)
line("ksan inline / native", lambda f: (f"ksan-inline-{f}", nat(f)))
line("ksan outline / native", lambda f: (f"ksan-outline-{f}", nat(f)))
line("ASan / native", lambda f: (f"asan-{f}", nat(f)))
line("KFENCE (LD_PRELOAD, native binary) / native", lambda f: (f"kfence-{f}", nat(f)))
line("ksan inline / ASan", lambda f: (f"ksan-inline-{f}", f"asan-{f}"))
line("ksan inline / ASan, median over workloads", lambda f: (f"ksan-inline-{f}", f"asan-{f}"),
     stat=med, goal=0.90)
line("ksan outline / ksan inline", lambda f: (f"ksan-outline-{f}", f"ksan-inline-{f}"), goal=1.50)
line("peak RSS: ksan inline / native", lambda f: (f"ksan-inline-{f}", nat(f)), table=rss)
line("peak RSS: ASan / native", lambda f: (f"asan-{f}", nat(f)), table=rss)
line("peak RSS: ksan inline / ASan", lambda f: (f"ksan-inline-{f}", f"asan-{f}"), table=rss)
line("peak RSS: ksan inline / ASan, worst workload", lambda f: (f"ksan-inline-{f}", f"asan-{f}"),
     table=rss, stat=lambda xs: max(xs), goal=1.00)
line("KMSAN / native", lambda f: (f"kmsan-{f}", nat(f)))
line("MSan (origins=2) / native", lambda f: (f"msan-{f}", nat(f)))
line("KMSAN / MSan (origins=2)", lambda f: (f"kmsan-{f}", f"msan-{f}"), goal=1.50)
line("KCSAN / native", lambda f: (f"kcsan-{f}", nat(f)))
line("TSan / native", lambda f: (f"tsan-{f}", nat(f)))
line("KCSAN / TSan", lambda f: (f"kcsan-{f}", f"tsan-{f}"))
line("peak RSS: KCSAN / TSan", lambda f: (f"kcsan-{f}", f"tsan-{f}"), table=rss)
line("peak RSS: KMSAN / MSan (origins=2), worst workload", lambda f: (f"kmsan-{f}", f"msan-{f}"),
     table=rss, stat=lambda xs: max(xs), goal=1.00)
def hello_delta(a, n, table):
    if a in table and n in table: return med(table[a]) - med(table[n])
    return None
for kind, label in (("ksan-inline", "ksan inline"), ("asan", "ASan")):
    for tname, table in (("CPU", hello_cpu), ("wall", hello)):
        cells = []
        for f in fams:
            d = hello_delta(f"{kind}-{f}", nat(f), table)
            cells.append("—" if d is None else f"{d:+.3f} ms")
            if kind == "ksan-inline" and tname == "CPU" and f"ksan-inline-{f}" in vinfo:
                goals.append((f"hello-world start-up (CPU time), ksan inline - native [{f}]", d, 1.0, 0))
        P(f"| hello world start-up, {tname}: {label} - native | " + " | ".join(cells) + " |")
P("")

P("## The goals (issue 4: ksan against ASan; issue 11: KMSAN against MSan; KCSAN against TSan)")
P("")
for label, val, goal, nfail in goals + [g for g in kcsan_goals if not g[0].startswith("planted")]:
    if val is None:
        verdict = "not measured"
    else:
        verdict = "met" if val <= goal and not nfail else "NOT met"
    unit = " ms" if "start-up" in label else "×"
    sval = "—" if val is None else (f"{val:+.3f}{unit}" if unit == " ms" else f"{val:.2f}{unit}")
    P(f"- {label}: {sval} (goal <= {goal:g}{unit.strip() if unit == ' ms' else '×'}): **{verdict}**"
      + (f", {nfail} workload(s) FAILED" if nfail else ""))
P("")
if not host_variants:
    del out[headline_at:]

# ---- aarch64 under qemu-aarch64 (issue 13): peak RSS only
a64_goals = []
if a64:
    WBIN_OF = {w: meta["workload." + w].split()[0] for w in workloads}
    def a64_nat(v):   # the aarch64 native build of the same compiler
        n = "a64-" + vinfo[v]["fam"]
        return n if n in vinfo and not vinfo[n]["bfail"] else None
    def a64_var(kind, fam):
        for v in a64:
            if vinfo[v]["kind"] == kind and vinfo[v]["fam"] == fam: return v
        return None
    def ok(w, v): return v is not None and not status(w, v) and rss.get((w, v)) if w != "hello" else v in hello_rss
    def total(w, v):  # median peak RSS (KiB) of the qemu process
        if w == "hello": return med(hello_rss.get(v, []))
        return med(rss[(w, v)]) if ok(w, v) else None
    def part(w, v, key):  # median of one qemu_rss.py field (KiB)
        xs = [x.get(key) for x in split.get((w, v), []) if x.get(key) is not None]
        return med(xs) if xs else None
    def over(a, b): return a - b if a is not None and b is not None else None
    def mib(x, sign=False):
        if x is None: return "—"
        return f"{x/1024:+.1f}" if sign else f"{x/1024:.1f}"
    def rat(a, b): return "—" if a is None or not b else f"{a/b:.2f}×"
    P("## aarch64 under qemu-aarch64: peak RSS (issue 13)")
    P("")
    P("Times under an emulator mean little, so only memory is compared. **Peak RSS** is the qemu-aarch64 process's "
      "ru_maxrss (what `/usr/bin/time -f %M` reports): the guest program's memory plus qemu's own (its code and libraries, "
      "the translated-code buffer, its heap with the translation-block metadata, page descriptors and, for PROT_MTE "
      "pages, the MTE allocation tags: 4 bits per 16-byte granule, 128 bytes per 4 KiB page). **Overhead** = variant − "
      "native of the same compiler, so qemu's fixed part (the hello row) cancels; what does not cancel is qemu's part that "
      "grows with the variant: more code to translate (instrumentation) and MTE tag storage. **Guest** is the part "
      "of qemu's RSS at the guest's own addresses (bench/qemu_rss.py: qemu-user 7.2 emulates the guest's /proc/self/maps but "
      "passes status, statm and smaps through to the host, i.e. reports qemu's numbers; qemu maps the guest at guest_base 0, "
      "so the guest's mappings are the qemu process's mappings below qemu's executable): the qemu process's RSS "
      "(smaps_rollup) minus qemu's own mappings (smaps), sampled every 0.1 s (10 ms at the start), so a peak shorter than "
      "that can be missed. The guest part is what the program would hold on an aarch64 machine with 4 KiB pages (MTE "
      "tag storage, which hardware keeps outside the process's memory, is not in it). Every run must report nothing and "
      "print the native build's output. "
      + (f"Every aarch64 run has `{meta['a64_env']}` (glibc's memset without DC ZVA: qemu 7.2 faults on DC ZVA through "
         "a tagged pointer with MTE on, which killed every kasan-hw run with glibc's default memset)." if meta.get("a64_env") else ""))
    P("")
    P("| workload | variant | peak RSS MiB (median) | min–max | overhead MiB | guest peak MiB | guest overhead MiB | qemu's own MiB | runs |")
    P("|---|---|---:|---:|---:|---:|---:|---:|---:|")
    for w in ["hello"] + workloads:
        for v in a64:
            if vinfo[v]["bfail"] or (w, v) in fail:
                P(f"| {w} | {v} | **FAILED** | | | | | | |"); continue
            xs = hello_rss.get(v, []) if w == "hello" else rss.get((w, v), [])
            if not xs: continue
            n = a64_nat(v)
            t, g, q = total(w, v), part(w, v, "guest_peak"), part(w, v, "qemu_peak")
            ov = "" if n == v else mib(over(t, total(w, n)), True)
            gov = "" if n == v else mib(over(g, part(w, n, "guest_peak")), True)
            P(f"| {w} | {v} | {mib(t)} | {min(xs)/1024:.1f}–{max(xs)/1024:.1f} | {ov} | {mib(g)} | {gov} | {mib(q)} | {len(xs)} |")
    P("")
    P("### Against the goals: tag modes' RSS overhead over generic KASAN's")
    P("")
    P("Goal (issue 13): software tags' overhead <= 0.5× generic KASAN's, hardware tags' <= 0.2×, same compiler. "
      "Overheads in MiB (variant − native), peak RSS of the qemu process, and in brackets the guest part's.")
    P("")
    P("| workload | compiler | generic KASAN | software tags | sw / generic | hardware tags | hw / generic |")
    P("|---|---|---:|---:|---:|---:|---:|")
    sums = collections.defaultdict(lambda: [0.0, 0.0, 0, 0.0, 0.0])   # (kind, fam) -> [sum tag ov, sum gen ov, n, guest...]
    worst = {}
    for w in workloads:
        for fam in ("clang", "gcc"):
            gen, n = a64_var("kasan", fam), "a64-" + fam
            if not gen or n not in vinfo: continue
            go, gg = over(total(w, gen), total(w, n)), over(part(w, gen, "guest_peak"), part(w, n, "guest_peak"))
            cells = [f"{mib(go, True)} ({mib(gg, True)})"]
            for kind in ("kasan-sw", "kasan-hw"):
                tv = a64_var(kind, fam)
                if not tv:
                    cells += ["—", "—"]; continue
                to, tg = over(total(w, tv), total(w, n)), over(part(w, tv, "guest_peak"), part(w, n, "guest_peak"))
                cells += [f"{mib(to, True)} ({mib(tg, True)})", f"{rat(to, go)} ({rat(tg, gg)})"]
                key = (kind, fam)
                if to is not None and go:
                    s_ = sums[key]; s_[0] += to; s_[1] += go; s_[2] += 1
                    if tg is not None and gg: s_[3] += tg; s_[4] += gg
                    r_ = to / go
                    if key not in worst or r_ > worst[key][0]: worst[key] = (r_, w)
            P(f"| {w} | {fam} | " + " | ".join(cells) + " |")
    P("")
    for kind, goal, label in (("kasan-sw", 0.5, "software tags"), ("kasan-hw", 0.2, "hardware tags")):
        for fam in ("clang", "gcc"):
            tv, gen = a64_var(kind, fam), a64_var("kasan", fam)
            if not tv or not gen: continue
            nfail = sum(1 for w in workloads if status(w, tv) or status(w, gen) or status(w, "a64-" + fam))
            s_ = sums[(kind, fam)]
            if not s_[2]:
                a64_goals.append((f"{label} / generic KASAN, RSS overhead [{fam}]", None, goal, nfail, "", "")); continue
            agg = s_[0] / s_[1] if s_[1] else None
            aggg = s_[3] / s_[4] if s_[4] else None
            wr, ww = worst[(kind, fam)]
            a64_goals.append((f"{label} / generic KASAN, RSS overhead [{fam}]", wr, goal, nfail,
                              f"worst workload {ww}", f"all workloads together {agg:.2f}×"
                              + (f", guest part {aggg:.2f}×" if aggg is not None else "")))
    for label, val, goal, nfail, where, extra in a64_goals:
        verdict = "not measured" if val is None else ("met" if val <= goal and not nfail else "NOT met")
        P(f"- {label}: {'—' if val is None else f'{val:.2f}×'} ({where}; {extra}) (goal <= {goal:g}×): **{verdict}**"
          + (f", {nfail} workload(s) FAILED" if nfail else ""))
    P("")
    P("### Where the memory goes (medians at the sampled peaks, MiB)")
    P("")
    P("Guest: shadow = mappings in [1 << 40, (1 << 40) + (1 << 44)) (generic KASAN: 1 byte per 8; software tags: "
      "1 per 16; hardware tags: none); anon = the guest's other anonymous memory (heap, stacks, ksan's metadata: stack "
      "depot, slab side tables, quarantine); file = program and libraries. qemu: heap = qemu's malloc (TB metadata, page "
      "descriptors, MTE tags); anon = other anonymous memory (the translated-code buffer, thread stacks); file = qemu's "
      "own code and libraries. .text = the program's code size (KiB).")
    P("")
    P("| workload | variant | guest | shadow | anon | file | qemu | qemu heap | qemu anon | qemu file | .text KiB |")
    P("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for w in ["hello"] + workloads:
        for v in a64:
            if not split.get((w, v)): continue
            txt = meta.get(f"text.{v}.{WBIN_OF.get(w, '')}", "")
            P(f"| {w} | {v} | " + " | ".join(mib(part(w, v, k)) for k in
              ("guest_peak", "shadow", "anon", "file", "qemu_peak", "qemu_heap", "qemu_anon", "qemu_file"))
              + f" | {int(txt)//1024 if txt else ''} |")
    P("")

# ---- failures
if fail or any(vinfo[v]["bfail"] for v in variants):
    P("## Failures")
    P("")
    for v in variants:
        if vinfo[v]["bfail"]:
            P(f"- variant **{v}**: build FAILED, log `{vinfo[v]['bfail']}`")
    for (w, v), note in sorted(fail.items()):
        P(f"- **{w}**, variant **{v}**: {note}")
        errf = os.path.join(logs, f"FAILED-{w}-{v}.stderr")
        if os.path.exists(errf):
            txt = open(errf, errors="replace").read().splitlines()[:30]
            if txt:
                P("")
                P("  ```")
                for t in txt: P("  " + t)
                P("  ```")
    P("")

# ---- how
P("## Exact commands")
P("")
P(f"Flags of every variant: `{meta['cflags']}`.")
P("")
P("| variant | compiler command | run-time environment |")
P("|---|---|---|")
for v in variants:
    P(f"| {v} | `{vinfo[v]['cc']}` | {('`' + vinfo[v]['env'] + '`') if vinfo[v]['env'] else '(default)'} |")
P("")
P("Builds (CC = the variant's compiler command):")
P("")
for k in ("build.speedtest1", "build.lua", "build.hello", "build.hashtable"):
    P(f"- {k[6:]}: `{meta[k]}`")
P("")
P("Workloads (each run as `/usr/bin/time -f '%U %S %M' BINARY ARGS`, one variant after another, "
  "rotating the order every round):")
P("")
for w in workloads:
    P(f"- {w}: `{meta['workload.' + w]}`")
P(f"- hello: `for i in 1..{meta['hello_n']}: ./hello` timed as a whole, divided by {meta['hello_n']}")
if a64:
    P("")
    P(f"aarch64 variants: each run as `bench/qemu_rss.py TIMEFILE SPLITFILE -- {meta.get('qemu', '').split(' | ')[-1]} "
      f"BINARY ARGS` (the same arguments, but speedtest1: `{meta.get('a64_workload.speedtest1', '?')}`); "
      "hello: one run per round, its peak RSS. Lua's multiarch header names aarch64-linux-gnu for them.")
print("\n".join(out))
PYEOF
leak_report section "$OUT.new"
mv "$OUT.new" "$OUT"
cp "$OUT" "$CACHE/results/report-$STAMP.md"
cat "$OUT"
say "report: $OUT (raw numbers: $RAW; logs: $RUNLOG)"
say "total time: $(( $(date +%s) - T_START )) s (measuring: $((T_RUN1 - T_RUN0)) s)"
nfailed=$((${#FAILED[@]} + ${#LEAK_FAILED[@]}))
for v in "${VARIANTS[@]}"; do [ -n "${BUILD_FAILED[$v]:-}" ] && nfailed=$((nfailed + 1)); done
if [ "$nfailed" -gt 0 ]; then
	warn "$nfailed workload/variant pair(s) FAILED: see the Failures section above"
	exit 1
fi
