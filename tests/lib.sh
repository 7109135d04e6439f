# This file contains what the unit scripts of tests/unit share (it lives
# outside tests/unit, whose every *.sh is a suite): the tree,
# the build directory and ksan-cc, a fresh work directory per suite, and the
# check that the build exists.  Sourced as
#   . "$(dirname "$0")/../lib.sh" <suite> "$@"
# it sets here, root, B, KSAN_CC_BIN, src (tests/unit/<suite>_test.c), tmp
# ($B/unit-tests/<suite>, emptied), start, failed=0 and have(); without
# ksan-cc it prints a one-case plan that fails and exits.
suite=$1
shift
here=$(cd "$(dirname "$0")" && pwd)	# the suite's folder, tests/unit
root=$(cd "$here/../.." && pwd)
B=${1:-$root/build}
mkdir -p "$B" && B=$(cd "$B" && pwd)
KSAN_CC_BIN=$B/bin/ksan-cc
src=$here/${suite}_test.c
tmp=$B/unit-tests/$suite
rm -rf "$tmp" && mkdir -p "$tmp"
start=$(date +%s)
failed=0

if [ ! -x "$KSAN_CC_BIN" ]; then
	printf 'PLAN: 1\nFAIL: %s\n' "$suite/build: $KSAN_CC_BIN is missing (run make)"
	exit 1
fi

have() { command -v "$1" >/dev/null 2>&1; }
