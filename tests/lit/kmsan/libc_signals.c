// What the signal and multiplexing calls store is initialised: sigaction's old action (SIGUSR1, and SIGSEGV, which ksan keeps), sigprocmask's and pthread_sigmask's old set, sigpending's set, ppoll's revents, pselect's fd_sets (bits the kernel rewrote), epoll_wait's, epoll_pwait's and epoll_pwait2's events (the count returned); each read in its own run, silent.  An event past the count returned is still uninitialised and reported.  -O0 and -O2, and a static executable.
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O0 %s -o %t0
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O2 %s -o %t2
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O2 -static %s -o %ts
// RUN: bash -c 'for m in sigaction sigaction_segv sigprocmask pthread_sigmask sigpending ppoll pselect epoll_wait epoll_pwait epoll_pwait2; do bash %S/../Inputs/status.sh %t0 $m; done' 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
// RUN: bash -c 'for m in sigaction sigaction_segv sigprocmask pthread_sigmask sigpending ppoll pselect epoll_wait epoll_pwait epoll_pwait2; do bash %S/../Inputs/status.sh %t2 $m; done' 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
// RUN: bash -c 'for m in sigaction sigaction_segv sigprocmask pthread_sigmask sigpending ppoll pselect epoll_wait epoll_pwait epoll_pwait2; do bash %S/../Inputs/status.sh %ts $m; done' 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
// RUN: bash %S/../Inputs/status.sh %t0 past_count 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: bash %S/../Inputs/status.sh %t2 past_count 2>&1 | FileCheck %s --check-prefix=BAD
#define _GNU_SOURCE
#include <ksan/ksan.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/select.h>
#include <unistd.h>

static volatile size_t odd_bytes;

/* every byte of [p, p+n) is used in a branch, on its own (a sum would
 * keep defined high bits, and KMSAN sees those decide the comparison) */
__attribute__((noinline)) static void use_all(const void *p, size_t n, const char *what)
{
	const unsigned char *b = p;
	size_t i, odd = 0;

	for (i = 0; i < n; i++)
		if (b[i] == 0x5a)
			odd_bytes++;	/* volatile: a branch per byte, at -O2 too */
	odd = odd_bytes;
	printf("ok %s%s\n", what, odd == n + 1 ? "!" : "");
}

static void on_usr1(int sig)
{
	(void)sig;
}

static int ready_pipe(int p[2])
{
	if (pipe(p) || write(p[1], "x", 1) != 1)
		return -1;
	return 0;
}

static int events(const char *how, int past_count)
{
	struct epoll_event add, ev[4];
	sigset_t none;
	int p[2], ep = epoll_create1(0), r;

	if (ep < 0 || ready_pipe(p))
		return 1;
	memset(&add, 0, sizeof(add));
	add.events = EPOLLIN;
	add.data.fd = p[0];
	epoll_ctl(ep, EPOLL_CTL_ADD, p[0], &add);
	sigemptyset(&none);
	if (!strcmp(how, "epoll_pwait"))
		r = epoll_pwait(ep, ev, 4, 1000, &none);
	else if (!strcmp(how, "epoll_pwait2"))
		r = epoll_pwait2(ep, ev, 4, 0, &none);
	else
		r = epoll_wait(ep, ev, 4, 1000);
	if (r != 1)
		return printf("%s returned %d\n", how, r), 1;
	if (past_count && ev[1].data.fd == p[0])	/* L:past */
		puts("unlikely");
	use_all(&ev[0], sizeof(ev[0]), how);
	return 0;
}

int main(int argc, char **argv)
{
	const char *m = argc > 1 ? argv[1] : "";

	if (!strcmp(m, "sigaction") || !strcmp(m, "sigaction_segv")) {
		struct sigaction sa, old, old2;
		int sig = strcmp(m, "sigaction") ? SIGSEGV : SIGUSR1;

		memset(&sa, 0, sizeof(sa));
		sa.sa_handler = on_usr1;
		sigaction(sig, &sa, &old);
		use_all(&old, sizeof(old), m);
		sigaction(sig, 0, &old2);	/* read back: ours */
		if (old2.sa_handler != on_usr1)
			puts("not ours");
	} else if (!strcmp(m, "sigprocmask") || !strcmp(m, "pthread_sigmask")) {
		sigset_t s, old;

		sigemptyset(&s);
		sigaddset(&s, SIGUSR2);
		if (!strcmp(m, "sigprocmask"))
			sigprocmask(SIG_BLOCK, &s, &old);
		else
			pthread_sigmask(SIG_BLOCK, &s, &old);
		use_all(&old, sizeof(old), m);
	} else if (!strcmp(m, "sigpending")) {
		sigset_t s, pending;

		sigemptyset(&s);
		sigaddset(&s, SIGUSR2);
		sigprocmask(SIG_BLOCK, &s, 0);
		raise(SIGUSR2);
		sigpending(&pending);
		if (sigismember(&pending, SIGUSR2) != 1)
			puts("not pending");
		use_all(&pending, sizeof(pending), m);
	} else if (!strcmp(m, "ppoll")) {
		struct pollfd fds[2];
		struct timespec ts = { 1, 0 };
		int p[2];

		if (ready_pipe(p))
			return 1;
		fds[0].fd = p[0];
		fds[0].events = POLLIN;
		fds[1].fd = p[1];
		fds[1].events = POLLOUT;	/* revents left to ppoll */
		if (ppoll(fds, 2, &ts, 0) != 2)
			puts("not ready");
		use_all(fds, sizeof(fds), m);
	} else if (!strcmp(m, "pselect")) {
		struct timespec ts = { 1, 0 };
		fd_set rd;
		int p[2];

		if (ready_pipe(p))
			return 1;
		FD_ZERO(&rd);
		FD_SET(p[0], &rd);
		/* bits whose shadow says uninitialised: pselect stores them */
		ksan_poison(&rd, sizeof(rd.fds_bits[0]));
		FD_SET(p[0], &rd);
		if (pselect(p[0] + 1, &rd, 0, 0, &ts, 0) != 1)
			puts("not ready");
		use_all(&rd.fds_bits[0], sizeof(rd.fds_bits[0]), m);
	} else if (!strcmp(m, "past_count")) {
		return events("epoll_wait", 1);
	} else if (!strncmp(m, "epoll_", 6)) {
		return events(m, 0);
	}
	return 0;
}
// OK: {{^}}ok sigaction{{$}}
// OK-NEXT: STATUS: exit 0
// OK-NEXT: {{^}}ok sigaction_segv{{$}}
// OK-NEXT: STATUS: exit 0
// OK-NEXT: {{^}}ok sigprocmask{{$}}
// OK-NEXT: STATUS: exit 0
// OK-NEXT: {{^}}ok pthread_sigmask{{$}}
// OK-NEXT: STATUS: exit 0
// OK-NEXT: {{^}}ok sigpending{{$}}
// OK-NEXT: STATUS: exit 0
// OK-NEXT: {{^}}ok ppoll{{$}}
// OK-NEXT: STATUS: exit 0
// OK-NEXT: {{^}}ok pselect{{$}}
// OK-NEXT: STATUS: exit 0
// OK-NEXT: {{^}}ok epoll_wait{{$}}
// OK-NEXT: STATUS: exit 0
// OK-NEXT: {{^}}ok epoll_pwait{{$}}
// OK-NEXT: STATUS: exit 0
// OK-NEXT: {{^}}ok epoll_pwait2{{$}}
// OK-NEXT: STATUS: exit 0
// BAD: {{^}}BUG: KMSAN: uninit-value in events
// BAD: {{^}}Local variable ev created at:
// BAD: STATUS: exit 1
