// realloc keeps the contents, poisons the old block (use-after-free through it) and the new tail: after shrinking, the bytes past the new size are out of bounds; realloc(p, 0) frees.
// RUN: %ksan_cc -O1 %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t shrink 2>&1 | FileCheck %s --check-prefix=SHRINK
// RUN: bash %S/../Inputs/status.sh %run %t grow 2>&1 | FileCheck %s --check-prefix=GROW
// RUN: bash %S/../Inputs/status.sh %run %t zero 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: bash %S/../Inputs/status.sh %run %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *volatile sink;

__attribute__((noinline)) char get(const char *p, size_t i)
{
	return p[i];
}

int main(int argc, char **argv)
{
	const char *what = argv[1];
	char *p = sink = malloc(100), *q;

	memset(p, 'a', 100);
	if (!strcmp(what, "shrink")) {
		q = sink = realloc(p, 40);
		printf("%c\n", get(q, 40));
	} else if (!strcmp(what, "grow")) {
		q = sink = realloc(p, 300);
		printf("%c\n", get(q, 300));
	} else if (!strcmp(what, "zero")) {
		q = sink = realloc(p, 0);
		printf("%p\n", (void *)q);
		fflush(stdout);
		printf("%c\n", get(p, 0));
	} else {
		q = sink = realloc(p, 40);
		q = sink = realloc(q, 300);
		printf("%c%c %d\n", get(q, 0), get(q, 39), get(q, 299) != 1);
		free(q);
	}
	return 0;
}

// SHRINK: BUG: KASAN: slab-out-of-bounds in get+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}
// SHRINK: Allocated by task
// SHRINK-NEXT: {{^}} realloc{{$}}
// SHRINK: The buggy address is located 0 bytes to the right of
// SHRINK-NEXT: 40-byte region
// SHRINK: STATUS: exit 1{{$}}

// GROW: BUG: KASAN: slab-out-of-bounds in get
// GROW: which belongs to the cache kmalloc-512 of size 512
// GROW-NEXT: The buggy address is located 0 bytes to the right of
// GROW-NEXT: 300-byte region
// GROW: STATUS: exit 1{{$}}

// ZERO: {{^}}{{\(nil\)|0}}{{$}}
// ZERO-NEXT: {{^}}=================================================================={{$}}
// ZERO-NEXT: BUG: KASAN: slab-use-after-free in get
// ZERO: Freed by task
// ZERO-NEXT: {{^}} realloc{{$}}
// ZERO: STATUS: exit 1{{$}}

// OK: aa 1
// OK-NEXT: STATUS: exit 0{{$}}
