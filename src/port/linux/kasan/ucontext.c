/*
 * This file contains user-context switches (swapcontext, setcontext on
 * stacks given to makecontext), done as ASan does them: the target stack's
 * shadow is cleaned before the switch, and again when the switching context
 * is resumed (the target may have left frames that will never return, on
 * memory the program may use as plain data now).  While a thread runs on a
 * user stack, the runtime's "current stack" is that stack (no-return
 * handling, reports, the unwinder's bounds), through port_user_stack().
 *
 * A context's uc_sigmask never really blocks SIGSEGV/SIGBUS (sigmask.c).
 *
 * A stack is recognised from the target context itself: its uc_stack (as
 * given to makecontext) must contain its saved stack pointer, so a context
 * saved on the thread's own stack, whose uc_stack is stale or garbage, is
 * never mistaken for one.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <ucontext.h>
#include "../linux.h"

#define MAX_USER_STACK (1ul << 30)	/* larger: not a stack, leave it */

struct range {
	uintptr_t lo, hi;
};

/* The user stack this thread runs on, {0, 0} on its own stack. */
static __thread struct range user_stack __attribute__((tls_model("initial-exec")));

typedef int (*swap_fn)(ucontext_t *, const ucontext_t *);
typedef int (*set_fn)(const ucontext_t *);
extern int __swapcontext(ucontext_t *, const ucontext_t *) __attribute__((weak));
extern int __setcontext(const ucontext_t *) __attribute__((weak));
static swap_fn real_swap;
static set_fn real_set;

int port_user_stack(uintptr_t addr, uintptr_t *lo, uintptr_t *hi)
{
	struct range r = user_stack;

	if (!(addr >= r.lo && addr < r.hi))
		return -1;
	*lo = r.lo;
	*hi = r.hi;
	return 0;
}

/* The user stack ucp runs on, else {0, 0} (the thread's own, or unknown). */
static struct range stack_of(const ucontext_t *ucp)
{
	uintptr_t lo = (uintptr_t)ucp->uc_stack.ss_sp, size = ucp->uc_stack.ss_size;
#if defined(__x86_64__)
	uintptr_t sp = (uintptr_t)ucp->uc_mcontext.gregs[REG_RSP];
#else
	uintptr_t sp = (uintptr_t)ucp->uc_mcontext.sp;
#endif
	struct range r = { 0, 0 };

	if (size && size <= MAX_USER_STACK && lo + size > lo && sp > lo && sp <= lo + size) {
		r.lo = lo;
		r.hi = lo + size;
	}
	return r;
}

static void clean(struct range r)
{
	if (r.hi && kasan_ready)
		kasan_unpoison_range(ROUND_UP(r.lo, 8), ROUND_DOWN(r.hi, 8));
}

/*
 * After the switch back: clean the target's stack unless its memory went
 * back to the heap meanwhile (freed, or another object now): its shadow is
 * the allocator's then, and cleaning it would hide bugs.
 */
static void clean_after(struct range r)
{
	struct kasan_object o;

	if (!r.hi || !kasan_ready)
		return;
	if (kasan_find_object(r.lo, &o) &&
	    (!o.live || r.lo < o.start || r.hi > o.start + o.size))
		return;
	clean(r);
}

/* The context to hand to the C library: ucp, or a copy of it whose mask
 * lets SIGSEGV/SIGBUS through.  The copy's fpregs still point into ucp,
 * which setcontext reads at once. */
static const ucontext_t *unmasked(const ucontext_t *ucp, ucontext_t *copy)
{
	if (!sigismember(&ucp->uc_sigmask, SIGSEGV) && !sigismember(&ucp->uc_sigmask, SIGBUS))
		return ucp;
	*copy = *ucp;
	sigdelset(&copy->uc_sigmask, SIGSEGV);
	sigdelset(&copy->uc_sigmask, SIGBUS);
	return copy;
}

static unsigned held_of(const ucontext_t *ucp)
{
	return (sigismember(&ucp->uc_sigmask, SIGSEGV) == 1 ? PORT_HELD_SEGV : 0) |
	       (sigismember(&ucp->uc_sigmask, SIGBUS) == 1 ? PORT_HELD_BUS : 0);
}

/*
 * A static executable has the C library's swapcontext only if something
 * else pulled it in (ksan-cc's -u flags do): else it is getcontext, then
 * setcontext (which makecontext's code always brings along).
 */
/* weak: musl has no ucontext functions (libucontext's, if linked, serve) */
extern int getcontext(ucontext_t *) __attribute__((returns_twice, weak));
static int emulated_swap(ucontext_t *oucp, const ucontext_t *ucp)
{
	volatile int resumed = 0;

	if (getcontext(oucp))
		return -1;
	if (resumed)
		return 0;
	resumed = 1;
	return real_set(ucp);
}

/* 0 when the C library's functions are known */
static int find_real(void)
{
	if (!real_set)
		real_set = __setcontext ? __setcontext : (set_fn)port_real("setcontext");
	if (!real_swap)
		real_swap = __swapcontext ? __swapcontext : (swap_fn)port_real("swapcontext");
	if (!real_swap && real_set && getcontext)
		real_swap = emulated_swap;
	if (real_set)
		return 0;
	core_printf("ksan: setcontext is not linked in (static executable without makecontext)\n");
	errno = ENOSYS;
	return -1;
}

PORT_API __attribute__((noinline)) int swapcontext(ucontext_t *oucp, const ucontext_t *ucp)
{
	struct range mine = user_stack, target;
	unsigned held = port_sigmask_held();
	ucontext_t copy;
	const ucontext_t *to;
	int r;

	if (find_real())
		return -1;
	target = stack_of(ucp);
	clean(target);
	to = unmasked(ucp, &copy);
	user_stack = target;
	port_sigmask_set_held(held_of(ucp));
	r = real_swap(oucp, to);
	/* resumed: by a swap to oucp, or by the target's end (uc_link) */
	user_stack = mine;
	port_sigmask_set_held(held);
	port_sigmask_adopt();	/* uc_link's mask, set by the C library */
	clean_after(target);
	return r;
}

PORT_API __attribute__((noinline)) int setcontext(const ucontext_t *ucp)
{
	struct range mine = user_stack, target;
	unsigned held = port_sigmask_held();
	ucontext_t copy;
	const ucontext_t *to;
	int r;

	if (find_real())
		return -1;
	/* this context's frames are left for good, as by longjmp */
	kasan_unpoison_stack_above((uintptr_t)__builtin_frame_address(0));
	target = stack_of(ucp);
	clean(target);
	to = unmasked(ucp, &copy);
	user_stack = target;
	port_sigmask_set_held(held_of(ucp));
	r = real_set(to);
	user_stack = mine;	/* failed: still here */
	port_sigmask_set_held(held);
	return r;
}
