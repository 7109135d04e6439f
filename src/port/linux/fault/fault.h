/*
 * This file contains the fault handler's interface with each runtime's
 * part of it: what a SIGSEGV or SIGBUS means to KASAN (shadow to map), to
 * KMSAN (metadata to map), to tag-based KASAN, or to none (KFENCE's
 * preload, KCSAN), and the machine state they read.
 */
#ifndef KSAN_PORT_LINUX_FAULT_H
#define KSAN_PORT_LINUX_FAULT_H

#include <signal.h>
#include <ucontext.h>
#include "insn.h"

enum { FAULT_PROGRAM, FAULT_RETRY, FAULT_BAD };

/*
 * The runtime's part of a SIGSEGV or SIGBUS, from signal.c's handler
 * (after KFENCE's pages): FAULT_RETRY when it mapped shadow or metadata
 * (the access is retried); else the program's handler runs next.  user:
 * the program has a handler of its own, which gets *si (the runtime may
 * put the address the program used there); without one, a bad access
 * (FAULT_BAD) is reported first.  One definition a runtime:
 * kasan/fault.c, kmsan/fault.c, tags/fault.c, kcsan/fault.c,
 * kfence/fault.c (the preload).
 */
int port_fault(int sig, siginfo_t *si, const ucontext_t *uc, int user);

/* How far from the stack pointer a fault is the stack's (ASan's: a red
 * zone below sp, a large frame above it): an access there is the stack's
 * guard (threads) or the end of its growth (the main thread). */
#define FAULT_STACK_BELOW 512
#define FAULT_STACK_ABOVE 65536
static inline int fault_near_sp(uintptr_t addr, uintptr_t sp)
{
	return addr + FAULT_STACK_BELOW > sp && addr < sp + FAULT_STACK_ABOVE;
}

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
static inline unsigned access_size(const ucontext_t *uc)
{
	struct port_insn in;

	return port_insn_decode(uc, &in) ? in.size : 0;
}

#endif
