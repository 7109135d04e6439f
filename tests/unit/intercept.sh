#!/usr/bin/env bash
# Builds tests/unit/intercept_test.c with ksan-cc for gcc and clang (inline
# mode: the interceptors do not depend on the mode), dynamic and -static (where
# ksan's own implementations replace the C library's), and runs every case in
# each.  Each result line is "PASS|FAIL|SKIP: <config>/<case>[: why]".
#   usage: tests/unit/intercept.sh [build-dir]      (default: build)
set -u
. "$(dirname "$0")/../lib.sh" intercept "$@"

# build <cc> <name> [flags...]: in the background, log in $tmp/<name>.log.
# -fno-builtin: every call in the test reaches the interceptor.
build() {
	local cc=$1 name=$2
	shift 2
	KSAN_CC_VERBOSE= "$KSAN_CC_BIN" --ksan-cc="$cc" --ksan-mode=inline -O1 -g -Wall \
		-fno-builtin "$@" "$src" -o "$tmp/$name" > "$tmp/$name.log" 2>&1
	echo $? > "$tmp/$name.rc"
}

# run <config>: prefix every result line with the config
run() {
	local cfg=$1 rc n
	if [ "$(cat "$tmp/$cfg.rc" 2>/dev/null)" != 0 ]; then
		printf 'PLAN: 1\nFAIL: %s\n' "$cfg/build: ksan-cc failed:"
		sed 's/^/    /' "$tmp/$cfg.log" | tail -20
		failed=1
		return
	fi
	TMPDIR=$tmp KSAN_TEST_LOG= timeout 300 "$tmp/$cfg" > "$tmp/$cfg.out" 2> "$tmp/$cfg.err"
	rc=$?
	sed -E "s#^(PASS|FAIL|SKIP): #\1: $cfg/#" "$tmp/$cfg.out"
	n=$(grep -c '^FAIL: ' "$tmp/$cfg.out")
	if [ "$rc" -ne 0 ] && [ "$n" -eq 0 ]; then
		echo "FAIL: $cfg/intercept_test: exited with status $rc after the last case above" \
			"(stderr: $(tail -c 300 "$tmp/$cfg.err" | tr '\n' ' '))"
	fi
	[ "$rc" -ne 0 ] && failed=1
}

configs=()
for cc in gcc clang; do
	if ! have "$cc"; then
		printf 'PLAN: 1\nSKIP: %s\n' "$cc/intercept_test: $cc is not installed" \
			"$cc-static/intercept_test: $cc is not installed"
		continue
	fi
	configs+=("$cc" "$cc-static")
	build "$cc" "$cc" &
	build "$cc" "$cc-static" -static &
done
wait

for cfg in "${configs[@]}"; do
	run "$cfg"
done
echo "intercept.sh: $(( $(date +%s) - start )) s"
exit $failed
