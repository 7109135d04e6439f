/*
 * This file contains the per-CPU allocator's KASAN suite: the two cases
 * the seed's talk showed passing unnoticed under Linux's KASAN (an
 * out-of-bounds access and a use after free on per-CPU memory), each with
 * its silent twin, then the other side of the object, another CPU's
 * copy, CPU 1 touching CPU 0's copy after the free, and a double free.
 * Each bad access must make exactly one report of the per-CPU bug type at
 * the exact address.
 */
#include "kernel/kernel.h"
#include "kernel/percpu.h"
#include "kernel/smp.h"
#include "test/kunit.h"

struct blob {
	char bytes[13];
};

static struct blob *alloc_or_abort(struct kunit *test)
{
	struct blob *p = alloc_percpu(struct blob);

	KUNIT_ASSERT_NOT_NULL(test, p);
	OPTIMIZER_HIDE_VAR(p);
	return p;
}

static int need_cpu1(struct kunit *test)
{
	if (percpu_nr_units() < 2) {
		kunit_skip(test, "one CPU");
		return 0;
	}
	return 1;
}

/* The talk's first case: one byte past the object, in CPU 0's copy. */
static void percpu_oob_right(struct kunit *test)
{
	struct blob *p = alloc_or_abort(test);
	char *c0 = per_cpu_ptr(p, 0)->bytes;

	KUNIT_EXPECT_NO_REPORT(test, c0[12] = 1);
	KUNIT_EXPECT_KASAN_FAIL(test, "percpu-out-of-bounds", c0 + 13, c0[13] = 1);
	free_percpu(p);
}

static void percpu_oob_left(struct kunit *test)
{
	struct blob *p = alloc_or_abort(test);
	char *c0 = per_cpu_ptr(p, 0)->bytes;

	KUNIT_EXPECT_NO_REPORT(test, ((volatile char *)c0)[0]);
	KUNIT_EXPECT_KASAN_FAIL(test, "percpu-out-of-bounds", c0 - 1, ((volatile char *)c0)[-1]);
	free_percpu(p);
}

/* Every copy has its red zone: CPU 1's, touched from CPU 0. */
static void percpu_oob_other_copy(struct kunit *test)
{
	struct blob *p;
	char *c1;

	if (!need_cpu1(test))
		return;
	p = alloc_or_abort(test);
	c1 = per_cpu_ptr(p, 1)->bytes;
	KUNIT_EXPECT_NO_REPORT(test, c1[12] = 1);
	KUNIT_EXPECT_KASAN_FAIL(test, "percpu-out-of-bounds", c1 + 16, c1[16] = 1);
	free_percpu(p);
}

/* The talk's second case: a read of CPU 0's copy after free_percpu(). */
static void percpu_uaf(struct kunit *test)
{
	struct blob *p = alloc_or_abort(test);
	volatile char *c0 = per_cpu_ptr(p, 0)->bytes;

	KUNIT_EXPECT_NO_REPORT(test, c0[4]);
	free_percpu(p);
	KUNIT_EXPECT_KASAN_FAIL(test, "percpu-use-after-free", c0 + 4, c0[4]);
}

struct touch {
	volatile char *c;
};

static void touch_on_cpu1(void *arg)
{
	struct touch *t = arg;

	t->c[0] = 2;
}

/* CPU 1 writes CPU 0's copy: allowed while the object lives, a use after
 * free after free_percpu(). */
static void percpu_uaf_cross_cpu(struct kunit *test)
{
	struct blob *p;
	struct touch t;

	if (!need_cpu1(test) || nr_cpus_online < 2)
		return;
	p = alloc_or_abort(test);
	t.c = per_cpu_ptr(p, 0)->bytes + 8;
	KUNIT_EXPECT_NO_REPORT(test, smp_call_on_cpu(1, touch_on_cpu1, &t));
	free_percpu(p);
	KUNIT_EXPECT_KASAN_FAIL(test, "percpu-use-after-free", t.c,
				smp_call_on_cpu(1, touch_on_cpu1, &t));
}

/* this_cpu_ptr() on CPU 1 is CPU 1's copy, with its own red zone. */
static void write_this_copy(void *arg)
{
	struct touch *t = arg;

	t->c = this_cpu_ptr((struct blob *)t->c)->bytes;
	t->c[12] = 3;
}

static void this_cpu_oob(void *arg)
{
	struct touch *t = arg;

	t->c[13] = 3;
}

static void percpu_this_cpu_ptr(struct kunit *test)
{
	struct blob *p;
	struct touch t;

	if (!need_cpu1(test) || nr_cpus_online < 2)
		return;
	p = alloc_or_abort(test);
	t.c = (volatile char *)p;
	KUNIT_EXPECT_NO_REPORT(test, smp_call_on_cpu(1, write_this_copy, &t));
	KUNIT_EXPECT_TRUE(test, t.c == per_cpu_ptr(p, 1)->bytes);
	KUNIT_EXPECT_TRUE(test, per_cpu_ptr(p, 1)->bytes[12] == 3 && per_cpu_ptr(p, 0)->bytes[12] == 0);
	KUNIT_EXPECT_KASAN_FAIL(test, "percpu-out-of-bounds", t.c + 13,
				smp_call_on_cpu(1, this_cpu_oob, &t));
	free_percpu(p);
}

static void percpu_double_free(struct kunit *test)
{
	struct blob *p = alloc_or_abort(test);

	KUNIT_EXPECT_NO_REPORT(test, free_percpu(p));
	KUNIT_EXPECT_KASAN_FAIL(test, "double-free", p, free_percpu(p));
}

/* Fresh copies are zeroed; a slot given back by the quarantine is handed
 * out again without reports. */
static void percpu_reuse(struct kunit *test)
{
	int i, j, bad = 0;

	for (i = 0; i < 3000; i++) {
		struct blob *p = alloc_or_abort(test);

		for (j = 0; j < percpu_nr_units(); j++)
			bad |= per_cpu_ptr(p, j)->bytes[0] | per_cpu_ptr(p, j)->bytes[12];
		per_cpu_ptr(p, 0)->bytes[0] = 1;
		free_percpu(p);
	}
	KUNIT_EXPECT_EQ(test, bad, 0);
}

static struct kunit_case percpu_test_cases[] = {
	KUNIT_CASE(percpu_oob_right),
	KUNIT_CASE(percpu_oob_left),
	KUNIT_CASE(percpu_oob_other_copy),
	KUNIT_CASE(percpu_uaf),
	KUNIT_CASE(percpu_uaf_cross_cpu),
	KUNIT_CASE(percpu_this_cpu_ptr),
	KUNIT_CASE(percpu_double_free),
	KUNIT_CASE(percpu_reuse),
	{ 0 }
};

static struct kunit_suite percpu_test_suite = {
	.name = "percpu",
	.cases = percpu_test_cases,
};
kunit_test_suite(percpu_test_suite);
