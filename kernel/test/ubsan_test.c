/*
 * This file contains the UBSAN suite (lib/test_ubsan.c's names): an array
 * index out of bounds (inside its struct, so no red zone is touched and
 * KASAN stays silent) and a shift by more than the type's width.  Built
 * with -fsanitize=bounds,shift.
 */
#include "kernel/kernel.h"
#include "test/kunit.h"

static struct {
	int arr[4];
	int after;
} ubsan_obj;

static void test_ubsan_out_of_bounds(struct kunit *test)
{
	volatile int i = 4, j = 3, v;

	KUNIT_EXPECT_NO_REPORT(test, v = ubsan_obj.arr[j]);
	KUNIT_EXPECT_UBSAN_FAIL(test, "array-index-out-of-bounds", v = ubsan_obj.arr[i]);
	(void)v;
}

static void test_ubsan_shift_out_of_bounds(struct kunit *test)
{
	volatile int val = 32, ok = 31, one = 1, v;

	KUNIT_EXPECT_NO_REPORT(test, v = one << (ok - 1));
	KUNIT_EXPECT_UBSAN_FAIL(test, "shift-out-of-bounds", v = one << val);
	(void)v;
}

static struct kunit_case ubsan_test_cases[] = {
	KUNIT_CASE(test_ubsan_out_of_bounds),
	KUNIT_CASE(test_ubsan_shift_out_of_bounds),
	{ 0 }
};

static struct kunit_suite ubsan_test_suite = {
	.name = "ubsan",
	.cases = ubsan_test_cases,
};
kunit_test_suite(ubsan_test_suite);
