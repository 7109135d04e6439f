#!/usr/bin/env bash
# Generic KASAN on aarch64, under qemu-aarch64: a heap overflow and a
# use-after-free built through ksan-cc with aarch64-linux-gnu-gcc and with
# clang --target=aarch64-linux-gnu (inline; clang also outline), each
# report checked, and the silent twin; the compile lines carry the aarch64
# shadow offset and nothing x86-64-only; an instrumented shared library
# reports through the executable's runtime; a target without a runtime is
# one clear line; KCSAN (libksan-kcsan.a, built with aarch64-linux-gnu-gcc)
# reports a read/write race of two threads and stays silent on the same
# loops under a mutex.  Skipped (counted) without qemu-aarch64, the
# cross compiler or the aarch64 runtime ($B/lib/aarch64/libksan.a).
set -u -o pipefail
B=${1:-build}
cd "$(dirname "$0")/../.."
B=$(cd "$B" && pwd)
out=$B/unit/aarch64
mkdir -p "$out"
KCC=$B/bin/ksan-cc
QEMU="qemu-aarch64 -L /usr/aarch64-linux-gnu"
plan=13
echo "PLAN: $plan"

skip_all() {
	for i in $(seq "$plan"); do echo "SKIP: aarch64: $1"; done
	exit 0
}
command -v qemu-aarch64 > /dev/null || skip_all "no qemu-aarch64 (qemu-user)"
command -v aarch64-linux-gnu-gcc > /dev/null || skip_all "no aarch64-linux-gnu-gcc"
[ -f "$B/lib/aarch64/libksan.a" ] ||
	skip_all "no aarch64 runtime ($B/lib/aarch64/libksan.a: make, with the cross compiler installed)"

pass() { echo "PASS: aarch64: $*"; }
fail() { echo "FAIL: aarch64: $*"; }

cat > "$out/bugs.c" <<'EOF'
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *volatile sink;

int main(int argc, char **argv)
{
	char *p = sink = malloc(10);

	memset(p, 0, 10);
	if (!strcmp(argv[1], "overflow"))
		p[10] = 1;
	if (!strcmp(argv[1], "uaf")) {
		free(p);
		printf("%d\n", p[3]);
		return 0;
	}
	printf("ok %d\n", p[9]);
	free(p);
	return 0;
}
EOF

run() {	# run <exe> <case>: output in $o, status in $rc
	o=$(timeout 60 $QEMU "$1" "$2" 2>&1)
	rc=$?
}

check_bugs() {	# check_bugs <name> <exe>
	local n=$1 exe=$2
	run "$exe" overflow
	if [ $rc -eq 1 ] && grep -q "^BUG: KASAN: slab-out-of-bounds in main+0x" <<< "$o" &&
		grep -q "^Write of size 1 at addr [0-9a-f]\{16\} by task" <<< "$o" &&
		grep -q "^ main+0x[0-9a-f]*/0x[0-9a-f]* .*bugs.c:13$" <<< "$o" &&
		grep -q "located 0 bytes to the right of" <<< "$o"; then pass "$n: heap overflow reported"
	else fail "$n: heap overflow: status $rc: $(echo "$o" | head -6 | tr '\n' ' ')"; fi
	run "$exe" uaf
	if [ $rc -eq 1 ] && grep -q "^BUG: KASAN: slab-use-after-free in main+0x" <<< "$o" &&
		grep -q "^Read of size 1 at addr" <<< "$o" &&
		grep -q "^Freed by task [0-9]*:" <<< "$o" &&
		grep -q "^ main+0x[0-9a-f]*/0x[0-9a-f]* .*bugs.c:15$" <<< "$o"; then pass "$n: use-after-free reported"
	else fail "$n: use-after-free: status $rc: $(echo "$o" | head -6 | tr '\n' ' ')"; fi
	run "$exe" ok
	if [ $rc -eq 0 ] && [ "$o" = "ok 0" ]; then pass "$n: silent twin"
	else fail "$n: silent twin: status $rc: $(echo "$o" | head -3 | tr '\n' ' ')"; fi
}

