/*
 * This file contains the interrupts: the two 8259 PICs remapped to
 * vectors 32..47, the PIT's channel 0 at HZ on IRQ 0 (jiffies), and the
 * clock: the TSC, its rate measured against the PIT at boot.
 */
#include "kernel/kernel.h"
#include "kernel/cpu.h"
#include "kernel/io.h"

#define PIC1 0x20
#define PIC2 0xa0
#define PIT_HZ 1193182u

volatile uint64_t jiffies;
void (*volatile irq_timer_hook)(void);
static uint64_t tsc_per_ms = 1000000;	/* until measured: 1 GHz */
static uint64_t tsc_boot;

void irq_init(void)
{
	unsigned div = PIT_HZ / HZ;

	outb(PIC1, 0x11);		/* ICW1: cascade, ICW4 follows */
	outb(PIC2, 0x11);
	outb(PIC1 + 1, 32);		/* ICW2: vector base */
	outb(PIC2 + 1, 40);
	outb(PIC1 + 1, 4);		/* ICW3: slave on IRQ 2 */
	outb(PIC2 + 1, 2);
	outb(PIC1 + 1, 1);		/* ICW4: 8086 mode */
	outb(PIC2 + 1, 1);
	outb(PIC1 + 1, 0xfe);		/* only IRQ 0, the timer */
	outb(PIC2 + 1, 0xff);

	outb(0x43, 0x36);		/* channel 0, lobyte/hibyte, rate generator */
	outb(0x40, (uint8_t)div);
	outb(0x40, (uint8_t)(div >> 8));
	tsc_boot = rdtsc();
}

void irq_dispatch(struct pt_regs *regs)
{
	unsigned irq = (unsigned)regs->vector - 32;

	if (irq == 0) {
		void (*hook)(void) = irq_timer_hook;

		jiffies++;
		if (hook)
			hook();
	}
	if (irq >= 8)
		outb(PIC2, 0x20);	/* end of interrupt */
	outb(PIC1, 0x20);
}

/* Count TSC ticks over a few timer ticks (interrupts must be on). */
void tsc_calibrate(void)
{
	uint64_t j, t0, t1;

	j = jiffies;
	while (jiffies == j)
		__asm__ volatile("hlt");
	t0 = rdtsc();
	j = jiffies;
	while (jiffies < j + 2)
		__asm__ volatile("hlt");
	t1 = rdtsc();
	tsc_per_ms = (t1 - t0) / (2 * 1000 / HZ);
	if (!tsc_per_ms)
		tsc_per_ms = 1;
}

uint64_t time_ns(void)
{
	uint64_t d = rdtsc() - tsc_boot;

	return d / tsc_per_ms * 1000000 + d % tsc_per_ms * 1000000 / tsc_per_ms;
}
