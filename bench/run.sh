#!/usr/bin/env bash
# ksan benchmark: ksan (inline/outline, gcc/clang) and the preloaded KFENCE
# against native builds and AddressSanitizer on real C programs taken from Debian source packages:
#   SQLite 3.40 (sqlite3: the amalgamation + test/speedtest1.c) and
#   Lua 5.4 (lua5.4: the interpreter) running the scripts in bench/lua/ and
#   bzip2 1.0.8 (bzip2: the program) compressing and decompressing a 16 MiB input, and
#   zstd 1.5.4 (libzstd: the zstd program, two compression threads) doing the same
#   (mt-zstd; native, kcsan and tsan variants, as the hash table).
#
#   make bench              full run (>= 5 interleaved runs per variant; ~25 min without
#                           the kcsan and tsan variants, ~55 min more with them on a loaded 2-core machine)
#   make bench QUICK=1      subset (3 runs, 4 workloads + mt-hashtable-2, the gcc variants;
#                           kcsan-gcc and tsan-gcc run only the hash table, 5 racy runs; ~5 min measuring)
#   bash bench/run.sh [--quick] [--runs N] [--variants a,b] [--workloads a,b]
#   (KMSAN against MemorySanitizer alone, e.g.:
#    bash bench/run.sh --variants clang,kmsan-clang,msan-clang --workloads lua-strings --runs 1)
#   (KCSAN against ThreadSanitizer alone, e.g.:
#    bash bench/run.sh --variants gcc,clang,kcsan-gcc,kcsan-clang,tsan-gcc,tsan-clang)
#   --detect-runs R   runs of the racy hash table per race detector (default 20, QUICK 5; 0: none)
#   --unmap-only      the unmap quarantine (a map-heavy workload) and type checks alone
#                     (bench/unmap/run.sh; report in bench/cache/results/unmap.md, ~1 min);
#                     a full or QUICK run appends the same table to its report
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
#   --base-build DIR  before/after in one run: every ksan variant (its compiler
#                     command is BUILD's ksan-cc; kfence-*: BUILD's preload) runs
#                     once more as VARIANT@base with DIR's ksan-cc (DIR/bin/ksan-cc,
#                     DIR/lib: e.g. the build of an older commit in its own worktree),
#                     interleaved with the others in every round (a variant whose compiler
#                     commands are the same in both builds links the same objects); the
#                     report adds the table "Before and after" (medians, after/before
#                     per workload and variant, geometric mean with a paired-bootstrap
#                     95% interval), e.g.
#    bash bench/run.sh --quick --base-build ../base/build
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
runs=""; only_variants=""; only_workloads=""; detect_runs=${DETECT_RUNS:-}; aarch64=0; base_build=""
leak_runs=${LEAK_RUNS:-}; leak_workloads=""; leak_only=0; unmap_only=0
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
	--unmap-only) unmap_only=1 ;;
	--base-build) base_build=$2; shift ;;
	--base-build=*) base_build=${1#*=} ;;
	-h|--help) awk 'NR > 1 && !/^#/ { exit } NR > 1' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
	*) die "unknown argument '$1' (try --help)" ;;
	esac
	shift
done

# the unmap quarantine and type checks alone (issue 31): bench/unmap/run.sh
if [ "$unmap_only" = 1 ]; then
	mkdir -p "$CACHE/results"
	BUILD=$KSAN_BUILD bash "$BENCH/unmap/run.sh" --runs "${runs:-5}" | tee "$CACHE/results/unmap.md"
	say "report: $CACHE/results/unmap.md"
	exit 0
fi

