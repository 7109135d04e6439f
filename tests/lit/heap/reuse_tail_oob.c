// A reused slot's tail is poisoned again: malloc(128), free, then malloc(100) gets the same slot (no quarantine); reading past the 100 bytes is slab-out-of-bounds of the new object, not use-after-free of the old one; the twin reads inside and is silent.
// RUN: %ksan_cc -O1 %s -o %t
// RUN: env KSAN_OPTIONS=quarantine_size_mb=0 bash %S/../Inputs/status.sh %run %t 100 2>&1 | FileCheck %s --check-prefixes=CHECK,AT100
// RUN: env KSAN_OPTIONS=quarantine_size_mb=0 bash %S/../Inputs/status.sh %run %t 120 2>&1 | FileCheck %s --check-prefixes=CHECK,AT120
// RUN: env KSAN_OPTIONS=quarantine_size_mb=0:report_format=asan bash %S/../Inputs/status.sh %run %t 100 2>&1 | FileCheck %s --check-prefix=ASAN
// RUN: env KSAN_OPTIONS=quarantine_size_mb=0 bash %S/../Inputs/status.sh %run %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *volatile sink;

__attribute__((noinline)) char *get(size_t n)
{
	sink = malloc(n);
	return sink;
}

int main(int argc, char **argv)
{
	const char *what = argc > 1 ? argv[1] : "ok";
	char *p = get(128), *q;
	volatile char c;

	memset(p, 'a', 128);
	free(p);
	q = get(100);		/* same class, the slot just freed */
	if (q != p) {
		printf("slot not reused\n");
		return 2;
	}
	c = q[99];
	if (!strcmp(what, "ok")) {
		printf("done\n");
		return 0;
	}
	c = q[atoi(what)];
	(void)c;
	printf("not reported\n");
	return 0;
}

// CHECK: BUG: KASAN: slab-out-of-bounds in main
// CHECK-NEXT: Read of size 1 at addr {{0*}}[[ADDR:[1-9a-f][0-9a-f]*]] by task
// CHECK-NOT: Freed by task
// CHECK: The buggy address belongs to the object at [[START:0x[0-9a-f]+]]
// CHECK-NEXT: which belongs to the cache kmalloc-128 of size 128
// AT100-NEXT: located 0 bytes to the right of
// AT120-NEXT: located 20 bytes to the right of
// CHECK-NEXT: 100-byte region {{\[}}[[START]],
// CHECK: STATUS: exit 1{{$}}

// ASAN: ERROR: AddressSanitizer: heap-buffer-overflow on address
// ASAN: READ of size 1 at
// ASAN: is located 0 bytes to the right of 100-byte region
// ASAN: STATUS: exit 1{{$}}

// OK: done
// OK-NEXT: STATUS: exit 0{{$}}
