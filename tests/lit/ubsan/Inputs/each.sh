#!/bin/bash
# Runs ub.c's "all" and each check that stops the program, with status lines.
# usage: each.sh PROGRAM [ok]
for t in all null_load unreachable div0 divmin; do
	bash "$(dirname "$0")/../../Inputs/status.sh" "$1" $t ${2:-}
done
