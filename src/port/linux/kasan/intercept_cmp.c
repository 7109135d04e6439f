/*
 * This file contains the checked comparisons of <string.h>: memcmp, bcmp,
 * strcmp, strncmp and strcasecmp (intercept_str.c's rules: both operands
 * are read up to and including the first difference or NUL, memcmp and
 * bcmp all n bytes), each followed by the fuzzer's comparison hook.
 * memcmp and bcmp call the C library's (found by port_intercept_cmp_init),
 * the others are ksan's own scans.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include "../linux.h"

#if defined(__GNUC__) && !defined(__clang__)
/* the plain loops must not become calls to (checked) memset/memcpy */
#pragma GCC optimize("no-tree-loop-distribute-patterns")
#endif

/*
 * A fuzzer's comparison hooks (<sanitizer/common_interface_defs.h>; weak:
 * libFuzzer defines them), called after the comparison with its result,
 * as ASan's interceptors do: the fuzzer learns which bytes a memcmp or
 * strcmp in the program wanted, and tries them.
 */
#define HOOK(name, ...)							\
	do {								\
		if (__sanitizer_weak_hook_##name)			\
			__sanitizer_weak_hook_##name(__builtin_return_address(0), __VA_ARGS__); \
	} while (0)
extern void __sanitizer_weak_hook_memcmp(void *pc, const void *a, const void *b, size_t n,
					 int result) __attribute__((weak));
extern void __sanitizer_weak_hook_strcmp(void *pc, const char *a, const char *b,
					 int result) __attribute__((weak));
extern void __sanitizer_weak_hook_strncmp(void *pc, const char *a, const char *b, size_t n,
					  int result) __attribute__((weak));
extern void __sanitizer_weak_hook_strcasecmp(void *pc, const char *a, const char *b,
					     int result) __attribute__((weak));

/* static executables and early calls (before port_intercept_cmp_init) */
static int own_memcmp(const void *a, const void *b, size_t n)
{
	const unsigned char *x = a, *y = b;

	for (; n; n--, x++, y++)
		if (*x != *y)
			return *x - *y;
	return 0;
}

static int (*real_memcmp)(const void *, const void *, size_t) = own_memcmp;
static int (*real_bcmp)(const void *, const void *, size_t) = own_memcmp;

void port_intercept_cmp_init(void)
{
	FIND_REAL(memcmp);
	FIND_REAL(bcmp);
}

#define READ(p, n) port_check(&cl, (p), (n), KSAN_READ)

PORT_INTERCEPTOR int memcmp(const void *a, const void *b, size_t n)
{
	PORT_CALLER(cl, memcmp);
	int r;

	if (likely(kasan_ready) && n)
		(void)(READ(a, n) && READ(b, n));
	r = real_memcmp(a, b, n);
	HOOK(memcmp, a, b, n, r);
	return r;
}

PORT_INTERCEPTOR int bcmp(const void *a, const void *b, size_t n)
{
	PORT_CALLER(cl, bcmp);
	int r;

	if (likely(kasan_ready) && n)
		(void)(READ(a, n) && READ(b, n));
	r = real_bcmp(a, b, n);
	HOOK(memcmp, a, b, n, r);	/* ASan's choice: bcmp has no hook of its own */
	return r;
}

/*
 * Index of the first byte where a and b differ or end, before max: eight
 * bytes at a time while neither load crosses a page (what lies past the
 * end on the same page may be read here, uninstrumented, harmlessly).
 */
static size_t mismatch(const char *a, const char *b, size_t max)
{
	typedef uint64_t __attribute__((may_alias, aligned(1))) word_t;
	const uint64_t ones = 0x0101010101010101ull, highs = ones << 7;
	size_t i = 0;

	while (i < max) {
		uintptr_t pa = (uintptr_t)(a + i), pb = (uintptr_t)(b + i);

		if (max - i >= 8 && (pa & 4095) <= 4088 && (pb & 4095) <= 4088) {
			uint64_t x = *(const word_t *)pa, y = *(const word_t *)pb;
			/* the lowest flag is exact: a difference, or a NUL of a */
			uint64_t m = (x ^ y) | ((x - ones) & ~x & highs);

			if (m)
				return i + (size_t)(__builtin_ctzll(m) >> 3);
			i += 8;
			continue;
		}
		if (a[i] != b[i] || !a[i])
			return i;
		i++;
	}
	return max;
}

PORT_INTERCEPTOR int strcmp(const char *a, const char *b)
{
	PORT_CALLER(cl, strcmp);
	size_t i = mismatch(a, b, (size_t)-1);
	int r;

	if (likely(kasan_ready))
		(void)(READ(a, i + 1) && READ(b, i + 1));
	r = (unsigned char)a[i] - (unsigned char)b[i];
	HOOK(strcmp, a, b, r);
	return r;
}

PORT_INTERCEPTOR int strncmp(const char *a, const char *b, size_t n)
{
	PORT_CALLER(cl, strncmp);
	size_t i;
	int r;

	if (!n)
		return 0;
	i = mismatch(a, b, n - 1);	/* the last byte is compared anyway */
	if (likely(kasan_ready))
		(void)(READ(a, i + 1) && READ(b, i + 1));
	r = (unsigned char)a[i] - (unsigned char)b[i];
	HOOK(strncmp, a, b, n, r);
	return r;
}

PORT_INTERCEPTOR int strcasecmp(const char *a, const char *b)
{
	PORT_CALLER(cl, strcasecmp);
	size_t i = 0;
	int r;

	while (a[i] && tolower((unsigned char)a[i]) == tolower((unsigned char)b[i]))
		i++;
	if (likely(kasan_ready))
		(void)(READ(a, i + 1) && READ(b, i + 1));
	r = tolower((unsigned char)a[i]) - tolower((unsigned char)b[i]);
	HOOK(strcasecmp, a, b, r);
	return r;
}
