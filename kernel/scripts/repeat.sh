#!/usr/bin/env bash
# Boots one test kernel N times in a row with a kunit.filter_glob and says
# how many boots passed every selected case: the reliability check of the
# KCSAN suite (races found by sampling must be found every time, silent
# twins must stay silent every time).  Exits 0 only if all N passed.
#   usage: kernel/scripts/repeat.sh IMAGE [N (20)] [GLOB (kcsan.*)]
set -u
img=$1
n=${2:-20}
glob=${3:-kcsan.*}
here=$(cd "$(dirname "$0")" && pwd)
ok=0
for i in $(seq 1 "$n"); do
	log=$(bash "$here/boot.sh" "$img" "kunit.filter_glob=$glob" 2>&1)
	rc=$?
	if [ "$rc" -eq 0 ] && grep -q '^# Summary: ok [0-9]* / not ok 0$' <<< "$log"; then
		ok=$((ok + 1))
	else
		echo "boot $i: status $rc"
		grep -E '^    (not ok|# .*EXPECTATION)' <<< "$log"
	fi
done
echo "$img ($glob): $ok of $n boots passed"
[ "$ok" -eq "$n" ]
