/*
 * This file contains the signal-mask interceptors: ksan maps shadow from
 * its SIGSEGV handler, and the kernel kills a thread that faults with
 * SIGSEGV blocked, so SIGSEGV and SIGBUS are never really blocked.  Every
 * way a program sets a mask under which its code can run goes through here:
 * sigprocmask, pthread_sigmask, the BSD and System V calls, the temporary
 * masks of sigsuspend, ppoll, pselect and epoll_pwait, the sa_mask of every
 * handler (sigaction in signal.c calls port_sigaction_masked), the mask a
 * new thread inherits or gets from pthread_attr_setsigmask_np (threads.c)
 * and the masks of user contexts (ucontext.c).  The two signals are taken
 * out of the real mask and remembered per thread, so the program reads
 * back the mask it asked for.
 *
 * A signal the program "blocked" this way is still delivered: a SIGSEGV
 * from a real fault goes to ksan's handler (as it would kill the process
 * natively), and one sent with kill() while blocked is not held pending.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <sys/epoll.h>
#include <sys/select.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "../platform/libc.h"
#include "../linux.h"

#define HELD_SEGV PORT_HELD_SEGV
#define HELD_BUS PORT_HELD_BUS
#define KSIGSET 8		/* the kernel's sigset_t: 64 signals */
#define SIGCANCEL_ 32		/* glibc's own signals, never blocked by */
#define SIGSETXID_ 33		/* pthread_sigmask either */

/* SIGSEGV/SIGBUS as blocked in the program's view of this thread's mask */
static __thread unsigned held __attribute__((tls_model("initial-exec")));

static unsigned bits_of(const sigset_t *s)
{
	return (sigismember(s, SIGSEGV) == 1 ? HELD_SEGV : 0) |
	       (sigismember(s, SIGBUS) == 1 ? HELD_BUS : 0);
}

static void add_bits(sigset_t *s, unsigned bits)
{
	if (bits & HELD_SEGV)
		sigaddset(s, SIGSEGV);
	if (bits & HELD_BUS)
		sigaddset(s, SIGBUS);
}

/* The set with the signals ksan keeps unblocked taken out. */
static void strip(sigset_t *s)
{
	sigdelset(s, SIGSEGV);
	sigdelset(s, SIGBUS);
}

/* 1 if the program's sigset at p may be read, else 0 after a report (as
 * for any bad read through an interceptor); expanded in the interceptor. */
#define CHECK_READ(fn, p, size) ({					\
	PORT_CALLER(cl_, fn);						\
	!port_heap_ready() || port_check(&cl_, (p), (size), 0); })

static int sys_sigmask(int how, const sigset_t *set, sigset_t *old)
{
	return (int)syscall(SYS_rt_sigprocmask, how, set, old, KSIGSET);
}

/*
 * The heart of sigprocmask and pthread_sigmask: returns 0 or an errno.
 * The kernel gets the set without SIGSEGV/SIGBUS (and without glibc's own
 * signals, as glibc does); old gets the real mask plus what the program
 * holds blocked.
 */
static int set_mask(int how, const sigset_t *set, sigset_t *old)
{
	unsigned prev = held, next = prev;
	sigset_t s, o;
	int e = errno, err = 0;

	if (set) {
		unsigned bits;

		s = *set;
		bits = bits_of(&s);
		if (how == SIG_BLOCK)
			next = prev | bits;
		else if (how == SIG_UNBLOCK)
			next = prev & ~bits;
		else if (how == SIG_SETMASK)
			next = bits;
		if (how != SIG_UNBLOCK) {
			strip(&s);
			sigdelset(&s, SIGCANCEL_);
			sigdelset(&s, SIGSETXID_);
		}
	}
	sigemptyset(&o);
	if (sys_sigmask(how, set ? &s : 0, old ? &o : 0))
		err = errno;
	else
		held = next;
	errno = e;
	if (!err && old) {
		add_bits(&o, prev);
		*old = o;
		port_libc_wrote(old, sizeof(*old));	/* KMSAN: initialised */
	}
	return err;
}

