/*
 * This file contains the second CPU (and any more QEMU gives, up to
 * NR_CPUS): the local APIC (xAPIC, memory-mapped), the application
 * processors' start-up (INIT, then two start-up IPIs pointing at
 * arch/trampoline.S's page), work handed from one CPU to another (a
 * wake-up IPI; the AP runs each piece in a task of its own), and TLB
 * shoot-downs by NMI.
 *
 * Never instrumented: APs run it before they have a task, and the NMI
 * handler runs in the middle of anything.
 */
#include "kernel/kernel.h"
#include "kernel/cpu.h"
#include "kernel/io.h"
#include "kernel/mm.h"
#include "kernel/smp.h"
#include "kernel/task.h"
#include "baremetal.h"

#define LAPIC_BASE 0xfee00000ul
#define LAPIC_ID 0x20
#define LAPIC_EOI 0xb0
#define LAPIC_SVR 0xf0
#define LAPIC_ICR_LO 0x300
#define LAPIC_ICR_HI 0x310
#define ICR_INIT 0x500
#define ICR_STARTUP 0x600
#define ICR_NMI 0x400
#define ICR_ASSERT (1u << 14)
#define ICR_LEVEL (1u << 15)
#define ICR_BUSY (1u << 12)
#define TRAMPOLINE_BASE 0x70000ul	/* arch/trampoline.S's */
#define FW_CFG_SEL 0x510
#define FW_CFG_DATA 0x511
#define FW_CFG_NB_CPUS 0x05

volatile int nr_cpus_online = 1;
static volatile unsigned long tlb_gen;	/* shoot-downs asked for */
static int apic_id[NR_CPUS];

static inline void outw(uint16_t port, uint16_t v)
{
	__asm__ volatile("outw %0, %1" : : "a"(v), "Nd"(port));
}

static inline uint32_t lapic_read(unsigned reg)
{
	return *(volatile uint32_t *)(LAPIC_BASE + reg);
}

static inline void lapic_write(unsigned reg, uint32_t v)
{
	*(volatile uint32_t *)(LAPIC_BASE + reg) = v;
}

void lapic_init(void)
{
	apic_id[this_cpu()->id] = (int)(lapic_read(LAPIC_ID) >> 24);
	lapic_write(LAPIC_SVR, 0x100 | SPURIOUS_VECTOR);	/* software enable */
}

void lapic_eoi(void)
{
	lapic_write(LAPIC_EOI, 0);
}

/* Interrupts off: an interrupt handler never sends, but keep the two ICR
 * writes of one IPI together anyway. */
static void send_ipi(int dest_apic, uint32_t lo)
{
	unsigned long f = local_irq_save();

	while (lapic_read(LAPIC_ICR_LO) & ICR_BUSY)
		cpu_relax();
	lapic_write(LAPIC_ICR_HI, (uint32_t)dest_apic << 24);
	lapic_write(LAPIC_ICR_LO, lo);
	while (lapic_read(LAPIC_ICR_LO) & ICR_BUSY)
		cpu_relax();
	local_irq_restore(f);
}

static void udelay(unsigned us)
{
	uint64_t end = time_ns() + (uint64_t)us * 1000;

	while (time_ns() < end)
		cpu_relax();
}

/* QEMU's firmware configuration device: how many CPUs -smp asked for. */
static int fw_cpu_count(void)
{
	int n;

	outw(FW_CFG_SEL, FW_CFG_NB_CPUS);
	n = inb(FW_CFG_DATA);
	n |= inb(FW_CFG_DATA) << 8;
	return n;
}

static void __noreturn ap_idle(struct cpu *c)
{
	for (;;) {
		struct smp_work *w;

		local_irq_disable();
		w = __atomic_load_n(&c->work, __ATOMIC_ACQUIRE);
		if (!w) {
			/* an IPI that came after the load is pending: sti's
			 * shadow lets hlt start, and the IPI ends it */
			__asm__ volatile("sti; hlt" : : : "memory");
			continue;
		}
		local_irq_enable();
		w->rc = task_run(w->comm ? w->comm : "kworker", w->fn, w->arg);
		__atomic_store_n(&c->work, (struct smp_work *)0, __ATOMIC_RELEASE);
		__atomic_store_n(&w->done, 1, __ATOMIC_RELEASE);
	}
}

void ap_start(int cpu)
{
	struct cpu *c;

	cpu_init(cpu);
	c = this_cpu();
	lapic_init();
	task_init_cpu(cpu);
	c->tlb_seen = tlb_gen;
	write_cr3(read_cr3());
	__atomic_store_n(&c->online, 1, __ATOMIC_RELEASE);
	__atomic_add_fetch(&nr_cpus_online, 1, __ATOMIC_SEQ_CST);
	ap_idle(c);
}

