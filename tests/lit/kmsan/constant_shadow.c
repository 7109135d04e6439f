// An uninitialised local that clang folds to a constant (undef) at -O1 and -O2 (issue 25: Juliet CWE457 at -O1): without -mllvm -msan-check-constant-shadow=1 the eager argument check sees a constant shadow and is dropped, so the use went unreported; ksan-cc now passes the flag for KMSAN, and the same program with the local written stays silent.  -msan-check-constant-shadow=0 after ksan-cc's flags turns it back off (the old behaviour, so this test can fail).
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O0 -g %s -o %t0
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O1 -g %s -o %t1
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O2 -g %s -o %t2
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O1 -g -mllvm -msan-check-constant-shadow=0 %s -o %toff
// RUN: bash %S/../Inputs/status.sh %t0 bad 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %t1 bad 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %t2 bad 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %toff bad 2>&1 | FileCheck %s --check-prefix=OFF --implicit-check-not=KMSAN
// RUN: bash %S/../Inputs/status.sh %t0 good 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
// RUN: bash %S/../Inputs/status.sh %t1 good 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
// RUN: bash %S/../Inputs/status.sh %t2 good 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
// RUN: bash %S/../Inputs/status.sh %t2 padding 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
#include <stdio.h>
#include <string.h>

struct pair {
	char c;
	long v;			/* 7 bytes of padding before it */
};

/* Juliet's printIntLine, in another file there: external, so clang does
 * not fold the constant argument into it (a static one loses the argument
 * to interprocedural constant propagation) */
__attribute__((noinline)) void print_int(int v)
{
	printf("%d\n", v > 0);
}

__attribute__((noinline)) void print_pair(struct pair p)
{
	printf("%d\n", p.c + (int)p.v > 0);
}

__attribute__((noinline)) static void bad(void)
{
	int data;

	print_int(data);	/* folded to undef at -O1: a constant shadow */
}

__attribute__((noinline)) static void good(void)
{
	int data = 5;

	print_int(data);
}

/* a constant struct with undef padding, passed by value: its padding must
 * not be reported */
__attribute__((noinline)) static void padding(void)
{
	struct pair p = { 1, 2 };

	print_pair(p);
}

int main(int argc, char **argv)
{
	if (!strcmp(argv[1], "bad"))
		bad();
	else if (!strcmp(argv[1], "padding"))
		padding();
	else
		good();
	return 0;
}

// CHECK: {{^}}BUG: KMSAN: uninit-value in bad+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// CHECK-NEXT: {{^}} bad+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}constant_shadow.c:39{{$}}
// CHECK: STATUS: exit 1{{$}}

// OFF: STATUS: exit 0{{$}}

// OK: {{^}}1{{$}}
// OK-NEXT: STATUS: exit 0{{$}}