# ---------------------------------------------------------------- variants
# name | compiler family | kind | compiler command (CFLAGS_COMMON is added)
ALL_VARIANTS=(gcc clang ksan-inline-gcc ksan-inline-clang ksan-outline-gcc ksan-outline-clang asan-gcc asan-static-gcc asan-nofill-gcc asan-clang kfence-gcc kmsan-clang msan-clang kcsan-gcc kcsan-clang tsan-gcc tsan-clang)
QUICK_VARIANTS=(gcc ksan-inline-gcc ksan-outline-gcc asan-gcc kcsan-gcc tsan-gcc)
declare -A VCC VFAM VKIND VOBJ VENV
VCC[gcc]="gcc";                                                     VFAM[gcc]="gcc";   VKIND[gcc]="native"
VCC[clang]="clang";                                                 VFAM[clang]="clang"; VKIND[clang]="native"
VCC[ksan-inline-gcc]="$KSAN_CC --ksan-cc=gcc --ksan-mode=inline";     VFAM[ksan-inline-gcc]="gcc";   VKIND[ksan-inline-gcc]="ksan-inline"
VCC[ksan-inline-clang]="$KSAN_CC --ksan-cc=clang --ksan-mode=inline"; VFAM[ksan-inline-clang]="clang"; VKIND[ksan-inline-clang]="ksan-inline"
VCC[ksan-outline-gcc]="$KSAN_CC --ksan-cc=gcc --ksan-mode=outline";   VFAM[ksan-outline-gcc]="gcc";   VKIND[ksan-outline-gcc]="ksan-outline"
VCC[ksan-outline-clang]="$KSAN_CC --ksan-cc=clang --ksan-mode=outline"; VFAM[ksan-outline-clang]="clang"; VKIND[ksan-outline-clang]="ksan-outline"
VCC[asan-gcc]="gcc -fsanitize=address";                               VFAM[asan-gcc]="gcc";   VKIND[asan-gcc]="asan"
VCC[asan-clang]="clang -fsanitize=address";                           VFAM[asan-clang]="clang"; VKIND[asan-clang]="asan"
# Like for like with ksan (issue 17; see the notes under the main table):
# gcc links libasan dynamically by default, ksan is a static archive:
# asan-static-gcc links it with -static-libasan (the same objects as
# asan-gcc: VOBJ names the variant whose objects a variant links).  ASan
# fills the first max_malloc_fill_size (4096) bytes of every allocation with
# 0xbe, ksan fills nothing: asan-nofill-gcc runs asan-gcc's objects with
# max_malloc_fill_size=0.  Clang's ASan carries the use-after-return
# instrumentation (-fsanitize-address-use-after-return=runtime, off at run
# time), ksan's clang builds (kernel-address) none: asan-nouar-clang leaves
# it out (not in the full run; pick it with --variants).
VCC[asan-static-gcc]="gcc -fsanitize=address -static-libasan";      VFAM[asan-static-gcc]="gcc"; VKIND[asan-static-gcc]="asan"; VOBJ[asan-static-gcc]=asan-gcc
VCC[asan-nofill-gcc]="gcc -fsanitize=address";                      VFAM[asan-nofill-gcc]="gcc"; VKIND[asan-nofill-gcc]="asan"; VOBJ[asan-nofill-gcc]=asan-gcc
VENV[asan-nofill-gcc]="ASAN_OPTIONS=detect_leaks=0:max_malloc_fill_size=0"
VCC[asan-nouar-clang]="clang -fsanitize=address -fsanitize-address-use-after-return=never"; VFAM[asan-nouar-clang]="clang"; VKIND[asan-nouar-clang]="asan"
# ASan's own outline mode (a call per access, the libasan entry points), to
# see what calling costs ASan beside ksan's outline / inline (issue 17; not
# in the full run: pick them with --variants)
VCC[asan-outline-gcc]="gcc -fsanitize=address --param asan-instrumentation-with-call-threshold=0"; VFAM[asan-outline-gcc]="gcc"; VKIND[asan-outline-gcc]="asan"
VCC[asan-outline-clang]="clang -fsanitize=address -mllvm -asan-instrumentation-with-call-threshold=0"; VFAM[asan-outline-clang]="clang"; VKIND[asan-outline-clang]="asan"
# clang without ksan's check optimizer (ksan-opt.so, docs/optimizer.md), to
# see what it gains (not in the full run: pick them with --variants)
VCC[ksan-inline-clang-noopt]="$KSAN_CC --ksan-cc=clang --ksan-mode=inline --ksan-no-opt"; VFAM[ksan-inline-clang-noopt]="clang"; VKIND[ksan-inline-clang-noopt]="ksan-inline"
VCC[ksan-outline-clang-noopt]="$KSAN_CC --ksan-cc=clang --ksan-mode=outline --ksan-no-opt"; VFAM[ksan-outline-clang-noopt]="clang"; VKIND[ksan-outline-clang-noopt]="ksan-outline"
EXTRA_VARIANTS=(asan-nouar-clang asan-outline-gcc asan-outline-clang ksan-inline-clang-noopt ksan-outline-clang-noopt kcsan-clang-calls)
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
# clang's KCSAN with a call per access (--ksan-no-opt; kcsan-clang has
# ksan-opt's inline fast path, ksan-cc's default for clang 14)
VCC[kcsan-clang-calls]="$KSAN_CC --ksan-cc=clang --ksan=kcsan --ksan-no-opt"; VFAM[kcsan-clang-calls]="clang"; VKIND[kcsan-clang-calls]="kcsan"
VCC[tsan-gcc]="gcc -fsanitize=thread";                                VFAM[tsan-gcc]="gcc";   VKIND[tsan-gcc]="tsan"
VCC[tsan-clang]="clang -fsanitize=thread";                            VFAM[tsan-clang]="clang"; VKIND[tsan-clang]="tsan"
# Floors (issue 29; not in the full run, pick them with --variants): what a
# speed goal could reach at best with the compilers' instrumentation.
# *-noreads: no load checked (a bound for Tech-ASan's two-stage check, which
# still compares every loaded value with its magic value); *-nochecks: no
# access checked at all (what is left: the allocator, quarantine, stack and
# global red zones); ksan-outline-*-nullcheck: outline's objects linked with
# entry points that return at once (bench/floors/null_entries.S: the call
# alone); kcsan-*-nullrt: KCSAN's objects linked with the TSan ABI's access
# entry points returning at once (the same file).  The null entry
# points miss every bug: these binaries only measure.
FLOORS=$CACHE/floors
VCC[ksan-inline-gcc-noreads]="$KSAN_CC --ksan-cc=gcc --ksan-mode=inline --param asan-instrument-reads=0"
VCC[ksan-inline-clang-noreads]="$KSAN_CC --ksan-cc=clang --ksan-mode=inline --ksan-no-opt -mllvm -asan-instrument-reads=0"
VCC[ksan-inline-gcc-nochecks]="${VCC[ksan-inline-gcc-noreads]} --param asan-instrument-writes=0"
VCC[ksan-inline-clang-nochecks]="${VCC[ksan-inline-clang-noreads]} -mllvm -asan-instrument-writes=0"
for f in gcc clang; do
	for v in ksan-inline-$f-noreads ksan-inline-$f-nochecks; do VFAM[$v]=$f; VKIND[$v]=ksan-inline; done
	VCC[ksan-outline-$f-nullcheck]="${VCC[ksan-outline-$f]} -Wl,--allow-multiple-definition $FLOORS/null_entries.o"
	VFAM[ksan-outline-$f-nullcheck]=$f; VKIND[ksan-outline-$f-nullcheck]=ksan-outline; VOBJ[ksan-outline-$f-nullcheck]=ksan-outline-$f
	k=kcsan-$f; [ $f = clang ] && k=kcsan-clang-calls	# the calls, whatever the default
	VCC[kcsan-$f-nullrt]="${VCC[$k]} -Wl,--allow-multiple-definition $FLOORS/null_entries.o"
	VFAM[kcsan-$f-nullrt]=$f; VKIND[kcsan-$f-nullrt]=kcsan; VOBJ[kcsan-$f-nullrt]=$k
	EXTRA_VARIANTS+=(ksan-inline-$f-noreads ksan-inline-$f-nochecks ksan-outline-$f-nullcheck kcsan-$f-nullrt)
