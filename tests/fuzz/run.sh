#!/usr/bin/env bash
# Runs fuzz targets of the runtime's parsers (make fuzz builds them):
#   run.sh BUILD RUNS TARGET...
# For each target: its regression inputs (tests/fuzz/regress/<target>/,
# each once), then RUNS inputs mutated from its corpus
# (tests/fuzz/corpus/<target>/, left as it is: new inputs go to
# BUILD/fuzz-work/<target>/, or FUZZ_WORK/<target>/).  Prints
# "PASS: fuzz/<target> ..." or "FAIL: ..." per target and libFuzzer's last
# lines; a log per target in BUILD/fuzz-logs/ (or FUZZ_LOGS), with any
# failing input.  One process at a time (no -jobs, no -fork).
set -u -o pipefail
cd "$(dirname "$0")/../.."
B=$1 RUNS=$2
shift 2
status=0
logs=${FUZZ_LOGS:-$B/fuzz-logs}
mkdir -p "$logs"
for t in "$@"; do
	exe=$B/fuzz/$t log=$logs/$t.log work=${FUZZ_WORK:-$B/fuzz-work}/$t
	mkdir -p "$work"
	# ksan-cc's words go to stdout and stderr (its messages): not the log's
	# FUZZ_SECONDS: stop there if RUNS take longer (libFuzzer's last line
	# says how many ran)
	opts=(-seed=1 -artifact_prefix="$logs/$t-" -max_total_time="${FUZZ_SECONDS:-0}"
	      -timeout=10 -rss_limit_mb=2048)
	case $t in
	# ksan_cc: its words are many small blocks; ASan's allocator was a
	# fifth of the time (shorter malloc stacks and quarantine: 1.2x runs/s)
	ksan_cc) opts+=(-close_fd_mask=3 -max_len=4096)
		export ASAN_OPTIONS=${ASAN_OPTIONS:-malloc_context_size=2:quarantine_size_mb=16}
		# its response file is rewritten at most inputs: on a tmpfs the
		# target ran 4x faster in wall time on a loaded machine
		[ -z "${TMPDIR:-}" ] && [ -w /dev/shm ] && export TMPDIR=/dev/shm ;;
	elf) opts+=(-max_len=16384) ;;
	*) opts+=(-max_len=4096) ;;
	esac
	regress=()
	[ -d "tests/fuzz/regress/$t" ] && regress=(tests/fuzz/regress/"$t"/*)
	if [ ${#regress[@]} -gt 0 ] && ! "$exe" "${opts[@]}" "${regress[@]}" > "$log.regress" 2>&1; then
		echo "FAIL: fuzz/$t: a regression input fails (log: $log.regress)"
		tail -n 30 "$log.regress"
		status=1
		continue
	fi
	start=$(date +%s)
	if "$exe" "${opts[@]}" -runs="$RUNS" "$work" "tests/fuzz/corpus/$t" > "$log" 2>&1; then
		echo "PASS: fuzz/$t: ${#regress[@]} regression inputs, $(grep -E '^Done [0-9]+ runs' "$log" | tail -n 1) ($(( $(date +%s) - start )) s wall)"
	else
		echo "FAIL: fuzz/$t (log: $log; the input that failed is named there)"
		tail -n 40 "$log"
		status=1
	fi
done
exit $status
