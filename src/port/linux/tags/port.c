/*
 * This file contains the Linux port's part of tag-based KASAN
 * (libksan-tags.a, built with KSAN_PORT_TAGS; docs/tags.md): start-up
 * (the mode, the tagged-address ABI and MTE's tag-check mode through
 * prctl, the heap), PROT_MTE for the heap's mappings, the SIGTRAP handler
 * for brk-based inline checks and the SIGSEGV cases only tags have (MTE
 * tag-check faults, a first read of tag shadow that is not mapped yet),
 * which signal.c's handler asks here first, and the report of the other
 * faults of the program (null and wild pointers) through the tag
 * reporter's fault report.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <ucontext.h>
#include <unistd.h>
#include "../linux.h"
#include "../fault/insn.h"

#ifndef PROT_MTE
#define PROT_MTE 0x20
#endif
#ifndef PR_SET_TAGGED_ADDR_CTRL
#define PR_SET_TAGGED_ADDR_CTRL 55
#define PR_TAGGED_ADDR_ENABLE (1UL << 0)
#endif
#ifndef PR_MTE_TCF_SYNC
#define PR_MTE_TCF_NONE 0UL
#define PR_MTE_TCF_SYNC (1UL << 1)
#define PR_MTE_TCF_ASYNC (1UL << 2)
#define PR_MTE_TAG_SHIFT 3
#endif
#ifndef SEGV_MTEAERR
#define SEGV_MTEAERR 8
#define SEGV_MTESERR 9
#endif

/* ksan-cc --ksan=kasan-hw defines this absolute symbol (address 1) */
extern char __ksan_tags_hw[] __attribute__((weak, visibility("hidden")));

static unsigned long tcf_mode;	/* PR_MTE_TCF_* of kasan_mode */

static int mte_memory(void *addr, size_t size)
{
	int e = errno, r = mprotect(addr, size, PROT_READ | PROT_WRITE | PROT_MTE);

	errno = e;
	return r ? -1 : 0;
}

static void die(const char *msg)
{
	ksan_port_write(msg, core_strlen(msg));
	_exit(1);
}

/* The tagged-address ABI (system calls take tagged pointers) and, for
 * hardware tags, MTE's check mode; tags 1..13 for irg (0, 14, 15 never
 * come from it: ksan's own tags are 0xf1..0xfd, 0xfe marks freed memory). */
static int set_tag_ctrl(unsigned long tcf)
{
	unsigned long ctrl = PR_TAGGED_ADDR_ENABLE;

	if (tags_hw)
		ctrl |= tcf | (0x3ffeUL << PR_MTE_TAG_SHIFT);
	return prctl(PR_SET_TAGGED_ADDR_CTRL, ctrl, 0, 0, 0);
}

/* Per thread (each thread's tag-check mode is its own): new threads
 * inherit the creator's, so only the first thread needs it. */
static void on_trap(int sig, siginfo_t *info, void *uctx);

void port_heap_init(void)
{
	struct sigaction sa;
	int hw = __ksan_tags_hw != 0;

	if (!core_strcmp(core_opt.kasan_mode, "sync"))
		tcf_mode = PR_MTE_TCF_SYNC;
	else if (!core_strcmp(core_opt.kasan_mode, "async"))
		tcf_mode = PR_MTE_TCF_ASYNC;
	else if (!core_strcmp(core_opt.kasan_mode, "asymm"))
		/* both: the kernel picks the CPU's preferred (asymmetric where
		 * the CPU has it, else sync) */
		tcf_mode = PR_MTE_TCF_SYNC | PR_MTE_TCF_ASYNC;
	else
		die("ksan: bad value for kasan_mode (accepted: sync, async, asymm)\n");
	tags_hw = hw;
	if (set_tag_ctrl(tcf_mode)) {
		if (hw)
			die("ksan: KASAN hardware tags need MTE (prctl PR_SET_TAGGED_ADDR_CTRL failed: no MTE on this CPU or kernel; under qemu use -cpu max)\n");
		die("ksan: KASAN software tags need the tagged-address ABI (prctl PR_SET_TAGGED_ADDR_CTRL failed)\n");
	}
	core_memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_trap;
	sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGTRAP, &sa, 0);
	tags_mte_memory = mte_memory;
	tags_heap_init(hw);
	__atomic_store_n(&tags_ready, 1, __ATOMIC_RELEASE);
	if (core_opt.verbosity)
		core_printf("ksan: KASAN %s tags, shadow offset 0x%lx, kasan_mode=%s\n",
			    hw ? "hardware" : "software", (unsigned long)TAGS_SHADOW_OFFSET,
			    core_opt.kasan_mode);
}

#if defined(__aarch64__)
/* brk #imm: 0xd4200000 | imm16 << 5; the inline checks use 0x900 | info */
static void on_trap(int sig, siginfo_t *info, void *uctx)
{
	ucontext_t *uc = uctx;
	uintptr_t pc = (uintptr_t)uc->uc_mcontext.pc;
	uint32_t insn = *(const uint32_t *)pc;
	unsigned imm = (insn >> 5) & 0xffff;
	int e = errno;

	if ((insn & 0xffe0001f) != 0xd4200000 || (imm & 0xff00) != 0x900) {
		/* not ours: the default action (the process stops) */
		signal(SIGTRAP, SIG_DFL);
		return;
	}
	{
		uintptr_t addr = (uintptr_t)uc->uc_mcontext.regs[0];
		size_t size = (size_t)1 << (imm & 0xf);
		int write = !!(imm & 0x10);

		if (!tags_range_ok(addr, size))	/* from the brk itself */
			tags_report_fault(addr, size, 1, write, pc,
					  (uintptr_t)uc->uc_mcontext.regs[29]);
		if (!(imm & 0x20) && tags_halt())
			ksan_port_exit((int)core_opt.exitcode);
	}
	uc->uc_mcontext.pc = pc + 4;	/* resume after the brk */
	errno = e;
}

