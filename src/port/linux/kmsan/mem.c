/*
 * This file contains KMSAN's plain memcpy, memmove and memset, which take
 * over from the C library's in libksan-kmsan.a.  Clang's kernel-memory
 * instrumentation calls __msan_memcpy & co. (abi.c) for the program's own
 * copies, but still calls plain memcpy/memset for two kinds of copies:
 *   - its own shadow traffic: argument and return-value shadow between an
 *     object's shadow and the context state (param_tls, retval_tls,
 *     va_arg_tls);
 *   - data copies it makes while lowering calls (byval and sret
 *     arguments), whose shadow it then sets itself through the context
 *     state.
 * The C library calls them too (static links) for the program's data.
 * So the metadata follows the data only when both ranges are application
 * memory (never metadata) and neither is a context state: shadow traffic
 * stays raw, and program data keeps its shadow and origins.  memset
 * initialises application memory.
 */
#define _GNU_SOURCE
#include "../linux.h"

/* 1 if a copy between these ranges is program data with metadata. */
static inline int is_data(uintptr_t d, uintptr_t s, size_t n)
{
	return kmsan_is_app_range(d, n) && kmsan_is_app_range(s, n) &&
	       !kmsan_in_context_state(d) && !kmsan_in_context_state(s);
}

PORT_API __attribute__((noinline)) void *memcpy(void *d, const void *s, size_t n)
{
	real_memcpy(d, s, n);
	if (likely(kmsan_ready) && n && is_data((uintptr_t)d, (uintptr_t)s, n))
		kmsan_copy_meta(d, s, n);
	return d;
}

PORT_API __attribute__((noinline)) void *memmove(void *d, const void *s, size_t n)
{
	real_memmove(d, s, n);
	if (likely(kmsan_ready) && n && is_data((uintptr_t)d, (uintptr_t)s, n))
		kmsan_copy_meta(d, s, n);
	return d;
}

PORT_API __attribute__((noinline)) void *memset(void *d, int c, size_t n)
{
	real_memset(d, c, n);
	if (likely(kmsan_ready) && n && kmsan_is_app_range((uintptr_t)d, n) &&
	    !kmsan_in_context_state((uintptr_t)d))
		kmsan_unpoison(d, n);
	return d;
}
