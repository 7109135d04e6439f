// ksan's counterpart of GCC 12's c-c++-common/asan/pointer-compare-1.c, with the options that test sets, in KSAN_OPTIONS and as GCC sets them, in ASAN_OPTIONS (detect_invalid_pointer_pairs=2, halt_on_error=0): every one of its 20 invalid pairs is reported (heap objects apart, past a heap object's end near and far, a heap pointer and null, two globals, a small global's neighbours on both sides and past its end, a large global's left neighbour, other globals, null, two locals, and mixtures of heap, stack, global and null), each from its own call site of one comparing function, and its two valid pairs (a global with itself and with one past its end) are not.  Written for ksan (not a copy): each case prints its number first.
// RUN: %ksan_cc -O1 -fsanitize=address,pointer-compare %s -o %t
// RUN: env KSAN_OPTIONS=detect_invalid_pointer_pairs=2:halt_on_error=0:report_format=asan bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s
// RUN: env "ASAN_OPTIONS=detect_invalid_pointer_pairs=2:halt_on_error=0" KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s
#include <stdio.h>
#include <stdlib.h>

volatile int result;

/* GCC's noipa; clang (which ignores it) must not inline it either: the
 * comparisons of a pointer with itself plus a constant would fold */
#ifdef __clang__
#define NOIPA __attribute__((noinline))
#else
#define NOIPA __attribute__((noipa))
#endif

NOIPA void cmp(char *a, char *b)
{
	result = a > b;
}

/* neighbours of one another in .bss, each with its red zone */
char left_array[100], right_array[100];
char __attribute__((used)) tiny[5];
char seven[7];
char __attribute__((used)) ten[10];
char __attribute__((used)) four_k[4000];
char five_k[5000];
char __attribute__((used)) six_k[6000];

#define CASE(n) printf("case %d\n", n)

int main(void)
{
	char *h1 = malloc(42), *h2 = malloc(42), *p;
	char s1, s2;

	setvbuf(stdout, NULL, _IONBF, 0);
	CASE(1);
	cmp(h1, h2);
	free(h1);
	free(h2);

	h1 = malloc(1024);
	__asm__("" : "+g"(h1));
	CASE(2);
	cmp(h1, h1 + 1025);
	CASE(3);
	cmp(h1 + 1024, h1 + 1025);
	free(h1);

	h1 = malloc(4096);
	__asm__("" : "+g"(h1));
	CASE(4);
	cmp(h1, h1 + 4097);
	CASE(5);
	cmp(h1, 0);

	CASE(6);
	cmp(&left_array[0], &right_array[10]);

	p = seven;
	__asm__("" : "+g"(p));
	CASE(100);
	cmp(p, p);
	cmp(p, p + 7);
	CASE(7);
	cmp(p, p + 8);
	CASE(8);
	cmp(p - 1, p);
	CASE(9);
	cmp(p, p - 1);
	CASE(10);
	cmp(p - 1, p + 8);

	p = five_k;
	__asm__("" : "+g"(p));
	CASE(11);
	cmp(p - 1, p);
	CASE(12);
	cmp(p, p - 1);
	CASE(13);
	cmp(p, left_array);
	CASE(14);
	cmp(p, seven);
	CASE(15);
	cmp(p, 0);

	CASE(16);
	cmp(&s1, &s2);
	CASE(17);
	cmp(h1, &s1);
	CASE(18);
	cmp(h1, left_array);
	CASE(19);
	cmp(&s1, left_array);
	CASE(20);
	cmp(&s1, 0);
	free(h1);
	CASE(21);
	return 0;
}

// CHECK-LABEL: case 1
// CHECK: ERROR: AddressSanitizer: invalid-pointer-pair
// CHECK-LABEL: case 2
// CHECK: ERROR: AddressSanitizer: invalid-pointer-pair
// CHECK-LABEL: case 3
// CHECK: ERROR: AddressSanitizer: invalid-pointer-pair
// CHECK-LABEL: case 4
// CHECK: ERROR: AddressSanitizer: invalid-pointer-pair
// CHECK-LABEL: case 5
// CHECK: ERROR: AddressSanitizer: invalid-pointer-pair
// CHECK-LABEL: case 6
// CHECK: ERROR: AddressSanitizer: invalid-pointer-pair
// CHECK-LABEL: case 100
// CHECK-NOT: ERROR
// CHECK-LABEL: case 7
// CHECK: ERROR: AddressSanitizer: invalid-pointer-pair
// CHECK-LABEL: case 8
// CHECK: ERROR: AddressSanitizer: invalid-pointer-pair
// CHECK-LABEL: case 9
// CHECK: ERROR: AddressSanitizer: invalid-pointer-pair
// CHECK-LABEL: case 10
// CHECK: ERROR: AddressSanitizer: invalid-pointer-pair
// CHECK-LABEL: case 11
// CHECK: ERROR: AddressSanitizer: invalid-pointer-pair
// CHECK-LABEL: case 12
// CHECK: ERROR: AddressSanitizer: invalid-pointer-pair
// CHECK-LABEL: case 13
// CHECK: ERROR: AddressSanitizer: invalid-pointer-pair
// CHECK-LABEL: case 14
// CHECK: ERROR: AddressSanitizer: invalid-pointer-pair
// CHECK-LABEL: case 15
// CHECK: ERROR: AddressSanitizer: invalid-pointer-pair
// CHECK-LABEL: case 16
// CHECK: ERROR: AddressSanitizer: invalid-pointer-pair
// CHECK-LABEL: case 17
// CHECK: ERROR: AddressSanitizer: invalid-pointer-pair
// CHECK-LABEL: case 18
// CHECK: ERROR: AddressSanitizer: invalid-pointer-pair
// CHECK-LABEL: case 19
// CHECK: ERROR: AddressSanitizer: invalid-pointer-pair
// CHECK-LABEL: case 20
// CHECK: ERROR: AddressSanitizer: invalid-pointer-pair
// CHECK-LABEL: case 21
// CHECK-NEXT: STATUS: exit 0{{$}}
