// KMSAN's C library model, the heap and mappings (src/port/linux/malloc.c, kmsan_libc.c): one row per function of tests/kmsan-libc/list.txt.  A new heap object is uninitialised (its first byte is reported in mode past), calloc's is zero, realloc keeps the old bytes' state (the 4 written ones silent, the next reported), a new mapping is the kernel's zeros.
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O1 %s -o %t
// RUN: bash %S/../Inputs/status.sh %t ok 2>&1 | FileCheck %s --implicit-check-not=KMSAN --implicit-check-not=BAD
// RUN: %t list > %t.check
// RUN: env KSAN_OPTIONS=halt_on_error=0 %t past 2>&1 | FileCheck %t.check --check-prefix=PAST
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O1 -static -DROWS_STATIC %s -o %t.static
// RUN: bash %S/../Inputs/status.sh %t.static ok 2>&1 | FileCheck %s --implicit-check-not=KMSAN --implicit-check-not=BAD
// RUN: %t.static list > %t.static.check
// RUN: env KSAN_OPTIONS=halt_on_error=0 %t.static past 2>&1 | FileCheck %t.static.check --check-prefix=PAST
#define _GNU_SOURCE
#include <malloc.h>
#include <stdlib.h>
#include <sys/mman.h>
#include "Inputs/libc_rows.h"

/* a fresh object: nothing stored, its first byte reported in mode past */
#define FRESH_ROW(fn, call)						\
	ROW(fn, 0)							\
	{								\
		unsigned char *p = call;				\
		rows_check(#fn, p, 16, 0, rows_past);			\
		free(p);						\
		(void)b;						\
		return NOPAST;						\
	}

FRESH_ROW(malloc, malloc(16))
FRESH_ROW(aligned_alloc, aligned_alloc(64, 64))
FRESH_ROW(memalign, memalign(64, 16))
FRESH_ROW(valloc, valloc(16))
FRESH_ROW(pvalloc, pvalloc(16))

/* the pointer at b; the object is fresh (checked as above) */
ROW(posix_memalign, sizeof(void *))
{
	if (posix_memalign((void **)b, 64, 16))
		return -2;
	rows_check("posix_memalign", *(unsigned char **)b, 16, 0, rows_past);
	free(*(void **)b);
	return sizeof(void *);
}

ROW(calloc, 0)
{
	unsigned char *p = calloc(4, 4);

	use(p, 16);
	free(p);
	(void)b;
	return NOPAST;
}

#define REALLOC_ROW(fn, call)						\
	ROW(fn, 0)							\
	{								\
		unsigned char *p = malloc(8);				\
		memcpy(p, "abcd", 4);					\
		p = call;						\
		rows_check(#fn, p, 64, 4, rows_past);			\
		free(p);						\
		(void)b;						\
		return NOPAST;						\
	}

REALLOC_ROW(realloc, realloc(p, 64))
REALLOC_ROW(reallocarray, reallocarray(p, 8, 8))

/* an initialised object freed: nothing to see afterwards (reading it
 * would be a use after free), the row only runs the call */
ROW(free, 0)
{
	unsigned char *p = calloc(1, 16);

	free(p);
	(void)b;
	return NOPAST;
}

ROW(mallinfo, sizeof(struct mallinfo))
{
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
	*(struct mallinfo *)b = mallinfo();
	return sizeof(struct mallinfo);
}

#define MAP_ROW(fn)							\
	ROW(fn, 0)							\
	{								\
		void *p = fn(NULL, 8192, PROT_READ | PROT_WRITE,	\
			     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);	\
		if (p == MAP_FAILED)					\
			return -2;					\
		use(p, 8192);						\
		munmap(p, 8192);					\
		(void)b;						\
		return NOPAST;						\
	}

MAP_ROW(mmap)
MAP_ROW(mmap64)

int main(int argc, char **argv)
{
	return rows_main(argc, argv);
}

// CHECK: {{^}}rows 13{{$}}
// CHECK-NEXT: STATUS: exit 0
