// String copies made by the C library carry shadow and origins: strcpy, stpcpy, strcat, strncpy (its zero padding initialised), strdup, strndup, memccpy and mempcpy of initialised strings are silent; a string with an uninitialised byte copied by any of them is still reported at the use of that byte in the copy, with the original local as origin.  qsort moves each element's shadow with it: after sorting, the one element with an uninitialised field is reported in its new slot (and only there), and the comparator runs on the program's own elements.  strtol's end pointer, getenv's and strerror's strings are initialised.
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O0 %s -o %t0
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O2 %s -o %t2
// RUN: env KMSAN_TEST_VAR=hello bash %S/../Inputs/status.sh %t0 ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
// RUN: env KMSAN_TEST_VAR=hello bash %S/../Inputs/status.sh %t2 ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
// RUN: bash %S/../Inputs/status.sh %t2 strcpy 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %t0 strcpy 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %t2 strcat 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %t2 strdup 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %t2 strndup 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %t2 memccpy 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %t2 qsort 2>&1 | FileCheck %s --check-prefix=SORT
// RUN: bash %S/../Inputs/status.sh %t0 qsort 2>&1 | FileCheck %s --check-prefix=SORT
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O2 -static %s -o %ts
// RUN: env KMSAN_TEST_VAR=hello bash %S/../Inputs/status.sh %ts ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
// RUN: bash %S/../Inputs/status.sh %ts qsort 2>&1 | FileCheck %s --check-prefix=SORT
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ksan/ksan.h>

#include "../Inputs/kmsan_use.h"

struct item {
	int key;
	int val;
};

static int by_key(const void *a, const void *b)
{
	const struct item *x = a, *y = b;

	return (x->key > y->key) - (x->key < y->key);
}

/* Report the first element (in array order) whose val is uninitialised. */
__attribute__((noinline)) static void use_item(const struct item *it, int i)
{
	if (it->val == 0x5a5a)
		sink++;
	sink += i;
}

int main(int argc, char **argv)
{
	const char *mode = argv[1];
	int ok = !strcmp(mode, "ok");
	char src[8];	/* L:src */
	char dst[32], *p, *end;
	struct item items[5] = { { 4, 40 }, { 2, 20 }, { 5, 50 }, { 1, 10 }, { 3, 30 } };
	long v;
	int i;

	memcpy(src, "abcdef", 7);
	if (!ok)	/* one uninitialised byte, its value still 'd' */
		ksan_poison_memory(&src[3], 1);	/* L:poison */

	if (ok || !strcmp(mode, "strcpy")) {
		strcpy(dst, src);
		use(dst, 7);
		p = stpcpy(dst, src);
		use(dst, (size_t)(p - dst) + 1);
	}
	if (ok || !strcmp(mode, "strcat")) {
		strcpy(dst, "xy");
		strcat(dst, src);
		use(dst, 9);
		strncpy(dst, "ab", 10);	/* 8 bytes of zero padding */
		use(dst, 10);
	}
	if (ok || !strcmp(mode, "strdup")) {
		p = strdup(src);
		use(p, 7);
		free(p);
	}
	if (ok || !strcmp(mode, "strndup")) {
		p = strndup(src, 5);
		use(p, 6);
		free(p);
	}
	if (ok || !strcmp(mode, "memccpy")) {
		p = memccpy(dst, src, 'f', sizeof(src));
		use(dst, (size_t)(p - dst));
		p = mempcpy(dst, src, 7);
		use(dst, (size_t)(p - dst));
	}
	if (ok || !strcmp(mode, "qsort")) {
		if (!ok) {
			int before;	/* L:val */

			items[2].val = *(volatile int *)&before;	/* key 5: last after sorting */
		}
		qsort(items, 5, sizeof(items[0]), by_key);
		for (i = 0; i < 5; i++) {
			if (items[i].key != i + 1)
				return 2;
			use_item(&items[i], i);	/* reported at i == 4 only */
		}
	}
	if (ok) {
		v = strtol("123xyz", &end, 10);
		use(&end, sizeof(end));
		use(end, 4);
		use(&v, sizeof(v));
		p = getenv("KMSAN_TEST_VAR");
		if (!p)
			return 3;
		use(p, strlen(p) + 1);
		p = strerror(12345);	/* an unknown number: a formatted buffer */
		use(p, strlen(p) + 1);
		p = strerror(ENOENT);
		use(p, strlen(p) + 1);
		use(&errno, sizeof(errno));
	}
	printf("done %d\n", sink >= 0);
	return 0;
}

// OK: done 1
// OK-NEXT: STATUS: exit 0

// CHECK: {{^}}BUG: KMSAN: uninit-value in use+0x
// CHECK-NEXT: {{^}} use+0x{{.*}}kmsan_use.h:{{[0-9]+}}
// CHECK-NEXT: {{^}} main+0x
// CHECK: {{^}}Uninit was stored to memory at:
// CHECK-NEXT: {{^}} main+0x
// CHECK: {{^}}Uninit was stored to memory at:
// CHECK-NEXT: {{^}} main+0x{{.*}}libc_str.c:58{{$}}
// CHECK: STATUS: exit 1

// SORT: {{^}}BUG: KMSAN: uninit-value in use_item+0x
// SORT-NEXT: {{^}} use_item+0x{{.*}}libc_str.c:{{[0-9]+}}
// SORT-NEXT: {{^}} main+0x
// SORT: {{^}}Local variable before created at:
// SORT-NOT: done
// SORT: STATUS: exit 1
