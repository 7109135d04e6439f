/*
 * This file contains the report-capture harness that the in-process unit
 * tests share (kasan_test.c, intercept_test.c): the report callback that
 * records each report's fields without allocating, and the per-case failure
 * bookkeeping.  A test sets HARNESS_PRINT_REPORTS to 1 before including it
 * to let the runtime print each report after recording it (to its log file),
 * else the report is only recorded.
 */
#ifndef KSAN_TEST_HARNESS_H
#define KSAN_TEST_HARNESS_H

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <ksan/ksan.h>

#ifndef HARNESS_PRINT_REPORTS
#define HARNESS_PRINT_REPORTS 0
#endif

#define NOINLINE __attribute__((noinline))
/* The compiler forgets everything it knew about var (size, provenance). */
#define HIDE(var) __asm__ volatile("" : "+r"(var))
#define BARRIER() __asm__ volatile("" ::: "memory")

#define MAX_RECS 16

struct rec {
	char type[48];
	char asan_type[48];
	uintptr_t addr;
	size_t size;
	int access;
	uintptr_t pc;
	uintptr_t object;
	size_t object_size;
	char cache[32];
	int object_freed;
};

static struct rec recs[MAX_RECS];
static volatile int nrec;	/* reports since the last check */

static void copy_str(char *dst, size_t len, const char *src)
{
	size_t i = 0;

	if (src)
		for (; i + 1 < len && src[i]; i++)
			dst[i] = src[i];
	dst[i] = 0;
}

/* Runs with the report lock held: no allocation, no stdio. */
static int record_report(const struct ksan_report *r, void *arg)
{
	int i = nrec;

	(void)arg;
	if (i < MAX_RECS) {
		struct rec *x = &recs[i];

		copy_str(x->type, sizeof(x->type), r->bug_type);
		copy_str(x->asan_type, sizeof(x->asan_type), r->asan_type);
		x->addr = r->addr;
		x->size = r->size;
		x->access = r->access;
		x->pc = r->pc;
		x->object = r->object;
		x->object_size = r->object_size;
		copy_str(x->cache, sizeof(x->cache), r->cache);
		x->object_freed = r->object_freed;
	}
	nrec = i + 1;
	return !HARNESS_PRINT_REPORTS;	/* 1: the report is consumed */
}

static const char *cur_case;
static int case_failed, nfailures;
static char case_why[1024];

/* The running case failed: keep the first reason, with its line. */
static void fail(int line, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void fail(int line, const char *fmt, ...)
{
	va_list ap;
	size_t n;

	nfailures++;
	if (case_failed++)
		return;
	va_start(ap, fmt);
	vsnprintf(case_why, sizeof(case_why) - 32, fmt, ap);
	va_end(ap);
	n = strlen(case_why);
	snprintf(case_why + n, sizeof(case_why) - n, " (line %d)", line);
}

#endif
