#!/usr/bin/env bash
# The freestanding core in a real kernel (kernel/, src/port/baremetal/):
# builds the test kernel seven times (gcc, clang x inline, outline KASAN;
# KCSAN with gcc and with clang; KMSAN with clang), boots each once under
# qemu-system-x86_64 -smp 2 and turns its KUnit-style
# output into result lines: "ok N case" -> PASS, "not ok N case" -> FAIL,
# "ok N case # SKIP why" -> SKIP, named <build>/<suite>.<case>.  The plan
# is the kernel's own count, announced before its first suite ("# kunit:
# N cases in M suites"; KTAP's "1..N" count suites), plus one result
# per build for the boot itself (<build>/boot: the summary was printed,
# every announced case reported, the exit status agrees, and the boot log
# says "smp: Brought up 1 node, 2 CPUs").  KERNEL_BUILDS picks builds.  A boot that
# hangs is killed after KERNEL_TIMEOUT seconds (120) and fails; without
# qemu-system-x86_64 each build is one counted SKIP.  One more result
# first: the bare-metal port defines every function of include/ksan/port.h.
#   usage: tests/unit/kernel.sh [build-dir] [--log]
#   --log: print each build's serial log before its results (make kernel-check)
# Ends with one line per build, "kernel <build>: N passed, M failed", and
# exits non-zero if any build failed.
set -u -o pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
B=${1:-$root/build}
show_log=0
[ "${2:-}" = --log ] && show_log=1
mkdir -p "$B" && B=$(cd "$B" && pwd)
logs=$B/unit-tests/kernel
mkdir -p "$logs"
builds=${KERNEL_BUILDS:-"gcc-inline gcc-outline clang-inline clang-outline kcsan-gcc kcsan-clang kmsan-clang"}
QEMU=${QEMU:-qemu-system-x86_64}
failed=0
summary=()

if ! command -v "$QEMU" > /dev/null 2>&1; then
	for b in $builds; do
		echo "PLAN: 1"
		echo "SKIP: kernel/$b: no $QEMU (Debian: apt-get install qemu-system-x86)"
		summary+=("kernel $b: 0 passed, 0 failed, 1 skipped")
	done
	printf '%s\n' "${summary[@]}"
	exit 0
fi

# one make for them all (the runtime is built once per compiler and
# detector set); -k: a
# build that fails does not stop the others
start=$(date +%s)
make -C "$root" -k -j2 --no-print-directory B="$B" kernel > "$logs/build.log" 2>&1
build_rc=$?
echo "# kernel: built in $(( $(date +%s) - start )) s (make status $build_rc; log $logs/build.log)"