for cc in gcc clang; do
	case $cc in
	gcc) cmd="--ksan-cc=aarch64-linux-gnu-gcc" ;;
	clang) cmd="--ksan-cc=clang --target=aarch64-linux-gnu" ;;
	esac
	exe=$out/bugs-$cc
	if KSAN_CC_VERBOSE=1 "$KCC" $cmd -O1 "$out/bugs.c" -o "$exe" > "$exe.log" 2>&1 &&
		file -L "$exe" | grep -q "ARM aarch64"; then
		if grep -q -- "0x10000000000" "$exe.log" && ! grep -q -e 0x7fff8000 -e optimize-callbacks "$exe.log" &&
			grep -q "/lib/aarch64/libksan.a" "$exe.log"; then pass "$cc: built with the aarch64 offset and runtime"
		else fail "$cc: compile line: $(grep -v '^$' "$exe.log" | head -3 | tr '\n' ' ')"; fi
		check_bugs "$cc" "$exe"
	else
		fail "$cc: build: $(head -3 "$exe.log" | tr '\n' ' ')"
		for i in 1 2 3; do fail "$cc: not built"; done
	fi
done

exe=$out/bugs-clang-outline
if "$KCC" --ksan-cc=clang --target=aarch64-linux-gnu --ksan-mode=outline -O1 "$out/bugs.c" -o "$exe" > "$exe.log" 2>&1; then
	run "$exe" overflow
	if [ $rc -eq 1 ] && grep -q "^BUG: KASAN: slab-out-of-bounds in main+0x" <<< "$o"; then pass "clang outline: heap overflow reported"
	else fail "clang outline: status $rc: $(echo "$o" | head -4 | tr '\n' ' ')"; fi
else
	fail "clang outline: build: $(head -3 "$exe.log" | tr '\n' ' ')"
fi

# an instrumented library linked with a version script that keeps only
# its API: its checks reach the executable's runtime through the aarch64
# forwarders (libksan_shlib.a; the slots its first constructor fills)
cat > "$out/lib.c" <<'EOF'
#include <stdlib.h>
char *volatile lib_sink, *volatile lib_early;
__attribute__((constructor)) static void early(void) { lib_early = malloc(4); lib_early[3] = 0; }
int lib_overflow(int i) { char *p = lib_sink = malloc(8); p[i] = 1; return p[0]; }
EOF
echo '{ global: lib_overflow; local: *; };' > "$out/lib.map"
cat > "$out/main.c" <<'EOF'
#include <stdlib.h>
int lib_overflow(int);
int main(int argc, char **argv) { return lib_overflow(atoi(argv[1])); }
EOF
if "$KCC" --ksan-cc=aarch64-linux-gnu-gcc -O1 -shared -fPIC -Wl,--version-script="$out/lib.map" \
		"$out/lib.c" -o "$out/liblocal.so" > "$out/lib.log" 2>&1 &&
	"$KCC" --ksan-cc=clang --target=aarch64-linux-gnu -O1 "$out/main.c" -L"$out" -llocal \
		-Wl,-rpath,"$out" -o "$out/main" >> "$out/lib.log" 2>&1; then
	run "$out/main" 8
	o1=$o rc1=$rc
	run "$out/main" 7
	if [ $rc1 -eq 1 ] && grep -q "^BUG: KASAN: slab-out-of-bounds in lib_overflow+0x" <<< "$o1" &&
		[ $rc -eq 0 ]; then pass "-shared library (version script) reports through the executable's runtime"
	else fail "-shared: status $rc1/$rc: $(echo "$o1" | head -4 | tr '\n' ' ')"; fi
else
	fail "-shared: build: $(head -3 "$out/lib.log" | tr '\n' ' ')"
fi
# KCSAN: a reader and a writer of one int, each on its own thread, until
# the first report that knows both sides (at most 30 s; a race at unknown
# origin may come first, a true report too: tests/lit/kcsan/Inputs/race.h);
# the twin takes a mutex around both accesses for 20000 rounds each.  kcsan_skip_watch=0 watches every plain
# access, as tests/lit/kcsan does, so the race shows in the first rounds.
cat > "$out/race.c" <<'EOF'
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <ksan/ksan.h>

