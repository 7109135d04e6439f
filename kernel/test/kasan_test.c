/*
 * This file contains the KASAN suite: the Linux kernel's KASAN KUnit cases
 * that make sense without user space (mm/kasan/kasan_test.c's names), each
 * bad access expected to make exactly one report of the right bug type at
 * the right address, each next to a correct twin that must stay silent.
 *
 * Objects are allocated with __GFP_NOKFENCE: a KFENCE-sampled object has
 * no red zones, and the KFENCE suite tests those.
 */
#include "kernel/kernel.h"
#include "kernel/mm.h"
#include "kernel/smp.h"
#include "kernel/task.h"
#include "ksan/ksan.h"
#include "test/kunit.h"

#define GFP_TEST (GFP_KERNEL | __GFP_NOKFENCE)
#define KMALLOC_MAX_CACHE_SIZE 8192
#define GRANULE 8

static void *alloc_or_abort(struct kunit *t, size_t size)
{
	void *p = kmalloc(size, GFP_TEST);

	KUNIT_ASSERT_NOT_NULL(t, p);
	return p;
}

static void kmalloc_oob_right(struct kunit *test)
{
	size_t size = 128 - GRANULE - 5;
	char *ptr = alloc_or_abort(test, size);

	OPTIMIZER_HIDE_VAR(ptr);
	KUNIT_EXPECT_NO_REPORT(test, ptr[size - 1] = 'y');
	/* the partial granule, then the one after it */
	KUNIT_EXPECT_KASAN_FAIL(test, "slab-out-of-bounds", ptr + size, ptr[size] = 'x');
	KUNIT_EXPECT_KASAN_FAIL(test, "slab-out-of-bounds", ptr + size + 5,
				((volatile char *)ptr)[size + 5]);
	kfree(ptr);
}

static void kmalloc_oob_left(struct kunit *test)
{
	size_t size = 15;
	char *ptr = alloc_or_abort(test, size);

	OPTIMIZER_HIDE_VAR(ptr);
	KUNIT_EXPECT_NO_REPORT(test, ((volatile char *)ptr)[0]);
	KUNIT_EXPECT_KASAN_FAIL(test, "slab-out-of-bounds", ptr - 1, ((volatile char *)ptr)[-1]);
	kfree(ptr);
}

static void kmalloc_large_oob_right(struct kunit *test)
{
	size_t size = KMALLOC_MAX_CACHE_SIZE + 10;
	char *ptr = alloc_or_abort(test, size);

	OPTIMIZER_HIDE_VAR(ptr);
	KUNIT_EXPECT_NO_REPORT(test, ptr[size - 1] = 0);
	KUNIT_EXPECT_KASAN_FAIL(test, "slab-out-of-bounds", ptr + size, ptr[size] = 0);
	kfree(ptr);
}

/* A 16-byte struct copied over a 13-byte object. */
static void kmalloc_oob_16(struct kunit *test)
{
	struct { uint64_t words[2]; } *ptr1, *ptr2;

	ptr1 = alloc_or_abort(test, sizeof(*ptr1) - 3);
	ptr2 = alloc_or_abort(test, sizeof(*ptr2));
	OPTIMIZER_HIDE_VAR(ptr1);
	OPTIMIZER_HIDE_VAR(ptr2);
	KUNIT_EXPECT_NO_REPORT(test, *ptr2 = *ptr2);
	/* the compilers copy it in 8-byte halves, or with memcpy: the
	 * address reported is the bad half's or the copy's start */
	KUNIT_EXPECT_KASAN_FAIL(test, "slab-out-of-bounds", 0, *ptr1 = *ptr2);
	kfree(ptr1);
	kfree(ptr2);
}

static void kmalloc_uaf(struct kunit *test)
{
	size_t size = 10;
	char *ptr = alloc_or_abort(test, size);

	KUNIT_EXPECT_NO_REPORT(test, ((volatile char *)ptr)[8]);
	kfree(ptr);
	KUNIT_EXPECT_KASAN_FAIL(test, "slab-use-after-free", ptr + 8, ((volatile char *)ptr)[8]);
}

static void kmalloc_uaf_memset(struct kunit *test)
{
	size_t size = 33;
	char *ptr = alloc_or_abort(test, size);

	KUNIT_EXPECT_NO_REPORT(test, memset(ptr, 0, size));
	kfree(ptr);
	KUNIT_EXPECT_KASAN_FAIL(test, "slab-use-after-free", ptr, memset(ptr, 0, size));
}