done
# Tech-ASan's two-stage load check, its first stage only (ksan-opt's
# experiment, tools/ksan-opt/TwoStage.cpp: no magic fill by the runtime, so
# it misses bugs): what the technique would cost at best, beside -noreads
VCC[ksan-inline-clang-twostage]="env KSAN_OPT_EXPERIMENT=twostage-cost $KSAN_CC --ksan-cc=clang --ksan-mode=inline"
VFAM[ksan-inline-clang-twostage]=clang; VKIND[ksan-inline-clang-twostage]=ksan-inline; EXTRA_VARIANTS+=(ksan-inline-clang-twostage)
# Stack-use-after-return (issue 16; not in the full run, pick them with
# --variants): GCC builds with (-uar) and without (-nouar) the fake-stack
# instrumentation, run with it off (ksan's default), and inline's -uar-on
# with detect_stack_use_after_return=1; bench/results/2026-12-04-uar.md
UAR_VARIANTS=()
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
ALL_WORKLOADS=(speedtest1 lua-binary_trees lua-strings lua-tables lua-numeric bzip2 mt-hashtable-2 mt-hashtable-4 mt-zstd)
QUICK_WORKLOADS=(speedtest1 lua-binary_trees lua-strings bzip2 mt-hashtable-2)
SPEEDTEST_SIZE=${SPEEDTEST_SIZE:-80}
declare -A WBIN WARGS
# --verify: speedtest1 hashes every result row and prints "Verification Hash:
# N HEX" at the end, the check that a variant computes the right answers
WBIN[speedtest1]=speedtest1;     WARGS[speedtest1]="--size $SPEEDTEST_SIZE --memdb --verify"
for s in binary_trees strings tables numeric; do
	WBIN[lua-$s]=lua; WARGS[lua-$s]="$BENCH/lua/$s.lua"
done
# the multithreaded hash table (bench/mt/hashtable.c): THREADS, fixed work
MT_OPS=${MT_OPS:-4000000}
for n in 2 4; do WBIN[mt-hashtable-$n]=hashtable; WARGS[mt-hashtable-$n]="$n $MT_OPS"; done
MT_SRC=$BENCH/mt/hashtable.c
# bzip2 (Debian's bzip2 1.0.8, the bzip2 program): compress, then decompress,
# a deterministic BZIP2_MIB MiB input (bench/bzip2_input.py: SQLite's and
# Lua's C sources repeated, skewed and uniform pseudo-random bytes), made once
# in the cache; the run is bzip2-roundtrip, a sh script in the variant's
# directory running its bzip2 twice (-9 -c < IN > OUT.bz2; -d -c < OUT.bz2 >
# OUT); after the timed run the output must equal the input (cmp), and the
# .bz2's sha256 is the run's output, compared across variants like the others.
BZIP2_MIB=${BZIP2_MIB:-16}
BZIP2_INPUT=$CACHE/bzip2-input-${BZIP2_MIB}m.bin
BZIP2_OUT=$CACHE/run/bzip2-roundtrip.out
WBIN[bzip2]=bzip2-roundtrip; WARGS[bzip2]="$BZIP2_INPUT $BZIP2_OUT"
BZIP2_CFILES=(blocksort huffman crctable randtable compress decompress bzlib bzip2)
BZIP2_DEFS="-D_FILE_OFFSET_BITS=64"
# mt-zstd (Debian's libzstd 1.5.4, the zstd program; issue 29's multithreaded
# real program): the same input, compressed with two worker threads
# (-T2 -12, 1 MiB windows so that the 16 MiB make several jobs for the two
# workers), then decompressed; zstd-roundtrip is a sh script like bzip2's,
# the output is checked the same way.  Built without its assembly (C only,
# every access instrumented), dictionary builder, benchmark and trace parts.
ZSTD_OUT=$CACHE/run/zstd-roundtrip.out
ZSTD_LEVEL=${ZSTD_LEVEL:-"-12 --zstd=wlog=20"}
WBIN[mt-zstd]=zstd-roundtrip; WARGS[mt-zstd]="$BZIP2_INPUT $ZSTD_OUT"
ZSTD_CFILES=(lib/common/debug lib/common/entropy_common lib/common/error_private lib/common/fse_decompress
	lib/common/pool lib/common/threading lib/common/xxhash lib/common/zstd_common
	lib/compress/fse_compress lib/compress/hist lib/compress/huf_compress lib/compress/zstd_compress
	lib/compress/zstd_compress_literals lib/compress/zstd_compress_sequences
	lib/compress/zstd_compress_superblock lib/compress/zstd_double_fast lib/compress/zstd_fast
	lib/compress/zstd_lazy lib/compress/zstd_ldm lib/compress/zstd_opt lib/compress/zstdmt_compress
	lib/decompress/huf_decompress lib/decompress/zstd_ddict lib/decompress/zstd_decompress
	lib/decompress/zstd_decompress_block
	programs/fileio programs/fileio_asyncio programs/timefn programs/util programs/zstdcli)