PORT_API __attribute__((noinline)) int pthread_sigmask(int how, const sigset_t *set,
							sigset_t *old)
{
	if (set && !CHECK_READ(pthread_sigmask, set, sizeof(*set)))
		return EFAULT;
	return set_mask(how, set, old);
}

PORT_API __attribute__((noinline)) int sigprocmask(int how, const sigset_t *set, sigset_t *old)
{
	int err;

	if (set && !CHECK_READ(sigprocmask, set, sizeof(*set))) {
		errno = EFAULT;
		return -1;
	}
	err = set_mask(how, set, old);
	if (err) {
		errno = err;
		return -1;
	}
	return 0;
}

/* ---- BSD and System V masks (int masks: bit sig - 1) ------------------ */

static int int_mask(int how, int mask)
{
	sigset_t s, o;
	int sig, r = 0;

	sigemptyset(&s);
	for (sig = 1; sig < 32; sig++)
		if (mask & (1 << (sig - 1)))
			sigaddset(&s, sig);
	if (set_mask(how, how < 0 ? 0 : &s, &o))
		return -1;
	for (sig = 1; sig <= 32; sig++)
		if (sigismember(&o, sig) == 1)
			r |= 1 << (sig - 1);
	return r;
}

PORT_API int sigsetmask(int mask)
{
	return int_mask(SIG_SETMASK, mask);
}

PORT_API int sigblock(int mask)
{
	return int_mask(SIG_BLOCK, mask);
}

PORT_API int siggetmask(void)
{
	return int_mask(-1, 0);
}

static int one_signal(int how, int sig)
{
	sigset_t s;
	int err;

	sigemptyset(&s);
	if (sigaddset(&s, sig))
		return -1;	/* errno EINVAL */
	err = set_mask(how, &s, 0);
	if (err) {
		errno = err;
		return -1;
	}
	return 0;
}

PORT_API int sighold(int sig)
{
	return one_signal(SIG_BLOCK, sig);
}

PORT_API int sigrelse(int sig)
{
	return one_signal(SIG_UNBLOCK, sig);
}

/* ---- temporary masks: handlers run under them ------------------------ */

/* The C library's function (a cancellation point), or 0 in a static
 * executable, where the system call is made directly. */
static void *real_fn(void **slot, const char *name)
{
	void *f = __atomic_load_n(slot, __ATOMIC_ACQUIRE);

	if (!f) {
		f = port_real(name);
		if (!f)
			return 0;
		__atomic_store_n(slot, f, __ATOMIC_RELEASE);
	}
	return f;
}

/* The temporary mask without SIGSEGV/SIGBUS into *tmp; the program's view
 * of it becomes this thread's until end_temporary(). */
static const sigset_t *begin_temporary(const sigset_t *mask, sigset_t *tmp, unsigned *saved)
{
	*saved = held;
	if (!mask)
		return 0;
	*tmp = *mask;
	held = bits_of(tmp);
	strip(tmp);
	return tmp;
}

static void end_temporary(unsigned saved)
{
	held = saved;
}

/* KMSAN: what the kernel stored for the program (a no-op for KASAN).
 * r < 0: errno; else n bytes at p (p may be NULL). */
static void wrote(int r, const void *p, size_t n)
{
	if (r < 0)
		port_libc_wrote(&errno, sizeof(errno));
	else if (p && n)
		port_libc_wrote(p, n);
}

PORT_API __attribute__((noinline)) int sigsuspend(const sigset_t *mask)
{
	static void *real;
	int (*fn)(const sigset_t *);
	unsigned saved;
	sigset_t tmp;
	int r;

	if (!CHECK_READ(sigsuspend, mask, sizeof(*mask))) {
		errno = EFAULT;
		return -1;
	}
	mask = begin_temporary(mask, &tmp, &saved);
	fn = (int (*)(const sigset_t *))real_fn(&real, "sigsuspend");
	r = fn ? fn(mask) : (int)syscall(SYS_rt_sigsuspend, mask, KSIGSET);
	end_temporary(saved);
	return r;
}

