/*
 * This file contains the kernel's own suite: the timer interrupt ticks,
 * and the exception handlers resume at a fixup (the kernel's __ex_table
 * mechanism) after an invalid opcode, a page fault on the unmapped null
 * page and a general protection fault on a non-canonical address.  The
 * faulting instructions are inline assembly: no KASAN check sees them.
 */
#include "kernel/kernel.h"
#include "kernel/cpu.h"
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

static struct kunit_case kernel_test_cases[] = {
	KUNIT_CASE(timer_interrupts_tick),
	KUNIT_CASE(invalid_opcode_fixup),
	KUNIT_CASE(page_fault_fixup),
	KUNIT_CASE(general_protection_fixup),
	{ 0 }
};

static struct kunit_suite kernel_test_suite = {
	.name = "kernel",
	.cases = kernel_test_cases,
};
kunit_test_suite(kernel_test_suite);
