// ksan's counterpart of GCC 12's c-c++-common/asan/pointer-subtract-2.c, with the options that test sets, in KSAN_OPTIONS and as GCC sets them, in ASAN_OPTIONS (detect_invalid_pointer_pairs=1, halt_on_error=1): differences inside one object, both ways round, are never reported: inside a heap object, a 10000-byte global (also one past its end) and a 10000-byte local array, near and far apart.  Written for ksan (not a copy).
// RUN: %ksan_cc -O1 -fsanitize=address,pointer-subtract %s -o %t
// RUN: env KSAN_OPTIONS=detect_invalid_pointer_pairs=1:halt_on_error=1 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --implicit-check-not=KASAN
// RUN: env "ASAN_OPTIONS=detect_invalid_pointer_pairs=1 halt_on_error=1" bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --implicit-check-not=KASAN
#include <stdio.h>
#include <stdlib.h>

volatile long distance;
char table[10000];

__attribute__((noinline)) void both_ways(char *a, char *b)
{
	distance = b - a;
	distance = a - b;
}

int main(void)
{
	char *h = malloc(42);
	char local[10000];

	setvbuf(stdout, NULL, _IONBF, 0);
	both_ways(h, h + 20);
	free(h);
	both_ways(&table[0], &table[100]);
	both_ways(&table[1000], &table[9000]);
	both_ways(&table[500], &table[10]);
	both_ways(&table[0], &table[10000]);
	local[0] = 0;
	both_ways(&local[0], &local[100]);
	both_ways(&local[1000], &local[9000]);
	both_ways(&local[500], &local[10]);
	puts("no report");
	return 0;
}

// CHECK: no report
// CHECK-NEXT: STATUS: exit 0{{$}}