PORT_API __attribute__((noinline)) int ppoll(struct pollfd *fds, nfds_t n,
					     const struct timespec *ts, const sigset_t *mask)
{
	static void *real;
	int (*fn)(struct pollfd *, nfds_t, const struct timespec *, const sigset_t *);
	struct timespec t;
	unsigned saved;
	sigset_t tmp;
	int r;

	if (mask && !CHECK_READ(ppoll, mask, sizeof(*mask))) {
		errno = EFAULT;
		return -1;
	}
	mask = begin_temporary(mask, &tmp, &saved);
	fn = (int (*)(struct pollfd *, nfds_t, const struct timespec *, const sigset_t *))
		real_fn(&real, "ppoll");
	if (fn) {
		r = fn(fds, n, ts, mask);
	} else {
		if (ts)
			t = *ts;	/* the kernel writes back the time left */
		r = (int)syscall(SYS_ppoll, fds, n, ts ? &t : 0, mask, KSIGSET);
	}
	end_temporary(saved);
	if (r < 0)
		wrote(r, 0, 0);
	else			/* revents of every entry is stored */
		for (nfds_t i = 0; i < n; i++)
			wrote(r, &fds[i].revents, sizeof(fds[i].revents));
	return r;
}

PORT_API __attribute__((noinline)) int pselect(int n, fd_set *rd, fd_set *wr, fd_set *ex,
					       const struct timespec *ts, const sigset_t *mask)
{
	static void *real;
	int (*fn)(int, fd_set *, fd_set *, fd_set *, const struct timespec *, const sigset_t *);
	struct timespec t;
	unsigned saved;
	sigset_t tmp;
	int r;

	if (mask && !CHECK_READ(pselect, mask, sizeof(*mask))) {
		errno = EFAULT;
		return -1;
	}
	mask = begin_temporary(mask, &tmp, &saved);
	fn = (int (*)(int, fd_set *, fd_set *, fd_set *, const struct timespec *,
		      const sigset_t *))real_fn(&real, "pselect");
	if (fn) {
		r = fn(n, rd, wr, ex, ts, mask);
	} else {
		struct { const sigset_t *ss; size_t len; } arg = { mask, KSIGSET };

		if (ts)
			t = *ts;
		r = (int)syscall(SYS_pselect6, n, rd, wr, ex, ts ? &t : 0, &arg);
	}
	end_temporary(saved);
	/* the bits of the first n descriptors, in whole longs, as select */
	wrote(r, rd, n > 0 ? ROUND_UP((size_t)n, 64) / 8 : 0);
	wrote(r, wr, n > 0 ? ROUND_UP((size_t)n, 64) / 8 : 0);
	wrote(r, ex, n > 0 ? ROUND_UP((size_t)n, 64) / 8 : 0);
	return r;
}

PORT_API __attribute__((noinline)) int epoll_pwait(int fd, struct epoll_event *ev, int max,
						   int timeout, const sigset_t *mask)
{
	static void *real;
	int (*fn)(int, struct epoll_event *, int, int, const sigset_t *);
	unsigned saved;
	sigset_t tmp;
	int r;

	if (mask && !CHECK_READ(epoll_pwait, mask, sizeof(*mask))) {
		errno = EFAULT;
		return -1;
	}
	mask = begin_temporary(mask, &tmp, &saved);
	fn = (int (*)(int, struct epoll_event *, int, int, const sigset_t *))
		real_fn(&real, "epoll_pwait");
	r = fn ? fn(fd, ev, max, timeout, mask) :
		 (int)syscall(SYS_epoll_pwait, fd, ev, max, timeout, mask, KSIGSET);
	end_temporary(saved);
	wrote(r, ev, r > 0 ? (size_t)r * sizeof(*ev) : 0);
	return r;
}

