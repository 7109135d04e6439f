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
#include "../platform/libc.h"
#include "../linux.h"
#include "insn.h"
#include "../../../kfence/kfence.h"

enum { FAULT_PROGRAM, FAULT_RETRY, FAULT_BAD };

/* The faulting instruction, its frame and whether it wrote, per
 * architecture (aarch64: the ESR record's WnR bit of a data abort). */
#if defined(__x86_64__)
static inline uintptr_t uc_pc(const ucontext_t *uc)
{
	return (uintptr_t)uc->uc_mcontext.gregs[REG_RIP];
}
static inline uintptr_t uc_fp(const ucontext_t *uc)
{
	return (uintptr_t)uc->uc_mcontext.gregs[REG_RBP];
}
static inline int uc_write(const ucontext_t *uc)
{
	return (uc->uc_mcontext.gregs[REG_ERR] & 2) != 0;
}
static inline uintptr_t uc_sp(const ucontext_t *uc)
{
	return (uintptr_t)uc->uc_mcontext.gregs[REG_RSP];
}
#elif defined(__aarch64__)
static inline uintptr_t uc_sp(const ucontext_t *uc)
{
	return (uintptr_t)uc->uc_mcontext.sp;
}
static inline uintptr_t uc_pc(const ucontext_t *uc)
{
	return (uintptr_t)uc->uc_mcontext.pc;
}
static inline uintptr_t uc_fp(const ucontext_t *uc)
{
	return (uintptr_t)uc->uc_mcontext.regs[29];
}
static inline int uc_write(const ucontext_t *uc)
{
	const unsigned char *p = uc->uc_mcontext.__reserved;
	const unsigned char *end = p + sizeof(uc->uc_mcontext.__reserved);

	while (p + 8 <= end) {
		uint32_t magic = *(const uint32_t *)p, size = *(const uint32_t *)(p + 4);

		if (!magic || size < 8)
			break;
		if (magic == 0x45535201 && size >= 16) {	/* ESR_MAGIC */
			uint64_t esr = *(const uint64_t *)(p + 8);
			unsigned ec = (unsigned)(esr >> 26) & 0x3f;

			return (ec == 0x24 || ec == 0x25) && (esr & (1u << 6));
		}
		p += size;
	}
	{	/* qemu-user gives no ESR record: the instruction says */
		struct port_a64_access a;

		port_a64_decode(*(const uint32_t *)uc->uc_mcontext.pc, &a);
		return a.write;
	}
}
#endif

/* The faulting instruction's access size, for the reports (ASan's "READ of
 * size 4"); 0 when the decoder does not know it (or has no decoder). */
static unsigned access_size(const ucontext_t *uc)
{
	struct port_insn in;

	return port_insn_decode(uc, &in) ? in.size : 0;
}

#ifdef KSAN_PORT_KFENCE_ONLY
/* libksan-kfence.so: no shadow to map, and faults outside the KFENCE pool
 * are the program's business alone */
struct fault { int unused; };
static inline int classify(int sig, siginfo_t *info, const ucontext_t *uc,
			   struct fault *f) { return FAULT_PROGRAM; }
static inline void report_fault(struct fault *f) {}
#elif defined(KSAN_PORT_TAGS)
/* tag-based KASAN: tags_port.c tells its own cases (an MTE tag-check
 * fault, reported there, or tag shadow to map: 1, retry) from a null or
 * wild access of the program (2: bad, described in *f as generic KASAN's
 * classify describes one), which is reported, as generic KASAN's, only
 * when the program has no SIGSEGV handler of its own */
