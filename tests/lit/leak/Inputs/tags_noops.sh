#!/bin/bash
# Prints how many weak leak detection calls (ksan_leak_check, __lsan_*) an
# archive defines (the no-ops of src/core/leak_stubs.c), or that it is not
# built.
a=$1
if [ ! -f "$a" ]; then
	echo "$(basename "$a"): not built"
	exit 0
fi
echo "$(basename "$a"): $(nm "$a" | grep -c ' W \(ksan_leak_check\|__lsan_[a-z_]*\)$') weak leak definitions"