#ifndef SYS_epoll_pwait2
#define SYS_epoll_pwait2 441
#endif
PORT_API __attribute__((noinline)) int epoll_pwait2(int fd, struct epoll_event *ev, int max,
						    const struct timespec *ts,
						    const sigset_t *mask)
{
	static void *real;
	int (*fn)(int, struct epoll_event *, int, const struct timespec *, const sigset_t *);
	unsigned saved;
	sigset_t tmp;
	int r;

	if (mask && !CHECK_READ(epoll_pwait2, mask, sizeof(*mask))) {
		errno = EFAULT;
		return -1;
	}
	mask = begin_temporary(mask, &tmp, &saved);
	fn = (int (*)(int, struct epoll_event *, int, const struct timespec *,
		      const sigset_t *))real_fn(&real, "epoll_pwait2");
	r = fn ? fn(fd, ev, max, ts, mask) :
		 (int)syscall(SYS_epoll_pwait2, fd, ev, max, ts, mask, KSIGSET);
	end_temporary(saved);
	wrote(r, ev, r > 0 ? (size_t)r * sizeof(*ev) : 0);
	return r;
}

/* ---- handlers: sa_mask ------------------------------------------------ */

/* Per signal: the handler installed through here and the SIGSEGV/SIGBUS
 * bits its sa_mask had, given back to a program reading the action. */
static void *mask_handler[NSIG];
static unsigned char mask_held[NSIG];

int port_sigaction_masked(int sig, const struct sigaction *act, struct sigaction *oact)
{
	int ok = sig > 0 && sig < NSIG, r;
	unsigned bits = 0, old_bits = 0;
	void *old_handler = 0, *handler = 0;
	struct sigaction a;

	if (act && ok) {
		a = *act;
		bits = bits_of(&a.sa_mask);
		strip(&a.sa_mask);
		handler = (void *)a.sa_handler;
		port_handler_wrap(sig, &a);	/* KMSAN: its own context state */
		act = &a;
	}
	if (ok) {
		old_bits = __atomic_load_n(&mask_held[sig], __ATOMIC_RELAXED);
		old_handler = __atomic_load_n(&mask_handler[sig], __ATOMIC_RELAXED);
	}
	r = port_libc_sigaction(sig, act, oact);
	if (r)
		return r;
	if (oact)
		port_libc_wrote(oact, sizeof(*oact));	/* KMSAN: initialised */
	if (oact && ok)
		port_handler_unwrap(sig, oact);
	if (oact && old_bits && old_handler == (void *)oact->sa_handler)
		add_bits(&oact->sa_mask, old_bits);
	if (act && ok) {
		__atomic_store_n(&mask_handler[sig], handler, __ATOMIC_RELAXED);
		__atomic_store_n(&mask_held[sig], (unsigned char)bits, __ATOMIC_RELAXED);
	}
	return 0;
}

/* ---- for threads.c, ucontext.c and start-up -------------------------- */

unsigned port_sigmask_held(void)
{
	return held;
}

void port_sigmask_set_held(unsigned bits)
{
	held = bits;
}

unsigned port_sigmask_bits(const sigset_t *s)
{
	return bits_of(s);
}

void port_sigmask_strip(sigset_t *s)
{
	strip(s);
}

/*
 * SIGSEGV/SIGBUS really blocked (inherited across execve, given by
 * pthread_attr_setsigmask_np, or set by the C library on its own): make
 * them part of the program's view and unblock them.
 */
void port_sigmask_adopt(void)
{
	sigset_t cur, s;
	unsigned bits;
	int e = errno;

	sigemptyset(&cur);
	if (!sys_sigmask(SIG_BLOCK, 0, &cur) && (bits = bits_of(&cur))) {
		sigemptyset(&s);
		add_bits(&s, bits);
		held |= bits;
		sys_sigmask(SIG_UNBLOCK, &s, 0);
	}
	errno = e;
}
