/*
 * This file contains the C library's memcpy, memmove and memset as the
 * runtime and each detector's own mem* reach them (real_memcpy...): found
 * with dlsym(RTLD_NEXT) in dynamic executables; static ones use ksan's
 * string-instruction copies.  The mem* the program calls are the
 * detector's: kasan/mem.c, kmsan/mem.c, kcsan/mem.c, tags/mem.c.
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
