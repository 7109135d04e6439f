/*
 * This file contains what the leak detector's Linux half needs of each
 * architecture: the thread pointer, the stack pointer, a signal context's
 * stack pointer and registers, and on which side of the thread pointer the
 * C library puts the thread descriptor.  Included by stop.c only.
 */
#ifndef KSAN_PORT_LINUX_LEAK_REGS_H
#define KSAN_PORT_LINUX_LEAK_REGS_H

#include <stdint.h>
#include <ucontext.h>

#define REGS_MAX 4608		/* a copy of a thread's register state */

/* Per architecture: the instructions that read the thread pointer and the
 * stack pointer (into %0), a signal context's stack pointer, copy_regs and
 * TCB_ABOVE_TP; read_tp, read_sp and uc_sp below are the same on all. */
#if defined(__x86_64__)
#define READ_TP_INSN "mov %%fs:0, %0"
#define READ_SP_INSN "mov %%rsp, %0"
#define UC_SP(uc) ((uc)->uc_mcontext.gregs[REG_RSP])
/* The general registers, then the SSE ones (a pointer in flight in a
 * vectorised copy lives in an xmm register). */
static size_t copy_regs(uint8_t *out, const ucontext_t *uc)
{
	size_t n = sizeof(uc->uc_mcontext.gregs);

	core_memcpy(out, uc->uc_mcontext.gregs, n);
	if (uc->uc_mcontext.fpregs) {
		core_memcpy(out + n, uc->uc_mcontext.fpregs, sizeof(*uc->uc_mcontext.fpregs));
		n += sizeof(*uc->uc_mcontext.fpregs);
	}
	return n;
}
/* static TLS below the thread pointer, the descriptor above it */
#define TCB_ABOVE_TP 1
#elif defined(__aarch64__)
#define READ_TP_INSN "mrs %0, tpidr_el0"
#define READ_SP_INSN "mov %0, sp"
#define UC_SP(uc) ((uc)->uc_mcontext.sp)
/* x0-x30, sp, pc, pstate and the FP/SIMD record in __reserved */
static size_t copy_regs(uint8_t *out, const ucontext_t *uc)
{
	size_t n = sizeof(uc->uc_mcontext) < REGS_MAX ? sizeof(uc->uc_mcontext) : REGS_MAX;

	core_memcpy(out, &uc->uc_mcontext, n);
	return n;
}
#define TCB_ABOVE_TP 0		/* the descriptor below, static TLS above */
#else
#error "leak detection: unknown architecture"
#endif

static inline uintptr_t read_tp(void)
{
	uintptr_t tp;

	__asm__ volatile(READ_TP_INSN : "=r"(tp));
	return tp;
}
static inline uintptr_t read_sp(void)
{
	uintptr_t sp;

	__asm__ volatile(READ_SP_INSN : "=r"(sp));
	return sp;
}
static inline uintptr_t uc_sp(const ucontext_t *uc)
{
	return (uintptr_t)UC_SP(uc);
}
_Static_assert(REGS_MAX >= 184 + 512, "x86-64's general and SSE registers fit");

#endif /* KSAN_PORT_LINUX_LEAK_REGS_H */