int x;
volatile int sink;
static int locked, known;
static time_t start;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

__attribute__((noinline)) void reader(void)
{
	if (locked)
		pthread_mutex_lock(&lock);
	sink = x;
	if (locked)
		pthread_mutex_unlock(&lock);
}

__attribute__((noinline)) void writer(int i)
{
	if (locked)
		pthread_mutex_lock(&lock);
	x = i;
	if (locked)
		pthread_mutex_unlock(&lock);
}

/* the loops and the report callback are not instrumented */
__attribute__((no_sanitize("thread"))) static int count(const struct ksan_report *r, void *arg)
{
	if (r->other_pc)	/* both sides known */
		__atomic_add_fetch(&known, 1, __ATOMIC_RELAXED);
	return 0;		/* printed as usual */
}

__attribute__((no_sanitize("thread"))) static int go_on(int i)
{
	return locked ? i < 20000 : !__atomic_load_n(&known, __ATOMIC_RELAXED) && time(0) < start + 30;
}

__attribute__((no_sanitize("thread"))) static void *run_reader(void *a)
{
	for (int i = 0; go_on(i); i++)
		reader();
	return 0;
}

int main(int argc, char **argv)
{
	pthread_t t;

	locked = argc > 1 && !strcmp(argv[1], "ok");
	start = time(0);
	ksan_set_report_callback(count, 0);
	pthread_create(&t, 0, run_reader, 0);
	for (int i = 0; go_on(i); i++)
		writer(i);
	pthread_join(t, 0);
	printf("done %s\n", locked ? "ok" : "race");
	return 0;
}
EOF
exe=$out/race-gcc
rl=$(grep -n "sink = x;" "$out/race.c" | cut -d: -f1) wl=$(grep -n "x = i;" "$out/race.c" | cut -d: -f1)
if "$KCC" --ksan-cc=aarch64-linux-gnu-gcc --ksan=kcsan -g -O1 "$out/race.c" -o "$exe" -pthread > "$exe.log" 2>&1; then
	o=$(KSAN_OPTIONS=kcsan_skip_watch=0 timeout 120 $QEMU "$exe" race 2>&1)
	rc=$?
	if [ $rc -eq 0 ] && grep -q "^BUG: KCSAN: data-race in reader / writer$" <<< "$o" &&
		grep -q "^write to 0x[0-9a-f]* of 4 bytes by task [0-9]* on cpu [0-9]*:$" <<< "$o" &&
		grep -q "^read to 0x[0-9a-f]* of 4 bytes by task [0-9]* on cpu [0-9]*:$" <<< "$o" &&
		grep -q "^ writer+0x[0-9a-f]*/0x[0-9a-f]* .*race.c:$wl$" <<< "$o" &&
		grep -q "^ reader+0x[0-9a-f]*/0x[0-9a-f]* .*race.c:$rl$" <<< "$o" &&
		grep -q "^done race$" <<< "$o"; then pass "gcc: KCSAN data race reported"
	else fail "gcc: KCSAN race: status $rc: $(echo "$o" | head -8 | tr '\n' ' ')"; fi
	o=$(KSAN_OPTIONS=kcsan_skip_watch=0 timeout 120 $QEMU "$exe" ok 2>&1)
	rc=$?
	if [ $rc -eq 0 ] && [ "$o" = "done ok" ]; then pass "gcc: KCSAN silent twin (the same loops under a mutex)"
	else fail "gcc: KCSAN twin: status $rc: $(echo "$o" | head -4 | tr '\n' ' ')"; fi
else
	fail "gcc: KCSAN build: $(grep -v '^$' "$exe.log" | head -3 | tr '\n' ' ')"
	fail "gcc: KCSAN twin: not built"
fi
o=$("$KCC" --ksan-cc=clang --target=riscv64-linux-gnu "$out/bugs.c" -o "$out/rv" 2>&1)
if [ $? -eq 2 ] && [ "$(echo "$o" | wc -l)" -eq 1 ] && grep -q "^ksan-cc: no ksan runtime for riscv64" <<< "$o"; then
	pass "a target without a runtime: one line"
else fail "riscv64: $o"; fi
exit 0
