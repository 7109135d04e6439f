// ksan's counterpart of GCC 12's c-c++-common/asan/pointer-subtract-1.c, with the options that test sets, in KSAN_OPTIONS and as GCC sets them, in ASAN_OPTIONS (detect_invalid_pointer_pairs=1, halt_on_error=0): the difference of two heap objects, two globals, two locals, and of a heap object, a local and a global taken pairwise is reported six times, each from its call site, and the program goes on.  Written for ksan (not a copy).
// RUN: %ksan_cc -O1 -fsanitize=address,pointer-subtract %s -o %t
// RUN: env KSAN_OPTIONS=detect_invalid_pointer_pairs=1:halt_on_error=0:report_format=asan bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s
// RUN: env "ASAN_OPTIONS=detect_invalid_pointer_pairs=1 halt_on_error=0" KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s
#include <stdio.h>
#include <stdlib.h>

volatile long distance;
char north[100], south[100];

__attribute__((noinline)) void measure(char *a, char *b)
{
	distance = a - b;
}

int main(void)
{
	char *h1 = malloc(42), *h2 = malloc(42);
	char l1, l2;

	setvbuf(stdout, NULL, _IONBF, 0);
	puts("heap");
	measure(h1, h2);
	puts("globals");
	measure(&north[0], &south[10]);
	puts("locals");
	measure(&l1, &l2);
	puts("heap-local");
	measure(h1, &l1);
	puts("heap-global");
	measure(h1, &north[0]);
	puts("local-global");
	measure(&l1, &north[0]);
	puts("end");
	free(h1);
	free(h2);
	return 0;
}

// CHECK-LABEL: heap
// CHECK: ERROR: AddressSanitizer: invalid-pointer-pair
// CHECK-LABEL: globals
// CHECK: ERROR: AddressSanitizer: invalid-pointer-pair
// CHECK-LABEL: locals
// CHECK: ERROR: AddressSanitizer: invalid-pointer-pair
// CHECK-LABEL: heap-local
// CHECK: ERROR: AddressSanitizer: invalid-pointer-pair
// CHECK-LABEL: heap-global
// CHECK: ERROR: AddressSanitizer: invalid-pointer-pair
// CHECK-LABEL: local-global
// CHECK: ERROR: AddressSanitizer: invalid-pointer-pair
// CHECK-LABEL: end
// CHECK-NEXT: STATUS: exit 0{{$}}
