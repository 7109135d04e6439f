/*
 * This file contains the CPU's set-up: the GDT with a TSS (whose IST1 is
 * the double-fault stack, so a kernel stack overflow still gets a
 * report), the IDT pointing at arch/entry.S's stubs, SSE (the assembly
 * outline checks save vector registers), write protection in ring 0 (for
 * KFENCE's read-only pages) and the per-CPU area behind %gs.  Each CPU
 * has its own GDT, TSS and double-fault stack; the IDT is shared.
 */
#include "kernel/smp.h"
#include "kernel/kernel.h"
#include "kernel/cpu.h"
#include "kernel/io.h"

#define MSR_GS_BASE 0xc0000101
#define KERNEL_CS 0x08
#define KERNEL_DS 0x10
#define TSS_SEL 0x18

struct tss {
	uint32_t reserved0;
	uint64_t rsp[3];
	uint64_t reserved1;
	uint64_t ist[7];
	uint64_t reserved2;
	uint16_t reserved3, iomap_base;
} __attribute__((packed));
_Static_assert(sizeof(struct tss) == 104, "the 64-bit TSS");

struct idt_entry {
	uint16_t off_lo, sel;
	uint8_t ist, type;
	uint16_t off_mid;
	uint32_t off_hi, zero;
} __attribute__((packed));

struct table_ptr {
	uint16_t limit;
	uint64_t base;
} __attribute__((packed));

#define NVEC 50
static uint64_t gdt_of[NR_CPUS][5];	/* null, code, data, TSS (two slots) */
static struct tss tss_of[NR_CPUS];
static struct idt_entry idt[256];
static char df_stack[NR_CPUS][8192] __attribute__((aligned(16)));
struct cpu cpus[NR_CPUS];
extern const uint64_t isr_stub_table[NVEC];

uintptr_t cpu_ist_stack(uintptr_t addr, uintptr_t *lo)
{
	int i;

	for (i = 0; i < NR_CPUS; i++)
		if (addr >= (uintptr_t)df_stack[i] && addr < (uintptr_t)df_stack[i] + sizeof(df_stack[i])) {
			*lo = (uintptr_t)df_stack[i];
			return *lo + sizeof(df_stack[i]);
		}
	return 0;
}

static void set_gate(int v, uint64_t handler, int ist)
{
	idt[v].off_lo = (uint16_t)handler;
	idt[v].sel = KERNEL_CS;
	idt[v].ist = (uint8_t)ist;
	idt[v].type = 0x8e;	/* present, ring 0, 64-bit interrupt gate */
	idt[v].off_mid = (uint16_t)(handler >> 16);
	idt[v].off_hi = (uint32_t)(handler >> 32);
	idt[v].zero = 0;
}

static void load_gdt(int id)
{
	uint64_t *gdt = gdt_of[id];
	struct tss *tss = &tss_of[id];
	uint64_t base = (uint64_t)tss, limit = sizeof(*tss) - 1;
	struct table_ptr p = { sizeof(gdt_of[id]) - 1, (uint64_t)gdt };

	gdt[0] = 0;
	gdt[1] = 0x00209a0000000000ull;	/* 64-bit code */
	gdt[2] = 0x0000920000000000ull;	/* data */
	gdt[3] = (limit & 0xffff) | ((base & 0xffffff) << 16) | (0x89ull << 40) |
		 (((limit >> 16) & 0xf) << 48) | (((base >> 24) & 0xff) << 56);
	gdt[4] = base >> 32;		/* available 64-bit TSS, two slots */
	tss->ist[0] = (uint64_t)df_stack[id] + sizeof(df_stack[id]);
	tss->iomap_base = sizeof(*tss);
	__asm__ volatile(
		"lgdt %0\n\t"
		"pushq %1\n\t"
		"leaq 1f(%%rip), %%rax\n\t"
		"pushq %%rax\n\t"
		"lretq\n"
		"1:\n\t"
		"movw %w2, %%ax\n\t"
		"movw %%ax, %%ds\n\t"
		"movw %%ax, %%es\n\t"
		"movw %%ax, %%ss\n\t"
		"ltr %w3"
		: : "m"(p), "i"(KERNEL_CS), "r"(KERNEL_DS), "r"(TSS_SEL) : "rax", "memory");
}

void cpu_init(int id)
{
	struct table_ptr p = { sizeof(idt) - 1, (uint64_t)idt };
	int v;

	load_gdt(id);
	if (id == 0)
		for (v = 0; v < NVEC; v++)
			set_gate(v, isr_stub_table[v], v == 8 ? 1 : 0);
	__asm__ volatile("lidt %0" : : "m"(p));

	/* SSE on (CR0.EM off, MP on; CR4.OSFXSR, OSXMMEXCPT); ring-0 writes
	 * honour read-only pages (CR0.WP) */
	write_cr0((read_cr0() & ~(1ull << 2)) | (1ull << 1) | (1ull << 16));
	write_cr4(read_cr4() | (1ull << 9) | (1ull << 10));

	cpus[id].self = &cpus[id];
	cpus[id].id = id;
	wrmsr(MSR_GS_BASE, (uint64_t)&cpus[id]);
}
