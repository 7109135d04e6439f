/*
 * This file contains the kernel's own suite: the timer interrupt ticks,
 * and the exception handlers resume at a fixup (the kernel's __ex_table
 * mechanism) after an invalid opcode, a page fault on the unmapped null
 * page and a general protection fault on a non-canonical address.  The
 * faulting instructions are inline assembly: no KASAN check sees them.
 */
#include "kernel/kernel.h"
#include "kernel/cpu.h"
#include "kernel/mm.h"
#include "kernel/smp.h"
#include "ksan/port.h"
#include "test/kunit.h"

/* asm that may fault at label 1, resuming at label 2 */
#define EX_TABLE ".pushsection __ex_table, \"a\"\n\t.balign 8\n\t.quad 1b, 2b\n\t.popsection\n"

static void timer_interrupts_tick(struct kunit *test)
{
	uint64_t start = jiffies;
	int i;

	for (i = 0; i < 100 && jiffies < start + 3; i++)
		__asm__ volatile("hlt");
	KUNIT_EXPECT_TRUE(test, jiffies >= start + 3);
}

static void invalid_opcode_fixup(struct kunit *test)
{
	last_fixup_vector = 0;
	__asm__ volatile("1: ud2\n2:\n" EX_TABLE);
	KUNIT_EXPECT_EQ(test, last_fixup_vector, 6);
}

static void page_fault_fixup(struct kunit *test)
{
	uint64_t v = 0;

	last_fixup_vector = 0;
	__asm__ volatile("1: movq 8, %0\n2:\n" EX_TABLE : "+r"(v) : : "memory");
	KUNIT_EXPECT_EQ(test, last_fixup_vector, 14);
	KUNIT_EXPECT_EQ(test, last_fixup_addr, 8);
}

static void general_protection_fixup(struct kunit *test)
{
	uint64_t v = 0, bad = 0x8000000000000000ull;

	last_fixup_vector = 0;
	__asm__ volatile("1: movq (%1), %0\n2:\n" EX_TABLE : "+r"(v) : "r"(bad) : "memory");
	KUNIT_EXPECT_EQ(test, last_fixup_vector, 13);
}

static int need_cpu1(struct kunit *test)
{
	if (nr_cpus_online < 2) {
		kunit_skip(test, "one CPU (boot with -smp 2)");
		return 0;
	}
	return 1;
}

struct on_cpu {
	int cpu, port_cpu;
	char *p;
	size_t n;
	uint64_t vector;
};

static void where_am_i(void *arg)
{
	struct on_cpu *o = arg;

	o->cpu = this_cpu()->id;
	o->port_cpu = ksan_port_cpu_id();
}

static void smp_call_on_cpu1(struct kunit *test)
{
	struct on_cpu o = { -1, -1, 0, 0, 0 };

	if (!need_cpu1(test))
		return;
	KUNIT_EXPECT_EQ(test, nr_cpus_online, 2);
	KUNIT_EXPECT_EQ(test, smp_call_on_cpu(1, where_am_i, &o), 0);
	KUNIT_EXPECT_EQ(test, o.cpu, 1);
	KUNIT_EXPECT_EQ(test, o.port_cpu, 1);
	where_am_i(&o);
	KUNIT_EXPECT_EQ(test, o.port_cpu, 0);
}

static void read_page(void *arg)
{
	struct on_cpu *o = arg;
	uint64_t v = 0;

	last_fixup_vector = 0;
	__asm__ volatile("1: movq (%1), %0\n2:\n" EX_TABLE : "+r"(v) : "r"(o->p) : "memory");
	o->vector = last_fixup_vector;
}

/* CPU 1 has the page in its TLB; CPU 0 takes it away: CPU 1 must fault. */
static void smp_tlb_shootdown(struct kunit *test)
{
	struct on_cpu o = { 0 };

	if (!need_cpu1(test))
		return;
	o.p = alloc_pages(1);
	KUNIT_ASSERT_NOT_NULL(test, o.p);
	KUNIT_EXPECT_EQ(test, smp_call_on_cpu(1, read_page, &o), 0);
	KUNIT_EXPECT_EQ(test, o.vector, 0);
	paging_protect((uintptr_t)o.p, PAGE_SIZE, PROT_NONE);
	KUNIT_EXPECT_EQ(test, smp_call_on_cpu(1, read_page, &o), 0);
	KUNIT_EXPECT_EQ(test, o.vector, 14);
	paging_protect((uintptr_t)o.p, PAGE_SIZE, PROT_READ | PROT_WRITE);
	KUNIT_EXPECT_EQ(test, smp_call_on_cpu(1, read_page, &o), 0);
	KUNIT_EXPECT_EQ(test, o.vector, 0);
	free_pages(o.p, 1);
}

static struct kunit_case kernel_test_cases[] = {
	KUNIT_CASE(timer_interrupts_tick),
	KUNIT_CASE(invalid_opcode_fixup),
	KUNIT_CASE(page_fault_fixup),
	KUNIT_CASE(general_protection_fixup),
	KUNIT_CASE(smp_call_on_cpu1),
	KUNIT_CASE(smp_tlb_shootdown),
	{ 0 }
};

static struct kunit_suite kernel_test_suite = {
	.name = "kernel",
	.cases = kernel_test_cases,
};
kunit_test_suite(kernel_test_suite);