# the bare-metal port defines every function of the port contract, in
# each of its variants (KASAN's, KCSAN's, KMSAN's: the kernel links, so
# what the core calls is there; this checks the rest)
echo "PLAN: 1"
why=
for rt in rt-gcc-kasan rt-gcc-kcsan rt-clang-kmsan; do
	port_objs=$(ls "$B"/kernel/$rt/src/port/baremetal/*.o 2> /dev/null)
	if [ -z "$port_objs" ]; then
		why="${why}the port was not built for $rt (see $logs/build.log); "
		continue
	fi
	missing=$(comm -23 <(grep -oE '\bksan_port_[a-z0-9_]+\b' "$root/include/ksan/port.h" | sort -u) \
		<(nm --defined-only $port_objs | awk '$2 ~ /^[TW]$/ {print $3}' | sort -u) | tr '\n' ' ')
	[ -n "$missing" ] && why="${why}src/port/baremetal ($rt) lacks $missing; "
done
if [ -n "$why" ]; then
	echo "FAIL: kernel/port_contract: $why"
	failed=1
else
	echo "PASS: kernel/port_contract"
fi

for b in $builds; do
	img=$B/kernel/$b/ksan-kernel
	log=$logs/$b.log
	pass=0 fail=0 skip=0
	if [ ! -f "$img" ]; then
		echo "PLAN: 1"
		echo "FAIL: kernel/$b/build: no image (see $logs/build.log: $(grep -m1 -E 'error|Error' "$logs/build.log"))"
		summary+=("kernel $b: 0 passed, 1 failed")
		failed=1
		continue
	fi
	t0=$(date +%s)
	bash "$root/kernel/scripts/boot.sh" "$img" > "$log" 2>&1
	rc=$?
	secs=$(( $(date +%s) - t0 ))
	[ "$show_log" = 1 ] && { echo "---- serial log of the $b kernel ----"; cat "$log"; echo "---- end of the $b log ----"; }
	# the kernel's plan: "# kunit: N cases in M suites" before the first
	# suite, else (an older kernel) its suites' "1..N" (KTAP subtests)
	plan=$(awk '/^# kunit: [0-9]+ cases in / { print $3; found = 1; exit }
		/^    1\.\.[0-9]+$/ { sub(/^ *1\.\./, ""); n += $0; seen = 1 }
		END { if (!found) print seen ? n : "" }' "$log")
	if [ -z "$plan" ]; then
		echo "PLAN: 1"
		echo "FAIL: kernel/$b/boot: the kernel announced no tests (status $rc after $secs s; last line: $(tail -n1 "$log"))"
		summary+=("kernel $b: 0 passed, 1 failed")
		failed=1
		continue
	fi
	echo "PLAN: $((plan + 1))"
	results=0
	# "    ok 3 name", "    not ok 3 name", "    ok 3 name # SKIP why",
	# each under its "    # Subtest: suite"
	while IFS=$'\t' read -r kind name why; do
		results=$((results + 1))
		case $kind in
		PASS) echo "PASS: kernel/$b/$name"; pass=$((pass + 1)) ;;
		SKIP) echo "SKIP: kernel/$b/$name: $why"; skip=$((skip + 1)) ;;
		*) echo "FAIL: kernel/$b/$name"; fail=$((fail + 1)) ;;
		esac
	done < <(awk '
		/^    # Subtest: / { suite = $3; next }
		/^    (not )?ok [0-9]+ / {
			line = $0; sub(/^    /, "", line)
			bad = line ~ /^not /; sub(/^(not )?ok [0-9]+ /, "", line)
			why = ""
			if (match(line, / # SKIP ?/)) { why = substr(line, RSTART + RLENGTH); line = substr(line, 1, RSTART - 1) }
			kind = bad ? "FAIL" : ($0 ~ / # SKIP/ ? "SKIP" : "PASS")
			printf "%s\t%s.%s\t%s\n", kind, suite, line, why
		}' "$log")
	# the cases that never reported, then the boot itself
	while [ "$results" -lt "$plan" ]; do
		results=$((results + 1))
		echo "FAIL: kernel/$b/missing-$results: no result (the kernel stopped after $((results - 1)) of $plan)"
		fail=$((fail + 1))
	done
	why=
	case $rc in
	0 | 1) ;;
	2) why="the kernel panicked" ;;
	124) why="hung: killed after ${KERNEL_TIMEOUT:-120} s" ;;
	125) why="QEMU ended without the kernel's exit (a triple fault?)" ;;
	*) why="unexpected status $rc" ;;
	esac
	if [ -z "$why" ] && ! grep -q '^# Totals: ' "$log"; then
		why="no summary line (# Totals:)"
	fi
	# every build runs on two CPUs (boot.sh: -smp 2)
	if [ -z "$why" ] && ! grep -q '^smp: Brought up 1 node, 2 CPUs$' "$log"; then
		why="the second CPU did not come up (no 'smp: Brought up 1 node, 2 CPUs')"
	fi
	if [ -z "$why" ] && [ "$rc" -ne $(( fail > 0 ? 1 : 0 )) ]; then
		why="exit status $rc with $fail failed"
	fi
	if [ -z "$why" ]; then
		echo "PASS: kernel/$b/boot"
		pass=$((pass + 1))
	else
		echo "FAIL: kernel/$b/boot: $why (log: $log)"
		fail=$((fail + 1))
	fi
	echo "# kernel $b: booted and ran in $secs s"
	[ "$fail" -gt 0 ] && failed=1
	summary+=("kernel $b: $pass passed, $fail failed$([ "$skip" -gt 0 ] && echo ", $skip skipped")")
done
printf '%s\n' "${summary[@]}"
exit $failed