extern char __executable_start[] __attribute__((weak));
extern char etext[] __attribute__((weak));

static int in_exe(const ucontext_t *uc)
{
	uintptr_t pc = (uintptr_t)uc->uc_mcontext.pc;

	return !__executable_start || !etext ||
	       (pc >= (uintptr_t)__executable_start && pc < (uintptr_t)etext);
}

/*
 * signal.c asks here first.  1 (FAULT_RETRY): handled (shadow mapped, or
 * an MTE fault reported and tag checks turned off for this thread, as the
 * kernel does after hw_tags' first report); 2 (FAULT_BAD): the program's
 * own access to memory that is not there, a null or wild pointer (with
 * software tags, one whose tag is 0 or matched: any other was reported by
 * its check); 0: the program's business (another signal or si_code, or a
 * fault near the stack pointer: a stack overflow, which the tag reporter
 * has no words for).
 */
int port_tags_fault(int sig, void *infop, void *uctx)
{
	siginfo_t *info = infop;
	ucontext_t *uc = uctx;
	uintptr_t addr = (uintptr_t)info->si_addr;

	if (sig != SIGSEGV)
		return 0;
	if (info->si_code == SEGV_MTESERR || info->si_code == SEGV_MTEAERR) {
		int sync = info->si_code == SEGV_MTESERR;
		uintptr_t pc = (uintptr_t)uc->uc_mcontext.pc;
		struct port_a64_access a = { 0 };
		size_t size = 0;

		/* a sync fault's instruction (an async one's pc is elsewhere):
		 * the write flag, and the access's start and size when the
		 * address the CPU gave lies inside it (arm64 Linux clears the
		 * tag bits unless SA_EXPOSE_TAGBITS, qemu keeps them; the
		 * decoded address carries the pointer's) */
		if (sync && port_a64_decode(*(const uint32_t *)pc, &a)) {
			uintptr_t start = port_a64_address(&a, pc, (const uint64_t *)uc->uc_mcontext.regs,
							   (uintptr_t)uc->uc_mcontext.sp);

			if (tag_reset(addr) - tag_reset(start) < a.size) {
				addr = start;
				size = a.size;
			}
		}
		/* a.write: also an SVE store's, whose size is unknown */
		tags_report_fault(sync ? addr : 0, size, sync, a.write, pc,
				  (uintptr_t)uc->uc_mcontext.regs[29]);
		/* go on without tag checks on this thread (or halt above) */
		set_tag_ctrl(PR_MTE_TCF_NONE);
		return 1;
	}
	/* a check's first read of tag shadow: map a zero page (untagged).
	 * The checks (the compiler's __hwasan_check_* thunks, the runtime)
	 * are in the executable: a fault there, not one in a library */
	if (!tags_hw && addr >= TAGS_SHADOW_LO && addr < TAGS_SHADOW_HI && in_exe(uc) &&
	    !port_map_fixed(ROUND_DOWN(addr, 4096), ROUND_DOWN(addr, 4096) + 4096))
		return 1;
	if (info->si_code != SEGV_MAPERR && info->si_code != SEGV_ACCERR)
		return 0;
	/* generic KASAN's stack heuristic (signal.c): below sp by a red zone,
	 * above it by a large frame */
	if (tag_reset(addr) + 512 > uc->uc_mcontext.sp && tag_reset(addr) < uc->uc_mcontext.sp + 65536)
		return 0;
	return 2;
}

/* A null or wild access (port_tags_fault's 2) that the program does not
 * handle: the tag reporter's fault report, the one MTE's faults get
 * (addr's tag, if any, names an object in the stack ring: the freed
 * mapping of a large object), then the end, as generic KASAN's
 * kasan_report_fault ends: a fault cannot be resumed. */
void port_tags_report_fault(const struct kasan_fault *f)
{
	tags_report_fault(f->addr, 0, f->addr_known, f->write, f->pc, f->fp);
	if (core_opt.abort_on_error)
		ksan_port_abort();
	ksan_port_exit((int)core_opt.exitcode);
}
#else
static void on_trap(int sig, siginfo_t *info, void *uctx)
{
	signal(SIGTRAP, SIG_DFL);
}

int port_tags_fault(int sig, void *infop, void *uctx)
{
	return 0;
}

void port_tags_report_fault(const struct kasan_fault *f)
{
}
#endif

/* ksan's tag shadow (software tags): the port maps it as generic KASAN's */
int ksan_port_shadow_ensure(uintptr_t addr, size_t size)
{
	uintptr_t lo, hi;
	int e = errno, r;

	if (!size || tags_hw)
		return 0;
	addr = tag_reset(addr);
	if (addr >= TAGS_ADDR_LIMIT || addr + size > TAGS_ADDR_LIMIT)
		return -1;
	lo = ROUND_DOWN((uintptr_t)tags_shadow(addr), 4096);
	hi = ROUND_UP((uintptr_t)tags_shadow(addr + size - 1) + 1, 4096);
	r = port_map_fixed(lo, hi);
	errno = e;
	return r;
}
