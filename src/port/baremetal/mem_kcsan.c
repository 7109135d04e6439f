/*
 * This file contains memcpy, memmove, memset and memcmp for a KCSAN kernel
 * (mem.c's twin): each range is one access KCSAN checks, as the kernel's
 * instrumented string functions do (kcsan_check_read/write), then the
 * kernel's unchecked __mem* do the work.  The compilers' calls to memcpy
 * in instrumented code come here too.
 */
#include "port.h"
#include "ksan/ksan.h"

BM_API void *memcpy(void *d, const void *s, size_t n)
{
	ksan_kcsan_check_access(s, n, 0);
	ksan_kcsan_check_access(d, n, KSAN_KCSAN_WRITE);
	return __memcpy(d, s, n);
}

BM_API void *memmove(void *d, const void *s, size_t n)
{
	ksan_kcsan_check_access(s, n, 0);
	ksan_kcsan_check_access(d, n, KSAN_KCSAN_WRITE);
	return __memmove(d, s, n);
}

BM_API void *memset(void *d, int c, size_t n)
{
	ksan_kcsan_check_access(d, n, KSAN_KCSAN_WRITE);
	return __memset(d, c, n);
}

BM_API int memcmp(const void *a, const void *b, size_t n)
{
	ksan_kcsan_check_access(a, n, 0);
	ksan_kcsan_check_access(b, n, 0);
	return __memcmp(a, b, n);
}