void port_tags_report_fault(const struct kasan_fault *f);	/* tags_port.c */
struct fault { struct kasan_fault k; };
static inline int classify(int sig, siginfo_t *info, const ucontext_t *uc,
			   struct fault *f)
{
	core_memset(f, 0, sizeof(*f));
	switch (port_tags_fault(sig, info, (void *)uc)) {
	case 1:
		return FAULT_RETRY;
	case 2:
		f->k.pc = uc_pc(uc);
		f->k.fp = uc_fp(uc);
		f->k.sp = uc_sp(uc);
		f->k.write = uc_write(uc);
		f->k.addr = (uintptr_t)info->si_addr;
		f->k.addr_known = 1;
		return FAULT_BAD;
	}
	return FAULT_PROGRAM;
}
static inline void report_fault(struct fault *f)
{
	if (core_opt.handle_segv)
		port_tags_report_fault(&f->k);
}
#elif defined(KSAN_PORT_KMSAN)
/*
 * KMSAN: a fault in the shadow or origin ranges is metadata to map when
 * the application memory it describes exists (or is stack about to be
 * used); else the program touched memory that is not there through a
 * wild pointer, and the fault is reported at the program's address.
 */
#define STACK_BELOW 512
#define STACK_ABOVE 65536
struct fault {
	struct kmsan_fault k;
};

static int app_exists(uintptr_t app, uintptr_t sp)
{
	unsigned char vec;
	int e = errno, r, err;

	if (app + STACK_ABOVE > sp && app < sp + STACK_ABOVE)
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
	if (addr + STACK_BELOW > sp && addr < sp + STACK_ABOVE)
		f->k.stack_overflow = 1;
	return FAULT_BAD;
}

static void report_fault(struct fault *f)
{
	if (core_opt.handle_segv)
		kmsan_report_fault(&f->k);
}
#else

int port_map_shadow_page(uintptr_t shadow_addr);

/*
 * The shadow range S = [SHADOW_LO, SHADOW_HI) is mapped lazily.  The shadow
 * of S itself, the gap G = [GAP_LO, GAP_HI), is the set of shadow bytes
 * whose memory lies inside S: a legitimate shadow access never touches it
 * (ASan keeps it PROT_NONE), so it is never mapped, and a fault there is a
 * check of an address inside the shadow (an instrumented check, the
 * runtime's own) or a direct access to the gap.  S minus G is the shadow
 * of application memory: mapped when the faulting access is a shadow
 * access or the memory it stands for exists.
 */
#define SHADOW_LO ((uintptr_t)KASAN_SHADOW_OFFSET)
#define SHADOW_HI ((KASAN_ADDR_LIMIT >> KASAN_GRANULE_SHIFT) + KASAN_SHADOW_OFFSET)
#define GAP_LO ((SHADOW_LO >> KASAN_GRANULE_SHIFT) + KASAN_SHADOW_OFFSET)
#define GAP_HI ((SHADOW_HI >> KASAN_GRANULE_SHIFT) + KASAN_SHADOW_OFFSET)
/* how far from the stack pointer a fault is the stack's (ASan: a red zone
 * below sp, a large frame above it) */
#define STACK_BELOW 512
#define STACK_ABOVE 65536

/* the executable's code, where the runtime lives (linker-defined) */
extern char __executable_start[] __attribute__((weak));
extern char etext[] __attribute__((weak));

struct fault {
	struct kasan_fault k;
	struct port_insn insn;
	int decoded;
};

static int in_exe(uintptr_t pc)
{
	return __executable_start && etext && pc >= (uintptr_t)__executable_start &&
	       pc < (uintptr_t)etext;
}

/* The instruction's memory operand is the shadow address it faulted on,
 * computed the way shadow checks compute it: base + 0x7fff8000 (inline
 * and outline checks of both compilers), or a register that the previous
 * instruction made with add $0x7fff8000 (GCC at -O0). */
static int is_shadow_access(const ucontext_t *uc, const struct fault *f)
{
	const uint8_t *pc = (const uint8_t *)uc_pc(uc);
	static const uint8_t off[4] = { 0x00, 0x80, 0xff, 0x7f };
	int b = f->insn.base;

	if (!f->decoded || b < 0 || b > 15)
		return 0;
	if (f->insn.mod == 2 && f->insn.disp == (uint32_t)KASAN_SHADOW_OFFSET)
		return 1;
	if ((uintptr_t)pc % 4096 < 7 || f->insn.index >= 0)
		return 0;	/* keep the look back inside the code's page */
	/* add $imm32, %reg: REX.W(+B) 81 /0; for rax also REX.W 05 */
	if (pc[-7] == (0x48 | (b >> 3)) && pc[-6] == 0x81 && pc[-5] == (0xc0 | (b & 7)) &&
	    !core_memcmp(pc - 4, off, 4))
		return 1;
	return b == 0 && pc[-6] == 0x48 && pc[-5] == 0x05 && !core_memcmp(pc - 4, off, 4);
}

