/*
 * This file contains the second CPU's side of the kernel (arch/smp.c):
 * the local APIC, start-up of the application processors, the IPIs (a
 * wake-up vector for work, NMIs for TLB shoot-downs), and work handed to
 * another CPU: a function run there in a task of its own (an oops ends
 * that task alone, as on the boot CPU).
 */
#ifndef KERNEL_SMP_H
#define KERNEL_SMP_H

#include "kernel.h"

#define NR_CPUS 4
#define IPI_VECTOR 48		/* wake-up: there is work */
#define SPURIOUS_VECTOR 49

/* CPUs up (the boot CPU counts). */
extern volatile int nr_cpus_online;

/* Start the application processors QEMU has (fw_cfg's CPU count). */
void smp_init(void);
/* The local APIC of the calling CPU: on, and its end of interrupt. */
void lapic_init(void);
void lapic_eoi(void);

/* Work for another CPU: fn(arg) there in a task named comm. */
struct smp_work {
	void (*fn)(void *arg);
	void *arg;
	const char *comm;
	int done;		/* set by the CPU that ran it, with release */
	int rc;			/* task_run()'s */
};
/* Hand w to cpu and return at once (0; -1 when the CPU is not up or busy). */
int smp_call_start(int cpu, struct smp_work *w);
/* Wait for w to end (spinning); task_run()'s result. */
int smp_call_wait(struct smp_work *w);
/* Both: fn(arg) on cpu, waited for.  -2 when cpu is not up. */
int smp_call_on_cpu(int cpu, void (*fn)(void *), void *arg);

/* Make every other CPU drop its TLB (after page-table entries changed from
 * present to something else); NMIs, so a CPU spinning with interrupts off
 * answers too. */
void tlb_shootdown(void);
/* In the NMI handler. */
void smp_nmi(void);
/* The AP's first C function (arch/trampoline.S). */
void __noreturn ap_start(int cpu);

#endif
