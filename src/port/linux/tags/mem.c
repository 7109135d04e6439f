/*
 * This file contains tag-based KASAN's memcpy, memmove and memset, and
 * the __hwasan_mem* names newer clang emits for them in kernel mode.
 * kernel-hwaddress leaves these calls (struct copies included) to the C
 * library, so the executable's definitions take over: with software tags
 * each checks its ranges against the tags (linux.h's port_check), and a
 * bad call is reported and not performed, as generic KASAN's mem.c does;
 * with hardware tags the C library's own accesses are checked by MTE.
 */
#include "../linux.h"

#define MEM_ENTRY PORT_API __attribute__((noinline))

MEM_ENTRY void *memcpy(void *d, const void *s, size_t n)
{
	PORT_CALLER(cl, memcpy);

	if (likely(tags_ready) && n && (!port_check(&cl, s, n, 0) || !port_check(&cl, d, n, 1)))
		return d;
	return real_memcpy(d, s, n);
}

MEM_ENTRY void *memmove(void *d, const void *s, size_t n)
{
	PORT_CALLER(cl, memmove);

	if (likely(tags_ready) && n && (!port_check(&cl, s, n, 0) || !port_check(&cl, d, n, 1)))
		return d;
	return real_memmove(d, s, n);
}

MEM_ENTRY void *memset(void *d, int c, size_t n)
{
	PORT_CALLER(cl, memset);

	if (likely(tags_ready) && n && !port_check(&cl, d, n, 1))
		return d;
	return real_memset(d, c, n);
}

/* The names newer clang emits: the same functions (aliases), so the caller
 * and the entry the report names are memcpy's, memmove's and memset's. */
PORT_API void *__hwasan_memcpy(void *d, const void *s, size_t n) __attribute__((alias("memcpy")));
PORT_API void *__hwasan_memmove(void *d, const void *s, size_t n) __attribute__((alias("memmove")));
PORT_API void *__hwasan_memset(void *d, int c, size_t n) __attribute__((alias("memset")));
