// Wild pointers that land in the lazily mapped shadow range (0xdeadbeef, 0x100000000, 0xcafebabe00) are reported as wild-memory-access, read and write, at -O0 and -O1; a program's own SIGSEGV handler sees them instead when it installed one; the correct twin is silent.
// RUN: %ksan_cc -O0 %s -o %t0
// RUN: %ksan_cc -O1 %s -o %t1
// RUN: bash %S/../Inputs/status.sh %run %t0 read 0xdeadbeef 2>&1 | FileCheck %s --check-prefixes=CHECK,READ -DGRAN=deadbee8 -DLAST=deadbeef
// RUN: bash %S/../Inputs/status.sh %run %t1 read 0xdeadbeef 2>&1 | FileCheck %s --check-prefixes=CHECK,READ -DGRAN=deadbee8 -DLAST=deadbeef
// RUN: bash %S/../Inputs/status.sh %run %t0 write 0x100000000 2>&1 | FileCheck %s --check-prefixes=CHECK,WRITE -DGRAN=100000000 -DLAST=100000007
// RUN: bash %S/../Inputs/status.sh %run %t1 write 0x100000000 2>&1 | FileCheck %s --check-prefixes=CHECK,WRITE -DGRAN=100000000 -DLAST=100000007
// RUN: bash %S/../Inputs/status.sh %run %t0 read 0xcafebabe00 2>&1 | FileCheck %s --check-prefixes=CHECK,READ -DGRAN=cafebabe00 -DLAST=cafebabe07
// RUN: bash %S/../Inputs/status.sh %run %t1 write 0xcafebabe00 2>&1 | FileCheck %s --check-prefixes=CHECK,WRITE -DGRAN=cafebabe00 -DLAST=cafebabe07
// RUN: env KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %run %t1 read 0xdeadbeef 2>&1 | FileCheck %s --check-prefix=ASAN
// RUN: bash %S/../Inputs/status.sh %run %t0 own 0xdeadbeef 2>&1 | FileCheck %s --check-prefix=OWN --implicit-check-not=KASAN
// RUN: bash %S/../Inputs/status.sh %run %t1 own 0xcafebabe00 2>&1 | FileCheck %s --check-prefix=OWN --implicit-check-not=KASAN
// RUN: bash %S/../Inputs/status.sh %run %t0 ok 0 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
// RUN: bash %S/../Inputs/status.sh %run %t1 ok 0 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static sigjmp_buf env;
static volatile int faults;

__attribute__((noinline)) int peek(int *p)
{
	return *p;
}

__attribute__((noinline)) void poke(int *p, int v)
{
	*p = v;
}

static void on_segv(int sig)
{
	faults++;
	siglongjmp(env, sig);
}

int main(int argc, char **argv)
{
	int *p = (int *)(uintptr_t)strtoull(argv[2], 0, 0);
	int local = 7;

	if (!strcmp(argv[1], "read"))
		printf("read %d\n", peek(p));
	if (!strcmp(argv[1], "write")) {
		poke(p, 5);
		printf("wrote\n");
	}
	if (!strcmp(argv[1], "own")) {
		signal(SIGSEGV, on_segv);
		if (!sigsetjmp(env, 1))
			printf("read %d\n", peek(p));
		if (!sigsetjmp(env, 1))
			poke(p, 5);
		printf("own handler: faults=%d\n", faults);
	}
	if (!strcmp(argv[1], "ok")) {
		poke(&local, 8);
		printf("ok %d\n", peek(&local));
	}
	return 0;
}

// CHECK: {{^}}=================================================================={{$}}
// READ-NEXT: {{^}}general protection fault: 0000 [#1] KASAN{{$}}
// READ-NEXT: {{^}}KASAN: wild-memory-access in range {{\[0x0*}}[[GRAN]]-0x{{0*}}[[LAST]]{{\]}}{{$}}
// READ-NEXT: {{^}}{{(CPU: [0-9]+ )?}}PID: {{[0-9]+}} Comm: {{.+}}{{$}}
// READ-NEXT: {{^}}RIP: 0033:peek+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// WRITE-NEXT: {{^}}general protection fault: 0000 [#1] KASAN{{$}}
// WRITE-NEXT: {{^}}KASAN: wild-memory-access in range {{\[0x0*}}[[GRAN]]-0x{{0*}}[[LAST]]{{\]}}{{$}}
// WRITE-NEXT: {{^}}{{(CPU: [0-9]+ )?}}PID: {{[0-9]+}} Comm: {{.+}}{{$}}
// WRITE-NEXT: {{^}}RIP: 0033:poke+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// CHECK-EMPTY:
// CHECK-NEXT: Call Trace:
// READ-NEXT: {{^}} peek+0x{{.*}}wild_shadow_range.c:27{{$}}
// WRITE-NEXT: {{^}} poke+0x{{.*}}wild_shadow_range.c:32{{$}}
// CHECK-NEXT: {{^}} main+0x{{.*}}wild_shadow_range.c:
// CHECK-NOT: Memory state around
// CHECK: {{^}}=================================================================={{$}}
// CHECK-NEXT: STATUS: exit 1{{$}}

// ASAN: ERROR: AddressSanitizer: SEGV on unknown address 0x0000deadbee{{[8f]}} (pc 0x{{[0-9a-f]+}} bp 0x{{[0-9a-f]+}} sp 0x{{[0-9a-f]+}} T0){{$}}
// ASAN: #0 0x{{[0-9a-f]+}} in peek {{.*}}wild_shadow_range.c
// ASAN: SUMMARY: AddressSanitizer: SEGV {{.*}}wild_shadow_range.c:{{[0-9:]+}} in peek{{$}}
// ASAN-NEXT: {{^}}Crash signature: {{([0-9a-f]{16})}} wild-memory-access Read | peek | main{{$}}
// ASAN-NEXT: ==ABORTING
// ASAN-NEXT: STATUS: exit 1{{$}}

// OWN: own handler: faults=2
// OWN-NEXT: STATUS: exit 0{{$}}

// OK: ok 8
// OK-NEXT: STATUS: exit 0{{$}}
// Not on aarch64: the addresses lie in x86-64's shadow range (the x86 instruction decoder names the granule a check read); aarch64's shadow starts at 1 << 40, and there these are plain wild accesses, reported at their exact address.
// UNSUPPORTED: aarch64
