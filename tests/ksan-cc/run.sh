#!/bin/bash
# Tests of the ksan-cc compiler driver wrapper.
#
# usage: tests/ksan-cc/run.sh path/to/ksan-cc [LIBDIR]
#
# Copies ksan-cc into a temporary prefix (tmp/bin/ksan-cc) so that it finds
# tmp/lib and tmp/include. By default tmp/lib gets a fake runtime made here
# (stub libksan.a, libksan_shlib.a and ksan.exports) so that links really run;
# with LIBDIR, those three files are copied from LIBDIR instead (e.g. build/lib).
# Needs gcc and clang. Prints PASS:/FAIL: lines and "N passed, N failed";
# exits 1 if anything failed.

set -u

if [ $# -lt 1 ] || [ ! -x "$1" ]; then
    echo "usage: $0 path/to/ksan-cc [LIBDIR]" >&2
    exit 2
fi
SRC_KSAN_CC=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
USER_LIBDIR=${2:-}
if [ -n "$USER_LIBDIR" ]; then
    USER_LIBDIR=$(cd "$USER_LIBDIR" && pwd) || exit 2
fi

pass=0
fail=0
ok()   { echo "PASS: $1"; pass=$((pass + 1)); }
bad()  { echo "FAIL: $1${2:+ ($2)}"; fail=$((fail + 1)); }
check() { local name=$1; shift; if "$@"; then ok "$name"; else bad "$name"; fi; }

T=$(mktemp -d "${TMPDIR:-/tmp}/ksan-cc-test.XXXXXX")
trap 'rm -rf "$T"' EXIT
mkdir -p "$T/bin" "$T/lib" "$T/include/ksan" "$T/work"
cp "$SRC_KSAN_CC" "$T/bin/ksan-cc"
K=$T/bin/ksan-cc
LIB=$T/lib
INC=$T/include
cd "$T/work" || exit 2
unset KSAN_CC KSAN_CC_VERBOSE

# ---------------------------------------------------------------- fixtures
cat > "$INC/ksan/ksan.h" <<'EOF'
#define KSAN_TEST_HEADER 1
EOF
# the real one: clang inline units include it (-include), its table names
# report calls the fake runtime below defines
COLD=$INC/ksan/kasan_cold.h
cp "$ROOT/include/ksan/kasan_cold.h" "$COLD" || exit 2

# A fake runtime: every outline/report entry point as a no-op, and
# __asan_load4_noabort saying "strong" once (the executable's definition).
gen_stubs() { # $1 = attribute prefix, $2 = word to print
    echo '#include <unistd.h>'
    echo '#include <stddef.h>'
    for op in load store; do
        for n in 1 2 8 16; do
            echo "$1 void __asan_${op}${n}_noabort(unsigned long a) { (void)a; }"
            echo "$1 void __asan_report_${op}${n}_noabort(unsigned long a) { (void)a; }"
        done
        [ $op = store ] && echo "$1 void __asan_store4_noabort(unsigned long a) { (void)a; }"
        echo "$1 void __asan_report_${op}4_noabort(unsigned long a) { (void)a; }"
        echo "$1 void __asan_${op}N_noabort(unsigned long a, size_t n) { (void)a; (void)n; }"
        echo "$1 void __asan_report_${op}_n_noabort(unsigned long a, size_t n) { (void)a; (void)n; }"
    done
    echo "$1 void __asan_handle_no_return(void) { }"
    echo "$1 void __asan_load4_noabort(unsigned long a) { static int once; (void)a;"
    echo "  if (!once++) { if (write(2, \"$2\\n\", sizeof \"$2\") < 0) {} } }"
}
if [ -n "$USER_LIBDIR" ]; then
    cp "$USER_LIBDIR/libksan.a" "$USER_LIBDIR/libksan_shlib.a" "$USER_LIBDIR/ksan.exports" "$LIB/" ||
        { echo "cannot copy runtime files from $USER_LIBDIR" >&2; exit 2; }
    FAKE_RUNTIME=0
else
    gen_stubs "" strong > strong.c
    gen_stubs "__attribute__((weak, visibility(\"default\")))" weak > weak.c
    gcc -O1 -fPIC -c strong.c -o strong.o && ar rcs "$LIB/libksan.a" strong.o &&
    gcc -O1 -fPIC -c weak.c -o weak.o && ar rcs "$LIB/libksan_shlib.a" weak.o ||
        { echo "cannot build the fake runtime" >&2; exit 2; }
    printf '{\n  __asan_*;\n  __ksan_*;\n  malloc;\n  free;\n};\n' > "$LIB/ksan.exports"
    FAKE_RUNTIME=1
fi

cat > t.c <<'EOF'
int g[10];
int f(int *p, int i) { int a[8]; a[i & 7] = p[i]; return a[(i + 1) & 7] + g[i]; }
EOF
cat > main.c <<'EOF'
#include <ksan/ksan.h>
int f(int *p, int i);
volatile int sink;
int main(void) { int v[4] = {1, 2, 3, 4}; sink = f(v, 1); return 0; }
EOF
cat > hdr.c <<'EOF'
#include <ksan/ksan.h>
int x = KSAN_TEST_HEADER;
EOF
cat > so.c <<'EOF'
int so_get(volatile int *p) { return *p; }
EOF
cat > usesso.c <<'EOF'
int so_get(volatile int *p);
int main(void) { int v = 7; return so_get(&v) == 7 ? 0 : 1; }
EOF
echo 'int broken(void) { return }' > broken.c

# The command line ksan-cc would run (it runs it too; output discarded).
vline() { KSAN_CC_VERBOSE=1 "$K" "$@" 2>&1 >/dev/null | grep '^ksan-cc: exec:' | tail -n 1; }
has()    { [[ " $LINE " == *" $1 "* ]]; }
hasnt()  { ! has "$1"; }
contains()  { [[ "$LINE" == *"$1"* ]]; }
lacks()  { [[ "$LINE" != *"$1"* ]]; }
undef()  { nm -u "$1" | awk '{print $NF}' | grep -qx "$2"; }
no_undef() { ! undef "$1" "$2"; }
undef_re() { nm -u "$1" | awk '{print $NF}' | grep -Eqx "$2"; }

KERNEL_OFFSET_RE='0xdffffc0000000000|-2305847407260205056|16140901064495857664'

# ---------------------------------------------------------------- own flags
out=$("$K" --help 2>&1); rc=$?
check "help: exit 0" [ $rc -eq 0 ]
ok_help=1
for w in --ksan= --ksan-mode= --ksan-uar --ksan-cc= KSAN_CC inline outline; do
    [[ "$out" == *"$w"* ]] || ok_help=0
done
check "help: lists own flags and KSAN_CC" [ $ok_help -eq 1 ]
check "help: says other flags go to the compiler" grep -qi "compiler unchanged" <<< "$out"

for cc in gcc clang; do
    out=$("$K" --ksan-cc=$cc --version 2>/dev/null); rc=$?
    ref=$($cc --version 2>/dev/null)
    check "version $cc: first line" [ "$(head -n 1 <<< "$out")" = "ksan-cc (ksan) 0.1.0" ]
    check "version $cc: compiler text unchanged" [ "$(tail -n +2 <<< "$out")" = "$ref" ]
    check "version $cc: exit 0" [ $rc -eq 0 ]
done

out=$("$K" --ksan=kasan,bogus -c t.c 2>&1); rc=$?
check "unknown detector: exit 2" [ $rc -eq 2 ]
check "unknown detector: message" [ "$out" = "ksan-cc: unknown detector 'bogus' (known: kasan, kfence, ubsan, kmsan, kcsan, kasan-sw, kasan-hw)" ]
out=$("$K" --ksan-cc=gcc --ksan=kmsan -c t.c 2>&1); rc=$?
check "detector kmsan with gcc: exit 2 + one line" \
    [ $rc -eq 2 -a "$out" = "ksan-cc: kmsan needs clang (GCC has no kernel-memory instrumentation); use --ksan-cc=clang" ]
# KCSAN: the kernel's exclusions, gcc's -static refusal, and the flag set
out=$("$K" --ksan=kcsan,kasan -c t.c 2>&1); rc=$?
check "kcsan with kasan: exit 2 + one line" \
    [ $rc -eq 2 -a "$out" = "ksan-cc: kasan and kcsan exclude each other (as in the kernel, where KCSAN depends on !KASAN): pick one" ]
out=$("$K" --ksan-cc=clang --ksan=kmsan,kcsan -c t.c 2>&1); rc=$?
check "kcsan with kmsan: exit 2 + one line" \
    [ $rc -eq 2 -a "$out" = "ksan-cc: kmsan and kcsan exclude each other (as in the kernel): pick one" ]
out=$("$K" --ksan-cc=gcc --ksan=kcsan -static t.c -o st 2>&1); rc=$?
check "kcsan gcc -static compile and link: exit 2 + advice" \
    [ $rc -eq 2 -a "$out" = "ksan-cc: gcc cannot compile for kcsan (-fsanitize=thread) and link -static in one command: compile with -c first, then link the objects with ksan-cc --ksan=kcsan -static" ]
out=$("$K" --ksan=kcsan,kfence -static t.o -o st 2>&1); rc=$?
check "kcsan,kfence -static: exit 2 + one line" \
    [ $rc -eq 2 -a "$out" = "ksan-cc: kcsan with kfence needs a dynamically linked executable (KFENCE samples in front of the C library's malloc); drop -static or kfence" ]
for cc in gcc clang; do
    LINE=$(vline --ksan-cc=$cc -fsanitize=thread -c t.c -o kc.o)
    check "-fsanitize=thread ($cc): kcsan flags" has "-fsanitize=thread"
    check "-fsanitize=thread ($cc): -D__KSAN_KCSAN__=1" has "-D__KSAN_KCSAN__=1"
    check "-fsanitize=thread ($cc): no kasan" lacks "kernel-address"
    if [ $cc = gcc ]; then
        check "kcsan gcc: no entry/exit hooks" contains "--param tsan-instrument-func-entry-exit=0"
        check "kcsan gcc: volatile told apart" contains "--param tsan-distinguish-volatile=1"
    else
        check "kcsan clang: no entry/exit hooks" contains "-mllvm -tsan-instrument-func-entry-exit=0"
        check "kcsan clang: volatile told apart" contains "-mllvm -tsan-distinguish-volatile=1"
        check "kcsan clang: compound read-write" contains "-mllvm -tsan-compound-read-before-write=1"
    fi
    LINE=$(vline --ksan-cc=$cc --ksan=kcsan t.c -o kc)
    check "kcsan link ($cc): libksan-kcsan.a" contains "/libksan-kcsan.a"
    check "kcsan link ($cc): not libksan.a" lacks "/libksan.a"
    if [ $cc = clang ]; then
        check "kcsan link (clang): no compiler-rt" has "-fno-sanitize-link-runtime"
    else
        check "kcsan link (gcc): -ltsan shadowed" contains "/ksan-noubsan"
    fi
done
out=$("$K" --ksan-mode=sideways -c t.c 2>&1); rc=$?
check "bad mode: exit 2" [ $rc -eq 2 ]
check "bad mode: message names the mode" grep -q "sideways" <<< "$out"
check "bad mode: one line" [ "$(wc -l <<< "$out")" -eq 1 ]

LINE=$(vline --ksan=kasan --ksan-uar --ksan-mode=inline -c t.c -o uar.o)
check "--ksan=kasan --ksan-uar --ksan-mode=inline accepted" [ -f uar.o ]
check "own flags not passed on" lacks "--ksan"

# stack-use-after-return, as GCC's ASan: GCC kasan units get the fake-stack
# instrumentation by default, --ksan-no-uar leaves it out, the last of
# --ksan-uar and --ksan-no-uar wins; clang 14 cannot do it: a warning for
# --ksan-uar only
LINE=$(vline --ksan-cc=gcc -c t.c -o uar.o)
check "uar: gcc by default has asan-use-after-return=1" contains "asan-use-after-return=1"
LINE=$(vline --ksan-cc=gcc --ksan-mode=outline -c t.c -o uar.o)
check "uar: gcc outline by default too" contains "asan-use-after-return=1"
LINE=$(vline --ksan-cc=gcc --ksan-no-uar -c t.c -o uar.o)
check "uar: gcc --ksan-no-uar has none" lacks "asan-use-after-return"
LINE=$(vline --ksan-cc=clang -c t.c -o uar.o)
check "uar: clang by default has none" lacks "asan-use-after-return"
LINE=$(vline --ksan-cc=gcc --ksan-uar -c t.c -o uar.o)
check "uar: gcc --ksan-uar has asan-use-after-return=1" contains "asan-use-after-return=1"
LINE=$(vline --ksan-cc=gcc --ksan-uar --ksan-no-uar -c t.c -o uar.o)
check "uar: --ksan-uar --ksan-no-uar: the last wins" lacks "asan-use-after-return"
LINE=$(vline --ksan-cc=gcc --ksan-no-uar --ksan-uar -c t.c -o uar.o)
check "uar: --ksan-no-uar --ksan-uar: the last wins" contains "asan-use-after-return=1"
LINE=$(vline --ksan-cc=gcc --ksan=kfence --ksan-uar -c t.c -o uar.o)
check "uar: not without kasan" lacks "asan-use-after-return"
LINE=$(vline --ksan-cc=gcc --ksan-uar -fno-sanitize=address -c t.c -o uar.o)
check "uar: not in a -fno-sanitize=address unit" lacks "asan-use-after-return"
out=$("$K" --ksan-cc=clang --ksan-no-uar -c t.c -o uar.o 2>&1)
check "uar: clang --ksan-no-uar: no warning" [ -z "$out" ]
out=$("$K" --ksan-cc=clang --ksan-uar -c t.c -o uar.o 2>&1)
check "uar: clang --ksan-uar warns it cannot" grep -q "clang 14 does not instrument for stack-use-after-return" <<< "$out"
# the code itself (GCC's no-use-after-return.c asks the same of its param):
# the run-time switch is read only where the instrumentation is
uar_asm() { rm -f uar.s; "$K" --ksan-cc=gcc -O1 "$@" -S t.c -o uar.s 2>/dev/null && grep -q __asan_option_detect_stack_use_after_return uar.s; }
no_uar_asm() { ! uar_asm "$@"; }
check "uar: gcc --ksan-uar reads the run-time switch" uar_asm --ksan-uar
check "uar: gcc default reads it too" uar_asm
check "uar: gcc --ksan-no-uar does not" no_uar_asm --ksan-no-uar
check "uar: the user's --param asan-use-after-return=0 wins" no_uar_asm --ksan-uar --param asan-use-after-return=0
check "uar: ... over the default too" no_uar_asm --param asan-use-after-return=0

out=$("$K" --ksan-cc=/nonexistent/cc -c t.c 2>&1); rc=$?
check "missing compiler: exit 127" [ $rc -eq 127 ]
check "missing compiler: message" grep -q "cannot run compiler" <<< "$out"
KSAN_CC=/nonexistent/cc "$K" t.o >/dev/null 2>&1; rc=$?
check "missing compiler (link only): exit 127" [ $rc -eq 127 ]

"$K" --ksan-cc=gcc -c broken.c -o broken.o >/dev/null 2>&1; rc=$?
gcc -c broken.c -o broken.o >/dev/null 2>&1; ref=$?
check "compiler exit status passes through" [ $rc -eq $ref -a $rc -ne 0 ]

# ---------------------------------------------------------------- instrumentation
# $1 compiler (name as given to --ksan-cc / KSAN_CC), $2 mode, $3 -O level
instr_check() {
    local cc=$1 mode=$2 O=$3 tag="$1 $2 $3"
    rm -f i.o i.s
    if ! "$K" --ksan-cc="$cc" --ksan-mode="$mode" "$O" -c t.c -o i.o 2>/dev/null; then
        bad "$tag: compiles"; return
    fi
    if [ "$mode" = inline ]; then
        check "$tag: inline reports (__asan_report_load4_noabort)" undef i.o __asan_report_load4_noabort
        check "$tag: no outline calls" no_undef i.o __asan_load4_noabort
    elif [ "$cc" = clang ]; then
        # clang: register-passing checks (-asan-optimize-callbacks)
        check "$tag: outline calls (__asan_check_load_add_4_<reg>)" undef_re i.o '__asan_check_load_add_4_R[A-Z0-9]+'
        check "$tag: no inline reports" no_undef i.o __asan_report_load4_noabort
    else
        check "$tag: outline calls (__asan_load4_noabort)" undef i.o __asan_load4_noabort
        check "$tag: no inline reports" no_undef i.o __asan_report_load4_noabort
    fi
    check "$tag: globals registration (__asan_register_globals)" undef i.o __asan_register_globals
    "$K" --ksan-cc="$cc" --ksan-mode="$mode" "$O" -S t.c -o i.s 2>/dev/null
    check "$tag: no kernel shadow offset in -S" bash -c "! grep -Eq -- '$KERNEL_OFFSET_RE' i.s"
    if [ "$mode" = inline ]; then
        check "$tag: shadow offset 0x7fff8000 in -S" grep -Eq '2147450880|0x7fff8000' i.s
    fi
}
for cc in gcc clang; do
    for mode in inline outline; do
        instr_check $cc $mode -O1
    done
done
for cc in gcc clang; do
    for O in -O0 -O2 -O3 -Os; do
        instr_check $cc inline $O
    done
    instr_check $cc outline -O0
done
# other spellings of the compilers, also through KSAN_CC
for cc in gcc-12 clang-14 /usr/bin/clang /usr/bin/gcc; do
    command -v "$cc" >/dev/null || continue
    rm -f s.o
    KSAN_CC=$cc "$K" -O1 -c t.c -o s.o 2>/dev/null
    check "KSAN_CC=$cc: inline instrumentation" undef s.o __asan_report_load4_noabort
done
LINE=$(KSAN_CC=clang vline --ksan-cc=gcc -c t.c -o p.o)
check "--ksan-cc= beats KSAN_CC" has "--param"
LINE=$(KSAN_CC=clang vline -c t.c -o p.o)
check "KSAN_CC=clang gives clang flags" has "-asan-mapping-offset=0x7fff8000"

# exact flag sets
GCC_IN="-fsanitize=kernel-address -fasan-shadow-offset=0x7fff8000 --param asan-instrumentation-with-call-threshold=10000 --param asan-stack=1 --param asan-globals=1 --param asan-instrument-allocas=1 -fsanitize-address-use-after-scope --param asan-use-after-return=1 -fno-omit-frame-pointer -D__KSAN__=1 -g1"
GCC_OUT="-fsanitize=kernel-address -fasan-shadow-offset=0x7fff8000 --param asan-instrumentation-with-call-threshold=0 --param asan-stack=1 --param asan-globals=1 --param asan-instrument-allocas=1 -fsanitize-address-use-after-scope --param asan-use-after-return=1 -fno-omit-frame-pointer -D__KSAN__=1 -g1"
CLANG_IN="-fsanitize=kernel-address -mllvm -asan-mapping-offset=0x7fff8000 -mllvm -asan-use-after-scope=1 -fno-omit-frame-pointer -D__KSAN__=1 -gline-tables-only"
CLANG_OUT="-fsanitize=kernel-address -mllvm -asan-mapping-offset=0x7fff8000 -mllvm -asan-use-after-scope=1 -mllvm -asan-instrumentation-with-call-threshold=0 -mllvm -asan-optimize-callbacks -fno-omit-frame-pointer -D__KSAN__=1 -gline-tables-only"
LINE=$(vline --ksan-cc=gcc -c t.c -o e.o)
check "gcc inline: exact command" [ "$LINE" = "ksan-cc: exec: gcc $GCC_IN -c t.c -o e.o -I$INC" ]
LINE=$(vline --ksan-cc=gcc --ksan-mode=outline -c t.c -o e.o)
check "gcc outline: exact command" [ "$LINE" = "ksan-cc: exec: gcc $GCC_OUT -c t.c -o e.o -I$INC" ]
LINE=$(vline --ksan-cc=clang -c t.c -o e.o)
check "clang inline: exact command" [ "$LINE" = "ksan-cc: exec: clang $CLANG_IN -c t.c -o e.o -I$INC -include $COLD" ]
LINE=$(vline --ksan-cc=clang --ksan-mode=outline -c t.c -o e.o)
check "clang outline: exact command" [ "$LINE" = "ksan-cc: exec: clang $CLANG_OUT -c t.c -o e.o -I$INC" ]

# kasan_cold.h: clang inline units only, never into -E output, and a unit
# still compiles (as before, without it) when the header is missing
LINE=$(vline --ksan-cc=clang -E t.c -o e.i)
check "cold header: not with -E" lacks "kasan_cold.h"
LINE=$(vline --ksan-cc=clang -fno-sanitize=address -c t.c -o e.o)
check "cold header: not without kasan" lacks "kasan_cold.h"
LINE=$(vline --ksan-cc=clang --ksan=kfence -c t.c -o e.o)
check "cold header: not for kfence alone" lacks "kasan_cold.h"
LINE=$(vline --ksan-cc=gcc -c t.c -o e.o)
check "cold header: not for gcc" lacks "kasan_cold.h"
cold_table() { "$K" --ksan-cc=clang -O1 -c t.c -o c1.o && [ "$(nm c1.o | grep -c ' V __ksan_cold_reports$')" = 1 ]; }
check "cold header: its table, a COMDAT in the unit" cold_table
mv "$COLD" "$COLD.away"
rm -f e.o
LINE=$(vline --ksan-cc=clang -c t.c -o e.o)
check "cold header: missing, left out" lacks "kasan_cold.h"
check "cold header: missing, the unit compiles" [ -f e.o ]
mv "$COLD.away" "$COLD"

# ksan-opt.so (docs/optimizer.md): clang 14 KASAN compile steps, inline and
# outline, when LIBDIR has it; never for gcc, -E, other detectors, or with
# --ksan-no-opt (the last of --ksan-opt and --ksan-no-opt wins).  With the
# real plugin (make built it), a unit compiles with it.
OPT=$LIB/ksan-opt.so
if [ -n "$USER_LIBDIR" ] && [ -f "$USER_LIBDIR/ksan-opt.so" ]; then
    cp "$USER_LIBDIR/ksan-opt.so" "$OPT"
else
    : > "$OPT"	# -E and the flag checks below need no real one
fi
LINE=$(vline --ksan-cc=clang -c t.c -o e.o)
check "ksan-opt: clang inline: added" has "-fpass-plugin=$OPT"
LINE=$(vline --ksan-cc=clang --ksan-mode=outline -c t.c -o e.o)
check "ksan-opt: clang outline: added" has "-fpass-plugin=$OPT"
LINE=$(vline --ksan-cc=clang --ksan-no-opt -c t.c -o e.o)
check "ksan-opt: --ksan-no-opt: left out" lacks "ksan-opt.so"
LINE=$(vline --ksan-cc=clang --ksan-no-opt --ksan-opt -c t.c -o e.o)
check "ksan-opt: --ksan-no-opt --ksan-opt: the last wins" has "-fpass-plugin=$OPT"
LINE=$(vline --ksan-cc=clang -E t.c -o e.i)
check "ksan-opt: not with -E" lacks "ksan-opt.so"
LINE=$(vline --ksan-cc=gcc -c t.c -o e.o)
check "ksan-opt: not for gcc" lacks "ksan-opt.so"
LINE=$(vline --ksan-cc=clang --ksan=kfence -c t.c -o e.o)
check "ksan-opt: not for kfence alone" lacks "ksan-opt.so"
LINE=$(vline --ksan-cc=clang -fno-sanitize=address -c t.c -o e.o)
check "ksan-opt: not without kasan" lacks "ksan-opt.so"
LINE=$(vline --ksan-cc=clang --ksan=kcsan -c t.c -o e.o)
check "ksan-opt: clang KCSAN: added (the inline fast path)" has "-fpass-plugin=$OPT"
LINE=$(vline --ksan-cc=clang --ksan=kcsan --ksan-no-opt -c t.c -o e.o)
check "ksan-opt: clang KCSAN --ksan-no-opt: left out (a call per access)" lacks "ksan-opt.so"
LINE=$(vline --ksan-cc=gcc --ksan=kcsan -c t.c -o e.o)
check "ksan-opt: gcc KCSAN: not" lacks "ksan-opt.so"
if [ -s "$OPT" ]; then
    opt_unit() { rm -f o1.o; "$K" --ksan-cc=clang -O1 -c t.c -o o1.o 2>/dev/null && [ -f o1.o ]; }
    check "ksan-opt: a unit compiles with the real plugin" opt_unit
fi
rm -f "$OPT"
LINE=$(vline --ksan-cc=clang -c t.c -o e.o)
check "ksan-opt: missing, left out" lacks "ksan-opt.so"

# ---------------------------------------------------------------- pass-through
for cc in gcc clang; do
    LINE=$(vline --ksan-cc=$cc -fsanitize=address -c t.c -o a.o)
    check "$cc: -fsanitize=address removed" lacks "-fsanitize=address"
    check "$cc: -fsanitize=address compiles as kasan" undef a.o __asan_report_load4_noabort
    LINE=$(vline --ksan-cc=$cc -fsanitize=kernel-address -c t.c -o a.o)
    check "$cc: user -fsanitize=kernel-address not duplicated" \
        [ "$(grep -o -- '-fsanitize=kernel-address' <<< "$LINE" | wc -l)" -eq 1 ]
    LINE=$(vline --ksan-cc=$cc -fsanitize=address,undefined -c t.c -o a.o)
    check "$cc: -fsanitize=address,undefined keeps undefined" has "-fsanitize=undefined"
    LINE=$(vline --ksan-cc=$cc -fno-sanitize=alignment -c t.c -o a.o)
    check "$cc: -fno-sanitize= passes through" has "-fno-sanitize=alignment"

    for g in -g -g3 -ggdb -gdwarf-4; do
        LINE=$(vline --ksan-cc=$cc $g -c t.c -o gg.o)
        check "$cc: user $g: no line-tables flag added" \
            bash -c "[[ ' $LINE ' != *' -g1 '* && ' $LINE ' != *' -gline-tables-only '* ]]"
    done
    LINE=$(vline --ksan-cc=$cc -c t.c -o gg.o)
    check "$cc: line tables by default" bash -c "[[ ' $LINE ' == *' -g1 '* || ' $LINE ' == *' -gline-tables-only '* ]]"
    check "$cc: object has .debug_line" bash -c "readelf -S gg.o | grep -q debug_line"
    check "$cc: -fno-omit-frame-pointer" has "-fno-omit-frame-pointer"

    LINE=$(vline --ksan-cc=$cc -Iuserinc -DFOO=1 -Wall -c hdr.c -o h.o)
    check "$cc: ksan include dir works" [ -f h.o ]
    check "$cc: user -I before ksan's -I" \
        bash -c "[[ '$LINE' == *' -Iuserinc -DFOO=1 -Wall -c hdr.c -o h.o -I$INC'* ]]"

    LINE=$(vline --ksan-cc=$cc -mllvm -asan-stack=0 -c t.c -o ml.o)
    if [ $cc = clang ]; then
        check "clang: user -mllvm -asan-stack= replaces ksan's" [ -f ml.o ]
    fi

    # response files pass through and are understood
    printf -- '-c t.c\n-o "r.o"\n' > rsp
    LINE=$(vline --ksan-cc=$cc @rsp)
    check "$cc: @file passes through" has "@rsp"
    check "$cc: @file with -c: compile flags, no link" \
        bash -c "[[ '$LINE' == *kernel-address* && '$LINE' != *libksan* ]] && [ -f r.o ]"
    # quotes, tabs and a backslash (words are unquoted in place since the
    # fuzzer's slow input: tests/fuzz/regress/ksan_cc/rsp_big_file_named_often)
    printf -- "'-fno-sanitize=all'\t\"-c\"  t.c\n-o\\\\ q.o\n" > rspq
    LINE=$(vline --ksan-cc=$cc @rspq)
    check "$cc: @file's quoted words are understood" \
        bash -c "[[ '$LINE' != *kernel-address* && '$LINE' != *libksan* ]] && [ -f ' q.o' ]"
done
# a response file that names itself three times: at most 2000 reads in
# all (3^16 before: minutes; tests/fuzz/regress/ksan_cc), the rest is the
# compiler's to refuse
printf -- '@rsp3 @rsp3 @rsp3\n' > rsp3
check "@file naming itself thrice: read a bounded number of times" \
    timeout 20 "$K" --help @rsp3

# ---------------------------------------------------------------- link or not
for cc in gcc clang; do
    for flag in -c -S -E -M -MM; do
        LINE=$(vline --ksan-cc=$cc $flag t.c -o nl.out)
        check "$cc: $flag does not link" lacks "libksan"
        check "$cc: $flag has compile flags" contains "-fsanitize=kernel-address"
    done
    rm -f md.d md.o
    LINE=$(vline --ksan-cc=$cc -MD -MF md.d -MT target -c t.c -o md.o)
    check "$cc: -MD -MF -MT pass through" has "-MD -MF md.d -MT target"
    check "$cc: -MD writes the .d file" grep -q "^target:" md.d
    LINE=$(vline --ksan-cc=$cc -M -MD -MF md2.d t.c -o md2.out)
    check "$cc: -M with -MD links" contains "libksan.a"
    LINE=$(vline --ksan-cc=$cc -fsyntax-only t.c)
    check "$cc: -fsyntax-only does not link" lacks "libksan"

    LINE=$(vline --ksan-cc=$cc -v)
    check "$cc: no inputs: nothing added" [ "$LINE" = "ksan-cc: exec: $cc -v" ]
    LINE=$(vline --ksan-cc=$cc -dumpversion)
    check "$cc: -dumpversion: nothing added" [ "$LINE" = "ksan-cc: exec: $cc -dumpversion" ]

    "$K" --ksan-cc=$cc -c t.c -o t_$cc.o 2>/dev/null
    "$K" --ksan-cc=$cc -c main.c -o main_$cc.o 2>/dev/null
    LINE=$(vline --ksan-cc=$cc main_$cc.o t_$cc.o -o exe_$cc)
    check "$cc: exe link: runtime whole-archive" \
        contains "-Wl,--whole-archive $LIB/libksan.a -Wl,--no-whole-archive -lpthread -ldl"
    check "$cc: exe link: dynamic list" has "-Wl,--dynamic-list=$LIB/ksan.exports"
    check "$cc: link only: no compile flags" lacks "kernel-address"
    check "$cc: link only: no -I" lacks "-I$INC"
    check "$cc: exe link: no shlib stubs" lacks "libksan_shlib.a"

    LINE=$(vline --ksan-cc=$cc -shared -fPIC t.c -o t_$cc.so)
    check "$cc: -shared: libksan_shlib.a" has "$LIB/libksan_shlib.a"
    check "$cc: -shared: no libksan.a" lacks "/libksan.a"
    check "$cc: -shared: no dynamic list" lacks "--dynamic-list"
    check "$cc: -shared: instrumented" bash -c "[ -f t_$cc.so ] && nm -D t_$cc.so | grep -q __asan_report_load4_noabort"

    for s in -static -static-pie; do
        LINE=$(vline --ksan-cc=$cc $s main_$cc.o t_$cc.o -o st_$cc)
        check "$cc: $s: libksan.a" has "$LIB/libksan.a"
        check "$cc: $s: no dynamic list" lacks "--dynamic-list"
    done

    LINE=$(vline --ksan-cc=$cc -r t_$cc.o -o r_$cc.o -nostdlib)
    check "$cc: -r adds nothing" [ "$LINE" = "ksan-cc: exec: $cc -r t_$cc.o -o r_$cc.o -nostdlib" ]

    LINE=$(vline --ksan-cc=$cc -x c main.c -x c t.c -o xc_$cc)
    check "$cc: -x c then link: -x none before runtime" contains "-x none -Wl,--whole-archive"

    LINE=$(vline --ksan-cc=$cc -O1 -flto main_$cc.o -o lto_$cc)
    check "$cc: LTO link gets the instrumentation flags" contains "-fsanitize=kernel-address"

    # ubsan: ksan's handlers, never the compiler's runtime
    LINE=$(vline --ksan-cc=$cc --ksan=ubsan -c t.c -o u_$cc.o)
    check "$cc: --ksan=ubsan: -fsanitize=undefined" has "-fsanitize=undefined"
    check "$cc: --ksan=ubsan: no kernel-address" lacks "kernel-address"
    LINE=$(vline --ksan-cc=$cc --ksan=kasan,ubsan -c t.c -o u_$cc.o)
    check "$cc: --ksan=kasan,ubsan: both" bash -c '[[ "$0" == *-fsanitize=kernel-address* && "$0" == *-fsanitize=undefined* ]]' "$LINE"
    LINE=$(vline --ksan-cc=$cc -fsanitize=shift -fno-sanitize-recover=shift -c t.c -o u_$cc.o)
    check "$cc: user UB checks select ubsan alone" lacks "kernel-address"
    check "$cc: user UB checks pass through" contains "-fsanitize=shift -fno-sanitize-recover=shift"
    check "$cc: user UB checks: no -fsanitize=undefined added" lacks "-fsanitize=undefined"
    LINE=$(vline --ksan-cc=$cc --ksan=ubsan -fsanitize=undefined main.c t.c -o ul_$cc)
    if [ $cc = gcc ]; then
        check "$cc: ubsan link: -lubsan finds the empty archive" has "-L$LIB/ksan-noubsan"
    else
        check "$cc: ubsan link: -fno-sanitize-link-runtime" has "-fno-sanitize-link-runtime"
    fi
    check "$cc: ubsan link: libksan.a" has "$LIB/libksan.a"
    LINE=$(vline --ksan-cc=$cc --ksan=ubsan -shared -fPIC t.c -o libu_$cc.so)
    if [ $cc = gcc ]; then
        check "$cc: ubsan -shared: -lubsan finds the empty archive" has "-L$LIB/ksan-noubsan"
    else
        check "$cc: ubsan -shared: -fno-sanitize-link-runtime" has "-fno-sanitize-link-runtime"
    fi
    LINE=$(vline --ksan-cc=$cc -fsanitize=undefined -fsanitize-undefined-trap-on-error -c t.c -o tr_$cc.o)
    check "$cc: -fsanitize-undefined-trap-on-error passes through" contains "-fsanitize=undefined -fsanitize-undefined-trap-on-error"
done

# ---------------------------------------------------------------- real links
if [ $FAKE_RUNTIME = 1 ]; then
    for cc in gcc clang; do
        for mode in inline outline; do
            rm -f run_$cc
            "$K" --ksan-cc=$cc --ksan-mode=$mode -O2 main.c t.c -o run_$cc 2>/dev/null
            check "$cc $mode: links with fake runtime" [ -x run_$cc ]
            if [ $mode = outline ]; then
                check "$cc $mode: runs" bash -c "./run_$cc 2>/dev/null"
            fi
            check "$cc $mode: exports runtime (dynamic list)" \
                bash -c "nm -D --defined-only run_$cc | grep -q __asan_load4_noabort"
        done
        rm -f st_$cc
        "$K" --ksan-cc=$cc --ksan-mode=outline -static main.c t.c -o st_$cc 2>/dev/null
        check "$cc: -static links and runs" bash -c "./st_$cc 2>/dev/null"
        # an instrumented -shared library with --no-undefined binds to the exe's runtime
        rm -f libso_$cc.so useso_$cc
        "$K" --ksan-cc=$cc --ksan-mode=outline -shared -fPIC -Wl,--no-undefined so.c -o libso_$cc.so 2>/dev/null
        check "$cc: -shared -Wl,--no-undefined links" [ -f libso_$cc.so ]
        "$K" --ksan-cc=$cc --ksan-mode=outline usesso.c -L. -lso_$cc -Wl,-rpath,"$PWD" -o useso_$cc 2>/dev/null
        out=$(./useso_$cc 2>&1); rc=$?
        check "$cc: shared library calls the executable's runtime" [ $rc -eq 0 -a "$out" = strong ]
        for O in -O0 -O1 -O2 -O3; do
            rm -f o_$cc
            "$K" --ksan-cc=$cc --ksan-mode=outline $O main.c t.c -o o_$cc 2>/dev/null
            check "$cc $O: builds and runs" bash -c "./o_$cc 2>/dev/null"
        done
    done
fi

if [ $FAKE_RUNTIME = 0 ]; then
    # the real runtime from LIBDIR: a heap overflow must be reported
    cat > oob.c <<'EOF'
#include <stdlib.h>
int main(void) { volatile char *p = malloc(10); p[10] = 1; free((void *)p); return 0; }
EOF
    for cc in gcc clang; do
        for mode in inline outline; do
            rm -f real_$cc oob_$cc
            "$K" --ksan-cc=$cc --ksan-mode=$mode -O1 main.c t.c -o real_$cc 2>/dev/null
            out=$(./real_$cc 2>&1); rc=$?
            check "$cc $mode (real runtime): clean program runs, no report" [ $rc -eq 0 -a -z "$out" ]
            "$K" --ksan-cc=$cc --ksan-mode=$mode -O1 oob.c -o oob_$cc 2>/dev/null
            out=$(./oob_$cc 2>&1); rc=$?
            check "$cc $mode (real runtime): heap overflow reported" \
                bash -c '[ "$1" -ne 0 ] && grep -q "BUG: KASAN: slab-out-of-bounds" <<< "$2"' _ "$rc" "$out"
        done
    done
fi

# ---------------------------------------------------------------- robustness
# many arguments
args=()
for i in $(seq 1 5000); do args+=("-DX$i=$i"); done
"$K" --ksan-cc=gcc "${args[@]}" -c t.c -o many.o 2>/dev/null
check "5000 arguments" [ -f many.o ]
# arguments with spaces and quotes survive unchanged
"$K" --ksan-cc=gcc '-DSTR="a b '"'"'c"' -c t.c -o q.o 2>/dev/null
check "argument with spaces and quotes" [ -f q.o ]
# KSAN_CC pointing at ksan-cc itself does not loop
out=$(KSAN_CC=$K timeout 10 "$K" -c t.c -o loop.o 2>&1); rc=$?
check "KSAN_CC=ksan-cc is an error, not a loop" [ $rc -eq 2 ]

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
