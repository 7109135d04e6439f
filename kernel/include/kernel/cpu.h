/*
 * This file contains the CPU's tables and per-CPU state (one per CPU): the
 * register frame an exception or interrupt saves, GDT/IDT/TSS set-up, the
 * timer, and the exception table of fixups.
 */
#ifndef KERNEL_CPU_H
#define KERNEL_CPU_H

#include "kernel.h"

/* Saved by arch/entry.S, lowest address first. */
struct pt_regs {
	uint64_t r15, r14, r13, r12, r11, r10, r9, r8;
	uint64_t rbp, rdi, rsi, rdx, rcx, rbx, rax;
	uint64_t vector, error;
	uint64_t rip, cs, rflags, rsp, ss;	/* pushed by the CPU */
};

struct task;
/* Per-CPU state, found through %gs (this_cpu()). */
struct cpu {
	struct cpu *self;	/* %gs:0 */
	int id;
	struct task *current;
	unsigned irq_depth;	/* nesting of interrupt/exception handlers */
	unsigned long irqs;	/* interrupts taken */
	unsigned long tlb_seen;	/* the last TLB shoot-down generation done */
	struct smp_work *work;	/* handed over by another CPU (smp.c) */
	int online;
};
extern struct cpu cpus[];
static inline struct cpu *this_cpu(void)
{
	struct cpu *c;

	__asm__ volatile("movq %%gs:0, %0" : "=r"(c));
	return c;
}

/* arch/cpu.c */
void cpu_init(int id);	/* on the CPU itself */
/* The double-fault stack of the CPU that holds addr, 0 if none. */
uintptr_t cpu_ist_stack(uintptr_t addr, uintptr_t *lo);

/* arch/traps.c */
void trap_dispatch(struct pt_regs *regs);
/* Exception fixups: a faulting instruction listed in __ex_table resumes at
 * its fixup address (as the kernel's get_kernel_nofault). */
struct exception_entry {
	uintptr_t insn, fixup;
};
/* Vector and address of the last fixed-up exception (for tests). */
extern volatile uint64_t last_fixup_vector, last_fixup_addr;

/* arch/irq.c: 8259 PIC and PIT at HZ (the boot CPU's) */
#define HZ 100
extern volatile uint64_t jiffies;
/* Called on every tick of the boot CPU's timer when set (tests). */
extern void (*volatile irq_timer_hook)(void);
void irq_init(void);
void irq_dispatch(struct pt_regs *regs);
uint64_t time_ns(void);
void tsc_calibrate(void);

#endif
