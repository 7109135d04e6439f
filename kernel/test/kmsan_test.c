/*
 * This file contains the KMSAN suite, the kernel's kmsan_test cases that
 * make sense here: a use of kmalloc'ed memory without __GFP_ZERO, of an
 * uninitialised stack variable, of an uninitialised parameter, of bytes
 * memcpy'd from uninitialised ones, and infoleaks at the serial console
 * and at a device port, each report with its origin (and the leak with
 * the exact range of uninitialised bytes), each next to a silent twin.
 */
#include "kernel/kernel.h"
#include "kernel/devio.h"
#include "kernel/mm.h"
#include "ksan/ksan.h"
#include "test/kunit.h"

int kmsan_test_sink;	/* not static: what is stored here is used */

/* A use: a branch on v. */
static __noinline void use(int v)
{
	if (v)
		kmsan_test_sink++;
	else
		kmsan_test_sink--;
}

/* The value's bytes as an int, hiding where they come from. */
static __noinline int load(const volatile int *p)
{
	return *p;
}

static void test_uninit_kmalloc(struct kunit *test)
{
	int *p = kmalloc(sizeof(*p), GFP_KERNEL), *q = kmalloc(sizeof(*q), GFP_KERNEL | __GFP_ZERO);

	KUNIT_ASSERT_NOT_NULL(test, p);
	KUNIT_ASSERT_NOT_NULL(test, q);
	KUNIT_EXPECT_NO_REPORT(test, use(load(q)));
	KUNIT_EXPECT_KMSAN_FAIL(test, "uninit-value", 0, use(load(p)));
	KUNIT_EXPECT_TRUE(test, test->last.origin != 0);	/* kmalloc's stack */
	kfree(p);
	kfree(q);
}

static void test_uninit_stack_var(struct kunit *test)
{
	volatile int init = 1, uninit;

	KUNIT_EXPECT_NO_REPORT(test, use(load(&init)));
	KUNIT_EXPECT_KMSAN_FAIL(test, "uninit-value", 0, use(load(&uninit)));
	KUNIT_EXPECT_TRUE(test, test->last.origin != 0);	/* the local's */
}

static __noinline void take_param(int a)
{
	kmsan_test_sink += a;
}

/* Eager checks: an uninitialised argument is reported at the call. */
static void test_params(struct kunit *test)
{
	int *p = kmalloc(sizeof(*p), GFP_KERNEL);
	int good = 3, bad;

	KUNIT_ASSERT_NOT_NULL(test, p);
	bad = *p;
	KUNIT_EXPECT_NO_REPORT(test, take_param(good));
	KUNIT_EXPECT_KMSAN_FAIL(test, "uninit-value", 0, take_param(bad));
	kfree(p);
}

/* memcpy carries the shadow (and the origin, with a link for the copy). */
static void test_uninit_memcpy(struct kunit *test)
{
	int *src = kmalloc(8, GFP_KERNEL), dst[2] = { 1, 1 };

	KUNIT_ASSERT_NOT_NULL(test, src);
	src[0] = 5;
	memcpy(dst, src, 8);
	KUNIT_EXPECT_NO_REPORT(test, use(load(&dst[0])));
	KUNIT_EXPECT_KMSAN_FAIL(test, "uninit-value", 0, use(load(&dst[1])));
	KUNIT_EXPECT_TRUE(test, test->last.origin != 0);
	kfree(src);
}

/* 16 bytes to a device, bytes 4..7 never written: exactly those leak. */
static void test_infoleak_dev(struct kunit *test)
{
	char *buf = kmalloc(16, GFP_KERNEL);
	size_t i;

	KUNIT_ASSERT_NOT_NULL(test, buf);
	for (i = 0; i < 16; i++)
		if (i < 4 || i >= 8)
			buf[i] = (char)i;
	KUNIT_EXPECT_NO_REPORT(test, dev_write(buf, 4));
	KUNIT_EXPECT_KMSAN_FAIL(test, "kernel-infoleak", buf + 4, dev_write(buf, 16));
	KUNIT_EXPECT_EQ(test, test->last.size, 4);
	KUNIT_EXPECT_TRUE(test, test->last.origin != 0);
	kfree(buf);
}

/* A message for the console whose tail KMSAN holds uninitialised (made
 * so with ksan_poison_memory over printable bytes: the leaked bytes reach
 * the serial log, which must stay text). */
static void test_infoleak_console(struct kunit *test)
{
	char *msg = kmalloc(8, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, msg);
	__builtin_memcpy(msg, "hi!\nok\n\n", 8);
	ksan_poison_memory(msg + 4, 4);
	KUNIT_EXPECT_NO_REPORT(test, serial_write(msg, 4));
	KUNIT_EXPECT_KMSAN_FAIL(test, "kernel-infoleak", msg + 4, serial_write(msg, 8));
	KUNIT_EXPECT_EQ(test, test->last.size, 4);
	kfree(msg);
}

/* A freed object's bytes are uninitialised, their origin the free. */
static void test_uaf_origin(struct kunit *test)
{
	int *p = kmalloc(sizeof(*p), GFP_KERNEL | __GFP_ZERO);

	KUNIT_ASSERT_NOT_NULL(test, p);
	KUNIT_EXPECT_NO_REPORT(test, use(load(p)));
	kfree(p);
	KUNIT_EXPECT_KMSAN_FAIL(test, "use-after-free", 0, use(load(p)));
}

static struct kunit_case kmsan_test_cases[] = {
	KUNIT_CASE(test_uninit_kmalloc),
	KUNIT_CASE(test_uninit_stack_var),
	KUNIT_CASE(test_params),
	KUNIT_CASE(test_uninit_memcpy),
	KUNIT_CASE(test_infoleak_dev),
	KUNIT_CASE(test_infoleak_console),
	KUNIT_CASE(test_uaf_origin),
	{ 0 }
};

static struct kunit_suite kmsan_test_suite = {
	.name = "kmsan",
	.cases = kmsan_test_cases,
};
kunit_test_suite(kmsan_test_suite);
