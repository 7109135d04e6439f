#!/bin/bash
# Prints how many weak ksan_pool_* definitions an archive holds (the no-ops
# of src/core/pool_stubs.c), or that it is not built.
a=$1
if [ ! -f "$a" ]; then
	echo "$(basename "$a"): not built"
	exit 0
fi
echo "$(basename "$a"): $(nm "$a" | grep -c ' W ksan_pool_') weak ksan_pool_ definitions"