/* Some page of application memory that shadow byte s stands for exists
 * (mapped, whatever its protection), or it is stack about to be used. */
static int memory_exists(uintptr_t s, uintptr_t sp)
{
	uintptr_t m = kasan_shadow_to_mem((int8_t *)s);
	unsigned char vec;
	int e = errno, r, err;

	if (m + STACK_ABOVE > sp && m < sp + STACK_ABOVE)
		return 1;	/* a frame being poisoned below the grown stack */
	/* ENOMEM: no mapping there (mincore counts any protection) */
	r = mincore((void *)ROUND_DOWN(m, 4096), 4096, &vec);
	err = r ? errno : 0;
	errno = e;
	return !r || err != ENOMEM;
}

/* A frameless function (an outline check) faulted: its caller's return
 * address is on top of the stack, right after a call to it. */
static uintptr_t leaf_return(const ucontext_t *uc)
{
#if !defined(__x86_64__)
	return 0;	/* never asked: is_shadow_access needs the x86 decoder */
#else
	uintptr_t pc = (uintptr_t)uc->uc_mcontext.gregs[REG_RIP];
	uintptr_t ret = *(const uintptr_t *)uc->uc_mcontext.gregs[REG_RSP];
	const uint8_t *r = (const uint8_t *)ret;
	int32_t rel;

	if (!in_exe(ret) || ret - (uintptr_t)__executable_start < 5 || r[-5] != 0xe8)
		return 0;
	core_memcpy(&rel, r - 4, 4);
	return pc >= ret + (uintptr_t)(intptr_t)rel && pc - (ret + (uintptr_t)(intptr_t)rel) < 256 ?
	       ret : 0;
#endif
}

/*
 * What a SIGSEGV means: shadow to map (FAULT_RETRY), a bad access to
 * report or to pass to the program's handler (FAULT_BAD, *f filled), or
 * none of ksan's business (FAULT_PROGRAM).
 */
static int classify(int sig, siginfo_t *info, const ucontext_t *uc, struct fault *f)
{
	uintptr_t addr = (uintptr_t)info->si_addr;
	uintptr_t sp = uc_sp(uc);

	core_memset(f, 0, sizeof(*f));
	f->k.pc = uc_pc(uc);
	f->k.fp = uc_fp(uc);
	f->k.sp = sp;
	f->k.write = uc_write(uc);
	if (sig != SIGSEGV)
		return FAULT_PROGRAM;
	f->decoded = port_insn_decode(uc, &f->insn);
	if (info->si_code == SI_KERNEL) {
		/* general protection: no address; find it in the instruction */
		f->k.noncanonical = 1;
		if (!f->decoded)
			return FAULT_BAD;
		f->k.write = f->insn.write;
		if (is_shadow_access(uc, f)) {
			/* a shadow check of a non-canonical address: its granule */
			f->k.addr = kasan_shadow_to_mem((int8_t *)f->insn.addr);
			f->k.addr_known = 2;
		} else {
			f->k.addr = f->insn.addr;
			f->k.addr_known = 1;
			f->k.size = f->insn.size;
		}
		return FAULT_BAD;
	}
	f->k.addr = addr;
	f->k.addr_known = 1;
	/* the access's size, as the kernel's access line has it ("Read of
	 * size 8 at addr 0000000000000008"); not for a shadow check's fault */
	f->k.size = f->decoded ? f->insn.size : 0;
	if (info->si_code != SEGV_MAPERR && info->si_code != SEGV_ACCERR)
		return FAULT_PROGRAM;
	if (addr >= SHADOW_LO && addr < SHADOW_HI && info->si_code == SEGV_MAPERR) {
		int shadow = is_shadow_access(uc, f);

		if (addr >= GAP_LO && addr < GAP_HI) {
			/* never mapped: a check of an address inside the shadow
			 * (by instrumented code or the runtime) names that
			 * address's granule; anything else accessed the gap */
			if (shadow || in_exe(f->k.pc)) {
				f->k.addr = kasan_shadow_to_mem((int8_t *)addr);
				f->k.addr_known = 2;
				f->k.size = 0;
				if (f->decoded)
					f->k.write = 0;	/* a shadow read */
			}
			if (shadow) {
				uintptr_t ret = leaf_return(uc);

				if (ret) {
					f->k.pc = ret;
					f->k.pc_is_ret = 1;
				}
			}
			return FAULT_BAD;
		}
		/* the runtime's own shadow accesses are in the executable */
		if (shadow || in_exe(f->k.pc) || memory_exists(addr, sp)) {
			if (!port_map_shadow_page(addr))
				return FAULT_RETRY;
			core_printf("ksan: cannot map shadow at 0x%lx (out of memory or address space)\n",
				    (unsigned long)addr);
			ksan_port_exit(1);
		}
		return FAULT_BAD;	/* the program's own wild access */
	}
	/* ASan's heuristic: near the stack pointer, it is the stack's guard
	 * (threads) or the end of its growth (main thread) */
	if (addr + STACK_BELOW > sp && addr < sp + STACK_ABOVE)
		f->k.stack_overflow = 1;
	return FAULT_BAD;
}

