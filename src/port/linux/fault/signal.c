/*
 * This file contains the Linux port's fault handling: one SIGSEGV/SIGBUS
 * handler that hands KFENCE its pages' faults and the runtime its own
 * (fault.h's port_fault: shadow to map, a bad access to report), and
 * passes every other fault to the program's own handler.  The program's
 * sigaction, signal, bsd_signal and sysv_signal calls for those signals
 * are kept here instead of replacing ksan's handler.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>
#include "../platform/libc.h"
#include "../linux.h"
#include "fault.h"
#include "../../../kfence/kfence.h"

static struct sigaction user_action[2];	/* SIGSEGV, SIGBUS as the program set them */
static ksan_lock_t action_lock;
static int installed;

static int index_of(int sig)
{
	return sig == SIGSEGV ? 0 : sig == SIGBUS ? 1 : -1;
}

static void call_user(int sig, siginfo_t *info, void *uctx)
{
	struct sigaction *ua = &user_action[sig == SIGBUS];
	struct sigaction sa = *ua;
	sigset_t old;

	if (sa.sa_handler == SIG_DFL || sa.sa_handler == SIG_IGN) {
		/* default action: restore it and let the fault happen again */
		struct sigaction dfl;

		core_memset(&dfl, 0, sizeof(dfl));
		dfl.sa_handler = SIG_DFL;
		port_libc_sigaction(sig, &dfl, 0);
		return;
	}
	if (sa.sa_flags & SA_RESETHAND) {
		core_memset(ua, 0, sizeof(*ua));
		ua->sa_handler = SIG_DFL;
	}
	/* the handler's mask, but never SIGSEGV/SIGBUS: ksan maps shadow on
	 * first touch, also while the program's handler runs (a blocked
	 * SIGSEGV would make the kernel kill the process instead) */
	sigdelset(&sa.sa_mask, SIGSEGV);
	sigdelset(&sa.sa_mask, SIGBUS);
	pthread_sigmask(SIG_BLOCK, &sa.sa_mask, &old);
	port_run_handler((void *)sa.sa_handler, !!(sa.sa_flags & SA_SIGINFO), sig, info, uctx);
	pthread_sigmask(SIG_SETMASK, &old, 0);
}

static void on_fault(int sig, siginfo_t *info, void *uctx)
{
	ucontext_t *uc = uctx;
	uintptr_t addr = (uintptr_t)info->si_addr;
	siginfo_t si;
	int e = errno, user;

	/* the leak detector stopping this thread (leak/stop.c) */
	if (unlikely(sig == SIGBUS) && port_leak_stop_signal(sig, info, uctx))
		return;
	/* KFENCE's guard and freed pages first: report, open the page, retry */
	if (sig == SIGSEGV && info->si_code == SEGV_ACCERR && is_kfence_address((void *)addr) &&
	    kfence_handle_fault(addr, uc_write(uc), access_size(uc), uc_pc(uc), uc_fp(uc))) {
		errno = e;
		return;
	}
	user = user_action[sig == SIGBUS].sa_handler != SIG_DFL &&
	       user_action[sig == SIGBUS].sa_handler != SIG_IGN;
	si = *info;
	if (port_fault(sig, &si, uc, user) == FAULT_RETRY) {	/* mapped: retry */
		errno = e;
		return;
	}
	call_user(sig, user ? &si : info, uctx);
	errno = e;
}

/* Each thread's alternate signal stack (the handler must run when the
 * thread's own stack is exhausted), unless the program set its own. */
#define ALTSTACK_SIZE (64 << 10)
static __thread void *altstack __attribute__((tls_model("initial-exec")));

void port_altstack_init(void)
{
	stack_t ss, old;
	int e = errno;

	if (altstack || (sigaltstack(0, &old) == 0 && !(old.ss_flags & SS_DISABLE))) {
		errno = e;
		return;	/* ours already, or the program has one */
	}
	ss.ss_sp = ksan_port_map(ALTSTACK_SIZE);
	if (!ss.ss_sp)
		return;
	ss.ss_size = ALTSTACK_SIZE;
	ss.ss_flags = 0;
	if (sigaltstack(&ss, 0))
		ksan_port_unmap(ss.ss_sp, ALTSTACK_SIZE);
	else
		altstack = ss.ss_sp;
	errno = e;
}

