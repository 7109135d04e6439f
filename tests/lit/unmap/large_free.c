// A large heap object (its own mapping) freed and given back to the system, once the heap's quarantine lets it go (quarantine_size_mb=0: at once), stays reserved in the unmap quarantine: a stale read faults as use-after-unmap with the malloc and free stacks and the object, in the three layouts.  While the heap's quarantine holds it, it is a plain use-after-free (the default).  Silent twin: the object's address range handed to a new large object is not reported.
// RUN: %ksan_cc -O1 -g %s -o %t
// RUN: env KSAN_OPTIONS=quarantine_size_mb=0 bash %S/../Inputs/status.sh %run %t stale 2>&1 | FileCheck %s
// RUN: env KSAN_OPTIONS=quarantine_size_mb=0:report_format=asan bash %S/../Inputs/status.sh %run %t stale 2>&1 | FileCheck %s --check-prefix=ASAN
// RUN: env KSAN_OPTIONS=quarantine_size_mb=0:report_format=json bash %S/../Inputs/status.sh %run %t stale 2>&1 | python3 %S/../Inputs/check_json.py | FileCheck %s --check-prefix=JSON
// RUN: bash %S/../Inputs/status.sh %run %t stale 2>&1 | FileCheck %s --check-prefix=UAF
// RUN: env KSAN_OPTIONS=quarantine_size_mb=0 bash %S/../Inputs/status.sh %run %t fresh 2>&1 | FileCheck %s --check-prefix=FRESH --implicit-check-not=KASAN
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SIZE (1 << 20)

__attribute__((noinline)) static char *make_table(void)
{
	return malloc(SIZE);
}

__attribute__((noinline)) static void drop_table(char *t)
{
	free(t);
}

__attribute__((noinline)) static int lookup(volatile char *t)
{
	return t[4096];
}

int main(int argc, char **argv)
{
	char *t = make_table(), *u;

	memset(t, 1, SIZE);
	drop_table(t);
	if (!strcmp(argv[1], "fresh")) {
		u = make_table();
		memset(u, 2, SIZE);
		printf("fresh %d\n", lookup(u));
		free(u);
		return 0;
	}
	return lookup(t);
}
// CHECK: BUG: KASAN: use-after-unmap in lookup
// CHECK: Allocated by task
// CHECK-NEXT: malloc
// CHECK-NEXT: make_table
// CHECK: Freed by task
// CHECK-NEXT: free
// CHECK-NEXT: drop_table
// CHECK: The buggy address belongs to the object at 0x{{[0-9a-f]+}}
// CHECK-NEXT: which belongs to the cache kmalloc-large of size {{[0-9]+}}, freed and given back to the system (held in the unmap quarantine)
// CHECK-NEXT: The buggy address is located 4096 bytes inside of
// CHECK-NEXT: 1048576-byte region
// CHECK: STATUS: exit 1
// ASAN: AddressSanitizer: use-after-unmap on address
// ASAN: freed by thread T0 here:
// ASAN: #1 {{.*}} in drop_table
// ASAN: previously allocated by thread T0 here:
// ASAN: #1 {{.*}} in make_table
// JSON: report type=use-after-unmap asan_type=use-after-unmap access=read size=1 top=lookup unmapped={{[0-9]+}}+{{[0-9]+}} map0=malloc unmap0=free object=1048576
// UAF: BUG: KASAN: use-after-free in lookup
// FRESH: fresh 2
// FRESH: STATUS: exit 0
