#!/usr/bin/env bash
# ksan-cc's own checks (flags per compiler and mode, link lines, errors),
# against the real runtime in the build directory.  run.sh counts as it goes
# and ends with "N passed, N failed": that line, when it agrees with the
# results printed, is the plan (tests/run-tests.sh); a run that dies first
# has none.
set -u -o pipefail
B=${1:-build}
log=$(mktemp "${TMPDIR:-/tmp}/ksan-cc-unit.XXXXXX")
trap 'rm -f "$log"' EXIT
bash "$(dirname "$0")/../ksan-cc/run.sh" "$B/bin/ksan-cc" "$B/lib" > "$log" 2>&1
rc=$?
cat "$log"
last=$(tail -n 1 "$log")
if [[ $last =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed$ ]]; then
	echo "PLAN: $((BASH_REMATCH[1] + BASH_REMATCH[2]))"
fi
exit $rc