static int boot_cpu(int cpu, int apic)
{
	extern char trampoline_start[], trampoline_end[];
	extern char trampoline_cr3[], trampoline_stack[], trampoline_cpu[];
	char *page = (char *)TRAMPOLINE_BASE;
	uintptr_t stack_lo, stack_hi;
	uint64_t v;
	int i;

	if (task_alloc_idle(cpu, &stack_lo, &stack_hi))
		return -1;
	__memcpy(page, trampoline_start, (size_t)(trampoline_end - trampoline_start));
	v = read_cr3();
	__memcpy(page + (trampoline_cr3 - trampoline_start), &v, 8);
	v = stack_hi;
	__memcpy(page + (trampoline_stack - trampoline_start), &v, 8);
	i = cpu;
	__memcpy(page + (trampoline_cpu - trampoline_start), &i, 4);
	__atomic_thread_fence(__ATOMIC_SEQ_CST);

	send_ipi(apic, ICR_INIT | ICR_ASSERT | ICR_LEVEL);
	udelay(10000);
	for (i = 0; i < 2 && !__atomic_load_n(&cpus[cpu].online, __ATOMIC_ACQUIRE); i++) {
		send_ipi(apic, ICR_STARTUP | (uint32_t)(TRAMPOLINE_BASE >> 12));
		udelay(200);
	}
	for (i = 0; i < 1000 && !__atomic_load_n(&cpus[cpu].online, __ATOMIC_ACQUIRE); i++)
		udelay(100);
	return cpus[cpu].online ? 0 : -1;
}

void smp_init(void)
{
	int n = fw_cpu_count(), cpu;

	if (n > NR_CPUS)
		n = NR_CPUS;
	if (paging_map_mmio(LAPIC_BASE, PAGE_SIZE))
		panic("smp: cannot map the local APIC");
	lapic_init();
	cpus[0].online = 1;
	printk("smp: Bringing up secondary CPUs ...\n");
	if (n > 1)
		printk("x86: Booting SMP configuration:\n");
	for (cpu = 1; cpu < n; cpu++) {
		/* QEMU numbers the local APICs 0, 1, ... */
		if (boot_cpu(cpu, cpu))
			printk("smp: CPU %d did not come up\n", cpu);
		else
			printk(".... node  #0, CPUs:      #%d\n", cpu);
	}
	printk("smp: Brought up 1 node, %d CPU%s\n", nr_cpus_online,
	       nr_cpus_online == 1 ? "" : "s");
}

int smp_call_start(int cpu, struct smp_work *w)
{
	struct smp_work *none = 0;

	if (cpu < 0 || cpu >= NR_CPUS || !__atomic_load_n(&cpus[cpu].online, __ATOMIC_ACQUIRE))
		return -1;
	w->done = 0;
	w->rc = 0;
	if (!__atomic_compare_exchange_n(&cpus[cpu].work, &none, w, 0, __ATOMIC_ACQ_REL,
					 __ATOMIC_RELAXED))
		return -1;
	send_ipi(apic_id[cpu], IPI_VECTOR | ICR_ASSERT);
	return 0;
}

int smp_call_wait(struct smp_work *w)
{
	while (!__atomic_load_n(&w->done, __ATOMIC_ACQUIRE))
		cpu_relax();
	return w->rc;
}

int smp_call_on_cpu(int cpu, void (*fn)(void *), void *arg)
{
	struct smp_work w = { fn, arg, "kworker", 0, 0 };

	if (smp_call_start(cpu, &w))
		return -2;
	return smp_call_wait(&w);
}

/* The caller changed page-table entries (under paging.c's lock, so one
 * shoot-down at a time) and flushed its own TLB entries. */
void tlb_shootdown(void)
{
	int self = this_cpu()->id, i;
	unsigned long g;

	if (nr_cpus_online < 2)
		return;
	g = __atomic_add_fetch(&tlb_gen, 1, __ATOMIC_SEQ_CST);
	for (i = 0; i < NR_CPUS; i++)
		if (i != self && __atomic_load_n(&cpus[i].online, __ATOMIC_ACQUIRE))
			send_ipi(apic_id[i], ICR_NMI | ICR_ASSERT);
	for (i = 0; i < NR_CPUS; i++)
		if (i != self && __atomic_load_n(&cpus[i].online, __ATOMIC_ACQUIRE))
			while (__atomic_load_n(&cpus[i].tlb_seen, __ATOMIC_ACQUIRE) < g)
				cpu_relax();
}

void smp_nmi(void)
{
	struct cpu *c = this_cpu();
	unsigned long g = __atomic_load_n(&tlb_gen, __ATOMIC_ACQUIRE);

	write_cr3(read_cr3());	/* every non-global entry */
	if (g > c->tlb_seen)
		__atomic_store_n(&c->tlb_seen, g, __ATOMIC_RELEASE);
}
