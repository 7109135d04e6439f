/*
 * This file contains the checked memcpy, memmove, memset and memcmp, as
 * the kernel defines them under KASAN: the ranges are checked first (a
 * report names the caller, with the function itself as the first frame),
 * a bad copy is not made, then the kernel's unchecked __mem* do the work.
 * The compilers' calls to memcpy in instrumented code come here too.
 */
#include "port.h"

#define CHECK(cl, p, n, w) kasan_check_range((uintptr_t)(p), (n), (w), (cl).pc, (cl).fp, (cl).entry)

BM_API void *memcpy(void *d, const void *s, size_t n)
{
	BM_CALLER(cl, memcpy);

	if (likely(kasan_ready) && n && (!CHECK(cl, s, n, 0) || !CHECK(cl, d, n, 1)))
		return d;
	return __memcpy(d, s, n);
}

BM_API void *memmove(void *d, const void *s, size_t n)
{
	BM_CALLER(cl, memmove);

	if (likely(kasan_ready) && n && (!CHECK(cl, s, n, 0) || !CHECK(cl, d, n, 1)))
		return d;
	return __memmove(d, s, n);
}

BM_API void *memset(void *d, int c, size_t n)
{
	BM_CALLER(cl, memset);

	if (likely(kasan_ready) && n && !CHECK(cl, d, n, 1))
		return d;
	return __memset(d, c, n);
}

BM_API int memcmp(const void *a, const void *b, size_t n)
{
	BM_CALLER(cl, memcmp);

	if (likely(kasan_ready) && n && (!CHECK(cl, a, n, 0) || !CHECK(cl, b, n, 0)))
		return 0;
	return __memcmp(a, b, n);
}
