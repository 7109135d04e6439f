/*
 * This file contains the checked memcpy, memmove and memset.  In
 * kernel-address mode neither compiler checks these calls (struct copies
 * included), so the executable's own definitions take over from the C
 * library's: they check both ranges, then call the C library's fast
 * implementation (found with dlsym(RTLD_NEXT) in dynamic executables; static
 * ones use ksan's string-instruction copies).  A call whose ranges are bad is
 * reported and not performed, as the kernel does, so the heap's own
 * metadata is never overwritten; so is a memcpy whose ranges overlap
 * (memcpy-param-overlap).  The other libc functions are in intercept_*.c.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <sys/auxv.h>
#include "../linux.h"

extern void *dlsym(void *, const char *) __attribute__((weak));

#if defined(__x86_64__)
static void *own_memcpy(void *d, const void *s, size_t n)
{
	void *ret = d;

	__asm__ volatile("rep movsb" : "+D"(d), "+S"(s), "+c"(n) : : "memory");
	return ret;
}

static void *own_memmove(void *d, const void *s, size_t n)
{
	void *ret = d;

	if ((uintptr_t)d - (uintptr_t)s >= n)	/* no harmful overlap */
		return own_memcpy(d, s, n);
	d = (char *)d + n - 1;
	s = (const char *)s + n - 1;
	__asm__ volatile("std; rep movsb; cld" : "+D"(d), "+S"(s), "+c"(n) : : "memory");
	return ret;
}

static void *own_memset(void *d, int c, size_t n)
{
	void *ret = d;

	__asm__ volatile("rep stosb" : "+D"(d), "+c"(n) : "a"(c) : "memory");
	return ret;
}
#else
/* elsewhere the core's own uninstrumented helpers (built freestanding:
 * never turned back into calls of these functions) */
static void *own_memcpy(void *d, const void *s, size_t n)
{
	core_memcpy(d, s, n);
	return d;
}

static void *own_memmove(void *d, const void *s, size_t n)
{
	core_memmove(d, s, n);
	return d;
}

static void *own_memset(void *d, int c, size_t n)
{
	core_memset(d, c, n);
	return d;
}
#endif

void *(*real_memcpy)(void *, const void *, size_t) = own_memcpy;
void *(*real_memmove)(void *, const void *, size_t) = own_memmove;
void *(*real_memset)(void *, int, size_t) = own_memset;

void port_mem_init(void)
{
	void *p;

	/* static (and static-pie) executables have no dynamic loader and no
	 * libc.so to look in: they keep ksan's own copies */
	if (!dlsym || !getauxval(AT_BASE))
		return;
	if ((p = dlsym(RTLD_NEXT, "memcpy")))
		real_memcpy = (void *(*)(void *, const void *, size_t))p;
	if ((p = dlsym(RTLD_NEXT, "memmove")))
		real_memmove = (void *(*)(void *, const void *, size_t))p;
	if ((p = dlsym(RTLD_NEXT, "memset")))
		real_memset = (void *(*)(void *, int, size_t))p;
	/* the variants glibc's IFUNCs chose have no symbols: their names */
	port_sym_alias((void *)real_memcpy, "memcpy");
	port_sym_alias((void *)real_memmove, "memmove");
	port_sym_alias((void *)real_memset, "memset");
}

#if !defined(KSAN_PORT_KMSAN) && !defined(KSAN_PORT_KCSAN) && !defined(KSAN_PORT_TAGS)
/* (kmsan_mem.c, kcsan_mem.c, tags_mem.c) */
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

/* The compilers' user-mode names for the same checks. */
PORT_API __attribute__((noinline)) void *__asan_memcpy(void *d, const void *s, size_t n)
{
	PORT_CALLER(cl, memcpy);

	if (likely(kasan_ready) && n &&
	    (!port_check(&cl, s, n, 0) || !port_check(&cl, d, n, 1) || overlap(&cl, d, s, n)))
		return d;
	return real_memcpy(d, s, n);
}

PORT_API __attribute__((noinline)) void *__asan_memmove(void *d, const void *s, size_t n)
{
	PORT_CALLER(cl, memmove);

	if (likely(kasan_ready) && n && (!port_check(&cl, s, n, 0) || !port_check(&cl, d, n, 1)))
		return d;
	return real_memmove(d, s, n);
}

PORT_API __attribute__((noinline)) void *__asan_memset(void *d, int c, size_t n)
{
	PORT_CALLER(cl, memset);

	if (likely(kasan_ready) && n && !port_check(&cl, d, n, 1))
		return d;
	return real_memset(d, c, n);
}
#endif
