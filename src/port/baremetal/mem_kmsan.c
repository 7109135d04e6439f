/*
 * This file contains memcpy, memmove, memset and memcmp for a KMSAN kernel
 * (mem.c's twin): the copies carry the source's shadow and origins to the
 * destination, memset makes its bytes initialised, as the kernel's KMSAN
 * string functions do; the kernel's unchecked __mem* do the work.
 */
#include "port.h"
#include "../../kmsan/kmsan.h"

BM_API void *memcpy(void *d, const void *s, size_t n)
{
	__memcpy(d, s, n);
	kmsan_copy_meta(d, s, n);
	return d;
}

BM_API void *memmove(void *d, const void *s, size_t n)
{
	__memmove(d, s, n);
	kmsan_copy_meta(d, s, n);
	return d;
}

BM_API void *memset(void *d, int c, size_t n)
{
	__memset(d, c, n);
	kmsan_unpoison(d, n);
	return d;
}

BM_API int memcmp(const void *a, const void *b, size_t n)
{
	return __memcmp(a, b, n);
}
