/*
 * This file contains the Linux port's fault handling: one SIGSEGV/SIGBUS
 * handler that maps shadow pages on first touch (ksan maps shadow only for
 * memory that exists), reports null-ptr-deref and wild-memory-access, and
 * passes every other fault to the program's own handler.  The program's
 * sigaction, signal and bsd_signal calls for those signals are kept here
 * instead of replacing ksan's handler.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>
#include "linux.h"

extern int __sigaction(int, const struct sigaction *, struct sigaction *);
int port_map_shadow_page(uintptr_t shadow_addr);

#define SHADOW_LO ((uintptr_t)KASAN_SHADOW_OFFSET)
#define SHADOW_HI ((KASAN_ADDR_LIMIT >> KASAN_GRANULE_SHIFT) + KASAN_SHADOW_OFFSET)

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
		__sigaction(sig, &dfl, 0);
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
	if (sa.sa_flags & SA_SIGINFO)
		sa.sa_sigaction(sig, info, uctx);
	else
		sa.sa_handler(sig);
	pthread_sigmask(SIG_SETMASK, &old, 0);
}

static void on_fault(int sig, siginfo_t *info, void *uctx)
{
	ucontext_t *uc = uctx;
	uintptr_t addr = (uintptr_t)info->si_addr;
	int e = errno;

	/* an instrumented access read shadow that is not mapped yet */
	if (sig == SIGSEGV && info->si_code == SEGV_MAPERR &&
	    addr >= SHADOW_LO && addr < SHADOW_HI) {
		if (!port_map_shadow_page(addr)) {
			errno = e;
			return;	/* retry the access */
		}
		core_printf("ksan: cannot map shadow at 0x%lx (out of memory or address space)\n",
			    (unsigned long)addr);
		ksan_port_exit(1);
	}
	if (user_action[sig == SIGBUS].sa_handler != SIG_DFL &&
	    user_action[sig == SIGBUS].sa_handler != SIG_IGN) {
		call_user(sig, info, uctx);
		errno = e;
		return;
	}
	if (core_opt.handle_segv && sig == SIGSEGV) {
		int known = info->si_code != SI_KERNEL;
		int write = (uc->uc_mcontext.gregs[REG_ERR] & 2) != 0;

		kasan_report_fault(known ? addr : 0, write, known,
				   (uintptr_t)uc->uc_mcontext.gregs[REG_RIP],
				   (uintptr_t)uc->uc_mcontext.gregs[REG_RBP]);
	}
	call_user(sig, info, uctx);
	errno = e;
}

void port_altstack_init(void)
{
	stack_t ss, old;
	size_t size = 64 << 10;

	if (sigaltstack(0, &old) == 0 && !(old.ss_flags & SS_DISABLE))
		return;	/* the program has one */
	ss.ss_sp = ksan_port_map(size);
	if (!ss.ss_sp)
		return;
	ss.ss_size = size;
	ss.ss_flags = 0;
	sigaltstack(&ss, 0);
}

void port_signal_init(void)
{
	struct sigaction sa;
	int i, sigs[2] = { SIGSEGV, SIGBUS };

	for (i = 0; i < 2; i++) {
		/* keep what the program (or a preload) installed before us */
		struct sigaction old;

		if (!__sigaction(sigs[i], 0, &old) && old.sa_handler != SIG_DFL &&
		    !installed)
			user_action[i] = old;
		core_memset(&sa, 0, sizeof(sa));
		sa.sa_sigaction = on_fault;
		sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
		sigemptyset(&sa.sa_mask);
		__sigaction(sigs[i], &sa, 0);
	}
	installed = 1;
	port_altstack_init();
}

/* ---- the program's view of SIGSEGV and SIGBUS ------------------------- */

PORT_API int sigaction(int sig, const struct sigaction *act, struct sigaction *oact)
{
	int i = index_of(sig);

	if (i < 0 || !installed)
		return __sigaction(sig, act, oact);
	ksan_port_lock(&action_lock);
	if (oact)
		*oact = user_action[i];
	if (act)
		user_action[i] = *act;
	ksan_port_unlock(&action_lock);
	return 0;
}

static __sighandler_t set_handler(int sig, __sighandler_t h)
{
	struct sigaction sa, old;

	core_memset(&sa, 0, sizeof(sa));
	sa.sa_handler = h;
	sa.sa_flags = SA_RESTART;
	sigemptyset(&sa.sa_mask);
	if (sig > 0 && sig < NSIG)
		sigaddset(&sa.sa_mask, sig);
	if (sigaction(sig, &sa, &old) < 0)
		return SIG_ERR;
	return old.sa_handler;
}

PORT_API __sighandler_t signal(int sig, __sighandler_t h)
{
	return set_handler(sig, h);
}

PORT_API __sighandler_t bsd_signal(int sig, __sighandler_t h)
{
	return set_handler(sig, h);
}
