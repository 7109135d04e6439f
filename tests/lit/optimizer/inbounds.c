// Accesses into globals and locals (clang: ksan-opt skips the check of an access proven inside its object): a constant index past a global's end, a masked index that can pass it, a loop one past it and a local used after its scope keep their checks and reports; in-bounds twins are silent.
// RUN: %ksan_cc -O1 %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t const 2>&1 | FileCheck %s --check-prefix=CONST
// RUN: bash %S/../Inputs/status.sh %run %t mask 2>&1 | FileCheck %s --check-prefix=MASK
// RUN: bash %S/../Inputs/status.sh %run %t loop 2>&1 | FileCheck %s --check-prefix=LOOP
// RUN: bash %S/../Inputs/status.sh %run %t scope 2>&1 | FileCheck %s --check-prefix=SCOPE
// RUN: bash %S/../Inputs/status.sh %run %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
#include <stdio.h>
#include <string.h>

int vals[16];
int table[256];
volatile int sink;

static inline int at(int i)
{
	return vals[i];
}

__attribute__((noinline)) int past_end(void)
{
	return at(16);
}

__attribute__((noinline)) int masked(int i)
{
	return vals[i & 31];
}

__attribute__((noinline)) int sum17(void)
{
	int s = 0;

	for (int i = 0; i < 17; i++)
		s += vals[i];
	return s;
}

__attribute__((noinline)) int by_byte(const unsigned char *s, int n)
{
	int acc = 0;

	for (int i = 0; i < n; i++)
		acc += table[s[i]];
	return acc;
}

__attribute__((noinline)) int after_scope(int k)
{
	volatile int *p;

	{
		int tmp[8];

		for (int i = 0; i < 8; i++)
			tmp[i] = i * k;
		p = tmp;
		sink = p[3];
	}
	return p[3];
}

int main(int argc, char **argv)
{
	const char *what = argc > 1 ? argv[1] : "ok";
	int r = 0;

	for (int i = 0; i < 256; i++)
		table[i] = i;
	if (!strcmp(what, "const"))
		r = past_end();
	else if (!strcmp(what, "mask"))
		r = masked(20);
	else if (!strcmp(what, "loop"))
		r = sum17();
	else if (!strcmp(what, "scope"))
		r = after_scope(2);
	else
		r = at(15) + masked(15) + by_byte((const unsigned char *)"\xff\x01", 2);
	printf("done %d\n", r);
	return 0;
}

// CONST: BUG: KASAN: global-out-of-bounds in past_end+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}
// CONST-NEXT: Read of size 4 at addr
// CONST: Call Trace:
// CONST-NEXT: at {{.*}}inbounds.c:17 [inline]
// CONST-NEXT: past_end+0x{{.*}}inbounds.c:22
// CONST: vals of size 64 defined in
// CONST: STATUS: exit 1{{$}}

// MASK: BUG: KASAN: global-out-of-bounds in masked+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}
// MASK-NEXT: Read of size 4 at addr
// MASK: Call Trace:
// MASK-NEXT: masked+0x{{.*}}inbounds.c:27
// MASK: STATUS: exit 1{{$}}

// LOOP: BUG: KASAN: global-out-of-bounds in sum17+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}
// LOOP-NEXT: Read of size 4 at addr
// LOOP: Call Trace:
// LOOP-NEXT: sum17+0x{{.*}}inbounds.c:35
// LOOP: STATUS: exit 1{{$}}

// SCOPE: BUG: KASAN: use-after-scope in after_scope+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}
// SCOPE-NEXT: Read of size 4 at addr
// SCOPE: Call Trace:
// SCOPE-NEXT: after_scope+0x{{.*}}inbounds.c:60
// SCOPE: STATUS: exit 1{{$}}

// OK: done 256
// OK-NEXT: STATUS: exit 0{{$}}
