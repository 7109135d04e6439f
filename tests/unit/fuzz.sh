#!/usr/bin/env bash
# The fuzz targets of the runtime's own parsers (tests/fuzz/): built with
# clang's libFuzzer, ASan and UBSan (make fuzz), each run briefly over its
# corpus after replaying its regression inputs.  One SKIP per target
# without clang 14's libFuzzer (libclang-rt-14-dev).  make fuzz-runtime
# runs them for long (docs/fuzzing-runtime.md).
set -u -o pipefail
B=${1:-build}
cd "$(dirname "$0")/../.."
targets="options suppressions symbolize_answer elf ksan_cc"
echo "PLAN: $(echo $targets | wc -w)"
if ! echo 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { return 0; }' |
	${FUZZ_CC:-clang-14} -fsanitize=fuzzer,address,undefined -x c - -o /dev/null 2>/dev/null; then
	for t in $targets; do echo "SKIP: fuzz/$t: no libFuzzer (${FUZZ_CC:-clang-14}, libclang-rt-14-dev)"; done
	exit 0
fi
if ! make --no-print-directory -s B="$B" fuzz > "$B/fuzz-build.log" 2>&1; then
	cat "$B/fuzz-build.log"
	for t in $targets; do echo "FAIL: fuzz/$t: build"; done
	exit 1
fi
# fresh work and log directories: a long run may be using the usual ones
W=$(mktemp -d "${TMPDIR:-/tmp}/ksan-fuzz.XXXXXX")
trap 'rm -rf "$W"' EXIT
status=0
# ksan_cc reads and writes files for each input: fewer of them
FUZZ_WORK=$W/work FUZZ_LOGS=$W/logs bash tests/fuzz/run.sh "$B" 20000 \
	options suppressions symbolize_answer elf || status=1
FUZZ_WORK=$W/work FUZZ_LOGS=$W/logs bash tests/fuzz/run.sh "$B" 3000 ksan_cc || status=1
exit $status
