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
#include "../../kfence/kfence.h"

extern int __sigaction(int, const struct sigaction *, struct sigaction *);

#ifdef KSAN_PORT_KFENCE_ONLY
/* libksan-kfence.so: no shadow to map, and faults outside the KFENCE pool
 * are the program's business alone */
static inline int shadow_fault(uintptr_t addr) { return 0; }
static inline void report_fault(uintptr_t addr, int write, int known,
				uintptr_t pc, uintptr_t fp) {}
#else
int port_map_shadow_page(uintptr_t shadow_addr);
#define SHADOW_LO ((uintptr_t)KASAN_SHADOW_OFFSET)
#define SHADOW_HI ((KASAN_ADDR_LIMIT >> KASAN_GRANULE_SHIFT) + KASAN_SHADOW_OFFSET)
static inline int shadow_fault(uintptr_t addr)
{
	if (addr < SHADOW_LO || addr >= SHADOW_HI)
		return 0;
	if (!port_map_shadow_page(addr))
		return 1;	/* retry the access */
	core_printf("ksan: cannot map shadow at 0x%lx (out of memory or address space)\n",
		    (unsigned long)addr);
	ksan_port_exit(1);
}
static inline void report_fault(uintptr_t addr, int write, int known,
				uintptr_t pc, uintptr_t fp)
{
	if (core_opt.handle_segv)
		kasan_report_fault(addr, write, known, pc, fp);
}
#endif

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

/*
 * A general-protection fault has no address.  When it is an inline check's
 * shadow load of a non-canonical address (cmpb $0,0x7fff8000(%reg) and the
 * like), the address register gives the granule that was accessed, as the
 * kernel's non-canonical hook finds it.  Returns 1 with *granule set.
 */
static int decode_shadow_load(const ucontext_t *uc, uintptr_t *granule)
{
	static const int reg_of[16] = {
		REG_RAX, REG_RCX, REG_RDX, REG_RBX, REG_RSP, REG_RBP, REG_RSI, REG_RDI,
		REG_R8, REG_R9, REG_R10, REG_R11, REG_R12, REG_R13, REG_R14, REG_R15,
	};
	const uint8_t *p = (const uint8_t *)uc->uc_mcontext.gregs[REG_RIP];
	unsigned i = 0, rex = 0, modrm, base, index = 4, scale = 0;
	uint32_t disp;
	uintptr_t shadow;

	while (i < 4 && (p[i] == 0x66 || p[i] == 0x67 || p[i] == 0xf2 || p[i] == 0xf3 ||
			 p[i] == 0x2e || p[i] == 0x3e || p[i] == 0x26 || p[i] == 0x64 ||
			 p[i] == 0x65 || p[i] == 0x36))
		i++;
	if ((p[i] & 0xf0) == 0x40)
		rex = p[i++];
	if (p[i] == 0x0f)
		i += (p[i + 1] == 0x38 || p[i + 1] == 0x3a) ? 3 : 2;
	else
		i += 1;
	modrm = p[i++];
	if ((modrm >> 6) != 2)
		return 0;	/* not [reg + disp32] */
	base = modrm & 7;
	if (base == 4) {
		unsigned sib = p[i++];

		base = sib & 7;
		index = ((sib >> 3) & 7) | ((rex & 2) << 2);
		scale = sib >> 6;
	}
	base |= (rex & 1) << 3;
	core_memcpy(&disp, p + i, 4);
	if (disp != (uint32_t)KASAN_SHADOW_OFFSET)
		return 0;
	shadow = (uintptr_t)uc->uc_mcontext.gregs[reg_of[base]] + disp;
	if (index != 4)
		shadow += (uintptr_t)uc->uc_mcontext.gregs[reg_of[index]] << scale;
	*granule = kasan_shadow_to_mem((int8_t *)shadow);
	return 1;
}

static void on_fault(int sig, siginfo_t *info, void *uctx)
{
	ucontext_t *uc = uctx;
	uintptr_t addr = (uintptr_t)info->si_addr;
	int e = errno;

	/* KFENCE's guard and freed pages first: report, open the page, retry */
	if (sig == SIGSEGV && info->si_code == SEGV_ACCERR && is_kfence_address((void *)addr) &&
	    kfence_handle_fault(addr, (uc->uc_mcontext.gregs[REG_ERR] & 2) != 0,
				(uintptr_t)uc->uc_mcontext.gregs[REG_RIP],
				(uintptr_t)uc->uc_mcontext.gregs[REG_RBP])) {
		errno = e;
		return;
	}
	/* an instrumented access read shadow that is not mapped yet */
	if (sig == SIGSEGV && info->si_code == SEGV_MAPERR && shadow_fault(addr)) {
		errno = e;
		return;
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

		if (!known && decode_shadow_load(uc, &addr))
			known = 2;	/* a granule, direction unknown */
		report_fault(known ? addr : 0, write, known,
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
