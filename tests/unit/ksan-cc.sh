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
echo "PLAN: 25"	# KMSAN: forwarders, exports, driver (static links too)

# Every runtime entry point an instrumented library may call has a
# forwarder in libksan_shlib.a, and every forwarder has a runtime entry to
# reach (src/port/linux/shlib/stubs.c's list against libksan.a's exports).
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

# The same for KMSAN: libksan-kmsan_shlib.a (shlib/stubs.c built with
# -DKSAN_SHLIB_KMSAN) against libksan-kmsan.a.
kentry_re='^(__msan_|__ubsan_|__sanitizer_|ksan_)'
nm -g --defined-only "$B/lib/libksan-kmsan.a" 2>/dev/null | awk 'NF == 3 { print $3 }' |
	grep -E "$kentry_re" | grep -v '^ksan_port_' | sort -u > "$T/kruntime"
nm -g --defined-only "$B/lib/libksan-kmsan_shlib.a" 2>/dev/null | awk 'NF == 3 { print $3 }' |
	grep -E "$kentry_re" | grep -v '^ksan_fwd_' | sort -u > "$T/kshlib"
check "kmsan shlib: runtime has __msan_ entry points" [ "$(grep -c '^__msan_' "$T/kruntime")" -ge 20 ]
check "kmsan shlib: a forwarder for every runtime entry point" \
	bash -c "comm -23 '$T/kruntime' '$T/kshlib' | sed 's/^/  missing forwarder: /' >&2; [ -z \"\$(comm -23 '$T/kruntime' '$T/kshlib')\" ]"
check "kmsan shlib: every forwarder reaches a runtime entry point" \
	bash -c "comm -13 '$T/kruntime' '$T/kshlib' | sed 's/^/  no runtime entry: /' >&2; [ -z \"\$(comm -13 '$T/kruntime' '$T/kshlib')\" ]"
check "kmsan shlib: no __asan_ forwarders" bash -c "! nm '$B/lib/libksan-kmsan_shlib.a' | grep -q ' __asan_'"
check "kmsan: the runtime marker is in libksan-kmsan.a" \
	bash -c "nm -g --defined-only '$B/lib/libksan-kmsan.a' | grep -q ' __ksan_runtime\$'"
# Every default-visibility definition of either runtime (entry points,
# interceptors, the malloc family) is exported by ksan-cc's executables:
# ksan.exports' globs cover it, so an instrumented library, also a
# dlopen'ed one, reaches it.
exports_cover() {	# exports_cover ARCHIVE
	local re
	re=$(sed -n 's/^  \(.*\);$/\1/p' "$B/lib/ksan.exports" | sed 's/\*/.*/g; s/^/^/; s/$/$/' | paste -sd'|')
	readelf -sW "$1" | awk '$5 ~ /GLOBAL|WEAK/ && $6 == "DEFAULT" && $7 != "UND" { print $8 }' |
		sort -u > "$T/defs"
	[ -s "$T/defs" ] || return 1
	grep -vE "$re" "$T/defs" | sed 's/^/  not exported: /' >&2
	! grep -qvE "$re" "$T/defs"
}
check "exports: every default symbol of libksan.a" exports_cover "$B/lib/libksan.a"
check "exports: every default symbol of libksan-kmsan.a" exports_cover "$B/lib/libksan-kmsan.a"

# KMSAN's driver: clang only, never with KASAN; -fsanitize=memory and
# -fsanitize=kernel-memory select it; it combines with ubsan and kfence;
# --ksan-mode is accepted (no inline/outline split); -shared gets KMSAN's
# forwarders.
echo 'int main(int argc, char **argv) { (void)argv; return argc > 5; }' > "$T/m.c"
out=$("$K" --ksan-cc=gcc --ksan=kmsan -c "$T/m.c" -o "$T/m.o" 2>&1); rc=$?
check "kmsan with gcc: exit 2, one line" \
	[ "$rc" -eq 2 -a "$out" = "ksan-cc: kmsan needs clang (GCC has no kernel-memory instrumentation); use --ksan-cc=clang" ]
out=$("$K" --ksan-cc=gcc -fsanitize=memory "$T/m.c" -o "$T/m" 2>&1); rc=$?
check "-fsanitize=memory with gcc (a link): exit 2, one line" \
	[ "$rc" -eq 2 -a "$out" = "ksan-cc: kmsan needs clang (GCC has no kernel-memory instrumentation); use --ksan-cc=clang" ]
out=$("$K" --ksan-cc=clang --ksan=kasan,kmsan -c "$T/m.c" -o "$T/m.o" 2>&1); rc=$?
check "kasan,kmsan: exit 2, one line" \
	[ "$rc" -eq 2 -a "$out" = "ksan-cc: kasan and kmsan exclude each other (as in the kernel): pick one" ]
