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

#if defined(__x86_64__)
static inline uintptr_t read_tp(void)
{
	uintptr_t tp;

	__asm__ volatile("mov %%fs:0, %0" : "=r"(tp));
	return tp;
}
static inline uintptr_t read_sp(void)
{
	uintptr_t sp;

	__asm__ volatile("mov %%rsp, %0" : "=r"(sp));
	return sp;
}
static inline uintptr_t uc_sp(const ucontext_t *uc)
{
	return (uintptr_t)uc->uc_mcontext.gregs[REG_RSP];
}
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
static inline uintptr_t read_tp(void)
{
	uintptr_t tp;

	__asm__ volatile("mrs %0, tpidr_el0" : "=r"(tp));
	return tp;
}
static inline uintptr_t read_sp(void)
{
	uintptr_t sp;

	__asm__ volatile("mov %0, sp" : "=r"(sp));
	return sp;
}
static inline uintptr_t uc_sp(const ucontext_t *uc)
{
	return (uintptr_t)uc->uc_mcontext.sp;
}
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
_Static_assert(REGS_MAX >= 184 + 512, "x86-64's general and SSE registers fit");

#endif /* KSAN_PORT_LINUX_LEAK_REGS_H */
