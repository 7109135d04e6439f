#!/bin/bash
# Runs ub.c's "all" and each check that stops the program, with status lines.
# usage: each.sh ARG COMMAND...: COMMAND (the program, after the runner
# lit's %run names for another architecture) with each check, then ARG
# ("-": none)
arg=$1
shift
[ "$arg" = - ] && arg=
for t in all null_load unreachable div0 divmin; do
	bash "$(dirname "$0")/../../Inputs/status.sh" "$@" $t $arg
done