static void kmalloc_large_uaf(struct kunit *test)
{
	size_t size = KMALLOC_MAX_CACHE_SIZE + 10;
	char *ptr = alloc_or_abort(test, size);

	KUNIT_EXPECT_NO_REPORT(test, ((volatile char *)ptr)[0]);
	kfree(ptr);
	KUNIT_EXPECT_KASAN_FAIL(test, "use-after-free", ptr, ((volatile char *)ptr)[0]);
}

/* Freed memory stays poisoned while the quarantine holds it, however many
 * objects of its size come and go meanwhile. */
static void kmalloc_uaf_quarantined(struct kunit *test)
{
	size_t size = 48;
	char *ptr = alloc_or_abort(test, size);
	int i, reused = 0;

	kfree(ptr);
	for (i = 0; i < 512; i++) {
		char *p = alloc_or_abort(test, size);

		reused += p == ptr;
		KUNIT_EXPECT_NO_REPORT(test, p[size - 1] = 1);
		kfree(p);
	}
	KUNIT_EXPECT_EQ(test, reused, 0);
	KUNIT_EXPECT_KASAN_FAIL(test, "slab-use-after-free", ptr, ((volatile char *)ptr)[0]);
}

static void kmalloc_double_kfree(struct kunit *test)
{
	char *ptr = alloc_or_abort(test, 16);

	kfree(ptr);
	KUNIT_EXPECT_KASAN_FAIL(test, "double-free", ptr, kfree(ptr));
}

static void kmalloc_invalid_free(struct kunit *test)
{
	char *ptr = alloc_or_abort(test, 16);

	KUNIT_EXPECT_KASAN_FAIL(test, "invalid-free", ptr + 1, kfree(ptr + 1));
	KUNIT_EXPECT_NO_REPORT(test, kfree(ptr));
}

/*
 * memset just past the end: sizes 2, 4, 8, 16 across the last granule.  A
 * macro, not a helper: with halt_on_error=0 ksan reports each (pc, bug
 * type) once, so each case needs its own call of memset.
 */
#define OOB_MEMSET(test, n) do {					\
	size_t size = 128 - GRANULE;					\
	char *ptr = alloc_or_abort(test, size);				\
									\
	OPTIMIZER_HIDE_VAR(ptr);					\
	KUNIT_EXPECT_NO_REPORT(test, memset(ptr + size - (n), 0, (n)));	\
	KUNIT_EXPECT_KASAN_FAIL(test, "slab-out-of-bounds", ptr + size - (n) + 1, \
				memset(ptr + size - (n) + 1, 0, (n)));	\
	kfree(ptr);							\
} while (0)

static void kmalloc_oob_memset_2(struct kunit *test)
{
	OOB_MEMSET(test, 2);
}

static void kmalloc_oob_memset_4(struct kunit *test)
{
	OOB_MEMSET(test, 4);
}

static void kmalloc_oob_memset_8(struct kunit *test)
{
	OOB_MEMSET(test, 8);
}

static void kmalloc_oob_memset_16(struct kunit *test)
{
	OOB_MEMSET(test, 16);
}

static void kmalloc_oob_in_memset(struct kunit *test)
{
	size_t size = 128 - GRANULE;
	char *ptr = alloc_or_abort(test, size);

	OPTIMIZER_HIDE_VAR(ptr);
	OPTIMIZER_HIDE_VAR(size);
	KUNIT_EXPECT_KASAN_FAIL(test, "slab-out-of-bounds", ptr, memset(ptr, 0, size + 5));
	kfree(ptr);
}

static void kmalloc_memmove_invalid_size(struct kunit *test)
{
	size_t size = 64, invalid_size = size;
	char *ptr = alloc_or_abort(test, size);

	memset(ptr, 0, size);
	OPTIMIZER_HIDE_VAR(ptr);
	OPTIMIZER_HIDE_VAR(invalid_size);
	KUNIT_EXPECT_NO_REPORT(test, memmove(ptr, ptr + 4, invalid_size - 4));
	KUNIT_EXPECT_KASAN_FAIL(test, "slab-out-of-bounds", ptr + 4,
				memmove(ptr, ptr + 4, invalid_size));
	kfree(ptr);
}

