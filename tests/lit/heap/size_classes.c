// Out-of-bounds right (first byte past the object) and left (byte before it) at every size-class boundary and into large objects, collected through the ksan.h report callback; in-bounds first/last bytes are silent.
// RUN: %ksan_cc -O1 %s -o %t
// RUN: %run %t 2>&1 | FileCheck %s --implicit-check-not=KASAN --implicit-check-not=MISMATCH
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ksan/ksan.h>

/* volatile: the callback runs inside an instrumented access, behind the
 * optimiser's back */
static volatile struct ksan_report last;
static volatile int nreports;

static int collect(const struct ksan_report *r, void *arg)
{
	(void)arg;
	last = *r;
	nreports++;
	return 1;	/* handled: print nothing, do not halt */
}

char *volatile sink;

__attribute__((noinline)) void touch(volatile char *p)
{
	*p = 1;
}

static void expect(const char *what, char *obj, size_t size, volatile char *addr,
		   const char *type)
{
	nreports = 0;
	touch(addr);
	if (!type) {
		if (nreports)
			printf("MISMATCH %s size %zu: unexpected %s\n", what, size, last.bug_type);
		return;
	}
	if (nreports != 1 || strcmp(last.bug_type, type) || last.addr != (uintptr_t)addr ||
	    last.size != 1 || last.access != KSAN_WRITE || last.object != (uintptr_t)obj ||
	    last.object_size != size || last.object_freed)
		printf("MISMATCH %s size %zu: %d reports, %s at %+ld, object %+ld size %zu\n",
		       what, size, nreports, nreports ? last.bug_type : "-",
		       (long)(last.addr - (uintptr_t)obj), (long)(last.object - (uintptr_t)obj),
		       last.object_size);
}

int main(void)
{
	static const size_t sizes[] = {
		1, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 95, 96, 97, 127, 128, 129,
		191, 192, 193, 255, 256, 257, 511, 512, 513, 1023, 1024, 1025, 2047, 2048,
		2049, 4095, 4096, 4097, 8191, 8192, 8193, 65536, 100001,
	};
	size_t i;

	ksan_set_report_callback(collect, 0);
	for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		size_t n = sizes[i];
		char *p = sink = malloc(n);

		expect("first byte", p, n, p, 0);
		expect("last byte", p, n, p + n - 1, 0);
		expect("right", p, n, p + n, "slab-out-of-bounds");
		expect("left", p, n, p - 1, "slab-out-of-bounds");
		printf("size %zu: cache %s\n", n, last.cache);
		free(p);
	}
	printf("done\n");
	return 0;
}

// CHECK: size 1: cache kmalloc-16
// CHECK-NEXT: size 7: cache kmalloc-16
// CHECK-NEXT: size 8: cache kmalloc-16
// CHECK-NEXT: size 9: cache kmalloc-16
// CHECK-NEXT: size 15: cache kmalloc-16
// CHECK-NEXT: size 16: cache kmalloc-16
// CHECK-NEXT: size 17: cache kmalloc-32
// CHECK-NEXT: size 31: cache kmalloc-32
// CHECK-NEXT: size 32: cache kmalloc-32
// CHECK-NEXT: size 33: cache kmalloc-64
// CHECK-NEXT: size 63: cache kmalloc-64
// CHECK-NEXT: size 64: cache kmalloc-64
// CHECK-NEXT: size 65: cache kmalloc-96
// CHECK-NEXT: size 95: cache kmalloc-96
// CHECK-NEXT: size 96: cache kmalloc-96
// CHECK-NEXT: size 97: cache kmalloc-128
// CHECK-NEXT: size 127: cache kmalloc-128
// CHECK-NEXT: size 128: cache kmalloc-128
// CHECK-NEXT: size 129: cache kmalloc-192
// CHECK-NEXT: size 191: cache kmalloc-192
// CHECK-NEXT: size 192: cache kmalloc-192
// CHECK-NEXT: size 193: cache kmalloc-256
// CHECK-NEXT: size 255: cache kmalloc-256
// CHECK-NEXT: size 256: cache kmalloc-256
// CHECK-NEXT: size 257: cache kmalloc-512
// CHECK-NEXT: size 511: cache kmalloc-512
// CHECK-NEXT: size 512: cache kmalloc-512
// CHECK-NEXT: size 513: cache kmalloc-1024
// CHECK-NEXT: size 1023: cache kmalloc-1024
// CHECK-NEXT: size 1024: cache kmalloc-1024
// CHECK-NEXT: size 1025: cache kmalloc-2048
// CHECK-NEXT: size 2047: cache kmalloc-2048
// CHECK-NEXT: size 2048: cache kmalloc-2048
// CHECK-NEXT: size 2049: cache kmalloc-4096
// CHECK-NEXT: size 4095: cache kmalloc-4096
// CHECK-NEXT: size 4096: cache kmalloc-4096
// CHECK-NEXT: size 4097: cache kmalloc-8192
// CHECK-NEXT: size 8191: cache kmalloc-8192
// CHECK-NEXT: size 8192: cache kmalloc-8192
// CHECK-NEXT: size 8193: cache kmalloc-large
// CHECK-NEXT: size 65536: cache kmalloc-large
// CHECK-NEXT: size 100001: cache kmalloc-large
// CHECK-NEXT: done
