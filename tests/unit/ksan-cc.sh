#!/usr/bin/env bash
# ksan-cc's own checks (flags per compiler and mode, link lines, errors),
# against the real runtime in the build directory.  run.sh counts as it goes
# and ends with "N passed, N failed": that line, when it agrees with the
# results printed, is the plan (tests/run-tests.sh); a run that dies first
# has none.  Then checks of the shared-library forwarders, -fno-sanitize=
# and C++, with a plan of their own.
set -u -o pipefail
B=${1:-build}
log=$(mktemp "${TMPDIR:-/tmp}/ksan-cc-unit.XXXXXX")
T=$(mktemp -d "${TMPDIR:-/tmp}/ksan-cc-unit.XXXXXX")
trap 'rm -rf "$log" "$T"' EXIT
bash "$(dirname "$0")/../ksan-cc/run.sh" "$B/bin/ksan-cc" "$B/lib" > "$log" 2>&1
run_rc=$?
cat "$log"
last=$(tail -n 1 "$log")
if [[ $last =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed$ ]]; then
	echo "PLAN: $((BASH_REMATCH[1] + BASH_REMATCH[2]))"
fi

K=$B/bin/ksan-cc
fail=0
check() {	# check NAME COMMAND...: PASS or FAIL
	local name=$1
	shift
	if "$@"; then echo "PASS: $name"; else echo "FAIL: $name"; fail=1; fi
}
echo "PLAN: 9"

# Every runtime entry point an instrumented library may call has a
# forwarder in libksan_shlib.a, and every forwarder has a runtime entry to
# reach (src/port/linux/shlib_stubs.c's list against libksan.a's exports).
entry_re='^(__asan_|__ubsan_|__kasan_|__sanitizer_|ksan_)'
nm -g --defined-only "$B/lib/libksan.a" 2>/dev/null | awk 'NF == 3 { print $3 }' |
	grep -E "$entry_re" | grep -v '^ksan_port_' | sort -u > "$T/runtime"
nm -g --defined-only "$B/lib/libksan_shlib.a" 2>/dev/null | awk 'NF == 3 { print $3 }' |
	grep -E "$entry_re" | grep -v '^ksan_fwd_' | sort -u > "$T/shlib"	# hidden helpers
check "shlib: runtime has entry points ($(wc -l < "$T/runtime"))" [ "$(wc -l < "$T/runtime")" -gt 200 ]
check "shlib: a forwarder for every runtime entry point" \
	bash -c "comm -23 '$T/runtime' '$T/shlib' | sed 's/^/  missing forwarder: /' >&2; [ -z \"\$(comm -23 '$T/runtime' '$T/shlib')\" ]"
check "shlib: every forwarder reaches a runtime entry point" \
	bash -c "comm -13 '$T/runtime' '$T/shlib' | sed 's/^/  no runtime entry: /' >&2; [ -z \"\$(comm -13 '$T/runtime' '$T/shlib')\" ]"
check "shlib: the runtime marker is exported" \
	bash -c "nm -g --defined-only '$B/lib/libksan.a' | grep -q ' __ksan_runtime\$' && grep -q '__ksan_\\*' '$B/lib/ksan.exports'"

# -fno-sanitize=all: none of ksan's KASAN flags reach the compiler
echo 'int f(int *p) { return *p; }' > "$T/f.c"
line=$(KSAN_CC_VERBOSE=1 "$K" --ksan-cc=gcc -fno-sanitize=all -c "$T/f.c" -o "$T/f.o" 2>&1)
check "-fno-sanitize=all: no -fasan-shadow-offset, compiles" \
	bash -c "[[ '$line' != *asan-shadow-offset* && '$line' != *kernel-address* ]] && [ -f '$T/f.o' ]"

# C++: one line and exit 2 with a C compiler; accepted with a C++ one
echo 'int g() { return 1; }' > "$T/g.cpp"
out=$("$K" --ksan-cc=gcc -c "$T/g.cpp" -o "$T/g.o" 2>&1)
rc=$?
one_line_exit2() { [ "$rc" -eq 2 ] && [ "$(wc -l <<< "$out")" -eq 1 ]; }
says_how() { [[ "$out" == *"--ksan-cc=g++"* ]]; }
check "C++ with gcc: exit 2, one line" one_line_exit2
check "C++ with gcc: message says how" says_how
"$K" --ksan-cc=g++ -c "$T/g.cpp" -o "$T/g.o" 2>/dev/null
check "C++ with g++: compiles" [ -f "$T/g.o" ]
check "--help documents C++ and -fno-sanitize" \
	bash -c "'$K' --help | grep -q 'ksan is for C' && '$K' --help | grep -q -- '-fno-sanitize=all'"

if [ "$run_rc" -ne 0 ] || [ "$fail" -ne 0 ]; then
	exit 1
fi
exit 0
