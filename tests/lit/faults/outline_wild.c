// Outline checks of addresses that have no shadow or no valid memory: the null pages (null-ptr-deref), the top of user space, non-canonical and kernel-half addresses (wild-memory-access), reads and writes of 1, 2, 4, 8 and 16 bytes, report the check's size, direction, address and caller; with halt_on_error=0 and a SIGSEGV handler of the program's own there is still exactly one report (the check's) and the handler does not run; the correct twin (every size, on memory whose shadow is touched for the first time) is silent.
// REQUIRES: outline
// RUN: %ksan_cc -O1 -g %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t r4 0 2>&1 | FileCheck %s --check-prefixes=CHECK,NULL,READ -DFN=rd4 -DSIZE=4 -DADDR=0000000000000000 -DLINE=26
// RUN: bash %S/../Inputs/status.sh %run %t w8 0x10 2>&1 | FileCheck %s --check-prefixes=CHECK,NULL,WRITE -DFN=wr8 -DSIZE=8 -DADDR=0000000000000010 -DLINE=31
// RUN: bash %S/../Inputs/status.sh %run %t r16 0x8 2>&1 | FileCheck %s --check-prefixes=CHECK,NULL,READ -DFN=rd16 -DSIZE=16 -DADDR=0000000000000008 -DLINE=46
// RUN: bash %S/../Inputs/status.sh %run %t r1 0xfff 2>&1 | FileCheck %s --check-prefixes=CHECK,NULL,READ -DFN=rd1 -DSIZE=1 -DADDR=0000000000000fff -DLINE=36
// RUN: bash %S/../Inputs/status.sh %run %t r1 0x7fffffffffff 2>&1 | FileCheck %s --check-prefixes=CHECK,WILD,READ -DFN=rd1 -DSIZE=1 -DADDR=00007fffffffffff -DLINE=36
// RUN: bash %S/../Inputs/status.sh %run %t w2 0x7ffffffffffe 2>&1 | FileCheck %s --check-prefixes=CHECK,WILD,WRITE -DFN=wr2 -DSIZE=2 -DADDR=00007ffffffffffe -DLINE=41
// RUN: bash %S/../Inputs/status.sh %run %t r4 0xdead000000000000 2>&1 | FileCheck %s --check-prefixes=CHECK,WILD,READ -DFN=rd4 -DSIZE=4 -DADDR=dead000000000000 -DLINE=26
// RUN: bash %S/../Inputs/status.sh %run %t w8 0xffff800000001000 2>&1 | FileCheck %s --check-prefixes=CHECK,WILD,WRITE -DFN=wr8 -DSIZE=8 -DADDR=ffff800000001000 -DLINE=31
// RUN: bash %S/../Inputs/status.sh %run %t w16 0x800000000000 2>&1 | FileCheck %s --check-prefixes=CHECK,WILD,WRITE -DFN=wr16 -DSIZE=16 -DADDR=0000800000000000 -DLINE=51
// RUN: env KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %run %t r4 0 2>&1 | FileCheck %s --check-prefix=ASAN
// RUN: env KSAN_OPTIONS=halt_on_error=0 bash %S/../Inputs/status.sh %run %t go 0xdead000000000000 2>&1 | FileCheck %s --check-prefix=GO
// RUN: bash %S/../Inputs/status.sh %run %t own 0 2>&1 | FileCheck %s --check-prefixes=CHECK,NULL,READ -DFN=rd4 -DSIZE=4 -DADDR=0000000000000000 -DLINE=26
// RUN: bash %S/../Inputs/status.sh %run %t ok 0 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

__attribute__((noinline)) int rd4(int *p)
{
	return *p;
}

__attribute__((noinline)) void wr8(long *p)
{
	*p = 1;
}

__attribute__((noinline)) char rd1(char *p)
{
	return *p;
}

__attribute__((noinline)) void wr2(short *p)
{
	*p = 2;
}

__attribute__((noinline)) __int128 rd16(__int128 *p)
{
	return *p;
}

__attribute__((noinline)) void wr16(__int128 *p)
{
	*p = 3;
}

static void on_segv(int sig)
{
	printf("own handler\n");
	exit(3);
}

int main(int argc, char **argv)
{
	uintptr_t a = strtoull(argv[2], 0, 0);
	const char *c = argv[1];

	if (!strcmp(c, "r4"))
		printf("%d\n", rd4((int *)a));
	if (!strcmp(c, "w8"))
		wr8((long *)a);
	if (!strcmp(c, "r16"))
		printf("%d\n", (int)rd16((__int128 *)a));
	if (!strcmp(c, "w16"))
		wr16((__int128 *)a);
	if (!strcmp(c, "r1"))
		printf("%d\n", rd1((char *)a));
	if (!strcmp(c, "w2"))
		wr2((short *)a);
	if (!strcmp(c, "go")) {
		signal(SIGSEGV, on_segv);
		printf("%d\n", rd4((int *)a));
	}
	if (!strcmp(c, "own")) {
		signal(SIGSEGV, on_segv);
		printf("%d\n", rd4((int *)a));
	}
	if (!strcmp(c, "ok")) {
		/* fresh memory far apart: its shadow is mapped on first touch */
		char *m = mmap(0, 1ul << 30, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS |
			       MAP_NORESERVE, -1, 0);
		unsigned long off;
		long sum = 0;

		for (off = 0; off < (1ul << 30); off += 64ul << 20) {
			char *q = m + off + 4096;

			wr8((long *)q);
			wr2((short *)(q + 8));
			wr16((__int128 *)(q + 16));
			sum += rd4((int *)q) + rd1(q + 9) + (long)rd16((__int128 *)(q + 16));
		}
		printf("ok %ld\n", sum);
	}
	return 0;
}

// CHECK: {{^}}=================================================================={{$}}
// NULL-NEXT: {{^}}BUG: KASAN: null-ptr-deref in [[FN]]+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// WILD-NEXT: {{^}}BUG: KASAN: wild-memory-access in [[FN]]+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// READ-NEXT: {{^}}Read of size [[SIZE]] at addr [[ADDR]] by task {{.+}}{{$}}
// WRITE-NEXT: {{^}}Write of size [[SIZE]] at addr [[ADDR]] by task {{.+}}{{$}}
// CHECK-EMPTY:
// CHECK-NEXT: Call Trace:
// CHECK-NEXT: {{^}} [[FN]]+0x{{.*}}outline_wild.c:[[LINE]]{{$}}
// CHECK-NEXT: {{^}} main+0x{{.*}}outline_wild.c:
// CHECK-NOT: own handler
// CHECK: {{^}}=================================================================={{$}}
// CHECK-NEXT: STATUS: exit 1{{$}}

// ASAN: ERROR: AddressSanitizer: SEGV on unknown address 0x000000000000
// ASAN-NEXT: The signal is caused by a READ memory access.
// ASAN: #0 0x{{[0-9a-f]+}} in rd4 {{.*}}outline_wild.c:26
// ASAN: STATUS: exit 1{{$}}

// GO: BUG: KASAN: wild-memory-access in rd4+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// GO-NEXT: Read of size 4 at addr dead000000000000 by task
// GO-NOT: BUG: KASAN
// GO-NOT: own handler
// GO: STATUS: exit 1{{$}}

// OK: ok 64
// OK-NEXT: STATUS: exit 0{{$}}
// Not on aarch64: its outline checks are C (src/kasan/abi.c) with their own range test, and 0x7fffffffffff is not the top of its user space.
// UNSUPPORTED: aarch64
