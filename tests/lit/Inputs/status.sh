#!/bin/bash
# Runs a command, then prints how it ended on stdout, after everything the
# command printed: "STATUS: exit N" or "STATUS: signal NAME".  Always
# succeeds, so lit tests can FileCheck an exact exit status or signal.
ulimit -c 0
"$@"
rc=$?
if [ "$rc" -gt 128 ] && [ "$rc" -lt 160 ]; then
	echo "STATUS: signal SIG$(kill -l $((rc - 128)))"
else
	echo "STATUS: exit $rc"
fi
exit 0