out=$("$K" --ksan-cc=clang --ksan=kasan -fsanitize=memory -c "$T/m.c" -o "$T/m.o" 2>&1); rc=$?
check "--ksan=kasan with -fsanitize=memory: refused" [ "$rc" -eq 2 ]
for f in memory kernel-memory; do
	rm -f "$T/m"
	line=$(KSAN_CC_VERBOSE=1 "$K" --ksan-cc=clang -fsanitize=$f "$T/m.c" -o "$T/m" 2>&1)
	check "-fsanitize=$f: kernel-memory, libksan-kmsan.a, no KASAN, runs" \
		bash -c '[[ $1 == *" -fsanitize=kernel-memory "* && $1 == *"/libksan-kmsan.a "* &&
			   $1 != *kernel-address* && $1 != *"-fsanitize=memory"* ]] && "$2"' _ "$line" "$T/m"
done
for d in kmsan,ubsan kmsan,kfence kmsan,kfence,ubsan; do
	rm -f "$T/m"
	"$K" --ksan-cc=clang --ksan=$d -O1 "$T/m.c" -o "$T/m" 2>/dev/null
	out=$("$T/m" 2>&1); rc=$?
	check "--ksan=$d: links and runs clean" [ -x "$T/m" -a "$rc" -eq 0 -a -z "$out" ]
done
line=$(KSAN_CC_VERBOSE=1 "$K" --ksan-cc=clang --ksan=kmsan,ubsan -c "$T/m.c" -o "$T/m.o" 2>&1)
check "--ksan=kmsan,ubsan: both instrumentations" \
	bash -c '[[ $1 == *"-fsanitize=kernel-memory"* && $1 == *"-fsanitize=undefined"* ]]' _ "$line"
for mode in inline outline; do
	rm -f "$T/m.o"
	line=$(KSAN_CC_VERBOSE=1 "$K" --ksan-cc=clang --ksan=kmsan --ksan-mode=$mode -c "$T/m.c" -o "$T/m.o" 2>&1); rc=$?
	check "kmsan --ksan-mode=$mode: accepted, no KASAN flags" \
		bash -c '[ "$1" -eq 0 ] && [ -f "$2" ] && [[ $3 != *asan-* ]]' _ "$rc" "$T/m.o" "$line"
done
line=$(KSAN_CC_VERBOSE=1 "$K" --ksan-cc=clang --ksan=kmsan -static "$T/m.c" -o "$T/m" -lm 2>&1)
check "kmsan -static: the wrapped models in a group after the runtime, the user's -l again" \
	bash -c '[[ $1 == *" -Wl,@"*"/libksan-kmsan-libc-wrap.a.wrap -Wl,--start-group "*"/libksan-kmsan-libc-wrap.a -lm -lm -lc -Wl,--end-group"* &&
		   $1 != *"/libksan-kmsan-libc.a "* ]]' _ "$line"
check "kmsan -static: the linker script that brackets libc.a's code, before the models" \
	bash -c '[[ $1 == *" -Wl,-T,"*"/libksan-kmsan-libc-text.ld -Wl,@"*"/libksan-kmsan-libc-wrap.a.wrap "* ]] &&
		 readelf -sW "$2" | grep -q " __ksan_libc_text_end$" &&
		 readelf -SW "$2" | grep -q " \.text\.ksan_libc "' _ "$line" "$T/m"
line=$(KSAN_CC_VERBOSE=1 "$K" --ksan-cc=clang --ksan=kmsan -static -fuse-ld=gold "$T/m.c" -o "$T/m" 2>&1)
check "kmsan -static -fuse-ld=gold: no linker script (gold has no INSERT)" \
	bash -c '[[ $1 == *"/libksan-kmsan-libc-wrap.a.wrap "* && $1 != *"libksan-kmsan-libc-text.ld"* ]]' _ "$line"
line=$(KSAN_CC_VERBOSE=1 "$K" --ksan-cc=clang --ksan=kmsan "$T/m.c" -o "$T/m" 2>&1)
check "kmsan dynamic: the dlsym models, no --wrap" \
	bash -c '[[ $1 == *"/libksan-kmsan-libc.a "* && $1 != *"libksan-kmsan-libc-wrap"* &&
		   $1 != *"libksan-kmsan-libc-text.ld"* ]]' _ "$line"
rm -f "$T/m.so"
line=$(KSAN_CC_VERBOSE=1 "$K" --ksan-cc=clang --ksan=kmsan -fPIC -shared -Wl,--no-undefined "$T/m.c" -o "$T/m.so" 2>&1)
check "kmsan -shared: KMSAN's forwarders, no runtime, links with --no-undefined" \
	bash -c '[[ $1 == *"/libksan-kmsan_shlib.a "* && $1 != *"/libksan_shlib.a"* &&
		   $1 != *"libksan-kmsan.a"* ]] && [ -f "$2" ]' _ "$line" "$T/m.so"
echo 'struct s { int a; char b; }; int f(struct s v) { return v.b ? 1 : 2; }' > "$T/l.c"
rm -f "$T/l.so"
"$K" --ksan-cc=clang --ksan=kmsan -O1 -fPIC -shared -Wl,--no-undefined "$T/l.c" -o "$T/l.so" 2>/dev/null
check "kmsan -shared: the library's __msan_ calls have weak forwarders" \
	bash -c "nm -D '$T/l.so' | grep -q ' W __msan_get_context_state\$'"

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
