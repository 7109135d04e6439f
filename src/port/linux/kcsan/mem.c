/*
 * This file contains KCSAN's memcpy, memmove and memset.  Neither compiler
 * instruments these calls (struct copies included: clang turns them into
 * memcpy calls, GCC into __tsan_*_range only when it expands them inline),
 * so the executable's definitions take over from the C library's: each
 * checks its ranges as range accesses (the source read, the destination
 * written), then calls the C library's implementation (mem.c's real_*).
 * Not before start-up: static glibc copies its TLS image with memcpy before
 * the thread pointer (and so KCSAN's per-thread context) exists.
 */
#include "../linux.h"

#define MEM_ENTRY PORT_API __attribute__((noinline))
#define RA ((uintptr_t)__builtin_return_address(0))
#define FP ((uintptr_t)__builtin_frame_address(0))

MEM_ENTRY void *memcpy(void *d, const void *s, size_t n)
{
	if (likely(n && kcsan_enabled)) {
		kcsan_check((uintptr_t)s, n, KCSAN_ACCESS_READ, RA, FP);
		kcsan_check((uintptr_t)d, n, KCSAN_ACCESS_WRITE, RA, FP);
	}
	return real_memcpy(d, s, n);
}

MEM_ENTRY void *memmove(void *d, const void *s, size_t n)
{
	if (likely(n && kcsan_enabled)) {
		kcsan_check((uintptr_t)s, n, KCSAN_ACCESS_READ, RA, FP);
		kcsan_check((uintptr_t)d, n, KCSAN_ACCESS_WRITE, RA, FP);
	}
	return real_memmove(d, s, n);
}

MEM_ENTRY void *memset(void *d, int c, size_t n)
{
	if (likely(n && kcsan_enabled))
		kcsan_check((uintptr_t)d, n, KCSAN_ACCESS_WRITE, RA, FP);
	return real_memset(d, c, n);
}
