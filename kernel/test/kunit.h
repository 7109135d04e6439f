/*
 * This file contains the kernel's small KUnit: suites of cases registered
 * in a section, each case run in its own task (an oops fails that case
 * alone), KTAP output ("ok N name" / "not ok N name" under a "1..N" plan
 * per suite), and expectations on ksan's reports, caught through the
 * report callback (ksan_set_report_callback): a bad access must make
 * exactly one report of the expected detector, bug type and address; a
 * correct one none; and a case that makes a report nobody expected fails.
 */
#ifndef KERNEL_KUNIT_H
#define KERNEL_KUNIT_H

#include "kernel/kernel.h"

struct kunit_report {
	char detector[8];
	char bug_type[40];
	uintptr_t addr;
	size_t size;
	int access;		/* enum ksan_access */
	uint32_t origin;	/* KMSAN: the value's origin, 0 if unknown */
};

struct kunit {
	const char *name;
	int failed;
	const char *skipped;	/* the reason, when skipped */
	int expecting;		/* in an expectation: reports are counted */
	int nreports;
	int nmismatch;		/* of them, not of the expected detector/type */
	const char *want_detector, *want_type;
	struct kunit_report last;
	int unexpected;		/* reports outside any expectation */
	struct kunit_report first_unexpected;
};

struct kunit_case {
	const char *name;
	void (*run)(struct kunit *test);
};

struct kunit_suite {
	const char *name;
	struct kunit_case *cases;	/* ends with an empty entry */
};

#define KUNIT_CASE(fn) { #fn, fn }
#define kunit_test_suite(s)						\
	static struct kunit_suite *const kunit_suite_ptr_##s		\
	__attribute__((used, section("kunit_suites"))) = &s

/* Run every case whose "suite.case" matches glob (NULL: all).  Returns
 * the number of failed cases. */
int kunit_run_all(const char *glob, size_t glob_len);

void kunit_fail(struct kunit *t, const char *file, int line, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
void kunit_skip(struct kunit *t, const char *why);
/* End the case now (it runs in its own task). */
void __noreturn kunit_abort(struct kunit *t);

void kunit_expect_begin(struct kunit *t);
/* detector NULL: no report expected.  type / addr NULL / 0: any. */
void kunit_expect_end(struct kunit *t, const char *detector, const char *type,
		      uintptr_t addr, const char *file, int line, const char *what);
/* The same, with one report or more (each checked as it came). */
void kunit_expect_end_some(struct kunit *t, const char *detector, const char *type,
			   uintptr_t addr, const char *file, int line, const char *what);

#define KUNIT_EXPECT_TRUE(t, cond) do {					\
	if (!(cond))							\
		kunit_fail((t), __FILE__, __LINE__, "Expectation failed: %s", #cond); \
} while (0)
#define KUNIT_EXPECT_EQ(t, a, b) do {					\
	long long a_ = (long long)(a), b_ = (long long)(b);		\
	if (a_ != b_)							\
		kunit_fail((t), __FILE__, __LINE__, "Expected %s == %s, but %lld != %lld", \
			   #a, #b, a_, b_);				\
} while (0)
#define KUNIT_ASSERT_NOT_NULL(t, p) do {				\
	if (!(p)) {							\
		kunit_fail((t), __FILE__, __LINE__, "Assertion failed: %s is NULL", #p); \
		kunit_abort(t);						\
	}								\
} while (0)

/* expr must make exactly one report of detector and type at addr. */
#define KUNIT_EXPECT_REPORT(t, detector, type, addr, expr) do {		\
	kunit_expect_begin(t);						\
	expr;								\
	kunit_expect_end((t), (detector), (type), (uintptr_t)(addr),	\
			 __FILE__, __LINE__, #expr);			\
} while (0)
#define KUNIT_EXPECT_KASAN_FAIL(t, type, addr, expr) \
	KUNIT_EXPECT_REPORT(t, "KASAN", type, addr, expr)
#define KUNIT_EXPECT_KFENCE_FAIL(t, type, addr, expr) \
	KUNIT_EXPECT_REPORT(t, "KFENCE", type, addr, expr)
#define KUNIT_EXPECT_KMSAN_FAIL(t, type, addr, expr) \
	KUNIT_EXPECT_REPORT(t, "KMSAN", type, addr, expr)
#define KUNIT_EXPECT_UBSAN_FAIL(t, type, expr) \
	KUNIT_EXPECT_REPORT(t, "UBSAN", type, 0, expr)
/* Races (KCSAN): expr must make at least one report, every one of detector
 * and type, the last at addr (0: any). */
#define KUNIT_EXPECT_RACE(t, type, addr, expr) do {			\
	kunit_expect_begin(t);						\
	(t)->want_detector = "KCSAN";					\
	(t)->want_type = (type);					\
	expr;								\
	kunit_expect_end_some((t), "KCSAN", (type), (uintptr_t)(addr),	\
			      __FILE__, __LINE__, #expr);		\
} while (0)
/* The silent twin: expr must make no report. */
#define KUNIT_EXPECT_NO_REPORT(t, expr) KUNIT_EXPECT_REPORT(t, 0, 0, 0, expr)

#endif