/* The thread ends: switch ours off (if it is still the one in use) and
 * give it back. */
void port_altstack_release(void)
{
	stack_t ss, old;
	int e = errno;

	if (!altstack)
		return;
	if (sigaltstack(0, &old) == 0 && old.ss_sp == altstack && !(old.ss_flags & SS_ONSTACK)) {
		core_memset(&ss, 0, sizeof(ss));
		ss.ss_flags = SS_DISABLE;
		sigaltstack(&ss, 0);
	} else if (old.ss_sp == altstack) {
		errno = e;
		return;	/* running on it: keep it */
	}
	ksan_port_unmap(altstack, ALTSTACK_SIZE);
	altstack = 0;
	errno = e;
}

void port_signal_init(void)
{
	struct sigaction sa;
	int i, sigs[2] = { SIGSEGV, SIGBUS };

	for (i = 0; i < 2; i++) {
		/* keep what the program (or a preload) installed before us */
		struct sigaction old;

		if (!port_libc_sigaction(sigs[i], 0, &old) && old.sa_handler != SIG_DFL &&
		    !installed)
			user_action[i] = old;
		core_memset(&sa, 0, sizeof(sa));
		sa.sa_sigaction = on_fault;
		sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
		sigemptyset(&sa.sa_mask);
		port_libc_sigaction(sigs[i], &sa, 0);
	}
	installed = 1;
	port_altstack_init();
}

/* ---- the program's view of SIGSEGV and SIGBUS ------------------------- */

PORT_API int sigaction(int sig, const struct sigaction *act, struct sigaction *oact)
{
	static int lock_forks;	/* action_lock is in the fork protocol */
	int i = index_of(sig);

	/* every handler's sa_mask: never really SIGSEGV/SIGBUS (sigmask.c) */
	if (i < 0 || !installed)
		return port_sigaction_masked(sig, act, oact);
	if (unlikely(!__atomic_load_n(&lock_forks, __ATOMIC_ACQUIRE))) {
		core_fork_add_lock(&action_lock, CORE_FORK_LEAF);	/* a leaf */
		__atomic_store_n(&lock_forks, 1, __ATOMIC_RELEASE);
	}
	ksan_port_lock(&action_lock);
	if (oact) {
		*oact = user_action[i];
		port_libc_wrote(oact, sizeof(*oact));	/* KMSAN: initialised */
	}
	if (act)
		user_action[i] = *act;
	ksan_port_unlock(&action_lock);
	return 0;
}

/* BSD semantics (signal, bsd_signal): restarted calls, the signal blocked
 * while its handler runs; SysV's (sysv): the handler reset to SIG_DFL when
 * it runs, the signal not blocked, calls interrupted, as glibc does */
static port_sighandler_t set_handler(int sig, port_sighandler_t h, int sysv)
{
	struct sigaction sa, old;

	core_memset(&sa, 0, sizeof(sa));
	sa.sa_handler = h;
	sa.sa_flags = sysv ? SA_RESETHAND | SA_NODEFER : SA_RESTART;
	sigemptyset(&sa.sa_mask);
	if (!sysv && sig > 0 && sig < NSIG)
		sigaddset(&sa.sa_mask, sig);
	if (sigaction(sig, &sa, &old) < 0)
		return SIG_ERR;
	return old.sa_handler;
}

PORT_API port_sighandler_t signal(int sig, port_sighandler_t h)
{
	return set_handler(sig, h, 0);
}

PORT_API port_sighandler_t bsd_signal(int sig, port_sighandler_t h)
{
	return set_handler(sig, h, 0);
}

/* What <signal.h> calls signal() in a strict ISO C program (-std=c99:
 * no _DEFAULT_SOURCE), glibc's __sysv_signal: zstd's crash handler came
 * this way and replaced ksan's SIGSEGV handler, so KMSAN's next metadata
 * fault went to it (zstd -h died at start-up) */
PORT_API port_sighandler_t __sysv_signal(int sig, port_sighandler_t h)
{
	return set_handler(sig, h, 1);
}

PORT_API port_sighandler_t sysv_signal(int sig, port_sighandler_t h)
{
	return set_handler(sig, h, 1);
}
