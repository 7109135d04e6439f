// KMSAN's C library model, signal sets and waits (src/port/linux/kmsan/libc_signal.c; issue 25): one row per function of tests/kmsan-libc/list.txt.  Mode ok: every byte the C library stored is initialised (silent); mode past: the byte after them is still reported, one report per row.
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O1 %s -o %t
// RUN: bash %S/../Inputs/status.sh %t ok 2>&1 | FileCheck %s --implicit-check-not=KMSAN --implicit-check-not=BAD
// RUN: %t list > %t.check
// RUN: env KSAN_OPTIONS=halt_on_error=0 %t past 2>&1 | FileCheck %t.check --check-prefix=PAST
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O1 -static -DROWS_STATIC %s -o %t.static
// RUN: bash %S/../Inputs/status.sh %t.static ok 2>&1 | FileCheck %s --implicit-check-not=KMSAN --implicit-check-not=BAD
// RUN: %t.static list > %t.static.check
// RUN: env KSAN_OPTIONS=halt_on_error=0 %t.static past 2>&1 | FileCheck %t.static.check --check-prefix=PAST
#define _GNU_SOURCE
#include <signal.h>
#include <sys/eventfd.h>
#include <sys/wait.h>
#include <unistd.h>
#include "Inputs/libc_rows.h"

static sigset_t usr1;

ROW(sigemptyset, sizeof(sigset_t))
{
	return sigemptyset((sigset_t *)b) ? -2 : (long)sizeof(sigset_t);
}

ROW(sigfillset, sizeof(sigset_t))
{
	return sigfillset((sigset_t *)b) ? -2 : (long)sizeof(sigset_t);
}

ROW(sigandset, sizeof(sigset_t))
{
	return sigandset((sigset_t *)b, &usr1, &usr1) ? -2 : (long)sizeof(sigset_t);
}

ROW(sigorset, sizeof(sigset_t))
{
	return sigorset((sigset_t *)b, &usr1, &usr1) ? -2 : (long)sizeof(sigset_t);
}

ROW(sigaltstack, sizeof(stack_t))
{
	return sigaltstack(NULL, (stack_t *)b) ? -2 : (long)sizeof(stack_t);
}

/* SIGUSR1 is blocked (main): raise leaves it pending for the wait */
ROW(sigwait, sizeof(int))
{
	raise(SIGUSR1);
	return sigwait(&usr1, (int *)b) ? -2 : (long)sizeof(int);
}

ROW(sigwaitinfo, sizeof(siginfo_t))
{
	raise(SIGUSR1);
	return sigwaitinfo(&usr1, (siginfo_t *)b) != SIGUSR1 ? -2 : (long)sizeof(siginfo_t);
}

ROW(sigtimedwait, sizeof(siginfo_t))
{
	struct timespec t = { 1, 0 };

	raise(SIGUSR1);
	return sigtimedwait(&usr1, (siginfo_t *)b, &t) != SIGUSR1 ? -2 : (long)sizeof(siginfo_t);
}

ROW(waitid, sizeof(siginfo_t))
{
	pid_t pid = fork();

	if (pid == 0)
		_exit(3);
	return waitid(P_PID, (id_t)pid, (siginfo_t *)b, WEXITED) ? -2 : (long)sizeof(siginfo_t);
}

ROW(eventfd_read, sizeof(eventfd_t))
{
	int fd = eventfd(5, 0);
	long n = eventfd_read(fd, (eventfd_t *)b) ? -2 : (long)sizeof(eventfd_t);

	close(fd);
	return n;
}

int main(int argc, char **argv)
{
	sigemptyset(&usr1);
	sigaddset(&usr1, SIGUSR1);
	sigprocmask(SIG_BLOCK, &usr1, NULL);
	return rows_main(argc, argv);
}

// CHECK: {{^}}rows 10{{$}}
// CHECK-NEXT: STATUS: exit 0
