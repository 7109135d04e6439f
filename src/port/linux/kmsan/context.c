/*
 * This file contains the Linux port's side of KMSAN's context states (the
 * compiler's per-thread parameter, return-value and va_arg shadow): which
 * state the running code gets.
 *
 * Every instrumented function asks for it at entry, so the lookup is a
 * thread-local pointer here (initial-exec TLS: one load), filled from the
 * core's slow path (kmsan_context) on a thread's first call and cleared
 * when the thread ends, before its core state goes back to the free list.
 *
 * A signal handler runs on the thread it interrupts: landing between a
 * caller's store of an argument's shadow and the callee's read of it, an
 * instrumented handler would hand the callee its own shadow.  The kernel
 * gives each interrupt level a state of its own; here every handler the
 * program installs runs through run_handler, which keeps the interrupted
 * code's state on its own stack, gives the handler a clean state (its
 * arguments come from the kernel: initialised) and puts the interrupted
 * state back when the handler returns.  A handler that leaves by
 * siglongjmp abandons the interrupted code, and its state with it.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <ucontext.h>
#include "../linux.h"

typedef void (*info_fn)(int, siginfo_t *, void *);
typedef void (*plain_fn)(int);

/* The program's handler of each signal, as it gave it to sigaction: fn is
 * written after flags (release, paired with the trampoline's acquire). */
static struct {
	void *fn;
	int flags;
} handlers[NSIG];

static __thread struct kmsan_context_state *ctx_cache
	__attribute__((tls_model("initial-exec")));

/*
 * Compiler ABI (don't change): called at the entry of every instrumented
 * function.  This strong definition replaces the core's weak one (abi.c);
 * this object is always linked, as sigmask.c calls port_handler_wrap.
 */
static __attribute__((noinline)) struct kmsan_context_state *ctx_first(void)
{
	struct kmsan_context_state *c = kmsan_context();

	ctx_cache = c;
	return c;
}

/* no frame of its own: the slow path is a tail call */
__attribute__((visibility("default"), optimize("omit-frame-pointer")))
struct kmsan_context_state *__msan_get_context_state(void)
{
	struct kmsan_context_state *c = ctx_cache;

	if (likely(c != 0))
		return c;
	return ctx_first();
}

/* The thread ends: its state goes back with its core state. */
void port_kmsan_context_forget(void)
{
	ctx_cache = 0;
}

void port_run_handler(void *fn, int siginfo, int sig, void *info, void *uctx)
{
	struct kmsan_context_state *c = __msan_get_context_state(), saved;

	core_memmove(&saved, c, sizeof(saved));
	core_memset(c, 0, sizeof(*c));
	if (siginfo) {
		/* the kernel wrote them on a stack whose shadow is stale */
		ucontext_t *uc = uctx;

		kmsan_unpoison(info, sizeof(siginfo_t));
		kmsan_unpoison(uc, sizeof(*uc));
		if (uc->uc_mcontext.fpregs)
			kmsan_unpoison(uc->uc_mcontext.fpregs,
				       sizeof(*uc->uc_mcontext.fpregs));
		((info_fn)fn)(sig, info, uctx);
	} else {
		((plain_fn)fn)(sig);
	}
	core_memmove(c, &saved, sizeof(saved));
}

static void trampoline(int sig, siginfo_t *info, void *uctx)
{
	void *fn = __atomic_load_n(&handlers[sig].fn, __ATOMIC_ACQUIRE);

	port_run_handler(fn, handlers[sig].flags & SA_SIGINFO, sig, info, uctx);
}

void port_handler_wrap(int sig, struct sigaction *a)
{
	if (a->sa_handler == SIG_DFL || a->sa_handler == SIG_IGN)
		return;
	handlers[sig].flags = a->sa_flags;
	__atomic_store_n(&handlers[sig].fn, (void *)a->sa_handler, __ATOMIC_RELEASE);
	a->sa_sigaction = trampoline;
	a->sa_flags |= SA_SIGINFO;
}

void port_handler_unwrap(int sig, struct sigaction *oact)
{
	if (oact->sa_sigaction != trampoline)
		return;
	oact->sa_handler = (plain_fn)__atomic_load_n(&handlers[sig].fn, __ATOMIC_ACQUIRE);
	oact->sa_flags = (oact->sa_flags & ~SA_SIGINFO) |
			 (handlers[sig].flags & SA_SIGINFO);
}