ZSTD_DEFS_BASE="-DZSTD_MULTITHREAD -DZSTD_DISABLE_ASM -DZSTD_NOBENCH -DZSTD_NODICT -DZSTD_NOTRACE -DZSTD_LEGACY_SUPPORT=0 -DBACKTRACE_ENABLE=0 -D_FILE_OFFSET_BITS=64"
# the leak check's own workload (section 5c, not in the main runs unless
# asked for): a large heap still allocated, and reachable, at exit
WBIN[lua-live_heap]=lua; WARGS[lua-live_heap]="$BENCH/lua/live_heap.lua"
# aarch64 variants run speedtest1 smaller (qemu is 5..30x slower; peak RSS,
# not time, is measured); their other workloads take the same arguments
A64_SPEEDTEST_SIZE=${A64_SPEEDTEST_SIZE:-25}
wargs() {	# wargs WORKLOAD VARIANT: the workload's arguments for the variant
	if is_a64 "$2" && [ "$1" = speedtest1 ]; then echo "--size $A64_SPEEDTEST_SIZE --memdb --verify"
	else echo "${WARGS[$1]}"; fi
}
# Which variants run which workload: the hash table runs natively and under
# the race detectors only; in QUICK mode the race detectors run it alone
# (TSan on SQLite and Lua would take most of the 5 minutes).
applies() {	# applies WORKLOAD VARIANT
	local k=${VKIND[$2]}
	case $1 in
	mt-*) ! is_a64 "$2" && { [ "$k" = native ] || [ "$k" = kcsan ] || [ "$k" = tsan ]; } ;;
	bzip2) ! is_a64 "$2" && { [ "$quick" = 0 ] || [ -n "$only_workloads" ] || { [ "$k" != kcsan ] && [ "$k" != tsan ]; }; } ;;
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
	for w in "${WORKLOADS[@]}"; do case $w in mt-*|bzip2) ;; *) a64w+=("$w") ;; esac; done
	WORKLOADS=("${a64w[@]}")
