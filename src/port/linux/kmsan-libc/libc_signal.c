/*
 * This file contains KMSAN's model of the C library's signal-set
 * functions and the waits that store what they waited for: sigemptyset,
 * sigfillset, sigandset, sigorset (the whole sigset_t), sigaltstack's old
 * stack, sigwait's signal number, sigwaitinfo's and sigtimedwait's
 * siginfo_t, waitid's siginfo_t and eventfd_read's counter.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <sys/eventfd.h>
#include <sys/wait.h>
#include "libc_model.h"

KMSAN_REAL(sigemptyset);
PORT_INTERCEPTOR int sigemptyset(sigset_t *set)
{
	return kmsan_wrote_if0(REAL(sigemptyset)(set), set, sizeof(*set));
}

KMSAN_REAL(sigfillset);
PORT_INTERCEPTOR int sigfillset(sigset_t *set)
{
	return kmsan_wrote_if0(REAL(sigfillset)(set), set, sizeof(*set));
}

KMSAN_REAL(sigandset);
PORT_INTERCEPTOR int sigandset(sigset_t *set, const sigset_t *l, const sigset_t *r)
{
	return kmsan_wrote_if0(REAL(sigandset)(set, l, r), set, sizeof(*set));
}

KMSAN_REAL(sigorset);
PORT_INTERCEPTOR int sigorset(sigset_t *set, const sigset_t *l, const sigset_t *r)
{
	return kmsan_wrote_if0(REAL(sigorset)(set, l, r), set, sizeof(*set));
}

KMSAN_REAL(sigaltstack);
PORT_INTERCEPTOR int sigaltstack(const stack_t *ss, stack_t *old)
{
	return kmsan_wrote_old(REAL(sigaltstack)(ss, old), old, sizeof(*old));
}

KMSAN_REAL(sigwait);
PORT_INTERCEPTOR int sigwait(const sigset_t *set, int *sig)
{
	return kmsan_wrote_if0(REAL(sigwait)(set, sig), sig, sizeof(*sig));
}

/* the signal number, or -1 */
KMSAN_REAL(sigwaitinfo);
PORT_INTERCEPTOR int sigwaitinfo(const sigset_t *set, siginfo_t *info)
{
	int r = REAL(sigwaitinfo)(set, info);

	if (r > 0 && info)
		kmsan_wrote(info, sizeof(*info));
	else if (r < 0)
		kmsan_wrote_errno();
	return r;
}

KMSAN_REAL(sigtimedwait);
PORT_INTERCEPTOR int sigtimedwait(const sigset_t *set, siginfo_t *info, const struct timespec *t)
{
	int r = REAL(sigtimedwait)(set, info, t);

	if (r > 0 && info)
		kmsan_wrote(info, sizeof(*info));
	else if (r < 0)
		kmsan_wrote_errno();
	return r;
}

/* with WNOHANG and no child ready, the kernel clears si_pid (and the
 * rest, since Linux 2.6.?): the whole siginfo_t is stored either way */
KMSAN_REAL(waitid);
PORT_INTERCEPTOR int waitid(idtype_t type, id_t id, siginfo_t *info, int opt)
{
	return kmsan_wrote_if0(REAL(waitid)(type, id, info, opt), info, sizeof(*info));
}

KMSAN_REAL(eventfd_read);
PORT_INTERCEPTOR int eventfd_read(int fd, eventfd_t *v)
{
	return kmsan_wrote_if0(REAL(eventfd_read)(fd, v), v, sizeof(*v));
}
