/*
 * This file contains generic KASAN's part of the fault handler
 * (fault/signal.c): shadow pages mapped on first touch when the memory
 * they stand for exists, and what a bad access was (null-ptr-deref,
 * wild-memory-access, a check of a non-canonical address).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <sys/mman.h>
#include <ucontext.h>
#include "../linux.h"
#include "../fault/fault.h"

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

	if (m + FAULT_STACK_ABOVE > sp && m < sp + FAULT_STACK_ABOVE)
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

#if defined(__x86_64__)
/* One record per outline check (kasan/outline_x86_64.S): its shadow load
 * and its slow path (offsets from kasan_outline_text), the gregs[] index
 * of the register holding the address. */
struct kasan_outline_pc {
	uint32_t load, slow, greg;
};
extern const struct kasan_outline_pc kasan_outline_table[], kasan_outline_table_end[];
extern const char kasan_outline_text[], kasan_outline_text_end[];

/*
 * The outline checks load the shadow of any address (no range test on the
 * fast path): a fault at that load for an address outside [null pages,
 * top of user space) resumes at the check's slow path, which reports
 * null-ptr-deref or wild-memory-access with the check's size, direction
 * and caller, as when the range test ran first.  Any other fault there
 * (shadow not mapped yet, an address inside the shadow) is classified as
 * an inline check's.  *uc is the kernel's signal frame: writable.
 */
static int outline_slow_path(ucontext_t *uc)
{
	uintptr_t text = (uintptr_t)kasan_outline_text, pc = uc_pc(uc), a;
	const struct kasan_outline_pc *r;

	if (pc < text || pc >= (uintptr_t)kasan_outline_text_end)
		return 0;
	for (r = kasan_outline_table; r < kasan_outline_table_end; r++) {
		if (text + r->load != pc)
			continue;
		a = (uintptr_t)uc->uc_mcontext.gregs[r->greg];
		if (a - KASAN_NULL_LIMIT < KASAN_ADDR_LIMIT - KASAN_NULL_LIMIT - 16)
			return 0;
		uc->uc_mcontext.gregs[REG_RIP] = (greg_t)(text + r->slow);
		return 1;
	}
	return 0;
}
#else
static int outline_slow_path(ucontext_t *uc)
{
	return 0;	/* the C checks (src/kasan/abi.c) test the range */
}
#endif

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
	if (addr >= SHADOW_HI && info->si_code == SEGV_MAPERR && is_shadow_access(uc, f)) {
		/* a check of a pointer past the top of user space (2^47 and
		 * up to about 2^51): its shadow byte is canonical, above the
		 * shadow range, so the load faults with that address rather
		 * than as a general protection; report the pointer's granule,
		 * as for a non-canonical shadow (the SI_KERNEL case above) */
		f->k.noncanonical = 1;
		f->k.addr = kasan_shadow_to_mem((int8_t *)addr);
		f->k.addr_known = 2;
		f->k.size = 0;
		f->k.write = f->insn.write;
		return FAULT_BAD;
	}
	if (fault_near_sp(addr, sp))
		f->k.stack_overflow = 1;
	return FAULT_BAD;
}

int port_fault(int sig, siginfo_t *si, const ucontext_t *uc, int user)
{
	struct fault f;
	int what;

	if (sig == SIGSEGV && outline_slow_path((ucontext_t *)uc))
		return FAULT_RETRY;	/* resumes at the check's slow path */
	what = classify(sig, si, uc, &f);

	if (what == FAULT_RETRY)
		return what;
	/* the program's handler gets the address the program used: for a
	 * check of an address inside the shadow, that address (its
	 * granule), not the shadow byte that faulted */
	if (user && f.k.addr_known == 2 && si->si_code != SI_KERNEL)
		si->si_addr = (void *)f.k.addr;
	else if (!user && what == FAULT_BAD && core_opt.handle_segv)
		kasan_report_fault(&f.k);
	return what;
}