static void kasan_memcmp(struct kunit *test)
{
	size_t size = 24;
	char *ptr = alloc_or_abort(test, size), arr[24];
	volatile int r;

	memset(arr, 0, sizeof(arr));
	memset(ptr, 0, size);
	OPTIMIZER_HIDE_VAR(ptr);
	OPTIMIZER_HIDE_VAR(size);
	KUNIT_EXPECT_NO_REPORT(test, r = memcmp(ptr, arr, size));
	KUNIT_EXPECT_KASAN_FAIL(test, "slab-out-of-bounds", ptr, r = memcmp(ptr, arr, size + 1));
	(void)r;
	kfree(ptr);
}

static void krealloc_more_oob(struct kunit *test)
{
	size_t size1 = 201, size2 = 235;
	char *ptr1 = alloc_or_abort(test, size1), *ptr2;

	ptr2 = krealloc(ptr1, size2, GFP_TEST);
	KUNIT_ASSERT_NOT_NULL(test, ptr2);
	OPTIMIZER_HIDE_VAR(ptr2);
	KUNIT_EXPECT_NO_REPORT(test, ptr2[size2 - 1] = 'x');
	KUNIT_EXPECT_KASAN_FAIL(test, "slab-out-of-bounds", ptr2 + size2, ptr2[size2] = 'x');
	/* the old object was freed by krealloc */
	KUNIT_EXPECT_KASAN_FAIL(test, "slab-use-after-free", ptr1, ((volatile char *)ptr1)[0]);
	kfree(ptr2);
}

static void krealloc_uaf(struct kunit *test)
{
	char *ptr1 = alloc_or_abort(test, 201), *ptr2 = 0;

	kfree(ptr1);
	KUNIT_EXPECT_KASAN_FAIL(test, "double-free", ptr1, ptr2 = krealloc(ptr1, 235, GFP_TEST));
	KUNIT_EXPECT_TRUE(test, ptr2 == 0);
	KUNIT_EXPECT_KASAN_FAIL(test, "slab-use-after-free", ptr1, ((volatile char *)ptr1)[0]);
}

static void kasan_stack_oob(struct kunit *test)
{
	char stack_array[10];
	char *volatile array = stack_array;	/* hidden from the compiler */
	char *p = &array[ARRAY_SIZE(stack_array)];

	KUNIT_EXPECT_NO_REPORT(test, ((volatile char *)array)[ARRAY_SIZE(stack_array) - 1]);
	KUNIT_EXPECT_KASAN_FAIL(test, "stack-out-of-bounds", p, *(volatile char *)p);
}

static volatile char global_array[10];

static void kasan_global_oob_right(struct kunit *test)
{
	/* + 3: GCC's red zone starts at the next granule for some sizes */
	char *volatile array = (char *)global_array;
	char *p = &array[ARRAY_SIZE(global_array) + 3];

	KUNIT_EXPECT_NO_REPORT(test, *(volatile char *)&array[ARRAY_SIZE(global_array) - 1]);
	KUNIT_EXPECT_KASAN_FAIL(test, "global-out-of-bounds", p, *(volatile char *)p);
}

static void kasan_alloca_oob_left(struct kunit *test)
{
	volatile int i = 10;
	char alloca_array[i];
	char *volatile array = alloca_array;
	char *p = array - 1;

	KUNIT_EXPECT_NO_REPORT(test, ((volatile char *)array)[0]);
	KUNIT_EXPECT_KASAN_FAIL(test, "alloca-out-of-bounds", p, *(volatile char *)p);
}

static void kasan_alloca_oob_right(struct kunit *test)
{
	volatile int i = 10;
	char alloca_array[i];
	char *volatile array = alloca_array;
	char *p = array + i;

	KUNIT_EXPECT_NO_REPORT(test, ((volatile char *)array)[i - 1]);
	KUNIT_EXPECT_KASAN_FAIL(test, "alloca-out-of-bounds", p, *(volatile char *)p);
}

/* One call site for every access below (the reports' pc). */
static __noinline void write_byte(char *p, size_t i)
{
	p[i] = 'z';
}

/* Once per (pc, type) without multi-shot (the twin: the second report from
 * the same site is dropped); every time with it (kasan_multi_shot). */
static void kasan_multi_shot(struct kunit *test)
{
	char *ptr = alloc_or_abort(test, 24);
	int prev = ksan_set_multi_shot(0), i;

	KUNIT_EXPECT_KASAN_FAIL(test, "slab-out-of-bounds", ptr + 24, write_byte(ptr, 24));
	KUNIT_EXPECT_NO_REPORT(test, write_byte(ptr, 24));
	ksan_set_multi_shot(1);
	for (i = 0; i < 3; i++)
		KUNIT_EXPECT_KASAN_FAIL(test, "slab-out-of-bounds", ptr + 24, write_byte(ptr, 24));
	ksan_set_multi_shot(prev);
	kfree(ptr);
}

