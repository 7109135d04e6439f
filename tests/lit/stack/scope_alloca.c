// use-after-scope (a pointer to a block-scoped array used after the block) and alloca/VLA red zones on both sides; the in-scope and in-bounds twins are silent.
// RUN: %ksan_cc -O1 %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t scope 2>&1 | FileCheck %s --check-prefix=SCOPE
// RUN: bash %S/../Inputs/status.sh %run %t vla-right 2>&1 | FileCheck %s --check-prefix=ALLOCA
// RUN: bash %S/../Inputs/status.sh %run %t vla-left 2>&1 | FileCheck %s --check-prefix=ALLOCA
// RUN: bash %S/../Inputs/status.sh %run %t alloca 2>&1 | FileCheck %s --check-prefix=ALLOCA
// RUN: bash %S/../Inputs/status.sh %run %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
#include <alloca.h>
#include <stdio.h>
#include <string.h>

__attribute__((noinline)) int peek(volatile char *p, int i)
{
	return p[i];
}

int main(int argc, char **argv)
{
	volatile int n = 10;
	int r = 0;

	if (!strcmp(argv[1], "scope")) {
		volatile char *p;
		{
			char tmp[16];

			memset(tmp, 1, sizeof(tmp));
			p = tmp;
			r += peek(p, 3);
		}
		r += peek(p, 3);
	} else if (!strncmp(argv[1], "vla", 3)) {
		char vla[n];

		memset(vla, 2, n);
		r += peek(vla, argv[1][4] == 'r' ? n : -1);
	} else if (!strcmp(argv[1], "alloca")) {
		char *a = alloca(n);

		memset(a, 3, n);
		r += peek(a, n);
	} else {
		char vla[n];
		char *a = alloca(n);

		memset(vla, 2, n);
		memset(a, 3, n);
		r += peek(vla, n - 1) + peek(a, 0);
		{
			char tmp[16];

			memset(tmp, 1, sizeof(tmp));
			r += peek(tmp, 15);
		}
	}
	printf("%d\n", r);
	return 0;
}

// SCOPE: BUG: KASAN: use-after-scope in peek+0x
// SCOPE: STATUS: exit 1{{$}}
// ALLOCA: BUG: KASAN: alloca-out-of-bounds in peek+0x
// ALLOCA: STATUS: exit 1{{$}}
// OK: STATUS: exit 0{{$}}
