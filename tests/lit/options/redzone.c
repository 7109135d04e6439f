// redzone=128: an access 100 bytes past a 16-byte object lands in its (bigger) red zone and is reported; with the default 16-byte red zone the same access lands silently inside a live neighbour.
// RUN: %ksan_cc -O1 %s -o %t
// RUN: env KSAN_OPTIONS=redzone=128 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=DEFAULT
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define N 64
char *volatile sink;

int main(void)
{
	char *obj[N], *victim = 0;
	int i, j;

	for (i = 0; i < N; i++)
		obj[i] = sink = malloc(16);
	/* pick an object whose byte 100 falls inside another live object */
	for (i = 0; i < N && !victim; i++)
		for (j = 0; j < N; j++)
			if ((uintptr_t)obj[i] + 100 >= (uintptr_t)obj[j] &&
			    (uintptr_t)obj[i] + 100 < (uintptr_t)obj[j] + 16)
				victim = obj[i];
	printf("%s\n", victim ? "neighbour hit" : "no neighbour in reach");
	fflush(stdout);
	if (!victim)
		victim = obj[0];
	sink = victim;
	sink[100] = 'x';
	printf("done\n");
	for (i = 0; i < N; i++)
		free(obj[i]);
	return 0;
}

// CHECK: no neighbour in reach
// CHECK-NEXT: {{^}}=================================================================={{$}}
// CHECK-NEXT: BUG: KASAN: slab-out-of-bounds in main
// CHECK-NEXT: Write of size 1 at addr
// CHECK: which belongs to the cache kmalloc-16 of size 16
// CHECK-NEXT: The buggy address is located 84 bytes to the right of
// CHECK-NEXT: 16-byte region
// CHECK: STATUS: exit 1{{$}}

// DEFAULT: neighbour hit
// DEFAULT-NEXT: done
// DEFAULT-NEXT: STATUS: exit 0{{$}}
