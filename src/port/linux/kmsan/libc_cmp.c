/*
 * This file contains KMSAN's model of the C library's comparisons: memcmp,
 * bcmp, strcmp and strncmp read the program's bytes and decide a result
 * from them, so an uninitialised byte they depend on is a use, reported
 * as "BUG: KMSAN: uninit-value in memcmp" (the call's name; the first
 * frame is its caller), as the kernel's instrumented memcmp reports the
 * branch on it.  The bytes a result depends on are those up to and
 * including the first difference (strcmp, strncmp: or the first NUL):
 * bytes after it change nothing, so they are not checked (MemorySanitizer's
 * strict_memcmp=0; its default, 1, checks all n bytes of memcmp).
 *
 * Only the program's calls are checked: not the C library's own (libc.so
 * calling through its PLT; in a static executable libc.a's calls, known
 * by their return address in the range ksan-cc's linker script marks;
 * with no range, nothing is checked there).  An uninstrumented library
 * other than the C library that compares memory it wrote itself may be
 * reported, as under MemorySanitizer, which asks for every library to be
 * instrumented (in a static executable: libcrypt.a, libm.a too).
 *
 * The comparisons are ksan's own byte loops where something is
 * uninitialised; memcmp and bcmp of initialised buffers (the common case,
 * found from the shadow) call the C library's memcmp (dlsym(RTLD_NEXT);
 * static executables: the loop).
 */
#define _GNU_SOURCE
#include "libc.h"

static int own_memcmp(const void *a, const void *b, size_t n)
{
	const unsigned char *p = a, *q = b;
	size_t i;

	for (i = 0; i < n; i++)
		if (p[i] != q[i])
			return p[i] < q[i] ? -1 : 1;
	return 0;
}

static int (*real_memcmp)(const void *, const void *, size_t) = own_memcmp;

void port_kmsan_libc_cmp_init(void)
{
	FIND_REAL(memcmp);
}

/*
 * Check the k bytes of a and of b a result depended on, reporting at the
 * exported function's caller (so this is inlined into it).
 */
#define CHECK_DECIDED(a, b, k, what)						\
	do {									\
		if ((k) && port_kmsan_libc_found() &&				\
		    !port_kmsan_from_libc((uintptr_t)__builtin_return_address(0)) && \
		    !core_thread_get()->in_report) {				\
			kmsan_check_memory((a), (k), KMSAN_USE, (what),		\
				(uintptr_t)__builtin_return_address(0),		\
				(uintptr_t)__builtin_frame_address(0));		\
			kmsan_check_memory((b), (k), KMSAN_USE, (what),		\
				(uintptr_t)__builtin_return_address(0),		\
				(uintptr_t)__builtin_frame_address(0));		\
		}								\
	} while (0)

/* Bytes memcmp's result depends on: through the first difference. */
static size_t mem_decided(const unsigned char *p, const unsigned char *q, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (p[i] != q[i])
			return i + 1;
	return n;
}

/* The same for strings, compared up to n bytes: through the first
 * difference or the first NUL. */
static size_t str_decided(const unsigned char *p, const unsigned char *q, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (p[i] != q[i] || !p[i])
			return i + 1;
	return n;
}

static int str_result(const unsigned char *p, const unsigned char *q, size_t k)
{
	return k && p[k - 1] != q[k - 1] ? (p[k - 1] < q[k - 1] ? -1 : 1) : 0;
}

/* 1 if [p, p+n) may hold uninitialised bytes worth a closer look */
static int maybe_uninit(const void *p, size_t n)
{
	return likely(kmsan_ready) && n && kmsan_first_uninit(p, n) < n;
}

#define MEMCMP(name)								\
	PORT_INTERCEPTOR int name(const void *a, const void *b, size_t n)	\
	{									\
		size_t k;							\
										\
		if (!maybe_uninit(a, n) && !maybe_uninit(b, n))			\
			return real_memcmp(a, b, n);				\
		k = mem_decided(a, b, n);					\
		CHECK_DECIDED(a, b, k, #name);					\
		return own_memcmp(a, b, k);					\
	}

MEMCMP(memcmp)
MEMCMP(bcmp)

PORT_INTERCEPTOR int strncmp(const char *a, const char *b, size_t n)
{
	size_t k = str_decided((const unsigned char *)a, (const unsigned char *)b, n);

	if (likely(kmsan_ready))
		CHECK_DECIDED(a, b, k, "strncmp");
	return str_result((const unsigned char *)a, (const unsigned char *)b, k);
}

PORT_INTERCEPTOR int strcmp(const char *a, const char *b)
{
	size_t k = str_decided((const unsigned char *)a, (const unsigned char *)b, (size_t)-1);

	if (likely(kmsan_ready))
		CHECK_DECIDED(a, b, k, "strcmp");
	return str_result((const unsigned char *)a, (const unsigned char *)b, k);
}