fi
if [ -n "$only_variants" ]; then IFS=, read -r -a VARIANTS <<< "$only_variants"; fi
if [ -n "$only_workloads" ]; then IFS=, read -r -a WORKLOADS <<< "$only_workloads"; fi
for v in "${VARIANTS[@]}"; do [ -n "${VCC[$v]:-}" ] || die "unknown variant '$v' (known: ${ALL_VARIANTS[*]} ${EXTRA_VARIANTS[*]} ${A64_VARIANTS[*]} ${UAR_VARIANTS[*]})"; done
# --base-build DIR: each ksan variant once more, VARIANT@base, with DIR's ksan-cc
# (and DIR's KFENCE preload), the same kind, family, environment and sources
BASE_CC=""
same_compile() {	# same_compile "CC..." BUILD: CC's compiler commands for a C file, BUILD's paths as B
	local cmds f
	mkdir -p "$CACHE/tmp"
	echo 'int f(int *p) { return *p; }' > "$CACHE/tmp/same_compile.c"
	# shellcheck disable=SC2086
	cmds=$($1 $CFLAGS_COMMON -c "$CACHE/tmp/same_compile.c" -o "$CACHE/tmp/same_compile.o" -### 2>&1 |
		grep -E 'cc1|-cc1')
	sed -E "s|$2|B|g; s|/tmp/cc[A-Za-z0-9]+|T|g" <<< "$cmds"
	# a pass plugin they load (ksan-opt.so) by its content: the same path
	# in two builds is not the same pass
	for f in $(grep -oE -- '-fpass-plugin=[^" ]+' <<< "$cmds" | sed 's/^-fpass-plugin=//'); do
		sha256sum < "$f"
	done
}
if [ -n "$base_build" ]; then
	case $base_build in /*) ;; *) base_build=$PWD/$base_build ;; esac
	BASE_CC=$base_build/bin/ksan-cc
	[ -x "$BASE_CC" ] || die "--base-build: $BASE_CC is missing (run make in that tree)"
	[ "$BASE_CC" -ef "$KSAN_CC" ] && die "--base-build: $base_build is the build being measured"
	based=()
	for v in "${VARIANTS[@]}"; do
		read -r cc1 _ <<< "${VCC[$v]}"
		if [ "$cc1" = "$KSAN_CC" ]; then VCC[$v@base]="$BASE_CC${VCC[$v]#"$KSAN_CC"}"
		elif [ "${VKIND[$v]}" = kfence ]; then VCC[$v@base]=${VCC[$v]}; VENV[$v@base]="LD_PRELOAD=$base_build/lib/libksan-kfence.so"
		else continue; fi
		VFAM[$v@base]=${VFAM[$v]}; VKIND[$v@base]=${VKIND[$v]}
		# the same compiler commands (ksan-cc -###, the two builds' paths
		# made alike): the same objects, only the link (each ksan-cc with
		# its own runtime) differs, so they are compiled once
		if [ "${VKIND[$v]}" != kfence ]; then
			a=$(same_compile "${VCC[$v]}" "$KSAN_BUILD"); b=$(same_compile "${VCC[$v@base]}" "$base_build")
			if [ -n "$a" ] && [ "$a" = "$b" ]; then VOBJ[$v@base]=$v; fi
		fi
		[ -z "${VENV[$v]:-}" ] || VENV[$v@base]=${VENV[$v]}
		[ -z "${VARCH[$v]:-}" ] || VARCH[$v@base]=${VARCH[$v]}
		based+=("$v@base")
	done
	[ ${#based[@]} -gt 0 ] || die "--base-build: none of the variants (${VARIANTS[*]}) is a ksan variant"
	VARIANTS+=("${based[@]}")
fi
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
if [ -n "$BASE_CC" ]; then
	KSAN_REV="$KSAN_REV; base (the @base variants, BASE = --base-build): $(cd "$base_build" && git rev-parse --short HEAD 2>/dev/null || echo ?), BASE/lib/libksan.a sha256 $(sha256sum "$base_build/lib/libksan.a" 2>/dev/null | cut -c1-12)"
fi
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
# gnuplot draws the report's chart: optional (without it, no chart and a warning)
install_gnuplot() {
	command -v gnuplot >/dev/null && return 0
	if [ "$(id -u)" != 0 ]; then warn "gnuplot is missing (Debian package gnuplot-nox) and this is no root: no chart"; return 0; fi
	say "installing gnuplot-nox (the report's chart)"
	if ! DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends gnuplot-nox >"$LOGS/apt-gnuplot.log" 2>&1; then
		DEBIAN_FRONTEND=noninteractive apt-get update >>"$LOGS/apt-gnuplot.log" 2>&1 || true
		DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends gnuplot-nox >>"$LOGS/apt-gnuplot.log" 2>&1 \
			|| warn "could not install gnuplot-nox (see $LOGS/apt-gnuplot.log): no chart"
	fi
}
[ "$aarch64" = 1 ] || install_gnuplot
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

SRC_PKGS=(sqlite3 lua5.4 bzip2 libzstd)	# Debian source packages, unpacked in SRC as PKG-VERSION/
# a package whose newest version the mirror cannot serve whole (a security
# update's debian.tar missing) is fetched at bookworm's own version instead
declare -A SRC_ALT=([libzstd]="libzstd=1.5.4+dfsg2-5")
fetch_sources() {
	local p missing=()
	for p in "${SRC_PKGS[@]}"; do
		if [ -z "$(ls -d "$SRC/$p"-[0-9]*/ 2>/dev/null | head -1)" ] || [ ! -e "$SRC/.complete-$p" ]; then
			# caches from before the per-package markers: one marker for sqlite3 and lua5.4
			if [ -e "$SRC/.complete" ] && [ -n "$(ls -d "$SRC/$p"-[0-9]*/ 2>/dev/null | head -1)" ]; then
				touch "$SRC/.complete-$p"; continue
			fi
			missing+=("$p")
		fi
	done
	if [ ${#missing[@]} -eq 0 ]; then
		say "sources cached: $(cd "$SRC" && for p in "${SRC_PKGS[@]}"; do ls -d "$p"-[0-9]*/ | head -1 | tr -d /; done | tr '\n' ' ')"
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
	say "apt-get source ${missing[*]} -> $SRC"
	for p in "${missing[@]}"; do rm -rf "$SRC/$p"-[0-9]*/; done
	if ! (cd "$SRC" && apt-get "${APT_OPTS[@]}" source "${missing[@]}") > "$LOGS/apt-source.log" 2>&1; then
		for p in "${missing[@]}"; do	# one by one, with SRC_ALT's version as the fallback
			[ -n "$(ls -d "$SRC/$p"-[0-9]*/ 2>/dev/null | head -1)" ] && continue
			(cd "$SRC" && { apt-get "${APT_OPTS[@]}" source "$p" || { [ -n "${SRC_ALT[$p]:-}" ] &&
				apt-get "${APT_OPTS[@]}" source "${SRC_ALT[$p]}"; }; }) >> "$LOGS/apt-source.log" 2>&1 \
				|| { loud "apt-get source $p" "$LOGS/apt-source.log"; die "could not get the sources"; }
		done
	fi
	for p in "${missing[@]}"; do touch "$SRC/.complete-$p"; done
}
fetch_sources
SQLITE_SRC=$(ls -d "$SRC"/sqlite3-*/ | head -1); SQLITE_SRC=${SQLITE_SRC%/}
LUA_SRC=$(ls -d "$SRC"/lua5.4-*/ | head -1); LUA_SRC=${LUA_SRC%/}
SQLITE_VER=$(basename "$(ls "$SRC"/sqlite3_*.dsc | head -1)" .dsc)
LUA_VER=$(basename "$(ls "$SRC"/lua5.4_*.dsc | head -1)" .dsc)
BZIP2_SRC=$(ls -d "$SRC"/bzip2-[0-9]*/ | head -1); BZIP2_SRC=${BZIP2_SRC%/}
BZIP2_VER=$(basename "$(ls "$SRC"/bzip2_*.dsc | head -1)" .dsc)
ZSTD_SRC=$(ls -d "$SRC"/libzstd-[0-9]*/ | head -1); ZSTD_SRC=${ZSTD_SRC%/}
ZSTD_VER=$(basename "$(ls "$SRC"/libzstd_*.dsc | head -1)" .dsc)
ZSTD_DEFS="$ZSTD_DEFS_BASE -I$ZSTD_SRC/lib -I$ZSTD_SRC/lib/common"

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
if [[ " ${WORKLOADS[*]} " == *" bzip2 "* || " ${WORKLOADS[*]} " == *" mt-zstd "* ]] && [ ! -s "$BZIP2_INPUT" ]; then
	say "making the bzip2 input ($BZIP2_MIB MiB, $BZIP2_INPUT)"
	# shellcheck disable=SC2046
	LC_ALL=C "$PY" "$BENCH/bzip2_input.py" "$BZIP2_INPUT" "$BZIP2_MIB" $(LC_ALL=C ls "$SQLITE_SRC"/src/*.c "$LUA_SRC"/src/*.c) \
		|| die "cannot make the bzip2 input"
fi

# ---------------------------------------------------------------- 4. builds
# Objects are cached per variant under a key of (compiler command, flags,
# compiler version, ksan-cc binary, sources); the link (which pulls in the
# current ksan runtime) is redone every run, so runtime changes are measured.
declare -A BUILD_FAILED=()   # variant -> log of the failed step
variant_key() {
	local v=$1 cc1="" ver ksan="" w
	for w in ${VCC[$v]}; do	# the first word that is not env or NAME=VALUE
		case $w in env|*=*) ;; *) cc1=$w; break ;; esac
	done
	if [ "$cc1" = "$KSAN_CC" ] || { [ -n "$BASE_CC" ] && [ "$cc1" = "$BASE_CC" ]; }; then
		ksan=$(cat "$cc1" "${cc1%/bin/ksan-cc}/lib/ksan-opt.so" 2>/dev/null | sha256sum | cut -c1-16)
		cc1=${VFAM[$v]}	# the compiler ksan-cc runs (--ksan-cc=)
		for w in ${VCC[$v]}; do case $w in --ksan-cc=*) cc1=${w#--ksan-cc=} ;; esac; done
	fi
	ver=$($cc1 --version 2>&1 | head -1)
	printf '%s\n' "${VCC[$v]}" "$CFLAGS_COMMON" "$ver" "$ksan" "$SQLITE_VER" "$LUA_VER" "$BZIP2_VER" "$BZIP2_DEFS" "$ZSTD_VER" "$ZSTD_DEFS_BASE" "$SQLITE_DEFS" "$(lua_defs "$v")" | sha256sum | cut -c1-16
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

bzip2_script() {	# bzip2_script DIR: DIR/bzip2-roundtrip IN OUT runs DIR/bzip2 twice
	printf '%s\n' '#!/bin/sh' '# compress IN, then decompress the result into OUT (bench/run.sh checks OUT = IN)' \
		'set -e' 'b=${0%/*}/bzip2' '"$b" -9 -c < "$1" > "$2.bz2"' '"$b" -d -c < "$2.bz2" > "$2"' > "$1/bzip2-roundtrip"
	chmod +x "$1/bzip2-roundtrip"
}

zstd_script() {	# zstd_script DIR: DIR/zstd-roundtrip IN OUT runs DIR/zstd twice
	printf '%s\n' '#!/bin/sh' '# compress IN with two threads, then decompress the result into OUT (bench/run.sh checks OUT = IN)' \
		'set -e' 'z=${0%/*}/zstd' "\"\$z\" -q -f -T2 $ZSTD_LEVEL -c < \"\$1\" > \"\$2.zst\"" \
		'"$z" -q -d -c < "$2.zst" > "$2"' > "$1/zstd-roundtrip"
	chmod +x "$1/zstd-roundtrip"
}

build_all() {
	local jobs=() v key d od src obj; local -A queued=()
	for v in "${VARIANTS[@]}"; do
		[ "${VKIND[$v]}" = kfence ] && continue	# the native binaries, below
		d=$BLD/${VOBJ[$v]:-$v}; key=$(variant_key "${VOBJ[$v]:-$v}"); mkdir -p "$BLD/$v"
		if [ "$(cat "$d/.key" 2>/dev/null)" != "$key" ]; then
			rm -rf "$d"; mkdir -p "$d/obj"; echo "$key" > "$d/.key"
		fi
		od=$d/obj
		# biggest first, so the two cores stay busy
		needs "$v" speedtest1 || continue
		[ -s "$od/sqlite3.o" ] || jobs+=("$v|$AMALG_DIR/sqlite3.c|$od/sqlite3.o|$SQLITE_DEFS -I$AMALG_DIR")
	done
	for v in "${VARIANTS[@]}"; do
		[ "${VKIND[$v]}" = kfence ] && continue
		d=$BLD/$v; od=$BLD/${VOBJ[$v]:-$v}/obj
		if needs "$v" speedtest1; then
			[ -s "$od/speedtest1.o" ] || jobs+=("$v|$SQLITE_SRC/test/speedtest1.c|$od/speedtest1.o|$SQLITE_DEFS -I$AMALG_DIR")
		fi
		if needs "$v" bzip2-roundtrip; then
			for src in "${BZIP2_CFILES[@]}"; do
				obj=$od/bz-$src.o
				[ -s "$obj" ] || jobs+=("$v|$BZIP2_SRC/$src.c|$obj|$BZIP2_DEFS")
			done
		fi
		if needs "$v" zstd-roundtrip; then
			for src in "${ZSTD_CFILES[@]}"; do
				obj=$od/zs-${src##*/}.o
				[ -s "$obj" ] || jobs+=("$v|$ZSTD_SRC/$src.c|$obj|$ZSTD_DEFS")
			done
		fi
		needs "$v" lua || continue
		for src in "${LUA_CFILES[@]}"; do
			obj=$od/lua-$(basename "$src" .c).o
			[ -s "$obj" ] || jobs+=("$v|$src|$obj|$(lua_defs "$v")")
		done
	done
	if [ ${#jobs[@]} -gt 0 ]; then
		say "compiling ${#jobs[@]} objects for ${#VARIANTS[@]} variants on $JOBS cores (logs: $LOGS/build-*.log) ..."
		local t0 running=0 j; t0=$(date +%s)
		for j in "${jobs[@]}"; do
			IFS='|' read -r v src obj extra <<< "$j"
			[ -z "${queued[$obj]:-}" ] || continue	# objects shared by variants (VOBJ)
			queued[$obj]=1
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
		d=$BLD/$v; od=$BLD/${VOBJ[$v]:-$v}/obj
		if [ "${VKIND[$v]}" = kfence ]; then
			local nd=$BLD/${VFAM[$v]} bins=(hello)
			needs "$v" speedtest1 && bins+=(speedtest1)
			needs "$v" lua && bins+=(lua)
			needs "$v" bzip2-roundtrip && bins+=(bzip2 bzip2-roundtrip)
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
		local missing=() lobjs=() bobjs=() zobjs=()
		if needs "$v" bzip2-roundtrip; then
			for src in "${BZIP2_CFILES[@]}"; do obj=$od/bz-$src.o; bobjs+=("$obj"); [ -s "$obj" ] || missing+=("$obj"); done
		fi
		if needs "$v" zstd-roundtrip; then
			for src in "${ZSTD_CFILES[@]}"; do obj=$od/zs-${src##*/}.o; zobjs+=("$obj"); [ -s "$obj" ] || missing+=("$obj"); done
		fi
		if needs "$v" speedtest1; then
			for obj in "$od/sqlite3.o" "$od/speedtest1.o"; do [ -s "$obj" ] || missing+=("$obj"); done
		fi
		if needs "$v" lua; then
			for src in "${LUA_CFILES[@]}"; do obj=$od/lua-$(basename "$src" .c).o; lobjs+=("$obj"); [ -s "$obj" ] || missing+=("$obj"); done
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
			{ ! needs "$v" speedtest1 || ${VCC[$v]} $CFLAGS_COMMON -o "$d/speedtest1" "$od/speedtest1.o" "$od/sqlite3.o" -lpthread -ldl -lm; } &&
			{ ! needs "$v" lua || ${VCC[$v]} $CFLAGS_COMMON -o "$d/lua" "${lobjs[@]}" -Wl,-E -lm -ldl; } &&
			{ ! needs "$v" bzip2-roundtrip || { ${VCC[$v]} $CFLAGS_COMMON -o "$d/bzip2" "${bobjs[@]}" && bzip2_script "$d"; }; } &&
			{ ! needs "$v" zstd-roundtrip || { ${VCC[$v]} $CFLAGS_COMMON -o "$d/zstd" "${zobjs[@]}" -lpthread && zstd_script "$d"; }; } &&
			{ ! needs "$v" hashtable || { ${VCC[$v]} $CFLAGS_COMMON -o "$d/hashtable" "$MT_SRC" -lpthread &&
			  ${VCC[$v]} $CFLAGS_COMMON -DPLANTED_RACE -o "$d/hashtable-race" "$MT_SRC" -lpthread; }; }
		   } > "$LOGS/link-$v.log" 2>&1; then
			BUILD_FAILED[$v]=$LOGS/link-$v.log
			loud "link of variant $v" "$LOGS/link-$v.log"
		fi
	done
}
# the floors' null entry points (assembled every run: a few microseconds)
mkdir -p "$FLOORS"
gcc -c "$BENCH/floors/null_entries.S" -o "$FLOORS/null_entries.o" || die "cannot assemble bench/floors/null_entries.S"
build_all

# ---------------------------------------------------------------- 5. runs
STAMP=$(date +%Y%m%d-%H%M%S)
RAW=$CACHE/results/raw-$STAMP.tsv
RUNLOG=$LOGS/run-$STAMP
mkdir -p "$RUNLOG" "$CACHE/run"
printf 'round\tworkload\tvariant\tstatus\tuser\tsys\trss_kb\twall\tnote\tsplit\n' > "$RAW"
declare -A FAILED=()     # "workload variant" -> reason (stop re-running it)
# The output check: every run's stdout (speedtest1's without its timings; its
# --verify hash is in it; bzip2's: the .bz2's sha256, after the round trip's
# cmp) must equal the reference: the first good run of a native variant when
# one runs the workload (natives run first in round 1), else the first good
# run of any variant, so variants that disagree fail without a native one.
declare -A EXPECT=()     # workload (aarch64: a64:workload) -> sha256 of the reference output
declare -A EXPECT_FROM=() # workload -> "variant round N" of the reference
declare -A HAS_NATIVE=()  # workload (aarch64: a64:workload) -> a native variant runs it
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
	if [ "$w" = bzip2 ] && { [ "$status" = ok ] || [ "$status" = reported ]; }; then
		# the round trip must give the input back; the compressed bytes are
		# the output compared across variants
		if ! cmp -s "$BZIP2_INPUT" "$BZIP2_OUT"; then
			status=FAILED; note="bzip2 round trip: the decompressed output differs from the input ($(cmp "$BZIP2_INPUT" "$BZIP2_OUT" 2>&1 | head -c 200 || true))"
		else
			echo "round trip ok; .bz2 $(stat -c %s "$BZIP2_OUT.bz2") bytes, sha256 $(sha256sum < "$BZIP2_OUT.bz2" | cut -c1-64)" >> "$out"
		fi
		rm -f "$BZIP2_OUT" "$BZIP2_OUT.bz2"
	fi
	if [ "$w" = mt-zstd ] && { [ "$status" = ok ] || [ "$status" = reported ]; }; then
		if ! cmp -s "$BZIP2_INPUT" "$ZSTD_OUT"; then
			status=FAILED; note="zstd round trip: the decompressed output differs from the input ($(cmp "$BZIP2_INPUT" "$ZSTD_OUT" 2>&1 | head -c 200 || true))"
		else
			echo "round trip ok; .zst $(stat -c %s "$ZSTD_OUT.zst") bytes, sha256 $(sha256sum < "$ZSTD_OUT.zst" | cut -c1-64)" >> "$out"
		fi
		rm -f "$ZSTD_OUT" "$ZSTD_OUT.zst"
	fi
	if [ "$w" = speedtest1 ] && { [ "$status" = ok ] || [ "$status" = reported ]; } &&
	   ! grep -qE '^Verification Hash: [0-9]+ [0-9a-f]+$' "$out"; then
		status=FAILED; note="speedtest1 printed no verification hash (--verify; see $out)"
	fi
	if [ "$status" = ok ] || [ "$status" = reported ]; then
		if [ -z "${EXPECT[$ek]:-}" ]; then
			if [ "${VKIND[$v]}" = native ] || [ -z "${HAS_NATIVE[$ek]:-}" ]; then
				EXPECT[$ek]=$(normalise "$out" | sha256sum); EXPECT_FROM[$ek]="$v round $r"
				cp "$out" "$RUNLOG/$w.expected-$v.out"
			fi
		elif [ "$(normalise "$out" | sha256sum)" != "${EXPECT[$ek]}" ]; then
			status=FAILED
			note="wrong output: differs from the reference ($([ -n "${HAS_NATIVE[$ek]:-}" ] && echo "native" || echo "no native variant: the first good run"), ${EXPECT_FROM[$ek]}: $RUNLOG/$w.expected-${EXPECT_FROM[$ek]%% *}.out)"
			[ "$w" = speedtest1 ] && note="$note; $(grep -m1 '^Verification Hash' "$out" || true) against $(grep -m1 '^Verification Hash' "$RUNLOG/$w.expected-${EXPECT_FROM[$ek]%% *}.out" || true)"
			cp "$out" "$LOGS/FAILED-$w-$v.stdout"; note="$note; this run's: $LOGS/FAILED-$w-$v.stdout"
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
for w in "${WORKLOADS[@]}"; do
	for v in "${RUNNABLE[@]}"; do
		[ "${VKIND[$v]}" = native ] && applies "$w" "$v" && HAS_NATIVE[$(expect_key "$w" "$v")]=1
	done
done

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
	"$PY" "$BENCH/leak_report.py" "$1" "$2" "$LEAK_RAW" "$RUNLOG/leak-meta.txt"
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
	echo "bzip2=$BZIP2_VER"
	echo "zstd=$ZSTD_VER"
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
		vcc=${VCC[$v]//$ROOT\//}; venv=$(variant_env "$v")
		if [ -n "$BASE_CC" ]; then vcc=${vcc//$base_build/BASE}; venv=${venv//$base_build/BASE}; fi
		echo "variant.$v=$vcc | ${VFAM[$v]} | ${VKIND[$v]} | $venv | ${BUILD_FAILED[$v]:+build FAILED: ${BUILD_FAILED[$v]//$ROOT\//}} | ${VARCH[$v]:-}"
	done
	for w in "${WORKLOADS[@]}"; do echo "workload.$w=${WBIN[$w]} ${WARGS[$w]//$ROOT\//}"; done
	for k in "${!EXPECT_FROM[@]}"; do echo "expect.$k=${EXPECT_FROM[$k]} | ${HAS_NATIVE[$k]:+native}"; done
	for v in "${VARIANTS[@]}"; do	# code size of every program built (bytes of .text), beside the times
		is_a64 "$v" || [ -n "${BUILD_FAILED[$v]:-}" ] && continue
		for b in lua speedtest1 bzip2 zstd hashtable; do
			if [ -f "$BLD/$v/$b" ]; then echo "text.$v.$b=$(size -A "$BLD/$v/$b" 2>/dev/null | awk '$1 == ".text" { print $2 }')"; fi
		done
	done
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
	echo "build.bzip2=CC $CFLAGS_COMMON $BZIP2_DEFS -c X.c (X: ${BZIP2_CFILES[*]}); CC $CFLAGS_COMMON -o bzip2 *.o; bzip2-roundtrip: sh script, bzip2 -9 -c < IN > OUT.bz2; bzip2 -d -c < OUT.bz2 > OUT; then cmp IN OUT (not timed)"
	echo "build.zstd=CC $CFLAGS_COMMON $ZSTD_DEFS_BASE -Ilib -Ilib/common -c X.c (X: ${ZSTD_CFILES[*]}); CC $CFLAGS_COMMON -o zstd *.o -lpthread; zstd-roundtrip: sh script, zstd -T2 $ZSTD_LEVEL -c < IN > OUT.zst; zstd -d -c < OUT.zst > OUT; then cmp IN OUT (not timed)"
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
CHART=${OUT%.md}	# the chart: CHART.svg next to the report, its data in RUNLOG
rm -f "$RUNLOG/chart-cpu.tsv" "$RUNLOG/chart-rss.tsv"
if [ "$aarch64" = 0 ] && command -v gnuplot >/dev/null; then
	"$PY" "$BENCH/report.py" "$RAW" "$RUNLOG/meta.txt" "$LOGS" "$DETECT_RAW" "$RUNLOG/chart" > "$OUT.new"
	# the report links CHART's name: the data went to RUNLOG/chart-*.tsv
	sed -i "s|(chart\.svg)|($(basename "$CHART").svg)|g; s|\[chart\.svg\]|[$(basename "$CHART").svg]|g" "$OUT.new"
	if [ -s "$RUNLOG/chart-cpu.tsv" ]; then
		ttl="ksan bench, $(date -u '+%Y-%m-%d %H:%M UTC'), commit ${KSAN_REV%%;*}, $runs round(s)"
		if gnuplot -e "cpu='$RUNLOG/chart-cpu.tsv'; rss='$RUNLOG/chart-rss.tsv'; ncpu=$(head -1 "$RUNLOG/chart-cpu.tsv" | awk -F'\t' '{print NF}'); nrss=$(head -1 "$RUNLOG/chart-rss.tsv" | awk -F'\t' '{print NF}'); out='$CHART.svg.new'; heading='$ttl'" \
			"$BENCH/chart.gp" > "$LOGS/chart.log" 2>&1 && [ -s "$CHART.svg.new" ]; then
			mv "$CHART.svg.new" "$CHART.svg"; say "chart: $CHART.svg"
		else
			rm -f "$CHART.svg.new" "$CHART.svg"; warn "gnuplot failed (see $LOGS/chart.log): no chart"
			sed -i '/^Chart (bench\/chart.gp/d; /^!\[CPU time ×native and peak RSS/d' "$OUT.new"
		fi
	fi
else
	[ "$aarch64" = 1 ] || { warn "gnuplot is missing (Debian package gnuplot-nox): the report has no chart"; rm -f "$CHART.svg"; }
	"$PY" "$BENCH/report.py" "$RAW" "$RUNLOG/meta.txt" "$LOGS" "$DETECT_RAW" > "$OUT.new"
fi
leak_report section "$OUT.new"
# issue 31's costs: the unmap quarantine on a map-heavy workload, typed
# allocation and checked container_of (QUICK: 3 runs)
if [ "$aarch64" = 0 ]; then
	{ echo; BUILD=$KSAN_BUILD bash "$BENCH/unmap/run.sh" --runs "$([ "$quick" = 1 ] && echo 3 || echo 5)"; } \
		>> "$OUT.new" 2> "$LOGS/unmap.log" || warn "bench/unmap/run.sh failed (see $LOGS/unmap.log)"
fi
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
