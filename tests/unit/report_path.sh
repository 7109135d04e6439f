#!/usr/bin/env bash
# The one report path (docs/design.md, "Reports"): every detector's reports
# go through src/core's core_report_emit, which runs the suppression, the
# callback, the layout report_format chooses and the end.
#  1. In the sources: nothing outside src/core reads report_format or names
#     a layout (FORMAT_*), calls the callback, ends or cancels a report
#     itself; KASAN's and UBSAN's suppressions are the path's ops->suppressed.
#  2. At run time: one report of each detector (KASAN, its pools and
#     checked copies, leaks, UBSAN, KFENCE; KMSAN and KCSAN with clang),
#     each seen by a callback that reads the path's counter
#     (core_report_emitted): it must be 1 at the first report, as
#     ksan_report_count() is.  Tag-based KASAN is aarch64's (its lit suite).
#   usage: tests/unit/report_path.sh [build-dir]
set -u
. "$(dirname "$0")/../lib.sh" report_path "$@"
SRC=$root/src

cases="kasan overlap pool leak ubsan kfence kmsan kcsan"
echo "PLAN: $((4 + $(wc -w <<< "$cases")))"

# ---- 1. the sources ----
# comments may name report_format=asan; code reads core_opt.report_format
hits=$(grep -rnE 'core_opt\.report_format|\bFORMAT_(KASAN|ASAN|JSON)\b' "$SRC" \
	--include='*.c' --include='*.h' | grep -v "^$SRC/core/")
if [ -z "$hits" ]; then
	echo "PASS: report_path_no_format_switch"
else
	echo "FAIL: report_path_no_format_switch: $(tr '\n' ' ' <<< "${hits//$SRC\//}")"
	failed=1
fi
hits=$(grep -rnE '\b(core_report_callback|report_callback|core_report_end)\(' "$SRC" \
	--include='*.c' --include='*.h' | grep -v "^$SRC/core/")
if [ -z "$hits" ]; then
	echo "PASS: report_path_no_own_callback_or_end"
else
	echo "FAIL: report_path_no_own_callback_or_end: $(tr '\n' ' ' <<< "${hits//$SRC\//}")"
	failed=1
fi
# the suppressions run in the path (ops->suppressed), not at a detector's
# begin: no detector cancels a begun report itself, and each detector with
# suppressions hands them to the path
hits=$(grep -rnE '\bcore_report_cancel\(' "$SRC" --include='*.c' --include='*.h' | grep -v "^$SRC/core/")
missing=
for d in kasan ubsan; do
	grep -rqE '\.suppressed[[:space:]]*=' "$SRC/$d" || missing+=" $d"
done
if [ -z "$hits$missing" ]; then
	echo "PASS: report_path_suppressions_in_path"
else
	echo "FAIL: report_path_suppressions_in_path:${hits:+ cancels: $(tr '\n' ' ' <<< "${hits//$SRC\//}")}${missing:+ no .suppressed in:$missing}"
	failed=1
fi
# every detector folder that reports calls the path
missing=
for d in kasan kfence kmsan kcsan tags ubsan leak; do
	grep -rq 'core_report_emit' "$SRC/$d" || missing+=" $d"
done
if [ -z "$missing" ]; then
	echo "PASS: report_path_every_detector_emits"
else
	echo "FAIL: report_path_every_detector_emits: no core_report_emit in:$missing"
	failed=1
fi

# ---- 2. at run time ----
# build <name> <cc> <ksan-list> [flags]
build() {
	local name=$1 cc=$2 list=$3
	shift 3
	KSAN_CC_VERBOSE= "$KSAN_CC_BIN" --ksan-cc="$cc" --ksan="$list" -O0 -g -fno-builtin "$@" "$src" \
		-o "$tmp/$name" -pthread > "$tmp/$name.log" 2>&1
}
build kasan gcc kasan,ubsan,kfence
have_clang=0
if have clang; then
	have_clang=1
	build kmsan clang kmsan
	build kcsan clang kcsan
fi

# check <case> <binary> <detector> [env...]
check() {
	local c=$1 bin=$2 det=$3 out
	shift 3
	if [ ! -x "$tmp/$bin" ]; then
		echo "FAIL: report_path_$c: the $bin build failed: $(tail -c 300 "$tmp/$bin.log" | tr '\n' ' ')"
		failed=1
		return
	fi
	out=$(env "$@" timeout 120 "$tmp/$bin" "$c" 2> "$tmp/$c.err" | head -1)
	if [[ $out == "report $det "*" emitted=1 count=1" ]]; then
		echo "PASS: report_path_$c"
	else
		echo "FAIL: report_path_$c: expected 'report $det ... emitted=1 count=1', got '$out'" \
			"(stderr: $(tail -c 200 "$tmp/$c.err" | tr '\n' ' '))"
		failed=1
	fi
}
check kasan kasan KASAN
check overlap kasan KASAN
check pool kasan KASAN
check leak kasan KMEMLEAK KSAN_OPTIONS=detect_leaks=1
check ubsan kasan UBSAN
check kfence kasan KFENCE KSAN_OPTIONS=kfence_sample_every=1
for c in kmsan kcsan; do
	if [ $have_clang = 1 ]; then
		check $c $c "${c^^}" KSAN_OPTIONS=kcsan_skip_watch=0
	else
		echo "SKIP: report_path_$c: no clang"
	fi
done
exit $failed
