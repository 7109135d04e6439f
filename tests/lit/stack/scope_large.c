// use-after-scope of large block-scoped arrays (1000 and 4000 bytes: the compilers poison and unpoison their scope through the runtime, __asan_poison_stack_memory / __asan_set_shadow_f8 and _00, not inline stores); a block entered again and in-scope accesses are silent.
// RUN: %ksan_cc -O1 %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t 1000 2>&1 | FileCheck %s --check-prefix=SCOPE
// RUN: bash %S/../Inputs/status.sh %run %t 4000 2>&1 | FileCheck %s --check-prefix=SCOPE
// RUN: bash %S/../Inputs/status.sh %run %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

__attribute__((noinline)) int peek(volatile char *p, int i)
{
	return p[i];
}

__attribute__((noinline)) void fill(char *p, int n)
{
	memset(p, 1, n);
}

int main(int argc, char **argv)
{
	const char *what = argc > 1 ? argv[1] : "ok";
	volatile char *p = 0, *q = 0;
	int round, sum = 0;

	for (round = 0; round < 3; round++) {	/* each block entered again */
		{
			char big[1000];

			fill(big, sizeof(big));
			sum += peek(big, 999);
			p = big;
		}
		{
			char huge[4000];

			fill(huge, sizeof(huge));
			sum += peek(huge, 3999);
			q = huge;
		}
	}
	if (!strcmp(what, "1000"))
		sum += peek(p, 500);
	else if (!strcmp(what, "4000"))
		sum += peek(q, 3000);
	printf("done %d\n", sum);
	return 0;
}

// SCOPE: BUG: KASAN: use-after-scope in peek
// SCOPE-NEXT: Read of size 1 at addr
// SCOPE: {{^}} main+0x
// SCOPE: in frame:
// SCOPE-NEXT: {{^}} main{{$}}
// SCOPE: STATUS: exit 1{{$}}

// OK: done 6
// OK-NEXT: STATUS: exit 0{{$}}
