// A program that installs its own SIGSEGV handler (with sigaction, or with signal) and faults on purpose still gets its handler called (recover by mprotect, or siglongjmp out) and exits 0; ksan reports nothing.
// RUN: %ksan_cc -O1 %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t sigaction 2>&1 | FileCheck %s --check-prefix=SA --implicit-check-not=KASAN
// RUN: bash %S/../Inputs/status.sh %run %t signal 2>&1 | FileCheck %s --check-prefix=SIG --implicit-check-not=KASAN
// RUN: %ksan_cc -O1 -static %s -o %t.static
// RUN: bash %S/../Inputs/status.sh %run %t.static sigaction 2>&1 | FileCheck %s --check-prefix=SA --implicit-check-not=KASAN
// RUN: bash %S/../Inputs/status.sh %run %t.static signal 2>&1 | FileCheck %s --check-prefix=SIG --implicit-check-not=KASAN
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static char *page;
static long pagesz;
static volatile int faults;
static sigjmp_buf env;

/* sigaction style: make the page writable and let the store retry */
static void on_segv_info(int sig, siginfo_t *si, void *uc)
{
	(void)uc;
	faults++;
	if (sig != SIGSEGV || (char *)si->si_addr < page || (char *)si->si_addr >= page + pagesz)
		_exit(3);
	mprotect(page, pagesz, PROT_READ | PROT_WRITE);
}

/* signal() style: jump out of the faulting code */
static void on_segv(int sig)
{
	faults++;
	siglongjmp(env, sig);
}

int main(int argc, char **argv)
{
	pagesz = sysconf(_SC_PAGESIZE);
	page = mmap(0, pagesz, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (page == MAP_FAILED)
		return 2;
	if (strstr(argv[1], "sigaction")) {
		struct sigaction sa, old;

		memset(&sa, 0, sizeof(sa));
		sa.sa_sigaction = on_segv_info;
		sa.sa_flags = SA_SIGINFO;
		sigemptyset(&sa.sa_mask);
		sigaction(SIGSEGV, &sa, &old);
		page[100] = 'k';	/* faults once, then succeeds */
		printf("sigaction: faults=%d value=%c\n", faults, page[100]);
		sigaction(SIGSEGV, 0, &sa);
		printf("handler still ours: %d\n", sa.sa_sigaction == on_segv_info);
	} else {
		signal(SIGSEGV, on_segv);
		if (sigsetjmp(env, 1) == 0) {
			page[0] = 1;
			printf("not reached\n");
		} else {
			printf("signal: faults=%d, jumped out\n", faults);
		}
		if (sigsetjmp(env, 1) == 0)
			page[1] = 1;	/* the handler stays installed */
		printf("signal: faults=%d\n", faults);
	}
	return 0;
}

// SA: sigaction: faults=1 value=k
// SA-NEXT: handler still ours: 1
// SA-NEXT: STATUS: exit 0{{$}}

// SIG: signal: faults=1, jumped out
// SIG-NEXT: signal: faults=2
// SIG-NEXT: STATUS: exit 0{{$}}
