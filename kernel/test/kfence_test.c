/*
 * This file contains the KFENCE suite (mm/kfence/kfence_test.c's names):
 * out-of-bounds reads and writes into the guard pages on either side,
 * use-after-free, double and invalid frees, corrupted canaries found at
 * free.  Each case allocates until it gets a KFENCE object placed where it
 * needs it: with the kernel's kfence_sample_every=16 that is a fixed,
 * small number of allocations, so the cases are deterministic.
 */
#include "kernel/kernel.h"
#include "kernel/kfence.h"
#include "kernel/mm.h"
#include "test/kunit.h"

enum placement { ANY, LEFT, RIGHT };
#define MAX_TRIES 1024

/* A KFENCE object of size bytes, at the left or right edge of its page. */
static char *test_alloc(struct kunit *test, size_t size, enum placement where)
{
	int i;

	for (i = 0; i < MAX_TRIES; i++) {
		char *p = kmalloc(size, GFP_KERNEL);
		uintptr_t off;

		KUNIT_ASSERT_NOT_NULL(test, p);
		off = (uintptr_t)p & (PAGE_SIZE - 1);
		if (is_kfence_address(p) &&
		    (where == ANY || (where == LEFT && off == 0) ||
		     (where == RIGHT && off + size == PAGE_SIZE)))
			return p;
		kfree(p);
	}
	kunit_fail(test, __FILE__, __LINE__, "no KFENCE object in %d allocations", MAX_TRIES);
	kunit_abort(test);
}

static void test_out_of_bounds_read(struct kunit *test)
{
	size_t size = 32;
	char *buf;

	buf = test_alloc(test, size, LEFT);
	KUNIT_EXPECT_NO_REPORT(test, ((volatile char *)buf)[0]);
	KUNIT_EXPECT_KFENCE_FAIL(test, "out-of-bounds", buf - 1, ((volatile char *)buf)[-1]);
	kfree(buf);

	buf = test_alloc(test, size, RIGHT);
	KUNIT_EXPECT_NO_REPORT(test, ((volatile char *)buf)[size - 1]);
	KUNIT_EXPECT_KFENCE_FAIL(test, "out-of-bounds", buf + size, ((volatile char *)buf)[size]);
	kfree(buf);
}

static void test_out_of_bounds_write(struct kunit *test)
{
	size_t size = 32;
	char *buf = test_alloc(test, size, LEFT);

	KUNIT_EXPECT_NO_REPORT(test, ((volatile char *)buf)[size - 1] = 42);
	KUNIT_EXPECT_KFENCE_FAIL(test, "out-of-bounds", buf - 1, ((volatile char *)buf)[-1] = 42);
	kfree(buf);
}

static void test_use_after_free_read(struct kunit *test)
{
	size_t size = 32;
	char *buf = test_alloc(test, size, ANY);

	kfree(buf);
	KUNIT_EXPECT_KFENCE_FAIL(test, "use-after-free", buf, ((volatile char *)buf)[0]);
}

static void test_double_free(struct kunit *test)
{
	char *buf = test_alloc(test, 32, ANY);

	KUNIT_EXPECT_NO_REPORT(test, kfree(buf));
	KUNIT_EXPECT_KFENCE_FAIL(test, "invalid free", buf, kfree(buf));
}

static void test_invalid_addr_free(struct kunit *test)
{
	char *buf = test_alloc(test, 32, ANY);

	KUNIT_EXPECT_KFENCE_FAIL(test, "invalid free", buf + 1, kfree(buf + 1));
	KUNIT_EXPECT_NO_REPORT(test, kfree(buf));
}

/* A write into the object's page outside the object does not fault: the
 * canary bytes there are checked when the object is freed. */
static void test_corruption(struct kunit *test)
{
	size_t size = 32;
	char *buf;

	buf = test_alloc(test, size, LEFT);
	buf[size] = 42;
	KUNIT_EXPECT_KFENCE_FAIL(test, "memory corruption", buf + size, kfree(buf));

	buf = test_alloc(test, size, RIGHT);
	buf[-1] = 42;
	KUNIT_EXPECT_KFENCE_FAIL(test, "memory corruption", buf - 1, kfree(buf));

	buf = test_alloc(test, size, LEFT);
	KUNIT_EXPECT_NO_REPORT(test, kfree(buf));
}

static struct kunit_case kfence_test_cases[] = {
	KUNIT_CASE(test_out_of_bounds_read),
	KUNIT_CASE(test_out_of_bounds_write),
	KUNIT_CASE(test_use_after_free_read),
	KUNIT_CASE(test_double_free),
	KUNIT_CASE(test_invalid_addr_free),
	KUNIT_CASE(test_corruption),
	{ 0 }
};

static struct kunit_suite kfence_test_suite = {
	.name = "kfence",
	.cases = kfence_test_cases,
};
kunit_test_suite(kfence_test_suite);
