// The KFENCE preload for musl programs nobody rebuilt ($(B)/lib/musl/libksan-kfence.so): musl lets LD_PRELOAD replace malloc, and what the preload does not sample goes to musl's own allocator (memalign, valloc and posix_memalign included, which in musl call aligned_alloc through its public name); with every allocation sampled a use after free is reported with both stacks, and the correct run prints its results silently.
// REQUIRES: musl
// RUN: musl-gcc -g -O0 %s -o %t
// RUN: bash %S/../Inputs/status.sh env LD_PRELOAD=%build/lib/musl/libksan-kfence.so KSAN_OPTIONS=kfence_sample_every=1 %t uaf 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh env LD_PRELOAD=%build/lib/musl/libksan-kfence.so KSAN_OPTIONS=kfence_sample_every=1 %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KFENCE
// RUN: bash %S/../Inputs/status.sh env LD_PRELOAD=%build/lib/musl/libksan-kfence.so KSAN_OPTIONS=kfence_sample_every=3:kfence_stats=1 %t ok 2>&1 | FileCheck %s --check-prefix=STATS
#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *volatile sink;

static int aligned(void *p, uintptr_t a)
{
	return p && !((uintptr_t)p & (a - 1));
}

int main(int argc, char **argv)
{
	char *p = sink = malloc(24), *q;
	void *a = 0;
	int n = 0, i;

	strcpy(p, "hello");
	for (i = 0; i < 200; i++) {	/* sampled and not, musl's and KFENCE's */
		q = sink = calloc(3, 8);
		n += !q[0];
		q = sink = realloc(q, 40 + i);
		free(sink = realloc(q, 4000));
		n += !posix_memalign(&a, 64, 100) && aligned(a, 64);
		free(a);
		n += aligned(a = aligned_alloc(128, 256), 128);
		free(a);
		n += aligned(a = memalign(32, 10), 32);
		free(a);
		n += aligned(a = valloc(10), 4096);
		free(a);
	}
	free(p);
	if (!strcmp(argv[1], "uaf"))
		printf("%c\n", p[1]);
	printf("ok %d\n", n);
	return 0;
}

// CHECK: {{^}}BUG: KFENCE: use-after-free read in main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// CHECK: {{^}} main+0x{{.*}}musl_kfence_preload.c:43{{$}}
// CHECK: {{^}}kfence-#{{[0-9]+}} [0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}}, size=24, cache=malloc] allocated by task {{[0-9]+}}:{{$}}
// CHECK-NEXT: {{^}} malloc{{$}}
// CHECK-NEXT: {{^}} main+0x{{.*}}musl_kfence_preload.c:22{{$}}
// CHECK: {{^}}freed by task {{[0-9]+}}:{{$}}
// CHECK-NEXT: {{^}} free{{$}}
// CHECK-NEXT: {{^}} main+0x{{.*}}musl_kfence_preload.c:41{{$}}
// CHECK: {{^}}ok 1000{{$}}
// CHECK: STATUS: exit 0{{$}}

// OK: {{^}}ok 1000{{$}}
// OK-NEXT: STATUS: exit 0{{$}}

// STATS: {{^}}ok 1000{{$}}
// STATS: {{^}}total bugs: 0{{$}}
// STATS: STATUS: exit 0{{$}}
