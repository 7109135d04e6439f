/*
 * This file contains KASAN's checked memcpy, memmove and memset.  In
 * kernel-address mode neither compiler checks these calls (struct copies
 * included), so the executable's own definitions take over from the C
 * library's: they check both ranges, then call the C library's fast
 * implementation (found with dlsym(RTLD_NEXT) in dynamic executables; static
 * ones use ksan's string-instruction copies).  A call whose ranges are bad is
 * reported and not performed, as the kernel does, so the heap's own
 * metadata is never overwritten; so is a memcpy whose ranges overlap
 * (memcpy-param-overlap).  The other libc functions are in intercept_*.c; the C
 * library's own mem* behind them in process/mem.c.
 */
#define _GNU_SOURCE
#include "../linux.h"

/* memcpy's ranges must not overlap: reported, and the copy not made.
 * The same pointer twice is let through, as ASan does: compilers emit
 * memcpy(p, p, n) for a struct assigned to itself. */
static inline int overlap(const struct kasan_caller *cl, void *d, const void *s, size_t n)
{
	if (d == s || (uintptr_t)d >= (uintptr_t)s + n || (uintptr_t)s >= (uintptr_t)d + n)
		return 0;
	kasan_report_overlap("memcpy", (uintptr_t)d, n, (uintptr_t)s, n, cl->pc, cl->fp,
			     cl->entry);
	return 1;
}

/* Each entry point checks its ranges with port_check (linux.h: clean
 * ranges without a call) and, after a report, does not perform the call. */
PORT_API __attribute__((noinline)) void *memcpy(void *d, const void *s, size_t n)
{
	PORT_CALLER(cl, memcpy);

	if (likely(kasan_ready) && n &&
	    (!port_check(&cl, s, n, 0) || !port_check(&cl, d, n, 1) || overlap(&cl, d, s, n)))
		return d;
	return real_memcpy(d, s, n);
}

PORT_API __attribute__((noinline)) void *memmove(void *d, const void *s, size_t n)
{
	PORT_CALLER(cl, memmove);

	if (likely(kasan_ready) && n && (!port_check(&cl, s, n, 0) || !port_check(&cl, d, n, 1)))
		return d;
	return real_memmove(d, s, n);
}

PORT_API __attribute__((noinline)) void *memset(void *d, int c, size_t n)
{
	PORT_CALLER(cl, memset);

	if (likely(kasan_ready) && n && !port_check(&cl, d, n, 1))
		return d;
	return real_memset(d, c, n);
}

/* The compilers' user-mode names for the same checks: the same functions
 * (aliases), so the caller and the entry the report names are memcpy's,
 * memmove's and memset's. */
PORT_API void *__asan_memcpy(void *d, const void *s, size_t n) __attribute__((alias("memcpy")));
PORT_API void *__asan_memmove(void *d, const void *s, size_t n) __attribute__((alias("memmove")));
PORT_API void *__asan_memset(void *d, int c, size_t n) __attribute__((alias("memset")));
