/*
 * This file contains KMSAN's part of the fault handler (fault/signal.c):
 * shadow and origin pages mapped on first touch, and the program's wild
 * accesses told from the instrumentation's.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <sys/mman.h>
#include <ucontext.h>
#include "../linux.h"
#include "../fault/fault.h"

/*
 * KMSAN: a fault in the shadow or origin ranges is metadata to map when
 * the application memory it describes exists (or is stack about to be
 * used); else the program touched memory that is not there through a
 * wild pointer, and the fault is reported at the program's address.
 */
struct fault {
	struct kmsan_fault k;
};

static int app_exists(uintptr_t app, uintptr_t sp)
{
	unsigned char vec;
	int e = errno, r, err;

	if (app + FAULT_STACK_ABOVE > sp && app < sp + FAULT_STACK_ABOVE)
		return 1;
	r = mincore((void *)ROUND_DOWN(app, 4096), 4096, &vec);
	err = r ? errno : 0;
	errno = e;
	return !r || err != ENOMEM;
}

/* Metadata address m is an origin (else a shadow) address. */
static int is_origin_addr(uintptr_t m, uintptr_t app)
{
	return (uintptr_t)kmsan_origin_of(app) == ROUND_DOWN(m, 4) &&
	       (uintptr_t)kmsan_shadow_of(app) != m;
}

/*
 * A fault on m, the metadata of app (whose memory does not exist): was it
 * the instrumentation's access to app's metadata (the program's access to
 * app comes next; *(int *)16 = 3 faults first on the shadow of 0x10), or
 * the program's own access through a wild pointer that happens to point
 * into the metadata ranges?  __msan_metadata_ptr_for_* hands out the
 * shadow and the origin pointer together (rax, rdx), and the
 * instrumentation's first access through one of them faults: the other
 * is still in a register, a pointer of the other kind to metadata of an
 * address near app (an _n access may start up to a page below).  A
 * program's wild pointer into the metadata comes with no such partner
 * (its own metadata pointers were the runtime's dummies).
 */
static int instrumentation_access(const ucontext_t *uc, uintptr_t m, uintptr_t app)
{
	int origin = is_origin_addr(m, app), i;

	for (i = 0; i < 16; i++) {
		uintptr_t v = (uintptr_t)uc->uc_mcontext.gregs[i], a;

		if (i == REG_RSP || v == m || !kmsan_is_meta(v, &a))
			continue;
		if (is_origin_addr(v, a) != origin && a + 4096 + 4 > app && a < app + 4)
			return 1;
	}
	return 0;
}

static int classify(int sig, siginfo_t *info, const ucontext_t *uc, struct fault *f)
{
	uintptr_t addr = (uintptr_t)info->si_addr, app;
	uintptr_t sp = (uintptr_t)uc->uc_mcontext.gregs[REG_RSP];

	core_memset(f, 0, sizeof(*f));
	f->k.pc = (uintptr_t)uc->uc_mcontext.gregs[REG_RIP];
	f->k.fp = (uintptr_t)uc->uc_mcontext.gregs[REG_RBP];
	f->k.write = (uc->uc_mcontext.gregs[REG_ERR] & 2) != 0;
	if (sig != SIGSEGV)
		return FAULT_PROGRAM;
	if (info->si_code == SI_KERNEL)
		return FAULT_BAD;	/* non-canonical: no address */
	f->k.addr = addr;
	f->k.addr_known = 1;
	/* the program's access, or the instrumentation's to its metadata,
	 * which is as wide (1:1 shadow) */
	f->k.size = access_size(uc);
	if (info->si_code == SEGV_MAPERR && kmsan_is_meta(addr, &app)) {
		if (app_exists(app, sp)) {
			if (!port_kmsan_map_meta(app))
				return FAULT_RETRY;
			core_printf("ksan: cannot map KMSAN metadata at 0x%lx (out of memory or address space)\n",
				    (unsigned long)addr);
			ksan_port_exit(1);
		}
		if (instrumentation_access(uc, addr, app)) {
			/* report the program's access, at its address */
			f->k.addr = app;
			f->k.meta = addr;
		} else {
			f->k.meta_of = app;	/* the program's own wild access */
		}
		return FAULT_BAD;
	}
	if (info->si_code != SEGV_MAPERR && info->si_code != SEGV_ACCERR)
		return FAULT_PROGRAM;
	if (fault_near_sp(addr, sp))	/* ASan's heuristic (fault.h) */
		f->k.stack_overflow = 1;
	return FAULT_BAD;
}

int port_fault(int sig, siginfo_t *si, const ucontext_t *uc, int user)
{
	struct fault f;
	int what = classify(sig, si, uc, &f);

	if (what == FAULT_RETRY)
		return what;
	if (user && f.k.meta)	/* the metadata of the address the program used */
		si->si_addr = (void *)f.k.addr;
	else if (!user && what == FAULT_BAD && core_opt.handle_segv)
		kmsan_report_fault(&f.k);
	return what;
}
