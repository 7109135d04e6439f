// The malloc family on KFENCE objects: calloc zeroes, realloc keeps the bytes (and realloc(p, 0) frees, reallocarray), malloc_usable_size is the exact request, aligned allocations keep their alignment, and large requests go to the C library.
// REQUIRES: inline
// RUN: %cc -g -O0 %s -o %t
// RUN: bash %S/../Inputs/status.sh env LD_PRELOAD=%build/lib/libksan-kfence.so KSAN_OPTIONS=kfence_sample_every=1 %run %t 2>&1 | FileCheck %s --implicit-check-not=KFENCE
// RUN: bash %S/../Inputs/status.sh env LD_PRELOAD=%build/lib/libksan-kfence.so KSAN_OPTIONS=kfence_sample_interval=0 %run %t 2>&1 | FileCheck %s --implicit-check-not=KFENCE
#define _GNU_SOURCE
#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char *p = calloc(10, 10), *q;
	void *a = 0;
	int zero = 1;

	for (int i = 0; i < 100; i++)
		zero &= p[i] == 0;
	printf("calloc zeroed %d usable %zu\n", zero, malloc_usable_size(p));
	memcpy(p, "0123456789", 11);
	q = realloc(p, 2000);
	printf("grown %s usable %zu\n", q, malloc_usable_size(q));
	q = realloc(q, 5);
	q[4] = 0;
	printf("shrunk %s\n", q);
	q = reallocarray(q, 3, 3);
	printf("reallocarray %s usable %zu\n", q, malloc_usable_size(q));
	printf("realloc(q, 0) %p\n", realloc(q, 0));
	printf("posix_memalign %d", posix_memalign(&a, 256, 100));
	printf(" aligned %d\n", ((uintptr_t)a & 255) == 0);
	free(a);
	a = aligned_alloc(64, 64);
	printf("aligned_alloc %d\n", ((uintptr_t)a & 63) == 0);
	free(a);
	a = memalign(4096, 100);
	printf("memalign %d\n", ((uintptr_t)a & 4095) == 0);
	free(a);
	a = valloc(10);
	printf("valloc %d\n", ((uintptr_t)a & 4095) == 0);
	free(a);
	p = malloc(1 << 20);
	memset(p, 1, 1 << 20);
	free(p);
	p = malloc(13);
	printf("odd size usable %zu aligned %d\n", malloc_usable_size(p), ((uintptr_t)p & 0) == 0);
	free(p);
	free(0);
	printf("done\n");
	return 0;
}

// CHECK: calloc zeroed 1 usable {{100|104|10[0-9]|11[0-9]}}
// CHECK-NEXT: grown 0123456789 usable {{20[0-9][0-9]}}
// CHECK-NEXT: shrunk 0123
// CHECK-NEXT: reallocarray 0123 usable {{9|[1-9][0-9]}}
// CHECK-NEXT: realloc(q, 0) (nil)
// CHECK-NEXT: posix_memalign 0 aligned 1
// CHECK-NEXT: aligned_alloc 1
// CHECK-NEXT: memalign 1
// CHECK-NEXT: valloc 1
// CHECK-NEXT: odd size usable {{[0-9]+}} aligned 1
// CHECK-NEXT: done
// CHECK-NEXT: STATUS: exit 0{{$}}
// Not on aarch64: runs a plain program under the KFENCE preload (libksan-kfence.so), which is not built for aarch64.
// UNSUPPORTED: aarch64
