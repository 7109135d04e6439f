// verbosity=1 prints runtime diagnostics on stderr, at least the start-up line; verbosity=0 (default) prints nothing.
// RUN: %ksan_cc -O1 %s -o %t
// RUN: env KSAN_OPTIONS=verbosity=1 %run %t 2>&1 | FileCheck %s
// RUN: %run %t 2>&1 | FileCheck %s --check-prefix=QUIET --implicit-check-not=ksan
#include <stdio.h>

int main(void)
{
	printf("hello\n");
	return 0;
}

// CHECK: {{^}}ksan: initialised
// CHECK: hello

// QUIET: hello