static int outline_build(void)
{
	static const char b[] = KERNEL_BUILD;

	return sizeof(b) > 8 && !strcmp(b + sizeof(b) - 8, "outline");
}

static void read_at(void *arg)
{
	(void)*(volatile char *)arg;
}

/*
 * A null or wild pointer: an outline check reports it (null-ptr-deref,
 * wild-memory-access), then the access faults and the oops ends the task
 * alone, as in inline builds, where the check itself lets the fault
 * happen (no report; the oops says "maybe wild-memory-access").  The
 * accesses run in a task of their own; the kernel goes on after both.
 */
static void bad_pointer(struct kunit *test, uintptr_t addr, const char *type)
{
	char ok = 0;
	int rc = 1;

	KUNIT_EXPECT_NO_REPORT(test, rc = task_run("deref", read_at, &ok));
	KUNIT_EXPECT_EQ(test, rc, 0);
	if (outline_build())
		KUNIT_EXPECT_KASAN_FAIL(test, type, addr, rc = task_run("deref", read_at, (void *)addr));
	else
		KUNIT_EXPECT_NO_REPORT(test, rc = task_run("deref", read_at, (void *)addr));
	KUNIT_EXPECT_EQ(test, rc, -1);
}

static void kasan_null_ptr_deref(struct kunit *test)
{
	bad_pointer(test, 16, "null-ptr-deref");
}

static void kasan_wild_memory_access(struct kunit *test)
{
	bad_pointer(test, 0x8000000000001000ull, "wild-memory-access");
}

struct on_cpu1 {
	char *p;
	size_t n;
};

static void write_on_cpu1(void *arg)
{
	struct on_cpu1 *o = arg;

	o->p[o->n] = 1;
}

/* A report made on CPU 1 reaches the test on CPU 0, the object's
 * allocation stack CPU 0's. */
static void kasan_report_on_cpu1(struct kunit *test)
{
	struct on_cpu1 o;

	if (nr_cpus_online < 2) {
		kunit_skip(test, "one CPU (boot with -smp 2)");
		return;
	}
	o.p = alloc_or_abort(test, 24);
	o.n = 23;
	KUNIT_EXPECT_NO_REPORT(test, smp_call_on_cpu(1, write_on_cpu1, &o));
	o.n = 24;
	KUNIT_EXPECT_KASAN_FAIL(test, "slab-out-of-bounds", o.p + 24,
				smp_call_on_cpu(1, write_on_cpu1, &o));
	kfree(o.p);
}

static struct kunit_case kasan_test_cases[] = {
	KUNIT_CASE(kmalloc_oob_right),
	KUNIT_CASE(kmalloc_oob_left),
	KUNIT_CASE(kmalloc_large_oob_right),
	KUNIT_CASE(kmalloc_oob_16),
	KUNIT_CASE(kmalloc_uaf),
	KUNIT_CASE(kmalloc_uaf_memset),
	KUNIT_CASE(kmalloc_large_uaf),
	KUNIT_CASE(kmalloc_uaf_quarantined),
	KUNIT_CASE(kmalloc_double_kfree),
	KUNIT_CASE(kmalloc_invalid_free),
	KUNIT_CASE(kmalloc_oob_memset_2),
	KUNIT_CASE(kmalloc_oob_memset_4),
	KUNIT_CASE(kmalloc_oob_memset_8),
	KUNIT_CASE(kmalloc_oob_memset_16),
	KUNIT_CASE(kmalloc_oob_in_memset),
	KUNIT_CASE(kmalloc_memmove_invalid_size),
	KUNIT_CASE(kasan_memcmp),
	KUNIT_CASE(krealloc_more_oob),
	KUNIT_CASE(krealloc_uaf),
	KUNIT_CASE(kasan_stack_oob),
	KUNIT_CASE(kasan_global_oob_right),
	KUNIT_CASE(kasan_alloca_oob_left),
	KUNIT_CASE(kasan_alloca_oob_right),
	KUNIT_CASE(kasan_report_on_cpu1),
	KUNIT_CASE(kasan_multi_shot),
	KUNIT_CASE(kasan_null_ptr_deref),
	KUNIT_CASE(kasan_wild_memory_access),
	{ 0 }
};

static struct kunit_suite kasan_test_suite = {
	.name = "kasan",
	.cases = kasan_test_cases,
};
kunit_test_suite(kasan_test_suite);
