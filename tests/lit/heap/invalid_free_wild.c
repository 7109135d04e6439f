// Invalid free of pointers that were never allocated: a made-up low address, a non-canonical one, and one inside an mmap'ed page.
// RUN: %ksan_cc -O1 %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t 0x12345670 2>&1 | FileCheck %s -DADDR=0000000012345670
// RUN: bash %S/../Inputs/status.sh %run %t 0x4141414141414141 2>&1 | FileCheck %s -DADDR=4141414141414141
// RUN: bash %S/../Inputs/status.sh %run %t mmap 2>&1 | FileCheck %s --check-prefix=MMAP
// RUN: bash %S/../Inputs/status.sh %run %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

int main(int argc, char **argv)
{
	void *p;

	if (!strcmp(argv[1], "ok"))
		p = malloc(10);
	else if (!strcmp(argv[1], "mmap"))
		p = (char *)mmap(0, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0) + 16;
	else
		p = (void *)strtoull(argv[1], 0, 16);
	free(p);
	printf("done\n");
	return 0;
}

// CHECK: BUG: KASAN: invalid-free in main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}
// CHECK-NEXT: Free of addr [[ADDR]] by task
// CHECK: Call Trace:
// CHECK-NEXT: {{^}} free{{$}}
// CHECK-NEXT: main+0x{{.*}}invalid_free_wild.c:22
// CHECK-NOT: The buggy address belongs to the object
// CHECK: STATUS: exit 1{{$}}

// MMAP: BUG: KASAN: invalid-free in main
// MMAP-NEXT: Free of addr {{[0-9a-f]*}}010 by task
// MMAP-NOT: The buggy address belongs to the object
// MMAP: STATUS: exit 1{{$}}

// OK: done
// OK-NEXT: STATUS: exit 0{{$}}