static void report_fault(struct fault *f)
{
	if (core_opt.handle_segv)
		kasan_report_fault(&f->k);
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

/* The program's handler gets the address the program used: for a check
 * of an address inside the shadow, that address (its granule), not the
 * shadow byte that faulted. */
static void pass_to_program(int sig, siginfo_t *info, void *uctx, const struct fault *f)
{
	siginfo_t si = *info;

#if defined(KSAN_PORT_KMSAN)
	if (f->k.meta)	/* the metadata of the address the program used */
		si.si_addr = (void *)f->k.addr;
#elif !defined(KSAN_PORT_KFENCE_ONLY) && !defined(KSAN_PORT_TAGS)
	if (f->k.addr_known == 2 && info->si_code != SI_KERNEL)
		si.si_addr = (void *)f->k.addr;
#endif
	call_user(sig, &si, uctx);
}

static void on_fault(int sig, siginfo_t *info, void *uctx)
{
	ucontext_t *uc = uctx;
	uintptr_t addr = (uintptr_t)info->si_addr;
	struct fault f;
	int e = errno, what;

	/* the leak detector stopping this thread (leak.c) */
	if (unlikely(sig == SIGBUS) && port_leak_stop_signal(sig, info, uctx))
		return;
	/* KFENCE's guard and freed pages first: report, open the page, retry */
	if (sig == SIGSEGV && info->si_code == SEGV_ACCERR && is_kfence_address((void *)addr) &&
	    kfence_handle_fault(addr, uc_write(uc), access_size(uc), uc_pc(uc), uc_fp(uc))) {
		errno = e;
		return;
	}
	what = classify(sig, info, uc, &f);
	if (what == FAULT_RETRY) {	/* shadow mapped: retry the access */
		errno = e;
		return;
	}
	if (user_action[sig == SIGBUS].sa_handler != SIG_DFL &&
	    user_action[sig == SIGBUS].sa_handler != SIG_IGN) {
		pass_to_program(sig, info, uctx, &f);
		errno = e;
		return;
	}
	if (what == FAULT_BAD)
		report_fault(&f);
	call_user(sig, info, uctx);
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

static port_sighandler_t set_handler(int sig, port_sighandler_t h)
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

PORT_API port_sighandler_t signal(int sig, port_sighandler_t h)
{
	return set_handler(sig, h);
}

PORT_API port_sighandler_t bsd_signal(int sig, port_sighandler_t h)
{
	return set_handler(sig, h);
}
