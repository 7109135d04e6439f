// A strict ISO C program's signal() is glibc's SysV one (<signal.h> names it __sysv_signal without _DEFAULT_SOURCE; zstd, built -std=c99, installs its crash handler so): ksan keeps it as it keeps signal() and sigaction(), so the runtime's own faults (KMSAN maps its metadata on first touch) never reach the program's handler, and the program's own fault still does, once (SA_RESETHAND).  Before, the program's handler replaced ksan's and got KMSAN's next metadata fault: zstd -h died at start-up.
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -std=c99 -O1 %s -o %t
// (before the fix it hung: the time limit makes that a failure)
// RUN: timeout 60 bash %S/../Inputs/status.sh %t 2>&1 | FileCheck %s --implicit-check-not=KMSAN
// CHECK: sum 16384{{$}}
// CHECK-NEXT: handler 11{{$}}
// CHECK-NEXT: STATUS: exit 0{{$}}
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void on_segv(int sig)
{
	printf("handler %d\n", sig);
	fflush(stdout);
	_Exit(0);
}

int main(void)
{
	size_t n = (size_t)64 << 20, i;
	long sum = 0;
	char *p;

	if (signal(SIGSEGV, on_segv) == SIG_ERR)
		return 2;
	p = malloc(n);	/* fresh memory: its metadata is first touched below */
	if (!p)
		return 3;
	memset(p, 1, n);
	for (i = 0; i < n; i += 4096)
		sum += p[i];
	printf("sum %ld\n", sum);
	fflush(stdout);
	*(volatile int *)16 = 1;	/* the program's own fault: its handler */
	return 1;
}
